// The table's plane from four clicked corners, and the seats around it.

#include "calibration/table_plane.hpp"

#include <gtest/gtest.h>

#include <opencv2/calib3d.hpp>

#include "calibration/seat_zones.hpp"

namespace tableref::calibration {
namespace {

// A 900 × 600 mm play area seen in perspective: its far edge (the top of the picture) shorter.
const std::array<cv::Point2d, 4> kCornersPx = {{{402, 118}, {1530, 141}, {1611, 990}, {318, 962}}};
const cv::Size2d kAreaMm{900, 600};
const cv::Size kImage{1920, 1080};

TablePlane plane() {
  const auto table = table_from_corners(kCornersPx, kAreaMm, kImage);
  EXPECT_TRUE(table) << table.error().message;
  return table.value();
}

cv::Point2d project(const cv::Matx33d& h, cv::Point2d p) {
  const cv::Vec3d q = h * cv::Vec3d(p.x, p.y, 1);
  return {q[0] / q[2], q[1] / q[2]};
}

TEST(TablePlane, MapsTheFourCornersToTheAreasCorners) {
  const TablePlane table = plane();
  const std::array<cv::Point2d, 4> corners_mm = {{{0, 0}, {900, 0}, {900, 600}, {0, 600}}};
  for (std::size_t i = 0; i < 4; ++i) {
    const auto mm = table.table_point(kCornersPx[i]);
    ASSERT_TRUE(mm.has_value());
    EXPECT_LT(cv::norm(*mm - corners_mm[i]), 1e-6) << i;
    const auto px = table.image_point(corners_mm[i]);
    ASSERT_TRUE(px.has_value());
    EXPECT_LT(cv::norm(*px - kCornersPx[i]), 1e-6) << i;
  }
  EXPECT_EQ(table.area_centre_mm(), cv::Point2d(450, 300));
}

TEST(TablePlane, MapsInnerPointsLikeTheHomographyOfAnyFourPoints) {
  // Any point of the plane: the homography of the corners is the plane's, so an independent
  // estimate from other points of the same plane agrees.
  const TablePlane table = plane();
  const cv::Matx33d image_from_table = table.table_from_image.inv();
  std::vector<cv::Point2f> table_points, image_points;
  for (const cv::Point2d mm :
       {cv::Point2d(100, 80), {700, 90}, {820, 520}, {150, 480}, {450, 300}}) {
    table_points.emplace_back(mm);
    image_points.emplace_back(project(image_from_table, mm));
  }
  const cv::Matx33d estimated(cv::findHomography(image_points, table_points, 0));
  const cv::Point2d probe_px(900, 600);
  EXPECT_LT(cv::norm(project(estimated, probe_px) - *table.table_point(probe_px)), 1e-3);
  // The near edge (bottom of the picture) is seen larger: more pixels per millimetre.
  const double near_px = cv::norm(*table.image_point({450, 590}) - *table.image_point({450, 580}));
  const double far_px = cv::norm(*table.image_point({450, 20}) - *table.image_point({450, 10}));
  EXPECT_GT(near_px, far_px);
}

TEST(TablePlane, BadCornersAreErrors) {
  const std::array<cv::Point2d, 4> anticlockwise = {
      {kCornersPx[0], kCornersPx[3], kCornersPx[2], kCornersPx[1]}};
  const auto reversed = table_from_corners(anticlockwise, kAreaMm, kImage);
  ASSERT_FALSE(reversed);
  EXPECT_NE(reversed.error().message.find("clockwise"), std::string::npos);

  const std::array<cv::Point2d, 4> crossing = {
      {kCornersPx[0], kCornersPx[2], kCornersPx[1], kCornersPx[3]}};
  EXPECT_FALSE(table_from_corners(crossing, kAreaMm, kImage));

  const std::array<cv::Point2d, 4> outside = {{{402, 118}, {2530, 141}, {1611, 990}, {318, 962}}};
  const auto off_picture = table_from_corners(outside, kAreaMm, kImage);
  ASSERT_FALSE(off_picture);
  EXPECT_EQ(off_picture.error().message, "corner 2530,141 lies outside the 1920x1080 picture");

  const auto flat = table_from_corners(kCornersPx, {900, 0}, kImage);
  ASSERT_FALSE(flat);
  EXPECT_EQ(flat.error().message, "the play area's size must be positive millimetres");
}

TEST(SeatZones, FourSeatsAreTheFourSidesBetweenTheDiagonals) {
  const TablePlane table = plane();
  const SeatZones seats{4, TableSide::bottom, table};
  const auto seat_at_mm = [&](cv::Point2d mm) { return seats.seat_of(*table.image_point(mm)); };
  EXPECT_EQ(seat_at_mm({450, 590}), 0);  // bottom
  EXPECT_EQ(seat_at_mm({10, 300}), 1);   // left: clockwise from the bottom as seen from above
  EXPECT_EQ(seat_at_mm({450, 10}), 2);   // top
  EXPECT_EQ(seat_at_mm({890, 300}), 3);  // right
  // The zones meet at the rectangle's diagonals, not at 45 degrees: just either side of the
  // diagonal from the centre to the bottom-right corner.
  EXPECT_EQ(seat_at_mm({450 + 0.98 * 450, 300 + 0.96 * 300}), 3);
  EXPECT_EQ(seat_at_mm({450 + 0.96 * 450, 300 + 0.98 * 300}), 0);
  // Beyond the play area the zones go on.
  EXPECT_EQ(seat_at_mm({450, 900}), 0);
}

TEST(SeatZones, TheFirstSeatSitsAtTheChosenSide) {
  const TablePlane table = plane();
  const auto seat_at_mm = [&](const SeatZones& seats, cv::Point2d mm) {
    return seats.seat_of(*table.image_point(mm));
  };
  const SeatZones two_top{2, TableSide::top, table};
  EXPECT_EQ(seat_at_mm(two_top, {450, 20}), 0);
  EXPECT_EQ(seat_at_mm(two_top, {450, 580}), 1);
  EXPECT_EQ(seat_at_mm(two_top, {880, 290}), 0);  // the right side splits between them: top half
  EXPECT_EQ(seat_at_mm(two_top, {880, 310}), 1);

  const SeatZones three_right{3, TableSide::right, table};
  EXPECT_EQ(seat_at_mm(three_right, {890, 300}), 0);
  EXPECT_DOUBLE_EQ(three_right.seat_direction_deg(1), 120);
  EXPECT_DOUBLE_EQ(three_right.seat_direction_deg(2), 240);
  // 120 degrees clockwise from the right, in the area's proportions: towards the bottom-left.
  EXPECT_EQ(seat_at_mm(three_right, {450 - 0.5 * 400, 300 + 0.866 * 250}), 1);
  EXPECT_EQ(seat_at_mm(three_right, {450 - 0.5 * 400, 300 - 0.866 * 250}), 2);

  const SeatZones alone{1, TableSide::left, table};
  for (const cv::Point2d mm : {cv::Point2d(1, 1), {899, 1}, {450, 599}})
    EXPECT_EQ(seat_at_mm(alone, mm), 0);
}

TEST(SeatZones, PointsBeyondTheHorizonHaveNoSeat) {
  // A steep view: the plane's horizon crosses the picture, and pixels above it see no table.
  const std::array<cv::Point2d, 4> steep = {{{700, 500}, {1220, 500}, {1900, 1070}, {20, 1070}}};
  const auto table = table_from_corners(steep, {900, 2000}, kImage);
  ASSERT_TRUE(table) << table.error().message;
  const SeatZones seats{4, TableSide::bottom, table.value()};
  EXPECT_TRUE(seats.seat_of({960, 800}).has_value());
  EXPECT_FALSE(seats.seat_of({960, 10}).has_value());
  EXPECT_EQ(side_name(TableSide::right), "right");
  EXPECT_EQ(parse_side("top"), TableSide::top);
  EXPECT_FALSE(parse_side("north").has_value());
}

}  // namespace
}  // namespace tableref::calibration
