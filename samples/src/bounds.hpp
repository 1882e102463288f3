#pragma once
// Axis-aligned bounds of points (cv::Rect2d's union ignores empty rectangles, so it cannot
// gather single points).

#include <algorithm>
#include <limits>
#include <opencv2/core.hpp>

namespace tableref::samples {

struct Bounds {
  double min_x = std::numeric_limits<double>::infinity();
  double min_y = std::numeric_limits<double>::infinity();
  double max_x = -std::numeric_limits<double>::infinity();
  double max_y = -std::numeric_limits<double>::infinity();

  void add(cv::Point2d point) {
    min_x = std::min(min_x, point.x);
    min_y = std::min(min_y, point.y);
    max_x = std::max(max_x, point.x);
    max_y = std::max(max_y, point.y);
  }
  bool empty() const { return min_x > max_x; }
  cv::Rect2d rect() const { return {min_x, min_y, max_x - min_x, max_y - min_y}; }
  cv::Point2d centre() const { return {(min_x + max_x) / 2, (min_y + max_y) / 2}; }
  // The integer pixel rectangle that holds these bounds grown by `margin` on every side.
  cv::Rect pixels(double margin) const {
    return {cv::Point(static_cast<int>(std::floor(min_x - margin)),
                      static_cast<int>(std::floor(min_y - margin))),
            cv::Point(static_cast<int>(std::ceil(max_x + margin)) + 1,
                      static_cast<int>(std::ceil(max_y + margin)) + 1)};
  }
};

}  // namespace tableref::samples
