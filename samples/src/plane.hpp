#pragma once
// Plane geometry the scene builders and the camera share: table points in mm, image points in px.

#include <cmath>
#include <numbers>
#include <opencv2/core.hpp>

namespace tableref::samples {

// `v` turned by `degrees` (clockwise on screen, where y points down).
inline cv::Point2d rotated(cv::Point2d v, double degrees) {
  const double angle = degrees * std::numbers::pi / 180;
  return {v.x * std::cos(angle) - v.y * std::sin(angle),
          v.x * std::sin(angle) + v.y * std::cos(angle)};
}

// False for a point the lens model could not map (NaN or infinite).
inline bool finite(cv::Point2d point) {
  return std::isfinite(point.x) && std::isfinite(point.y);
}

}  // namespace tableref::samples
