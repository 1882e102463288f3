// Components joined from rows' runs against OpenCV's labelling, 8- and 4-connected, on masks of
// rendered tables (sparse, dense, a pixel wide, touching the picture's edges): the same
// components, pixel for pixel, with the same boxes, areas and centroids.

#include "run_components.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"

namespace tableref::vision {
namespace {

void expect_same_as_opencv(const cv::Mat& mask, Connectivity connectivity,
                           const std::string& name) {
  cv::Mat labels, stats, centroids;
  const int count = cv::connectedComponentsWithStats(
      mask, labels, stats, centroids, connectivity == Connectivity::eight ? 8 : 4, CV_32S);
  const RunComponents found = run_components(mask, connectivity);
  ASSERT_EQ(found.components.size(), static_cast<std::size_t>(count - 1)) << name;
  std::vector<bool> matched(static_cast<std::size_t>(count), false);
  cv::Point previous_first(-1, -1);
  for (const RunComponent& component : found.components) {
    const PixelRun& first = found.runs[component.first_run];
    const cv::Point first_pixel(first.first, first.row);
    // Listed in the raster order of their first pixels.
    ASSERT_TRUE(first_pixel.y > previous_first.y ||
                (first_pixel.y == previous_first.y && first_pixel.x > previous_first.x))
        << name;
    previous_first = first_pixel;
    const int label = labels.at<int>(first_pixel);
    ASSERT_GT(label, 0) << name;
    ASSERT_FALSE(matched[static_cast<std::size_t>(label)]) << name;
    matched[static_cast<std::size_t>(label)] = true;
    long long pixels = 0;
    for (std::size_t run = component.first_run; run < component.end_run; ++run) {
      const PixelRun& span = found.runs[run];
      for (int x = span.first; x <= span.last; ++x) {
        ASSERT_EQ(labels.at<int>(span.row, x), label) << name;
        ++pixels;
      }
    }
    const auto* stat = stats.ptr<int>(label);
    EXPECT_EQ(pixels, stat[cv::CC_STAT_AREA]) << name;
    EXPECT_EQ(component.area, stat[cv::CC_STAT_AREA]) << name;
    EXPECT_EQ(component.box, cv::Rect(stat[cv::CC_STAT_LEFT], stat[cv::CC_STAT_TOP],
                                      stat[cv::CC_STAT_WIDTH], stat[cv::CC_STAT_HEIGHT]))
        << name;
    EXPECT_EQ(component.centroid.x, centroids.at<double>(label, 0)) << name;
    EXPECT_EQ(component.centroid.y, centroids.at<double>(label, 1)) << name;
  }
}

// The grey of a rendered webcam scene of `game`.
cv::Mat grey_of_scene(referee::Game game, int index) {
  const cv::Mat bgr =
      samples::render_random(game, samples::Level::webcam, samples::image_seed(77, index))
          .image_bgr;
  cv::Mat grey;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  return grey;
}

TEST(RunComponents, AreOpenCVsComponentsWithTheirStatistics) {
  int masks = 0;
  for (const referee::Game game : {referee::Game::punto, referee::Game::freeze}) {
    const cv::Mat grey = grey_of_scene(game, 3);
    // Edges a pixel wide, many of them touching only diagonally; and the gaps between them.
    cv::Mat edges;
    cv::Canny(grey, edges, 50, 150);
    for (const Connectivity connectivity : {Connectivity::eight, Connectivity::four}) {
      for (const int level : {40, 120, 200}) {
        expect_same_as_opencv(grey > level, connectivity, "grey above " + std::to_string(level));
        ++masks;
      }
      expect_same_as_opencv(edges, connectivity, "edges");
      expect_same_as_opencv(edges == 0, connectivity, "between edges");
      masks += 2;
    }
  }
  EXPECT_EQ(masks, 20);
}

// Rows are read a word of 64 pixels at a time: widths around a word's, and a mask that is a part
// of a wider one (its rows not one after another in memory).
TEST(RunComponents, AMaskOfAnyWidth) {
  const cv::Mat mask = grey_of_scene(referee::Game::punto, 5) > 120;
  int masks = 0;
  for (const int width : {1, 15, 16, 17, 63, 64, 65, 129, 1277}) {
    const cv::Mat part = mask(cv::Rect(3, 0, width, mask.rows));
    ASSERT_FALSE(part.isContinuous() && width > 1);
    for (const Connectivity connectivity : {Connectivity::eight, Connectivity::four}) {
      expect_same_as_opencv(part, connectivity, "width " + std::to_string(width));
      ++masks;
    }
  }
  EXPECT_EQ(masks, 18);
}

TEST(RunComponents, AnEmptyOrFullMask) {
  EXPECT_TRUE(run_components(cv::Mat::zeros(7, 13, CV_8U)).components.empty());
  const RunComponents full = run_components(cv::Mat(7, 13, CV_8U, cv::Scalar(255)));
  ASSERT_EQ(full.components.size(), 1u);
  EXPECT_EQ(full.components[0].area, 7 * 13);
  EXPECT_EQ(full.components[0].box, cv::Rect(0, 0, 13, 7));
  EXPECT_EQ(full.components[0].centroid, cv::Point2d(6, 3));
}

// A component's pixels set in a mask of their own: OpenCV's label of that component, in a mask the
// size of the whole or of the component's box.
TEST(RunComponents, SetsEachComponentsPixels) {
  const cv::Mat mask = grey_of_scene(referee::Game::freeze, 2) > 150;
  cv::Mat labels;
  cv::connectedComponents(mask, labels, 8, CV_32S);
  const RunComponents found = run_components(mask);
  ASSERT_GT(found.components.size(), 5u);
  cv::Mat all = cv::Mat::zeros(mask.size(), CV_8U);
  for (const RunComponent& component : found.components) {
    const PixelRun& first = found.runs[component.first_run];
    const int label = labels.at<int>(first.row, first.first);
    cv::Mat alone = cv::Mat::zeros(component.box.size(), CV_8U);
    set_pixels_of(found, component, alone, component.box.tl());
    EXPECT_EQ(cv::countNonZero(alone != (labels(component.box) == label)), 0) << component.box;
    set_pixels_of(found, component, all);
  }
  EXPECT_EQ(cv::countNonZero(all != mask), 0);
}

}  // namespace
}  // namespace tableref::vision
