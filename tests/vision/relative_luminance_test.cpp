// The face masks compared in whole grey levels are the masks of the luminance ratios.

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"
#include "vision/square_card_detector.hpp"

namespace tableref::vision {
namespace {

TEST(RelativeLuminance, MasksAboveARatioAreTheRatiosThresholded) {
  for (const referee::Game game : {referee::Game::freeze, referee::Game::bugs}) {
    const cv::Mat picture =
        samples::render_random(game, samples::Level::webcam, samples::image_seed(501, 1))
            .image_bgr;
    const RelativeLuminance relative(picture, 4);
    const cv::Mat ratios = relative.ratios();
    for (const double ratio : {0.5, 0.72, 0.86, 0.92, 1.0, 1.3}) {
      cv::Mat thresholded;
      cv::threshold(ratios, thresholded, ratio, 255, cv::THRESH_BINARY);
      thresholded.convertTo(thresholded, CV_8U);
      const cv::Mat mask = relative.above(ratio);
      EXPECT_GT(cv::countNonZero(mask), 0) << ratio;
      EXPECT_EQ(cv::countNonZero(mask != thresholded), 0) << ratio;
    }
  }
}

}  // namespace
}  // namespace tableref::vision
