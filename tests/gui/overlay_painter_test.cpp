// The overlay drawn into a picture: outlines in their role's colour at the cards' corners, the
// unstable banner, colour-blind patterns, and malformed layouts drawn without throwing.
#include "gui/overlay_painter.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "gui/overlay_style.hpp"
#include "gui_test_support.hpp"

namespace tableref::gui {
namespace {

using testing::near_colour;

using nlohmann::json;

json freeze_stack(double left, double top, double side, json tricks, bool aligned) {
  return {
      {"corners", {{left, top}, {left + side, top}, {left + side, top + side}, {left, top + side}}},
      {"cells",
       {{"red", "empty", "blue"}, {"red", "unknown", "green"}, {"red", "purple", "yellow"}}},
      {"tricks", std::move(tricks)},
      {"aligned", aligned}};
}

cv::Mat table(int width = 640, int height = 480) {
  return cv::Mat(height, width, CV_8UC3, cv::Scalar(90, 60, 50));
}

int strip_height(const OverlayOptions& options) {
  return static_cast<int>(std::ceil(banner_height(options)));
}

// The frame as the view draws it: every pixel as Qt's own conversion of the BGR picture gives it.
TEST(OverlayPainter, AFrameBecomesAnImageOfTheSamePixels) {
  cv::Mat bgr(37, 53, CV_8UC3);
  cv::randu(bgr, cv::Scalar::all(0), cv::Scalar::all(256));
  const QImage image = qimage_from_bgr(bgr(cv::Rect(2, 1, 47, 33)));
  const cv::Mat part = bgr(cv::Rect(2, 1, 47, 33)).clone();
  const QImage expected = QImage(part.data, part.cols, part.rows, static_cast<qsizetype>(part.step),
                                 QImage::Format_BGR888)
                              .convertToFormat(QImage::Format_RGB32);
  ASSERT_EQ(image.size(), expected.size());
  ASSERT_EQ(image.format(), QImage::Format_RGB32);
  for (int y = 0; y < image.height(); ++y) {
    for (int x = 0; x < image.width(); ++x) ASSERT_EQ(image.pixel(x, y), expected.pixel(x, y));
  }
  EXPECT_TRUE(qimage_from_bgr(cv::Mat()).isNull());
  EXPECT_TRUE(qimage_from_bgr(cv::Mat(4, 4, CV_8UC1, cv::Scalar(0))).isNull());
}

TEST(OverlayPainter, OutlinesEachStackInTheColourOfWhatItIs) {
  OverlayState state;
  state.layout = {
      {"stacks",
       {freeze_stack(40, 40, 200, json::array(), true), freeze_stack(300, 40, 200, {"red"}, true),
        freeze_stack(40, 260, 200, json::array(), false)}}};
  for (const bool colour_blind : {false, true}) {
    OverlayOptions options;
    options.colour_blind = colour_blind;
    const QImage image = render_overlay(table(), state, options);
    const int strip = strip_height(options);
    ASSERT_EQ(image.height(), 480 + strip);
    EXPECT_TRUE(near_colour(image.pixel(40, 40 + strip),
                            role_style(OverlayRole::card, colour_blind).colour));
    EXPECT_TRUE(near_colour(image.pixel(300, 40 + strip),
                            role_style(OverlayRole::trick, colour_blind).colour));
    EXPECT_TRUE(near_colour(image.pixel(40, 260 + strip),
                            role_style(OverlayRole::illegal, colour_blind).colour));
    // Along the card outline's middle too, for the card that only counts as a card.
    EXPECT_TRUE(near_colour(image.pixel(140, 40 + strip),
                            role_style(OverlayRole::card, colour_blind).colour));
    image.save(QString::fromStdString(
        (testing::screenshot_dir() / (colour_blind ? "overlay-colour-blind.png" : "overlay.png"))
            .string()));
  }
}

TEST(OverlayPainter, EveryMonsterGetsItsSymbolInWhite) {
  OverlayState state;
  state.layout = {{"stacks", {freeze_stack(100, 100, 260, json::array(), true)}}};
  OverlayOptions options;
  options.show_cells = false;
  const QImage bare = render_overlay(table(), state, options);
  options.show_cells = true;
  const QImage named = render_overlay(table(), state, options);
  // Each monster's cell has white (symbol and word) where the bare outline has only the table.
  const int strip = strip_height(options);
  const double cell = 260.0 * 19 / 65;
  for (const auto& [row, col] : {std::pair{0, 0}, std::pair{0, 2}, std::pair{2, 1}}) {
    const QPoint centre(static_cast<int>(100 + 260.0 * 13.5 / 65 + col * cell),
                        static_cast<int>(100 + 260.0 * 13.5 / 65 + row * cell) + strip);
    int white_named = 0, white_bare = 0;
    for (int dy = -20; dy <= 20; ++dy) {
      for (int dx = -20; dx <= 20; ++dx) {
        white_named += near_colour(named.pixel(centre + QPoint(dx, dy)), Qt::white, 10) ? 1 : 0;
        white_bare += near_colour(bare.pixel(centre + QPoint(dx, dy)), Qt::white, 10) ? 1 : 0;
      }
    }
    EXPECT_GT(white_named, 40) << row << "," << col;
    EXPECT_EQ(white_bare, 0);
  }
}

// A Punto card gets its colour's symbol and word in white, the value after the word; a card of
// no known colour gets only words, in another colour.
TEST(OverlayPainter, APuntoCardGetsItsColoursSymbolAndValue) {
  const auto white_pixels = [](const std::string& colour) {
    OverlayState state;
    const json square = {{100, 100}, {260, 100}, {260, 260}, {100, 260}};
    state.layout = {{"cards", {{{"polygon", square}, {"color", colour}, {"value", 6}}}}};
    const OverlayOptions options;
    const QImage image = render_overlay(table(), state, options);
    const int strip = strip_height(options);
    int white = 0;
    for (int y = 110; y < 250; ++y) {
      for (int x = 110; x < 250; ++x)
        white += near_colour(image.pixel(x, y + strip), Qt::white, 10) ? 1 : 0;
    }
    return white;
  };
  EXPECT_GT(white_pixels("red"), 150);
  EXPECT_GT(white_pixels("blue"), 150);
  EXPECT_EQ(white_pixels("unknown"), 0);
}

TEST(OverlayPainter, ShowsUnstableAndTheVerdictsInTheBannerStrip) {
  OverlayState state;
  state.unstable = true;
  state.recent_verdicts = {
      {{"type", "illegal"}, {"player", "Bob"}, {"reason", "stack not aligned"}}};
  const OverlayOptions options;
  const QImage image = render_overlay(table(), state, options);
  int illegal_pixels = 0;
  for (int y = 0; y < strip_height(options); ++y) {
    for (int x = 0; x < image.width(); ++x) {
      illegal_pixels +=
          near_colour(image.pixel(x, y), role_style(OverlayRole::illegal, false).colour) ? 1 : 0;
    }
  }
  EXPECT_GT(illegal_pixels, 400) << "two boxes edged in the illegal colour";
  image.save(QString::fromStdString((testing::screenshot_dir() / "overlay-unstable.png").string()));
}

TEST(OverlayPainter, MarksDetachedCardsOfALayoutWithIds) {
  OverlayState state;
  state.game = referee::Game::trio;
  state.layout = {
      {"cards",
       {{{"id", 0}, {"polygon", {{100, 300}, {180, 160}, {260, 300}}}, {"color", "red"}},
        {{"id", 1}, {"polygon", {{400, 300}, {480, 160}, {560, 300}}}, {"color", "black"}}}},
      {"detached", {1}}};
  const OverlayOptions options;
  const QImage image = render_overlay(table(), state, options);
  const int strip = strip_height(options);
  EXPECT_TRUE(
      near_colour(image.pixel(100, 300 + strip), role_style(OverlayRole::card, false).colour));
  EXPECT_TRUE(
      near_colour(image.pixel(400, 300 + strip), role_style(OverlayRole::detached, false).colour));
}

TEST(OverlayPainter, DrawsWhatItCanOfAMalformedLayout) {
  OverlayState state;
  state.layout = {
      {"stacks", {{{"corners", "nope"}}, {{"corners", {{1, 2}, {3, "x"}}}}, 5}},
      {"cards", {{{"polygon", {{1, 2}, {3, 4}, {5, 6}}}, {"color", 7}, {"value", {1}}}}},
      {"detached", "all"}};
  state.recent_verdicts = {json("not an event"), {{"type", 3}}};
  EXPECT_NO_THROW(render_overlay(table(), state, OverlayOptions{}));
  EXPECT_TRUE(render_overlay(cv::Mat(), state, OverlayOptions{}).isNull());
}

}  // namespace
}  // namespace tableref::gui
