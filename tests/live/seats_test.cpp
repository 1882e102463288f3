// The default seat zones: the first player at the bottom of the picture, the others clockwise.

#include "live/seats.hpp"

#include <gtest/gtest.h>

namespace tableref::live {
namespace {

const cv::Size kImage(1280, 720);
const cv::Point2d kBottom(640, 700), kLeft(20, 360), kTop(640, 20), kRight(1260, 360);

TEST(DefaultSeats, TwoPlayersSitAtTheBottomAndTheTop) {
  EXPECT_EQ(default_seat(kBottom, kImage, 2), 0);
  EXPECT_EQ(default_seat(kTop, kImage, 2), 1);
  // The left and right edges are the zones' border: near the bottom belongs to the first.
  EXPECT_EQ(default_seat({20, 400}, kImage, 2), 0);
  EXPECT_EQ(default_seat({1260, 300}, kImage, 2), 1);
}

TEST(DefaultSeats, FourPlayersGoClockwiseFromTheBottom) {
  EXPECT_EQ(default_seat(kBottom, kImage, 4), 0);
  EXPECT_EQ(default_seat(kLeft, kImage, 4), 1);
  EXPECT_EQ(default_seat(kTop, kImage, 4), 2);
  EXPECT_EQ(default_seat(kRight, kImage, 4), 3);
}

TEST(DefaultSeats, ThreePlayersShareTheTopBetweenTheSecondAndThird) {
  EXPECT_EQ(default_seat(kBottom, kImage, 3), 0);
  EXPECT_EQ(default_seat({300, 100}, kImage, 3), 1);
  EXPECT_EQ(default_seat({980, 100}, kImage, 3), 2);
}

TEST(DefaultSeats, OnePlayerOwnsTheWholePicture) {
  for (const cv::Point2d point : {kBottom, kLeft, kTop, kRight}) {
    EXPECT_EQ(default_seat(point, kImage, 1), 0);
  }
}

TEST(DefaultSeats, EachSeatsDirectionLiesInItsOwnZone) {
  for (int count = 2; count <= 6; ++count) {
    const SeatOf seat_of = default_seat_zones(kImage, count);
    for (int seat = 0; seat < count; ++seat) {
      const double direction = default_seat_direction_rad(seat, count);
      const cv::Point2d point =
          cv::Point2d(640, 360) + cv::Point2d(std::cos(direction), std::sin(direction)) * 300.0;
      EXPECT_EQ(seat_of(point), seat) << count << " players, seat " << seat;
    }
  }
}

}  // namespace
}  // namespace tableref::live
