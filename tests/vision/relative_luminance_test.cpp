// The face masks compared in whole grey levels are the masks of the luminance ratios; a plain
// table far from the cards is no face.

#include "vision/relative_luminance.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"
#include "vision/square_card_detector.hpp"

namespace tableref::vision {
namespace {

TEST(RelativeLuminance, MasksAboveARatioAreTheRatiosThresholded) {
  for (const referee::Game game : {referee::Game::freeze, referee::Game::bugs}) {
    const cv::Mat picture =
        samples::render_random(game, samples::Level::webcam, samples::image_seed(501, 1)).image_bgr;
    const RelativeLuminance relative(picture, 4);
    const cv::Mat ratios = relative.ratios();
    for (const double ratio : {0.5, 0.72, 0.86, 0.92, 1.0, 1.3}) {
      cv::Mat thresholded;
      cv::threshold(ratios, thresholded, ratio, 255, cv::THRESH_BINARY);
      thresholded.convertTo(thresholded, CV_8U);
      const cv::Mat mask = relative.above(ratio);
      EXPECT_GT(cv::countNonZero(mask), 0) << ratio;
      EXPECT_EQ(cv::countNonZero(mask != thresholded), 0) << ratio;
      // A part whose rows are no whole number of vectors.
      const cv::Rect part(37, 21, picture.cols / 3 + 5, picture.rows / 2);
      EXPECT_EQ(cv::countNonZero(relative.above(ratio, part) != thresholded(part)), 0) << ratio;
    }
  }
}

// The share of the table (the picture outside its stacks, each widened by a third of its side)
// that passes for a card's face at Monster Freeze's higher face threshold.
double table_share_in_face_mask(const samples::RenderedImage& rendered, double white_floor) {
  const SquareCardDetectorParams params;
  const RelativeLuminance relative(rendered.image_bgr, params.white_downscale, white_floor);
  const cv::Mat mask = relative.above(params.face_ratio_thresholds.back());
  cv::Mat table(mask.size(), CV_8U, cv::Scalar(255));
  for (const auto& stack : rendered.truth["stacks"]) {
    std::vector<cv::Point> corners;
    for (const auto& corner : stack["corners"]) corners.emplace_back(corner[0], corner[1]);
    const double side = cv::norm(corners[1] - corners[0]);
    cv::fillConvexPoly(table, corners, cv::Scalar(0));
    cv::polylines(table, corners, true, cv::Scalar(0), static_cast<int>(side * 2 / 3));
  }
  return static_cast<double>(cv::countNonZero(mask & table)) / cv::countNonZero(table);
}

TEST(RelativeLuminance, APlainDarkClothFarFromTheCardsIsNoFace) {
  // Webcam scene 77/2: Monster Freeze on a plain dark red cloth. Its own grain is the local white
  // of the cloth between the stacks, so without the floor half of it passes for faces.
  const samples::RenderedImage rendered = samples::render_random(
      referee::Game::freeze, samples::Level::webcam, samples::image_seed(77, 2));
  EXPECT_GT(table_share_in_face_mask(rendered, 0), 0.2);
  EXPECT_LT(table_share_in_face_mask(rendered, SquareCardDetectorParams{}.white_floor), 0.01);
}

}  // namespace
}  // namespace tableref::vision
