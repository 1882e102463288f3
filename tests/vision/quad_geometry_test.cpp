// Card outlines to corners: the rough quadrilateral of an outline and its corners refined by
// fitting lines to its sides.

#include "vision/quad_geometry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <opencv2/imgproc.hpp>
#include <vector>

namespace tableref::vision {
namespace {

// The one outline of a 200 px square face at (100, 100), with `leak` (table merged into the face's
// mask) added to it.
std::vector<cv::Point> square_outline_with(const cv::Rect& leak) {
  cv::Mat mask = cv::Mat::zeros(400, 400, CV_8U);
  cv::rectangle(mask, cv::Rect(100, 100, 200, 200), 255, cv::FILLED);
  cv::rectangle(mask, leak, 255, cv::FILLED);
  const auto outlines = component_outlines(mask);
  EXPECT_EQ(outlines.size(), 1u);
  return outlines.front().points;
}

// A light table is one component whose holes are the cards' borders and the print's specks; a
// card's face lies in such a hole. Every component's outer border is listed, nested ones
// included, and no hole's.
TEST(ComponentOutlines, ListEveryOuterBorderNestedOrNotAndNoHole) {
  cv::Mat mask(300, 400, CV_8U, cv::Scalar(255));                  // the table
  cv::rectangle(mask, cv::Rect(50, 50, 120, 120), 0, cv::FILLED);  // a card's dark border
  cv::rectangle(mask, cv::Rect(70, 70, 80, 80), 255, cv::FILLED);  // its face, in that hole
  cv::rectangle(mask, cv::Rect(100, 100, 20, 20), 0, cv::FILLED);  // a monster: the face's hole
  for (int x = 220; x < 380; x += 8) mask.at<std::uint8_t>(200, x) = 0;  // specks: one-pixel holes
  const auto outlines = component_outlines(mask);
  ASSERT_EQ(outlines.size(), 2u);  // the table's outer border and the face's
  std::vector<double> areas;
  for (const auto& outline : outlines) {
    EXPECT_EQ(outline.area, cv::contourArea(outline.points));
    areas.push_back(outline.area);
  }
  std::sort(areas.begin(), areas.end());
  EXPECT_NEAR(areas[0], 79.0 * 79.0, 1.0);    // the face, 80 px a side, between pixel centres
  EXPECT_NEAR(areas[1], 399.0 * 299.0, 1.0);  // the table
}

// Outlines of squares square to the rows and turned, discs, and random blobs (some with holes,
// some touching the picture's edge): the hull from each row's ends is cv::convexHull's own, point
// for point and in its order.
TEST(OutlineHull, IsTheConvexHullOfTheWholeOutline) {
  cv::RNG rng(20261127);
  int compared = 0;
  for (int picture = 0; picture < 300; ++picture) {
    cv::Mat mask = cv::Mat::zeros(160, 200, CV_8U);
    const cv::Point2f centre(rng.uniform(20.f, 180.f), rng.uniform(20.f, 140.f));
    switch (picture % 4) {
      case 0:
        cv::rectangle(mask,
                      cv::Rect(rng.uniform(0, 100), rng.uniform(0, 80), rng.uniform(1, 100),
                               rng.uniform(1, 80)),
                      255, cv::FILLED);
        break;
      case 1: {
        const cv::RotatedRect turned(centre,
                                     cv::Size2f(rng.uniform(5.f, 90.f), rng.uniform(5.f, 90.f)),
                                     rng.uniform(0.f, 90.f));
        cv::Point2f corners[4];
        turned.points(corners);
        std::vector<cv::Point> polygon;
        for (const cv::Point2f& corner : corners) polygon.emplace_back(corner);
        cv::fillConvexPoly(mask, polygon, 255);
        break;
      }
      case 2:
        cv::circle(mask, centre, rng.uniform(1, 60), 255, cv::FILLED);
        break;
      default:
        for (int blob = 0; blob < 12; ++blob) {
          cv::circle(mask, cv::Point(rng.uniform(40, 160), rng.uniform(30, 130)),
                     rng.uniform(2, 25), rng.uniform(0, 4) == 0 ? 0 : 255, cv::FILLED);
        }
    }
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(mask, contours, cv::RETR_LIST, cv::CHAIN_APPROX_NONE);
    for (const std::vector<cv::Point>& contour : contours) {
      std::vector<cv::Point> expected;
      cv::convexHull(contour, expected);
      EXPECT_EQ(outline_hull(contour), expected) << "picture " << picture;
      ++compared;
    }
  }
  EXPECT_GT(compared, 300);
  // Points that are no outline: a cloud, rows with no point between.
  for (int cloud = 0; cloud < 100; ++cloud) {
    std::vector<cv::Point> points;
    for (int i = 0; i < 40; ++i) points.emplace_back(rng.uniform(0, 30), 3 * rng.uniform(0, 10));
    std::vector<cv::Point> expected;
    cv::convexHull(points, expected);
    EXPECT_EQ(outline_hull(points), expected) << "cloud " << cloud;
  }
}

TEST(RefineCorners, ASideIsFittedToItsEdgeNotToTableLeakingIntoTheMask) {
  // A speck of table merged into the face's top side, 12 px wide and 12 deep. A least-squares
  // line through the side's points puts a corner about 4 px off; the robust one within a pixel.
  const std::vector<cv::Point> outline = square_outline_with(cv::Rect(160, 88, 12, 12));
  const auto rough = quadrilateral_of(outline);
  ASSERT_TRUE(rough.has_value());
  const auto corners = refine_corners(outline, *rough);
  for (const cv::Point2d& corner : corners) {
    const double x = corner.x < 200 ? 100 : 299, y = corner.y < 200 ? 100 : 299;
    EXPECT_NEAR(corner.x, x, 1.0);
    EXPECT_NEAR(corner.y, y, 1.0);
  }
}

TEST(MedianSide, IsTheMiddleOfTheQuadrilateralsMeanSides) {
  const auto square = [](double side) {
    return std::array<cv::Point2d, 4>{cv::Point2d(0, 0), cv::Point2d(side, 0),
                                      cv::Point2d(side, side), cv::Point2d(0, side)};
  };
  EXPECT_EQ(median_side({}), 0);
  EXPECT_DOUBLE_EQ(median_side({square(10), square(50), square(20)}), 20);
}

}  // namespace
}  // namespace tableref::vision
