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
