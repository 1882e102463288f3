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

// Thresholds at the means themselves, and a float below them, tell any rounding of the sums
// other than cv::resize's: those of a row's last means, summed one by one, too.
TEST(RelativeLuminance, MasksOfThePictureHalvedAreItsHalvedRatiosThresholded) {
  const cv::Mat picture = samples::render_random(referee::Game::bugs, samples::Level::webcam,
                                                 samples::image_seed(501, 2))
                              .image_bgr;
  for (const cv::Size size :
       {picture.size(), cv::Size(642, 360), cv::Size(646, 362), cv::Size(641, 361)}) {
    cv::Mat resized;
    cv::resize(picture, resized, size, 0, 0, cv::INTER_AREA);
    const RelativeLuminance relative(resized, 8);
    cv::Mat halved_picture, halved;
    cv::resize(resized, halved_picture, {}, 0.5, 0.5, cv::INTER_AREA);
    cv::resize(relative.ratios(), halved, halved_picture.size(), 0, 0, cv::INTER_AREA);
    std::vector<double> ratios = {0.5, 0.86, 1.0};
    for (int row = 0; row < halved.rows; row += 37) {
      for (const int column : {halved.cols / 2, halved.cols - 2, halved.cols - 1}) {
        const float mean = halved.at<float>(row, column);
        ratios.push_back(mean);
        ratios.push_back(std::nextafter(mean, 0.0f));
      }
    }
    for (const double ratio : ratios) {
      const cv::Mat mask = relative.above_halved(ratio);
      EXPECT_EQ(cv::countNonZero(mask != (halved > ratio)), 0) << size << ", " << ratio;
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
