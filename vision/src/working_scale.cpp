#include "vision/working_scale.hpp"

#include <algorithm>
#include <opencv2/imgproc.hpp>

namespace tableref::vision {

double working_scale(double table_px_per_mm, double wanted_px_per_mm) {
  constexpr double kWorthShrinking = 0.9;
  if (table_px_per_mm <= 0 || wanted_px_per_mm <= 0) return 1.0;
  const double scale = wanted_px_per_mm / table_px_per_mm;
  return scale < kWorthShrinking ? scale : 1.0;
}

cv::Size shrunk_size(cv::Size picture, double scale) {
  return {std::max(1, cvRound(picture.width * scale)),
          std::max(1, cvRound(picture.height * scale))};
}

cv::Mat shrunk_picture(const cv::Mat& picture, cv::Size size) {
  cv::Mat shrunk = picture;
  while (shrunk.cols >= 2 * size.width && shrunk.rows >= 2 * size.height) {
    cv::Mat halved;
    cv::resize(shrunk, halved, {shrunk.cols / 2, shrunk.rows / 2}, 0, 0, cv::INTER_AREA);
    shrunk = halved;
  }
  if (shrunk.size() == size) return shrunk;
  // The nearest pixel: four to five times cheaper than interpolating (2 ms of a 1080p frame), and
  // the readers read its cards as well (240 rendered scenes of three games: nothing more wrong).
  cv::Mat resized;
  cv::resize(shrunk, resized, size, 0, 0, cv::INTER_NEAREST_EXACT);
  return resized;
}

cv::Point2d unshrunk(cv::Point2d shrunk_px, cv::Size shrunk, cv::Size picture) {
  const double x_factor = static_cast<double>(picture.width) / shrunk.width;
  const double y_factor = static_cast<double>(picture.height) / shrunk.height;
  return {(shrunk_px.x + 0.5) * x_factor - 0.5, (shrunk_px.y + 0.5) * y_factor - 0.5};
}

}  // namespace tableref::vision
