#pragma once
// A point of the renderer's truth JSON ([x, y] in image pixels) as OpenCV's.

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>

namespace tableref::samples {

inline cv::Point2d point_of(const nlohmann::json& xy) {
  return {xy.at(0).get<double>(), xy.at(1).get<double>()};
}

}  // namespace tableref::samples
