#include "vision/working_scale.hpp"

#include <algorithm>

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

cv::Point2d unshrunk(cv::Point2d shrunk_px, cv::Size shrunk, cv::Size picture) {
  const double x_factor = static_cast<double>(picture.width) / shrunk.width;
  const double y_factor = static_cast<double>(picture.height) / shrunk.height;
  return {(shrunk_px.x + 0.5) * x_factor - 0.5, (shrunk_px.y + 0.5) * y_factor - 0.5};
}

}  // namespace tableref::vision
