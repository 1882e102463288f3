// The outer border of each component followed from its first pixel, against cv::findContours
// tracing the component drawn alone: the same points in the same order, on face masks of rendered
// tables and their inverses, and on the shapes whose borders turn back on themselves.

#include "border_following.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "run_components.hpp"
#include "samples/render.hpp"
#include "vision/relative_luminance.hpp"

namespace tableref::vision {
namespace {

// The border cv::findContours gives the component alone (its pixels only, in a mask of its own).
std::vector<cv::Point> traced_alone(const RunComponents& found, const RunComponent& component,
                                    cv::Size size) {
  cv::Mat alone = cv::Mat::zeros(size, CV_8U);
  set_pixels_of(found, component, alone);
  std::vector<std::vector<cv::Point>> borders;
  cv::findContours(alone, borders, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  return borders.size() == 1 ? borders.front() : std::vector<cv::Point>{};
}

// How many components of `mask` have a border other than cv::findContours's.
int borders_unlike_traced(const cv::Mat& mask) {
  const RunComponents found = run_components(mask, Connectivity::eight);
  int unlike = 0;
  for (const RunComponent& component : found.components) {
    const PixelRun& first = found.runs[component.first_run];
    const auto border = outer_border(mask, {first.first, first.row});
    if (border != traced_alone(found, component, mask.size())) ++unlike;
  }
  return unlike;
}

TEST(BorderFollowing, FollowsEachComponentOfAFaceMaskAsFindContours) {
  for (int scene = 0; scene < 3; ++scene) {
    const cv::Mat bgr = samples::render_random(referee::Game::freeze, samples::Level::webcam,
                                               samples::image_seed(77, scene))
                            .image_bgr;
    const cv::Mat mask = RelativeLuminance(bgr, 4).above(0.86);
    const cv::Rect part(0, 0, 400, 300);  // thousands of specks and holes; a few cards
    for (const cv::Mat& picture : {cv::Mat(mask(part)), cv::Mat(~mask(part))})
      EXPECT_EQ(borders_unlike_traced(picture), 0) << "scene " << scene;
  }
}

TEST(BorderFollowing, FollowsBordersThatTurnBackAndMeetTheEdges) {
  cv::Mat mask = cv::Mat::zeros(40, 60, CV_8U);
  mask.at<std::uint8_t>(20, 30) = 255;                       // a lone pixel
  cv::line(mask, {2, 5}, {20, 5}, 255);                      // a line across
  cv::line(mask, {25, 2}, {35, 12}, 255);                    // a diagonal
  cv::circle(mask, {10, 28}, 6, 255, 2);                     // a ring
  cv::rectangle(mask, {45, 0}, {59, 10}, 255, cv::FILLED);   // at two edges
  cv::rectangle(mask, {40, 30}, {59, 39}, 255, cv::FILLED);  // at the far corner
  mask(cv::Rect(50, 33, 4, 4)).setTo(0);                     // with a hole
  cv::line(mask, {0, 10}, {6, 16}, 255);                     // from the edge
  EXPECT_EQ(run_components(mask).components.size(), 7U);
  EXPECT_EQ(borders_unlike_traced(mask), 0);
}

TEST(BorderFollowing, FollowsNoiseAsFindContours) {
  cv::RNG random(7);
  for (const int percent : {20, 50, 80}) {
    cv::Mat noise(90, 70, CV_8U);
    random.fill(noise, cv::RNG::UNIFORM, 0, 100);
    EXPECT_EQ(borders_unlike_traced(noise < percent), 0) << percent << "% set";
  }
}

}  // namespace
}  // namespace tableref::vision
