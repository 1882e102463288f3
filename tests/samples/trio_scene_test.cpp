// Trio Monsters scenes: layouts as a game makes them, drawn where the camera says, with the
// lattice's neighbours as truth.

#include "samples/trio_scene.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <opencv2/imgproc.hpp>
#include <set>
#include <stdexcept>

#include "plain_conditions.hpp"
#include "referee/colour.hpp"
#include "referee/deck.hpp"
#include "truth_points.hpp"

namespace tableref::samples {
namespace {

using referee::Colour;
using referee::trio::Place;

// A plain dark table, neutral light, no lens distortion and no sensor degradation, nothing over the
// table, seen at a slant.
CaptureConditions plain_conditions(cv::Size size) {
  CaptureConditions conditions =
      with_nothing_over_the_table(plain_capture(size, {40, 40, 40}, 5, 500));
  conditions.tilt_deg = 18;
  conditions.yaw_deg = 40;
  conditions.light_elevation_deg = 85;
  conditions.paper_grain = 0;
  conditions.jpeg_quality = 0;
  return conditions;
}

std::set<int> ids(const nlohmann::json& list) {
  std::set<int> found;
  for (const auto& id : list) found.insert(id.get<int>());
  return found;
}

// Whether every card of `cards` can be reached from the first through shared sides.
bool edge_connected(const std::vector<Place>& places) {
  if (places.empty()) return true;
  std::set<Place> reached = {places.front()}, todo = {places.front()};
  const std::set<Place> all(places.begin(), places.end());
  while (!todo.empty()) {
    const Place place = *todo.begin();
    todo.erase(todo.begin());
    for (const Place& next : referee::trio::edge_neighbours(place)) {
      if (all.contains(next) && reached.insert(next).second) todo.insert(next);
    }
  }
  return reached.size() == all.size();
}

TEST(TrioScene, LayoutsAreLaidAsHandsLayThem) {
  int with_apart_group = 0, largest = 0;
  for (std::uint64_t seed = 0; seed < 25; ++seed) {
    std::mt19937_64 rng(seed);
    const TrioScene scene = random_trio_scene(rng);
    ASSERT_GE(scene.cards.size(), 1u);
    ASSERT_LE(scene.cards.size(), 40u);
    largest = std::max(largest, static_cast<int>(scene.cards.size()));
    std::set<Place> places;
    std::set<std::string> card_ids;
    for (const TrioCardLayout& card : scene.cards) {
      EXPECT_TRUE(places.insert(card.place).second) << "two cards on one place";
      EXPECT_TRUE(card_ids.insert(card.card_id).second) << "a card drawn twice";
      EXPECT_EQ(referee::builtin_trio_deck().find(card.card_id)->colour, card.colour);
      EXPECT_LE(cv::norm(card.offset_mm), kTrioMaxOffsetMm + 1e-9);
      EXPECT_LE(std::abs(card.turn_deg), kTrioMaxTurnDeg + 1e-9);
    }
    for (std::size_t a = 0; a < scene.cards.size(); ++a) {
      for (std::size_t b = a + 1; b < scene.cards.size(); ++b) {
        EXPECT_FALSE(trio_cards_overlap(scene, scene.cards[a], scene.cards[b]));
        if (!referee::trio::share_edge(scene.cards[a].place, scene.cards[b].place)) continue;
        const SideGap gap = trio_side_gap(scene, scene.cards[a], scene.cards[b]);
        EXPECT_GE(gap.smallest_mm, 0.0);
        EXPECT_LE(gap.largest_mm, kTrioMaxGapMm + 1e-9);
      }
    }
    std::vector<Place> all;
    for (const TrioCardLayout& card : scene.cards) all.push_back(card.place);
    if (!edge_connected(all)) {
      ++with_apart_group;
      // Apart from the group grown from the middle card, 1 to 4 cards.
      std::size_t grown = all.size();
      while (grown > 0 && !edge_connected({all.begin(), all.begin() + static_cast<long>(grown)}))
        --grown;
      EXPECT_TRUE(edge_connected({all.begin(), all.begin() + static_cast<long>(grown)}));
      EXPECT_GE(all.size() - grown, 1u);
      EXPECT_LE(all.size() - grown, 4u);
    }
  }
  EXPECT_GT(with_apart_group, 3);
  EXPECT_GT(largest, 30);
}

TEST(TrioScene, NeighboursLyingOnTheirPlacesLeaveTheChosenGap) {
  TrioScene scene;
  scene.pitch_mm = trio_pitch_for_gap(2.0);
  scene.cards = {{"TM01", Colour::yellow, {0, 0}, {0, 0}, 0},
                 {"TM02", Colour::yellow, {1, 0}, {0, 0}, 0}};
  const SideGap gap = trio_side_gap(scene, scene.cards[0], scene.cards[1]);
  EXPECT_NEAR(gap.smallest_mm, 2.0, 1e-9);
  EXPECT_NEAR(gap.largest_mm, 2.0, 1e-9);
  // Turned by 3 degrees, the card's side swings about its middle: 40 mm * sin(3) either way.
  scene.cards[1].turn_deg = 3;
  const SideGap turned = trio_side_gap(scene, scene.cards[0], scene.cards[1]);
  EXPECT_NEAR(turned.largest_mm - turned.smallest_mm, 80 * std::sin(3 * CV_PI / 180), 0.1);
}

// The card's corners as the image shows them: the smallest triangle around its outline, whose
// sides lie on the card's straight sides and whose corners are the card's before rounding.
std::vector<cv::Point2d> triangle_in_image(const cv::Mat& image_bgr) {
  cv::Mat grey, mask;
  cv::cvtColor(image_bgr, grey, cv::COLOR_BGR2GRAY);
  cv::threshold(grey, mask, 110, 255, cv::THRESH_BINARY);
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(mask, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  if (contours.empty()) return {};
  const auto& outline = *std::max_element(
      contours.begin(), contours.end(),
      [](const auto& a, const auto& b) { return cv::contourArea(a) < cv::contourArea(b); });
  std::vector<cv::Point2f> triangle;
  cv::minEnclosingTriangle(outline, triangle);
  return {triangle.begin(), triangle.end()};
}

TEST(RenderTrio, CardCornersAndCentreLieWhereTheTruthSays) {
  for (const Place place : {Place{0, 0}, Place{1, 0}}) {  // pointing up, then down
    TrioScene scene;
    scene.cards = {{"TM41", Colour::blue, place, {1.5, -1}, 3}};
    scene.angle_deg = 25;
    const RenderedImage rendered = render_trio(scene, plain_conditions({1280, 720}), 3);
    const std::vector<cv::Point2d> found = triangle_in_image(rendered.image_bgr);
    ASSERT_EQ(found.size(), 3u);
    const nlohmann::json& card = rendered.truth["cards"][0];
    for (const auto& corner : card["polygon"]) {
      double nearest = 1e9;
      for (const cv::Point2d& seen : found)
        nearest = std::min(nearest, cv::norm(seen - point_of(corner)));
      EXPECT_LT(nearest, 1.5) << "truth corner " << point_of(corner);
    }
    // Clockwise in the image (y down: a positive cross product).
    const cv::Point2d a = point_of(card["polygon"][0]), b = point_of(card["polygon"][1]),
                      c = point_of(card["polygon"][2]);
    EXPECT_GT((b - a).cross(c - a), 0);
    // The monster's body, blue, lies on the centre.
    const cv::Point centre(point_of(card["center"]));
    const cv::Scalar mean =
        cv::mean(rendered.image_bgr(cv::Rect(centre + cv::Point(4, 4), cv::Size(5, 5))));
    EXPECT_LT(cv::norm(cv::Vec3d(mean[2], mean[1], mean[0]) - cv::Vec3d(0x2E, 0x6F, 0xD0)), 25);
    EXPECT_EQ(card["color"], "blue");
  }
}

TEST(RenderTrio, TruthNeighboursAreTheLattices) {
  int detached_seen = 0, corner_only_seen = 0;
  for (std::uint64_t seed = 0; seed < 12; ++seed) {
    std::mt19937_64 rng(100 + seed);
    TrioSceneOptions options;
    options.min_cards = 6;
    options.max_cards = 16;
    options.apart_group_share = 1;
    const TrioScene scene = random_trio_scene(rng, options);
    const RenderedImage rendered = render_trio(scene, plain_conditions({960, 540}), seed);
    const nlohmann::json& cards = rendered.truth["cards"];
    ASSERT_EQ(cards.size(), scene.cards.size());
    std::map<Place, int> id_at;
    for (std::size_t i = 0; i < scene.cards.size(); ++i) id_at[scene.cards[i].place] = int(i);
    for (std::size_t i = 0; i < scene.cards.size(); ++i) {
      EXPECT_EQ(cards[i]["id"], i);
      EXPECT_EQ(cards[i]["color"], referee::colour_name(scene.cards[i].colour));
      std::set<int> edges, corners;
      for (const Place& next : referee::trio::edge_neighbours(scene.cards[i].place))
        if (id_at.contains(next)) edges.insert(id_at[next]);
      for (const Place& next : referee::trio::corner_neighbours(scene.cards[i].place))
        if (id_at.contains(next)) corners.insert(id_at[next]);
      EXPECT_EQ(ids(cards[i]["edge_neighbors"]), edges);
      EXPECT_EQ(ids(cards[i]["corner_neighbors"]), corners);
      corner_only_seen += !corners.empty() && edges.empty();
    }
    // Detached: the cards touching nothing of the group grown from the middle card (card 0).
    std::set<int> expected;
    std::vector<Place> all;
    for (const TrioCardLayout& card : scene.cards) all.push_back(card.place);
    std::set<int> reached = {0}, todo = {0};
    while (!todo.empty()) {
      const int at = *todo.begin();
      todo.erase(todo.begin());
      for (const auto& key : {"edge_neighbors", "corner_neighbors"}) {
        for (const int next : ids(cards[static_cast<std::size_t>(at)][key]))
          if (reached.insert(next).second) todo.insert(next);
      }
    }
    for (std::size_t i = 0; i < all.size(); ++i)
      if (!reached.contains(int(i))) expected.insert(int(i));
    EXPECT_EQ(ids(rendered.truth["detached"]), expected);
    detached_seen += !expected.empty();
  }
  EXPECT_GE(detached_seen, 2);
  EXPECT_GE(corner_only_seen, 1);
}

TEST(RenderTrio, RandomScenesAtEveryLevelFrameEveryCardAtLeast70Px) {
  for (const Level level : {Level::clean, Level::webcam, Level::hard}) {
    const RenderedImage rendered = render_random(referee::Game::trio, level, 41);
    EXPECT_EQ(rendered.truth["game"], "trio");
    EXPECT_EQ(rendered.truth["truth"]["level"], level_name(level));
    for (const auto& card : rendered.truth["cards"]) {
      for (std::size_t side = 0; side < 3; ++side) {
        EXPECT_GE(
            cv::norm(point_of(card["polygon"][side]) - point_of(card["polygon"][(side + 1) % 3])),
            70.0);
      }
    }
  }
}

TEST(RenderTrio, SameSeedSameImageOtherSeedOtherImage) {
  const RenderedImage first = render_random(referee::Game::trio, Level::webcam, 7);
  const RenderedImage again = render_random(referee::Game::trio, Level::webcam, 7);
  const RenderedImage other = render_random(referee::Game::trio, Level::webcam, 8);
  ASSERT_EQ(first.image_bgr.size(), again.image_bgr.size());
  EXPECT_EQ(cv::norm(first.image_bgr, again.image_bgr, cv::NORM_INF), 0);
  EXPECT_EQ(first.truth.dump(), again.truth.dump());
  EXPECT_NE(first.truth.dump(), other.truth.dump());
}

TEST(RenderTrio, HandsOverCardsShowInTheTruth) {
  std::mt19937_64 rng(17);
  TrioSceneOptions options;
  options.min_cards = 8;
  options.max_cards = 12;
  const TrioScene scene = random_trio_scene(rng, options);
  CaptureConditions conditions = plain_conditions({960, 540});
  conditions.hand_count = 2;
  conditions.sleeve_count = 1;
  conditions.hands_over_pieces = true;
  const RenderedImage rendered = render_trio(scene, conditions, 5);
  double least_visible = 1;
  for (const auto& card : rendered.truth["truth"]["cards"]) {
    const double visible = card["visible_fraction"].get<double>();
    least_visible = std::min(least_visible, visible);
    EXPECT_EQ(card["occluded"].get<bool>(), visible < 0.95);
  }
  EXPECT_LT(least_visible, 0.95);
  EXPECT_EQ(rendered.truth["status"], least_visible < 0.8 ? "unstable" : "ok");
}

TEST(RenderTrio, EmptyScenesAreRefused) {
  EXPECT_THROW(render_trio(TrioScene{}, plain_conditions({1280, 720}), 1), std::invalid_argument);
}

}  // namespace
}  // namespace tableref::samples
