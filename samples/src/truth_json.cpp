#include "truth_json.hpp"

#include <cmath>

namespace tableref::samples {

double rounded(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

nlohmann::json pixel_json(cv::Point2d pixel) {
  return {rounded(pixel.x), rounded(pixel.y)};
}

double occlusion_at(const Photo& photo, cv::Point2d pixel) {
  if (!std::isfinite(pixel.x) || !std::isfinite(pixel.y)) return 1;
  const cv::Point at(static_cast<int>(std::lround(pixel.x)),
                     static_cast<int>(std::lround(pixel.y)));
  if (!cv::Rect(cv::Point(0, 0), photo.occlusion.size()).contains(at)) return 1;
  return photo.occlusion.at<float>(at);
}

}  // namespace tableref::samples
