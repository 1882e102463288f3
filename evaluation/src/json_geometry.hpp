#pragma once
// Points and polygons as interface.md's JSON writes them ([x, y] pairs), for the scorers.

#include <cmath>
#include <nlohmann/json.hpp>

namespace tableref::evaluation {

struct Point {
  double x = 0, y = 0;
};

inline Point point_of(const nlohmann::json& xy) {
  return {xy.at(0).get<double>(), xy.at(1).get<double>()};
}

inline double distance(Point a, Point b) {
  return std::hypot(a.x - b.x, a.y - b.y);
}

// The mean length of a polygon's sides; 0 for no corners.
inline double mean_side(const nlohmann::json& polygon) {
  double total = 0;
  for (std::size_t i = 0; i < polygon.size(); ++i)
    total += distance(point_of(polygon.at(i)), point_of(polygon.at((i + 1) % polygon.size())));
  return polygon.empty() ? 0 : total / static_cast<double>(polygon.size());
}

}  // namespace tableref::evaluation
