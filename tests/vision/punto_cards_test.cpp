// Punto's dark masks made in one pass and opened once, against OpenCV's comparisons, conjunction
// and opening of each mask, on rendered tables' grey pictures and their levels, at widths that are
// and are not a whole number of vectors; the masks of parts of a picture against the whole's, and
// the parts looked at against the large components of the whole's masks.

#include "punto_cards.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "large_components.hpp"
#include "samples/render.hpp"

namespace tableref::vision::punto {
namespace {

// A rendered table's grey picture (of `part`), its ridges, and two nested levels: the blurred
// grey at two shares.
struct GreyAndLevels {
  cv::Mat gray, ridges;
  std::vector<cv::Mat> levels;
};

GreyAndLevels grey_and_levels(int scene, bool whole) {
  const cv::Mat bgr = samples::render_random(referee::Game::punto, samples::Level::webcam,
                                             samples::image_seed(91, scene))
                          .image_bgr;
  // A part whose rows are no whole number of vectors, or the whole picture.
  const cv::Rect part =
      whole ? cv::Rect({}, bgr.size()) : cv::Rect(3, 5, bgr.cols - 20, bgr.rows - 9);
  GreyAndLevels seen;
  cv::cvtColor(bgr(part), seen.gray, cv::COLOR_BGR2GRAY);
  cv::morphologyEx(seen.gray, seen.ridges, cv::MORPH_TOPHAT,
                   cv::getStructuringElement(cv::MORPH_RECT, {9, 9}));
  for (const double share : {0.45, 0.3}) {
    cv::Mat level;
    cv::blur(seen.gray, level, {31, 31});
    level.convertTo(level, CV_8U, share * 2);
    seen.levels.push_back(level);
  }
  return seen;
}

constexpr std::uint8_t kMostRidge = 16;

// The pixels darker than `level` off the ridges, by OpenCV's comparisons and conjunction.
cv::Mat darker_than(const GreyAndLevels& seen, const cv::Mat& level) {
  cv::Mat off_ridges, darker;
  cv::compare(seen.ridges, kMostRidge, off_ridges, cv::CMP_LT);
  cv::compare(seen.gray, level, darker, cv::CMP_LT);
  return darker & off_ridges;
}

TEST(PuntoCards, LevelsDarkerCountsTheLevelsEachPixelIsBelowOffTheRidges) {
  for (int scene = 0; scene < 4; ++scene) {
    for (const bool whole : {false, true}) {
      const GreyAndLevels seen = grey_and_levels(scene, whole);
      cv::Mat expected = cv::Mat::zeros(seen.gray.size(), CV_8U);
      for (const cv::Mat& level : seen.levels) {
        const cv::Mat darker = darker_than(seen, level);
        EXPECT_GT(cv::countNonZero(darker), 0);
        expected += darker / 255;
      }
      const cv::Mat count = levels_darker(seen.gray, seen.ridges, kMostRidge, seen.levels);
      EXPECT_EQ(cv::countNonZero(count != expected), 0)
          << "scene " << scene << ", width " << seen.gray.cols;
    }
  }
}

TEST(PuntoCards, LevelsKeptSmallServeEachPixelAsTheirOwnPixel) {
  for (int scene = 0; scene < 2; ++scene) {
    for (const bool whole : {false, true}) {
      const GreyAndLevels seen = grey_and_levels(scene, whole);
      for (const int step : {2, 4}) {
        // Each level kept a pixel for `step` by `step`, and the same spread to every pixel.
        const cv::Size small_size((seen.gray.cols + step - 1) / step,
                                  (seen.gray.rows + step - 1) / step);
        std::vector<cv::Mat> small_levels, spread_levels;
        for (const cv::Mat& level : seen.levels) {
          cv::Mat small, spread;
          cv::resize(level, small, small_size, 0, 0, cv::INTER_AREA);
          cv::resize(small, spread, small_size * step, 0, 0, cv::INTER_NEAREST);
          small_levels.push_back(small);
          spread_levels.push_back(spread(cv::Rect({}, seen.gray.size())).clone());
        }
        const cv::Mat count = levels_darker(seen.gray, seen.ridges, kMostRidge, small_levels, step);
        const cv::Mat expected = levels_darker(seen.gray, seen.ridges, kMostRidge, spread_levels);
        EXPECT_GT(cv::countNonZero(expected), 0);
        EXPECT_EQ(cv::countNonZero(count != expected), 0)
            << "scene " << scene << ", width " << seen.gray.cols << ", step " << step;
      }
    }
  }
}

TEST(PuntoCards, OneOpeningOfTheCountsOpensEachLevelsMask) {
  const cv::Mat square = cv::getStructuringElement(cv::MORPH_RECT, {3, 3});
  for (int scene = 0; scene < 4; ++scene) {
    const GreyAndLevels seen = grey_and_levels(scene, true);
    const std::vector<cv::Mat> masks =
        opened_dark_masks(seen.gray, seen.ridges, kMostRidge, seen.levels);
    ASSERT_EQ(masks.size(), seen.levels.size());
    for (std::size_t level = 0; level < masks.size(); ++level) {
      cv::Mat expected;
      cv::morphologyEx(darker_than(seen, seen.levels[level]), expected, cv::MORPH_OPEN, square);
      EXPECT_GT(cv::countNonZero(expected), 0);
      EXPECT_EQ(cv::countNonZero(masks[level] != expected), 0)
          << "scene " << scene << ", level " << level;
    }
  }
}

cv::Mat grey_of_scene(int scene) {
  const cv::Mat bgr = samples::render_random(referee::Game::punto, samples::Level::webcam,
                                             samples::image_seed(77, scene))
                          .image_bgr;
  cv::Mat gray;
  cv::cvtColor(bgr, gray, cv::COLOR_BGR2GRAY);
  return gray;
}

const std::vector<double> kThresholds = {0.3, 0.45};
constexpr int kWhiteDownscale = 8;

TEST(PuntoCards, APartsMasksAreTheWholePicturesThere) {
  for (int scene = 0; scene < 2; ++scene) {
    const cv::Mat gray = grey_of_scene(scene);
    const DarkMasks dark(gray, kThresholds, kWhiteDownscale);
    const std::vector<cv::Mat> whole = dark.in(cv::Rect({}, gray.size()));
    const cv::Point far(gray.cols - 1, gray.rows - 1);
    // Inside, at each edge and corner, a pixel wide, and odd sizes.
    for (const cv::Rect& part :
         {cv::Rect(301, 97, 413, 255), cv::Rect(0, 0, 120, 77), cv::Rect(far.x - 90, 40, 91, 301),
          cv::Rect(700, far.y - 14, 333, 15), cv::Rect(5, 500, 1, 60), cv::Rect(0, 0, 2, 2),
          cv::Rect(far - cv::Point(36, 52), far + cv::Point(1, 1))}) {
      const std::vector<cv::Mat> in_part = dark.in(part);
      ASSERT_EQ(in_part.size(), whole.size());
      for (std::size_t level = 0; level < whole.size(); ++level) {
        ASSERT_EQ(in_part[level].size(), part.size());
        EXPECT_EQ(cv::countNonZero(in_part[level] != whole[level](part)), 0)
            << "scene " << scene << ", part " << part << ", level " << level;
      }
    }
  }
}

// A light picture with a dark square whose box is just large (33 x 33 pixels, at odd places).
cv::Mat grey_with_a_dark_square() {
  cv::Mat gray(301, 403, CV_8U, cv::Scalar(200));
  gray(cv::Rect(101, 57, 33, 33)).setTo(20);
  return gray;
}

// Every component of every mask whose box is large lies inside one of the areas, off its edges
// where they are not the picture's; a scene's cards on a light table take a small share of it.
TEST(PuntoCards, TheAreasLookedAtHoldEveryLargeComponent) {
  constexpr double kMinBoxArea = 1000;
  double least_share = 1;
  for (int scene = -1; scene < 4; ++scene) {
    const cv::Mat gray = scene < 0 ? grey_with_a_dark_square() : grey_of_scene(scene);
    const DarkMasks dark(gray, kThresholds, kWhiteDownscale);
    const std::vector<cv::Rect> areas = dark.areas_holding_large_components(kMinBoxArea);
    double covered = 0;
    for (const cv::Rect& area : areas) covered += area.area();
    least_share = std::min(least_share, covered / gray.size().area());
    int large = 0;
    for (const cv::Mat& mask : dark.in(cv::Rect({}, gray.size()))) {
      for (const ComponentOutline& outline : outlines_of_large_components(mask, kMinBoxArea)) {
        ++large;
        const cv::Rect box = cv::boundingRect(outline.points);
        const auto holds = [&](const cv::Rect& area) {
          const cv::Rect inner = grown_within(box, 1, gray.size());
          return (inner & area) == inner;
        };
        EXPECT_TRUE(std::any_of(areas.begin(), areas.end(), holds))
            << "scene " << scene << ", component at " << box;
      }
    }
    EXPECT_GT(large, 0) << "scene " << scene;
  }
  EXPECT_LT(least_share, 0.1);
}

}  // namespace
}  // namespace tableref::vision::punto
