// Canny's edges of colour pictures against OpenCV's own (3×3 Sobel, L2 magnitudes), on rendered
// tables at several pairs of thresholds and on parts of them of every small size: the same pixels.

#include "colour_edges.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>
#include <string>

#include "samples/render.hpp"

namespace tableref::vision {
namespace {

// How many pixels colour_edges and cv::Canny disagree on in `bgr`.
int pixels_unlike_opencv(const cv::Mat& bgr, double low, double high) {
  cv::Mat expected;
  cv::Canny(bgr, expected, low, high, 3, true);
  const cv::Mat found = colour_edges(bgr, low, high);
  EXPECT_EQ(found.size(), bgr.size());
  EXPECT_EQ(found.type(), CV_8UC1);
  return cv::countNonZero(found != expected);
}

// A rendered Bugs & Co table, smoothed as the reader smooths it before finding its edges.
cv::Mat smoothed_table(samples::Level level, int index) {
  const cv::Mat bgr =
      samples::render_random(referee::Game::bugs, level, samples::image_seed(31, index)).image_bgr;
  cv::Mat smooth;
  cv::GaussianBlur(bgr, smooth, {0, 0}, 1.2);
  return smooth;
}

TEST(ColourEdges, SameAsOpenCVOnRenderedTables) {
  int edges = 0;
  for (int index = 0; index < 3; ++index) {
    for (const samples::Level level : {samples::Level::webcam, samples::Level::hard}) {
      const cv::Mat table = smoothed_table(level, index);
      for (const auto& [low, high] : {std::pair(20.0, 45.0), {5.0, 15.0}, {60.0, 150.0}}) {
        EXPECT_EQ(pixels_unlike_opencv(table, low, high), 0)
            << "scene " << index << ", thresholds " << low << " and " << high;
      }
      cv::Mat some;
      cv::Canny(table, some, 20, 45, 3, true);
      edges += cv::countNonZero(some);
    }
  }
  EXPECT_GT(edges, 10000);  // the tables show edges to find
}

TEST(ColourEdges, SameAsOpenCVOnPartsOfEverySmallSize) {
  const cv::Mat table = smoothed_table(samples::Level::webcam, 0);
  const cv::Point middle(table.cols / 2, table.rows / 2);
  for (int width = 1; width <= 40; ++width) {
    for (const int height : {1, 2, 3, 5, 17}) {
      const cv::Mat part = table(cv::Rect(middle.x, middle.y, width, height)).clone();
      EXPECT_EQ(pixels_unlike_opencv(part, 5, 15), 0) << width << "x" << height;
    }
  }
  // Widths around the vectors' lengths, and the picture's edges.
  for (const int width : {63, 64, 65, 127, 1277}) {
    const cv::Mat part = table(cv::Rect(0, 0, width, 96)).clone();
    EXPECT_EQ(pixels_unlike_opencv(part, 10, 30), 0) << width;
  }
}

TEST(ColourEdges, ThresholdsGivenTheWrongWayRoundAreSwapped) {
  const cv::Mat table = smoothed_table(samples::Level::webcam, 1);
  EXPECT_EQ(cv::countNonZero(colour_edges(table, 45, 20) != colour_edges(table, 20, 45)), 0);
  EXPECT_EQ(pixels_unlike_opencv(table, 45, 20), 0);
}

}  // namespace
}  // namespace tableref::vision
