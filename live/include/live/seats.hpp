#pragma once
// Which player a point of the picture belongs to: the seats around the table, as zones of the
// image. Stacks a player shows lie in front of them, so a stack's zone says whose it is.

#include <functional>
#include <opencv2/core.hpp>

namespace tableref::live {

// The seat (0 to N - 1) whose zone holds an image point, or -1 for a point in no zone.
using SeatOf = std::function<int(cv::Point2d image_point)>;

// N equal angular zones around the centre of the picture: seat 0 faces the bottom edge (the
// first player sits at the bottom), the others follow clockwise as the picture shows them
// (bottom, left, top, right for four players).
int default_seat(cv::Point2d image_point, cv::Size image_size, int seat_count);
SeatOf default_seat_zones(cv::Size image_size, int seat_count);

// The image direction (radians, x right, y down) from the centre towards the middle of a
// default seat's zone.
double default_seat_direction_rad(int seat, int seat_count);

}  // namespace tableref::live
