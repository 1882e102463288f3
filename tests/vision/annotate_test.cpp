#include "vision/annotate.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

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

// What a label looks like: its letters in the colour over an outline three pixels thicker in
// black, both anti-aliased, drawn straight onto the picture.
cv::Mat drawn_directly(const cv::Mat& picture, const std::string& text, cv::Point2d centre,
                       double scale, const cv::Scalar& colour) {
  cv::Mat out = picture.clone();
  const int thickness = std::max(1, static_cast<int>(std::lround(scale * 2)));
  int baseline = 0;
  const cv::Size size =
      cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, scale, thickness, &baseline);
  const cv::Point origin(static_cast<int>(centre.x - size.width / 2.0),
                         static_cast<int>(centre.y + size.height / 2.0));
  cv::putText(out, text, origin, cv::FONT_HERSHEY_SIMPLEX, scale, {0, 0, 0}, thickness + 3,
              cv::LINE_AA);
  cv::putText(out, text, origin, cv::FONT_HERSHEY_SIMPLEX, scale, colour, thickness, cv::LINE_AA);
  return out;
}

// Labels are blended from masks drawn once; on any background, whole or cut by the picture's
// edge, and drawn again from the same masks, they look as drawn stroke by stroke.
TEST(AnnotateLabel, LooksAsItsStrokesDrawnOnThePicture) {
  cv::Mat picture(240, 360, CV_8UC3);
  cv::randu(picture, 0, 256);
  cv::GaussianBlur(picture, picture, {0, 0}, 3);
  const struct {
    std::string text;
    cv::Point2d centre;
    double scale;
    cv::Scalar colour;
  } labels[] = {{"yellow", {180, 120}, 0.5, {255, 255, 255}},
                {"red 7", {100, 60}, 0.8, {0, 255, 255}},
                {"UNSTABLE: view blocked", {20, 8}, 0.9, {0, 0, 255}},
                {"yellow", {350, 235}, 0.5, {255, 255, 255}}};
  for (int round = 0; round < 2; ++round) {
    for (const auto& label : labels) {
      cv::Mat stamped = picture.clone();
      draw_label(stamped, label.text, label.centre, label.scale, label.colour);
      const cv::Mat expected =
          drawn_directly(picture, label.text, label.centre, label.scale, label.colour);
      // OpenCV smears strokes cut by the picture's edge onto its outermost pixels: those are
      // left out of the comparison.
      const cv::Rect inner(1, 1, picture.cols - 2, picture.rows - 2);
      cv::Mat difference;
      cv::absdiff(stamped(inner), expected(inner), difference);
      double largest = 0;
      cv::minMaxLoc(difference.reshape(1), nullptr, &largest);
      EXPECT_LE(largest, 4) << label.text;  // rounding of the blends
      EXPECT_GT(cv::norm(stamped, picture, cv::NORM_L1), 0) << label.text;
    }
  }
}

}  // namespace
}  // namespace tableref::vision
