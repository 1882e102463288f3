#include "enlarged_mask.hpp"

#include <opencv2/imgproc.hpp>

namespace tableref::vision {

cv::Mat enlarged_mask(const cv::Mat& mask, cv::Size size) {
  if (mask.size() == size) return mask;
  cv::Mat enlarged;
  if (size == cv::Size(2 * mask.cols, 2 * mask.rows)) {
    cv::resize(mask, enlarged, size, 0, 0, cv::INTER_NEAREST);
    return enlarged;
  }
  cv::resize(mask, enlarged, size, 0, 0, cv::INTER_LINEAR);
  return enlarged > 127;
}

}  // namespace tableref::vision
