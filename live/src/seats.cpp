#include "live/seats.hpp"

#include <cassert>
#include <cmath>
#include <numbers>

namespace tableref::live {

double default_seat_direction_rad(int seat, int seat_count) {
  assert(seat_count >= 1);
  // Angles grow clockwise on screen because y points down; the bottom is +pi/2.
  return std::numbers::pi / 2 + 2 * std::numbers::pi * seat / seat_count;
}

int default_seat(cv::Point2d image_point, cv::Size image_size, int seat_count) {
  if (seat_count <= 1) return 0;
  const cv::Point2d centre((image_size.width - 1) / 2.0, (image_size.height - 1) / 2.0);
  const cv::Point2d offset = image_point - centre;
  if (offset.x == 0 && offset.y == 0) return 0;
  const double zone = 2 * std::numbers::pi / seat_count;
  // Zone k spans half a zone either side of seat k's direction.
  double from_first =
      std::atan2(offset.y, offset.x) - default_seat_direction_rad(0, seat_count) + zone / 2;
  from_first = std::fmod(from_first, 2 * std::numbers::pi);
  if (from_first < 0) from_first += 2 * std::numbers::pi;
  return static_cast<int>(from_first / zone) % seat_count;
}

SeatOf default_seat_zones(cv::Size image_size, int seat_count) {
  return [image_size, seat_count](cv::Point2d image_point) {
    return default_seat(image_point, image_size, seat_count);
  };
}

}  // namespace tableref::live
