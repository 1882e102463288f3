#include "enlarged_mask.hpp"

#include <algorithm>
#include <opencv2/core/hal/intrin.hpp>
#include <opencv2/imgproc.hpp>

namespace tableref::vision {

namespace {

// Each of the `cols` pixels of `row` twice over, into `doubled`.
void doubled_row(const std::uint8_t* row, std::uint8_t* doubled, int cols) {
  int x = 0;
#if CV_SIMD
  constexpr int kLanes = cv::v_uint8::nlanes;
  for (; x + kLanes <= cols; x += kLanes) {
    const cv::v_uint8 pixels = cv::vx_load(row + x);
    cv::v_uint8 first, second;
    cv::v_zip(pixels, pixels, first, second);
    cv::v_store(doubled + 2 * x, first);
    cv::v_store(doubled + 2 * x + kLanes, second);
  }
#endif
  for (; x < cols; ++x) doubled[2 * x] = doubled[2 * x + 1] = row[x];
}

}  // namespace

cv::Mat enlarged_mask(const cv::Mat& mask, cv::Size size) {
  if (mask.size() == size) return mask;
  if (size == cv::Size(2 * mask.cols, 2 * mask.rows)) {
    cv::Mat enlarged(size, CV_8U);
    for (int y = 0; y < mask.rows; ++y) {
      std::uint8_t* upper = enlarged.ptr<std::uint8_t>(2 * y);
      doubled_row(mask.ptr<std::uint8_t>(y), upper, mask.cols);
      std::copy_n(upper, size.width, enlarged.ptr<std::uint8_t>(2 * y + 1));
    }
    return enlarged;
  }
  cv::Mat enlarged;
  cv::resize(mask, enlarged, size, 0, 0, cv::INTER_LINEAR);
  return enlarged > 127;
}

}  // namespace tableref::vision
