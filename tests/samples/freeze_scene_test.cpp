#include "samples/freeze_scene.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>
#include <set>

#include "referee/deck.hpp"

namespace tableref::samples {
namespace {

std::vector<cv::Point2f> outline(const FreezeStackLayout& stack, std::size_t card) {
  const auto corners = card_corners(card_pose(stack, card));
  return {corners.begin(), corners.end()};
}

FreezeStackLayout two_cards(cv::Point2d lower_offset_mm, double lower_turn_deg) {
  const auto& deck = referee::builtin_freeze_deck().cards;
  FreezeStackLayout stack;
  stack.cards = {{deck[0].id, {}, {0, 0}, 0}, {deck[1].id, {}, lower_offset_mm, lower_turn_deg}};
  stack.angle_deg = 33;
  return stack;
}

TEST(FreezeScene, AlignmentFollowsTheThresholdsOfComponents) {
  EXPECT_TRUE(is_aligned(two_cards({2.9, 0}, 0)));
  EXPECT_FALSE(is_aligned(two_cards({3.1, 0}, 0)));
  EXPECT_TRUE(is_aligned(two_cards({0, 0}, 3.9)));
  EXPECT_FALSE(is_aligned(two_cards({0, 0}, -4.1)));
  // Turned by whole quarter turns is a placement, not a misalignment.
  EXPECT_TRUE(is_aligned(two_cards({0, 0}, 360 - 1)));
}

TEST(FreezeScene, CardCornersTurnWithTheStack) {
  FreezeStackLayout stack = two_cards({0, 0}, 0);
  stack.centre_mm = {100, 50};
  stack.angle_deg = 90;  // clockwise as seen from above: the top edge now runs down the right
  const auto corners = card_corners(card_pose(stack, 0));
  EXPECT_LT(cv::norm(corners[0] - cv::Point2d(132.5, 17.5)), 1e-9);
  EXPECT_LT(cv::norm(corners[1] - cv::Point2d(132.5, 82.5)), 1e-9);
  EXPECT_LT(cv::norm(corners[2] - cv::Point2d(67.5, 82.5)), 1e-9);
}

TEST(FreezeScene, StacksNeverTouchAndEachCardIsUsedOnce) {
  std::mt19937_64 rng(11);
  for (int draw = 0; draw < 150; ++draw) {
    const FreezeScene scene = random_freeze_scene(rng);
    ASSERT_GE(scene.stacks.size(), 1u);
    ASSERT_LE(scene.stacks.size(), 6u);
    std::set<std::string> ids;
    for (std::size_t a = 0; a < scene.stacks.size(); ++a) {
      ASSERT_GE(scene.stacks[a].cards.size(), 1u);
      ASSERT_LE(scene.stacks[a].cards.size(), 3u);
      for (const FreezeCardLayout& card : scene.stacks[a].cards) {
        EXPECT_NE(referee::builtin_freeze_deck().find(card.card_id), nullptr);
        EXPECT_TRUE(ids.insert(card.card_id).second) << card.card_id << " twice";
      }
      for (std::size_t b = a + 1; b < scene.stacks.size(); ++b) {
        for (std::size_t i = 0; i < scene.stacks[a].cards.size(); ++i) {
          for (std::size_t j = 0; j < scene.stacks[b].cards.size(); ++j) {
            std::vector<cv::Point2f> overlap;
            EXPECT_EQ(cv::intersectConvexConvex(outline(scene.stacks[a], i),
                                                outline(scene.stacks[b], j), overlap),
                      0.0f)
                << "draw " << draw;
          }
        }
      }
    }
  }
}

TEST(FreezeScene, OptionsForceStackAndCardCounts) {
  std::mt19937_64 rng(5);
  FreezeSceneOptions options;
  options.min_stacks = options.max_stacks = 4;
  options.min_cards = options.max_cards = 3;
  options.misaligned_share = 0;
  for (int draw = 0; draw < 30; ++draw) {
    const FreezeScene scene = random_freeze_scene(rng, options);
    ASSERT_EQ(scene.stacks.size(), 4u);
    for (const FreezeStackLayout& stack : scene.stacks) {
      EXPECT_EQ(stack.cards.size(), 3u);
      EXPECT_TRUE(is_aligned(stack));
    }
  }
}

TEST(FreezeScene, MisalignedStacksAreClearlyOffAndAlignedOnesClearlyOn) {
  std::mt19937_64 rng(6);
  FreezeSceneOptions options;
  options.min_cards = 2;
  options.misaligned_share = 1;
  for (int draw = 0; draw < 40; ++draw) {
    for (const FreezeStackLayout& stack : random_freeze_scene(rng, options).stacks) {
      EXPECT_FALSE(is_aligned(stack));
    }
  }
  options.misaligned_share = 0;
  for (int draw = 0; draw < 40; ++draw) {
    for (const FreezeStackLayout& stack : random_freeze_scene(rng, options).stacks) {
      // Well inside the 3 mm / 4 degree tolerance, so that no reader can doubt it.
      for (std::size_t upper = 0; upper + 1 < stack.cards.size(); ++upper) {
        const CardPose top = card_pose(stack, upper), below = card_pose(stack, upper + 1);
        EXPECT_LE(cv::norm(top.centre_mm - below.centre_mm), 1.6 + 1e-9);
        EXPECT_LE(std::abs(top.angle_deg - below.angle_deg), 2.0 + 1e-9);
      }
    }
  }
}

TEST(FreezeScene, MostThreeCardStacksBuiltForTricksShowOne) {
  std::mt19937_64 rng(9);
  FreezeSceneOptions options;
  options.min_cards = options.max_cards = 3;
  options.trick_share = 0.6;
  int stacks = 0, with_line = 0;
  for (int draw = 0; draw < 60; ++draw) {
    for (const FreezeStackLayout& stack : random_freeze_scene(rng, options).stacks) {
      ++stacks;
      with_line +=
          referee::freeze::line_colours(referee::freeze::show_stack(placed_cards(stack))).empty()
              ? 0
              : 1;
    }
  }
  EXPECT_GE(with_line, stacks / 2) << with_line << " of " << stacks;
  EXPECT_LT(with_line, stacks) << "some stacks should show no line";
}

}  // namespace
}  // namespace tableref::samples
