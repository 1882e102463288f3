#include "samples/render.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <stdexcept>

#include "plain_conditions.hpp"
#include "referee/colour.hpp"
#include "referee/deck.hpp"
#include "truth_points.hpp"

namespace tableref::samples {
namespace {

using referee::Colour;
using referee::freeze::Shown;

// Conditions without anything random left that matters: a plain table, neutral light, no lens
// distortion, no sensor degradation, seen at a slant.
CaptureConditions plain_conditions(cv::Size size, const cv::Vec3d& table_rgb) {
  CaptureConditions conditions = plain_capture(size, table_rgb, 3, 450);
  conditions.tilt_deg = 20;
  conditions.yaw_deg = 65;
  conditions.light_elevation_deg = 85;
  return conditions;
}

FreezeScene one_stack(std::vector<FreezeCardLayout> cards, double angle_deg) {
  FreezeStackLayout stack;
  stack.cards = std::move(cards);
  stack.centre_mm = {120, 80};
  stack.angle_deg = angle_deg;
  return FreezeScene{{stack}};
}

cv::Point2d line_intersection(const cv::Vec4f& a, const cv::Vec4f& b) {
  // Lines as (direction, point): p + t d.
  const cv::Point2d da(a[0], a[1]), pa(a[2], a[3]), db(b[0], b[1]), pb(b[2], b[3]);
  const double t = ((pb - pa).x * db.y - (pb - pa).y * db.x) / (da.x * db.y - da.y * db.x);
  return pa + da * t;
}

// The card's corners as the image shows them: its outline's four straight sides, fitted as lines
// away from the rounded corners, intersected.
std::vector<cv::Point2d> corners_in_image(const cv::Mat& image_bgr) {
  cv::Mat grey, mask;
  cv::cvtColor(image_bgr, grey, cv::COLOR_BGR2GRAY);
  cv::threshold(grey, mask, 100, 255, cv::THRESH_BINARY);
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(mask, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  const auto& outline = *std::max_element(
      contours.begin(), contours.end(),
      [](const auto& a, const auto& b) { return cv::contourArea(a) < cv::contourArea(b); });
  std::vector<cv::Point> polygon;
  cv::approxPolyDP(outline, polygon, 0.02 * cv::arcLength(outline, true), true);
  if (polygon.size() != 4) return {};
  std::vector<cv::Vec4f> sides;
  for (std::size_t side = 0; side < 4; ++side) {
    const cv::Point2d from = polygon[side], to = polygon[(side + 1) % 4];
    const double length = cv::norm(to - from);
    std::vector<cv::Point2f> on_side;
    for (const cv::Point& p : outline) {
      const cv::Point2d v = cv::Point2d(p) - from;
      const double along = v.dot(to - from) / length;
      const double off = std::abs(v.cross(to - from)) / length;
      if (along > 0.2 * length && along < 0.8 * length && off < 4) on_side.emplace_back(p);
    }
    cv::Vec4f line;
    cv::fitLine(on_side, line, cv::DIST_L2, 0, 0.01, 0.01);
    sides.push_back(line);
  }
  std::vector<cv::Point2d> corners;
  for (std::size_t side = 0; side < 4; ++side)
    corners.push_back(line_intersection(sides[(side + 3) % 4], sides[side]));
  return corners;
}

TEST(RenderFreeze, CardCornersLieWhereTheTruthSays) {
  const auto& deck = referee::builtin_freeze_deck().cards;
  for (const double angle : {17.0, 61.0}) {
    const FreezeScene scene = one_stack({{deck[4].id, {}, {0, 0}, 0}}, angle);
    const RenderedImage rendered =
        render_freeze(scene, plain_conditions({1280, 720}, {40, 40, 40}), 5);
    const std::vector<cv::Point2d> found = corners_in_image(rendered.image_bgr);
    ASSERT_EQ(found.size(), 4u);
    for (const auto& corner : rendered.truth["stacks"][0]["corners"]) {
      double nearest = 1e9;
      for (const cv::Point2d& seen : found)
        nearest = std::min(nearest, cv::norm(seen - point_of(corner)));
      EXPECT_LT(nearest, 1.5) << "truth corner " << point_of(corner) << " at angle " << angle;
    }
  }
}

// Two cards from the deck and two positions: at `through` the top card has a hole over a monster
// of the lower card; at `both` both cards have holes.
struct HolePair {
  const referee::FreezeCard* top = nullptr;
  const referee::FreezeCard* below = nullptr;
  int through = -1, both = -1;
};

HolePair find_hole_pair() {
  const auto& deck = referee::builtin_freeze_deck().cards;
  for (const auto& top : deck) {
    for (const auto& below : deck) {
      if (&top == &below) continue;
      HolePair pair{&top, &below};
      for (int cell = 0; cell < 9; ++cell) {
        const auto at = static_cast<std::size_t>(cell);
        if (!top.front[at] && below.front[at]) pair.through = cell;
        if (!top.front[at] && !below.front[at]) pair.both = cell;
      }
      if (pair.through >= 0 && pair.both >= 0) return pair;
    }
  }
  return {};
}

// The colour (3 x 3 mean, sRGB) at the centre of output cell (row, col), located through the
// homography of the truth corners (exact without lens distortion).
cv::Vec3d colour_at_cell(const RenderedImage& rendered, const nlohmann::json& stack, int row,
                         int col) {
  std::vector<cv::Point2f> image_corners;
  for (const auto& corner : stack["corners"]) image_corners.emplace_back(point_of(corner));
  const std::vector<cv::Point2f> card_corners = {{0, 0}, {65, 0}, {65, 65}, {0, 65}};
  const cv::Mat homography = cv::getPerspectiveTransform(card_corners, image_corners);
  const std::array<float, 3> position = {13.5f, 32.5f, 51.5f};
  std::vector<cv::Point2f> centre = {
      {position[static_cast<std::size_t>(col)], position[static_cast<std::size_t>(row)]}};
  std::vector<cv::Point2f> pixel;
  cv::perspectiveTransform(centre, pixel, homography);
  const cv::Scalar mean =
      cv::mean(rendered.image_bgr(cv::Rect(cv::Point(pixel[0]) - cv::Point(1, 1), cv::Size(3, 3))));
  return {mean[2], mean[1], mean[0]};
}

// Output cell (row, col) of a stack whose corners[0] is the card's own corner `start`
// (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left) lies on the card's own cell:
int card_cell(int start, int row, int col) {
  switch (start) {
    case 0:
      return row * 3 + col;
    case 1:
      return col * 3 + (2 - row);
    case 2:
      return (2 - row) * 3 + (2 - col);
    default:
      return (2 - col) * 3 + row;
  }
}

int corner_start(const nlohmann::json& stack, const nlohmann::json& facts) {
  const cv::Point2d first = point_of(stack["corners"][0]);
  for (int start = 0; start < 4; ++start) {
    if (cv::norm(point_of(facts["cards"][0]["corners"][static_cast<std::size_t>(start)]) - first) <
        1e-6)
      return start;
  }
  return -1;
}

TEST(RenderFreeze, ThroughAHoleTheCardBelowOrTheTableShows) {
  const HolePair pair = find_hole_pair();
  ASSERT_NE(pair.top, nullptr);
  const cv::Vec3d table_rgb{60, 60, 60};
  const FreezeScene scene =
      one_stack({{pair.top->id, {}, {0, 0}, 0}, {pair.below->id, {}, {0, 0}, 0}}, 40);
  const RenderedImage rendered = render_freeze(scene, plain_conditions({1280, 720}, table_rgb), 9);
  const nlohmann::json& stack = rendered.truth["stacks"][0];
  const int start = corner_start(stack, rendered.truth["truth"]["stacks"][0]);
  ASSERT_GE(start, 0);
  const Colour monster = *pair.below->front[static_cast<std::size_t>(pair.through)];
  const referee::Rgb reference = referee::reference_rgb(monster);
  bool saw_monster = false, saw_table = false;
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) {
      const int cell = card_cell(start, row, col);
      const cv::Vec3d seen = colour_at_cell(rendered, stack, row, col);
      if (cell == pair.through) {
        EXPECT_LT(cv::norm(seen - cv::Vec3d(reference.r, reference.g, reference.b)), 20) << seen;
        EXPECT_EQ(stack["cells"][static_cast<std::size_t>(row)][static_cast<std::size_t>(col)],
                  referee::colour_name(monster));
        saw_monster = true;
      }
      if (cell == pair.both) {
        EXPECT_LT(cv::norm(seen - table_rgb), 20) << seen;
        EXPECT_EQ(stack["cells"][static_cast<std::size_t>(row)][static_cast<std::size_t>(col)],
                  "empty");
        saw_table = true;
      }
    }
  }
  EXPECT_TRUE(saw_monster && saw_table);
}

std::string cell_name(const std::optional<Colour>& shown) {
  return shown ? std::string(referee::colour_name(*shown)) : std::string("empty");
}

TEST(RenderFreeze, TruthOfAlignedStacksIsWhatTheRefereeSees) {
  FreezeSceneOptions options;
  options.min_stacks = 2;
  options.max_stacks = 3;
  options.min_cards = 2;
  options.misaligned_share = 0.3;
  options.trick_share = 1;
  int aligned_stacks = 0, with_tricks = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    std::mt19937_64 rng(seed);
    const FreezeScene scene = random_freeze_scene(rng, options);
    const RenderedImage rendered =
        render_freeze(scene, plain_conditions({960, 540}, {90, 70, 50}), seed);
    for (std::size_t index = 0; index < scene.stacks.size(); ++index) {
      const FreezeStackLayout& layout = scene.stacks[index];
      const nlohmann::json& stack = rendered.truth["stacks"][index];
      EXPECT_EQ(stack["aligned"].get<bool>(), is_aligned(layout));
      const auto placed = placed_cards(layout);
      const Shown shown = referee::freeze::show_stack(placed);
      nlohmann::json tricks = nlohmann::json::array();
      if (is_aligned(layout) && layout.cards.size() == 3) {
        for (const Colour colour : referee::freeze::line_colours(shown))
          tricks.push_back(referee::colour_name(colour));
      }
      EXPECT_EQ(stack["tricks"], tricks);
      with_tricks += tricks.empty() ? 0 : 1;
      if (!is_aligned(layout)) continue;
      ++aligned_stacks;
      const int start = corner_start(stack, rendered.truth["truth"]["stacks"][index]);
      ASSERT_GE(start, 0);
      for (int row = 0; row < 3; ++row) {
        for (int col = 0; col < 3; ++col) {
          EXPECT_EQ(stack["cells"][static_cast<std::size_t>(row)][static_cast<std::size_t>(col)],
                    cell_name(shown[static_cast<std::size_t>(card_cell(start, row, col))]));
        }
      }
      // Corners run clockwise from the one whose first side points most nearly along +x.
      const cv::Point2d first_side = point_of(stack["corners"][1]) - point_of(stack["corners"][0]);
      // (Perspective keeps the sides from being exactly square: 50 degrees at most.)
      EXPECT_GE(first_side.x / cv::norm(first_side), std::cos(50.0 * 3.14159265358979323846 / 180));
    }
  }
  EXPECT_GE(aligned_stacks, 3);
  EXPECT_GE(with_tricks, 1);
}

TEST(RenderFreeze, EveryCardSpansAtLeast70Px) {
  for (const Level level : {Level::clean, Level::hard}) {
    const RenderedImage rendered = render_random(referee::Game::freeze, level, 77);
    for (const auto& stack : rendered.truth["truth"]["stacks"]) {
      for (const auto& card : stack["cards"]) {
        for (std::size_t side = 0; side < 4; ++side) {
          EXPECT_GE(
              cv::norm(point_of(card["corners"][side]) - point_of(card["corners"][(side + 1) % 4])),
              70.0);
        }
      }
    }
  }
}

TEST(RenderFreeze, SameSeedSameImageOtherSeedOtherImage) {
  const RenderedImage first = render_random(referee::Game::freeze, Level::webcam, 7);
  const RenderedImage again = render_random(referee::Game::freeze, Level::webcam, 7);
  const RenderedImage other = render_random(referee::Game::freeze, Level::webcam, 8);
  ASSERT_EQ(first.image_bgr.size(), again.image_bgr.size());
  EXPECT_EQ(cv::norm(first.image_bgr, again.image_bgr, cv::NORM_INF), 0);
  EXPECT_EQ(first.truth.dump(), again.truth.dump());
  EXPECT_NE(first.truth.dump(), other.truth.dump());
  EXPECT_TRUE(first.image_bgr.size() != other.image_bgr.size() ||
              cv::norm(first.image_bgr, other.image_bgr, cv::NORM_INF) > 0);
}

// Noise sigma of an image: the median absolute difference from a smoothed copy, which the few
// edges of a plain scene do not move.
double noise_estimate(const cv::Mat& image_bgr) {
  cv::Mat grey, smooth, detail;
  cv::cvtColor(image_bgr, grey, cv::COLOR_BGR2GRAY);
  grey.convertTo(grey, CV_32F);
  cv::GaussianBlur(grey, smooth, cv::Size(), 2.0);
  detail = cv::abs(grey - smooth);
  std::vector<float> magnitudes(detail.begin<float>(), detail.end<float>());
  const auto middle = magnitudes.begin() + static_cast<std::ptrdiff_t>(magnitudes.size() / 2);
  std::nth_element(magnitudes.begin(), middle, magnitudes.end());
  return 1.4826 * *middle;
}

TEST(RenderFreeze, NoiseGrowsFromCleanToWebcamToHard) {
  std::mt19937_64 rng(21);
  FreezeSceneOptions options;
  options.max_stacks = 1;
  const FreezeScene scene = random_freeze_scene(rng, options);
  std::array<double, 3> mean_noise{};
  for (const Level level : {Level::clean, Level::webcam, Level::hard}) {
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      std::mt19937_64 draw(100 + seed);
      CaptureConditions conditions = draw_conditions(level, draw);
      // Only the sensor differs: same small plain view, no people.
      const CaptureConditions base = plain_conditions({960, 540}, {120, 110, 100});
      conditions.image_size = base.image_size;
      conditions.table = base.table;
      conditions.hand_count = conditions.sleeve_count = 0;
      conditions.glare_count = 0;
      mean_noise[static_cast<std::size_t>(level)] +=
          noise_estimate(render_freeze(scene, conditions, seed).image_bgr) / 3;
    }
  }
  EXPECT_LT(mean_noise[0], mean_noise[1]);
  EXPECT_LT(mean_noise[1], mean_noise[2]);
  EXPECT_LT(mean_noise[0], 1.5);
}

TEST(RenderFreeze, HandsHideCellsOnlyWhereTheyAre) {
  std::mt19937_64 rng(31);
  FreezeSceneOptions options;
  options.min_stacks = 2;
  options.max_stacks = 3;
  int occluded = 0;
  for (std::uint64_t seed = 0; seed < 2; ++seed) {
    CaptureConditions conditions = draw_conditions(Level::hard, rng);
    conditions.image_size = {960, 540};
    conditions.hand_count = conditions.sleeve_count = 2;
    conditions.glare_count = 0;
    const RenderedImage rendered =
        render_freeze(random_freeze_scene(rng, options), conditions, seed);
    for (const auto& stack : rendered.truth["truth"]["stacks"]) {
      for (std::size_t row = 0; row < 3; ++row) {
        for (std::size_t col = 0; col < 3; ++col) {
          const bool hidden = stack["occluded"][row][col].get<bool>();
          EXPECT_EQ(hidden, stack["occlusion"][row][col].get<double>() > 0.5);
          occluded += hidden ? 1 : 0;
        }
      }
    }
  }
  EXPECT_GT(occluded, 0);
  const RenderedImage clean = render_random(referee::Game::freeze, Level::clean, 31);
  for (const auto& stack : clean.truth["truth"]["stacks"]) {
    for (const auto& row : stack["occluded"]) {
      for (const auto& cell : row) EXPECT_FALSE(cell.get<bool>());
    }
  }
}

TEST(RenderFreeze, AFreezeSceneNeedsCards) {
  EXPECT_THROW(render_freeze(FreezeScene{}, plain_conditions({1280, 720}, {0, 0, 0}), 1),
               std::invalid_argument);
}

}  // namespace
}  // namespace tableref::samples
