#include "calibration/seat_zones.hpp"

#include <array>
#include <cmath>
#include <numbers>

namespace tableref::calibration {

namespace {

constexpr std::array<TableSide, 4> kSides = {TableSide::top, TableSide::right, TableSide::bottom,
                                             TableSide::left};

// Clockwise from +x with y down: right 0, bottom 90, left 180, top 270.
double side_direction_deg(TableSide side) {
  switch (side) {
    case TableSide::right:
      return 0;
    case TableSide::bottom:
      return 90;
    case TableSide::left:
      return 180;
    case TableSide::top:
      return 270;
  }
  return 0;
}

}  // namespace

std::string_view side_name(TableSide side) {
  switch (side) {
    case TableSide::top:
      return "top";
    case TableSide::right:
      return "right";
    case TableSide::bottom:
      return "bottom";
    case TableSide::left:
      return "left";
  }
  return "bottom";
}

std::optional<TableSide> parse_side(std::string_view name) {
  for (const TableSide side : kSides) {
    if (side_name(side) == name) return side;
  }
  return std::nullopt;
}

double SeatZones::seat_direction_deg(int seat) const {
  return std::fmod(side_direction_deg(first_seat) + 360.0 * seat / count, 360.0);
}

std::optional<int> SeatZones::seat_of(cv::Point2d image_point) const {
  const std::optional<cv::Point2d> table_mm = plane.table_point(image_point);
  if (!table_mm) return std::nullopt;
  const cv::Point2d centre = plane.area_centre_mm();
  const double u = (table_mm->x - centre.x) / (plane.area_mm.width / 2);
  const double v = (table_mm->y - centre.y) / (plane.area_mm.height / 2);
  const double angle_deg = std::atan2(v, u) * 180 / std::numbers::pi;
  const double zone_deg = 360.0 / count;
  double from_first = std::fmod(angle_deg - side_direction_deg(first_seat) + zone_deg / 2, 360.0);
  if (from_first < 0) from_first += 360;
  return static_cast<int>(from_first / zone_deg) % count;
}

std::function<int(cv::Point2d)> SeatZones::seat_function() const {
  return
      [zones = *this](cv::Point2d image_point) { return zones.seat_of(image_point).value_or(-1); };
}

}  // namespace tableref::calibration
