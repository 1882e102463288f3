// Punto's dark masks made in one pass, against OpenCV's comparisons and conjunction, on rendered
// tables' grey pictures and their levels, at widths that are and are not a whole number of
// vectors.

#include "punto_cards.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"

namespace tableref::vision::punto {
namespace {

TEST(PuntoCards, DarkMasksAreTheLevelsBelowTheirCutsOffTheRidges) {
  constexpr std::uint8_t kMostRidge = 16;
  for (int scene = 0; scene < 4; ++scene) {
    const cv::Mat bgr = samples::render_random(referee::Game::punto, samples::Level::webcam,
                                               samples::image_seed(91, scene))
                            .image_bgr;
    // A part whose rows are no whole number of vectors, then the whole picture.
    for (const cv::Rect part :
         {cv::Rect(3, 5, bgr.cols - 20, bgr.rows - 9), cv::Rect({}, bgr.size())}) {
      cv::Mat gray, ridges;
      cv::cvtColor(bgr(part), gray, cv::COLOR_BGR2GRAY);
      cv::morphologyEx(gray, ridges, cv::MORPH_TOPHAT,
                       cv::getStructuringElement(cv::MORPH_RECT, {9, 9}));
      std::vector<cv::Mat> levels, masks;
      for (const double share : {0.3, 0.45}) {
        cv::Mat level;
        cv::blur(gray, level, {31, 31});
        level.convertTo(level, CV_8U, share * 2);
        levels.push_back(level);
        masks.emplace_back(gray.size(), CV_8U);
      }
      darker_off_ridges(gray, ridges, kMostRidge, levels, masks);
      cv::Mat off_ridges;
      cv::compare(ridges, kMostRidge, off_ridges, cv::CMP_LT);
      for (std::size_t level = 0; level < levels.size(); ++level) {
        cv::Mat expected;
        cv::compare(gray, levels[level], expected, cv::CMP_LT);
        expected &= off_ridges;
        EXPECT_EQ(cv::countNonZero(masks[level] != expected), 0)
            << "scene " << scene << ", level " << level << ", width " << part.width;
        EXPECT_GT(cv::countNonZero(expected), 0);
      }
    }
  }
}

}  // namespace
}  // namespace tableref::vision::punto
