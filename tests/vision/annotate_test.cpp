#include "vision/annotate.hpp"

#include <gtest/gtest.h>

namespace tableref::vision {
namespace {

// An eye outside every tile is what made a Bugs & Co picture unstable: the player is shown where
// it lies, a red ring around it.
TEST(AnnotateBugs, RingsTheEyesOutsideEveryTile) {
  const cv::Mat table(400, 600, CV_8UC3, cv::Scalar(40, 90, 40));
  BugsReading reading;
  reading.stray_eyes = {{150, 100}};
  settle(reading);
  const cv::Mat annotated = annotate_bugs(table, reading);
  const cv::Vec3b on_ring = annotated.at<cv::Vec3b>(100, 150 + 14);
  EXPECT_GT(on_ring[2], 200);
  EXPECT_LT(on_ring[1], 80);
  EXPECT_EQ(annotated.at<cv::Vec3b>(100, 150), table.at<cv::Vec3b>(100, 150));  // the eye shows
  EXPECT_EQ(annotated.at<cv::Vec3b>(300, 450), table.at<cv::Vec3b>(300, 450));
}

}  // namespace
}  // namespace tableref::vision
