#pragma once
// The players' seats around the table: the play area is split into N equal angular zones around
// its centre, the first facing a chosen side of the area, the others following clockwise as seen
// from above. Angles are taken in the area's own proportions (x by half its width, y by half its
// height), so that four seats around a rectangular area meet exactly at its diagonals.

#include <functional>
#include <optional>
#include <string_view>

#include "calibration/table_plane.hpp"

namespace tableref::calibration {

// A side of the play area, named as the table frame sees it: top is its first edge (y = 0).
enum class TableSide { top, right, bottom, left };
std::string_view side_name(TableSide side);
std::optional<TableSide> parse_side(std::string_view name);

inline constexpr int kMaxSeats = 12;

struct SeatZones {
  int count = 0;  // 1 to kMaxSeats
  TableSide first_seat = TableSide::bottom;
  TablePlane plane;

  // The seat whose zone holds a point of the picture; nullopt when the point is not on the
  // table's plane.
  std::optional<int> seat_of(cv::Point2d image_point) const;
  // Direction from the area's centre (in its proportions, degrees clockwise from +x) that the
  // middle of seat `seat` faces.
  double seat_direction_deg(int seat) const;
  // seat_of as a function the live referee takes: -1 for a point off the table's plane.
  std::function<int(cv::Point2d image_point)> seat_function() const;
};

}  // namespace tableref::calibration
