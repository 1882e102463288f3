// Masks of rendered tables found on halved copies and enlarged again: the same masks as resampling
// them linearly and thresholding at half, whether enlarged exactly twice or to an odd size.

#include "enlarged_mask.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"

namespace tableref::vision {
namespace {

cv::Mat linearly_enlarged(const cv::Mat& mask, cv::Size size) {
  cv::Mat enlarged;
  cv::resize(mask, enlarged, size, 0, 0, cv::INTER_LINEAR);
  return enlarged > 127;
}

TEST(EnlargedMask, SameAsResamplingLinearly) {
  const cv::Mat bgr = samples::render_random(referee::Game::bugs, samples::Level::webcam,
                                             samples::image_seed(41, 0))
                          .image_bgr;
  cv::Mat grey;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  int sizes = 0;
  for (const cv::Size size : {cv::Size(1280, 720), cv::Size(1254, 706), cv::Size(1277, 719),
                              cv::Size(640, 361), cv::Size(2, 2), cv::Size(5, 2)}) {
    cv::Mat picture, small;
    cv::resize(grey, picture, size, 0, 0, cv::INTER_AREA);
    cv::resize(picture, small, {}, 0.5, 0.5, cv::INTER_AREA);
    for (const int level : {60, 140, 200}) {
      const cv::Mat mask = small > level;
      EXPECT_EQ(cv::countNonZero(enlarged_mask(mask, size) != linearly_enlarged(mask, size)), 0)
          << size << ", level " << level;
    }
    ++sizes;
  }
  EXPECT_EQ(sizes, 6);
}

TEST(EnlargedMask, AMaskOfThePicturesSizeIsItself) {
  const cv::Mat mask = cv::Mat::eye(5, 7, CV_8U) * 255;
  EXPECT_EQ(cv::countNonZero(enlarged_mask(mask, mask.size()) != mask), 0);
}

}  // namespace
}  // namespace tableref::vision
