#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "referee/deck.hpp"
#include "referee/freeze/explain.hpp"

namespace tableref::referee::freeze {
namespace {

View view_of(const Shown& shown) {
  View view;
  for (std::size_t i = 0; i < 9; ++i) {
    view[i] = shown[i] ? ViewCell::monster(*shown[i]) : ViewCell::empty();
  }
  return view;
}

TEST(FreezeExplain, ASingleCardIsExplainedByOneCard) {
  const FreezeDeck& deck = builtin_freeze_deck();
  const Shown shown = placed_positions(deck.cards[4], {2, true});
  const auto found = fewest_card_explanations(deck, view_of(shown));
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found.front().top_first.size(), 1u);
}

// components.md: the deck's cards have 3 to 5 holes each.
TEST(FreezeExplain, TheTableShowsThroughAtMostFivePositionsOfAStack) {
  const FreezeDeck& deck = builtin_freeze_deck();
  EXPECT_EQ(most_table_positions(deck), 5);
  std::mt19937 random(11);
  for (int trial = 0; trial < 50; ++trial) {
    std::array<PlacedCard, 2> stack;
    for (PlacedCard& card : stack) {
      card = {&deck.cards[random() % deck.cards.size()],
              placement_from_index(static_cast<int>(random() % 8))};
    }
    EXPECT_LE(table_positions(view_of(show_stack(stack))), 5);
  }
  View table;
  table.fill(ViewCell::empty());
  table[4] = ViewCell::unknown();
  EXPECT_EQ(table_positions(table), 8);
}

TEST(FreezeExplain, RandomThreeCardStacksAreExplainedByAtMostThreeCards) {
  const FreezeDeck& deck = builtin_freeze_deck();
  std::mt19937 random(7);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<std::size_t> ids(deck.cards.size());
    std::iota(ids.begin(), ids.end(), 0);
    std::shuffle(ids.begin(), ids.end(), random);
    std::array<PlacedCard, 3> stack;
    for (std::size_t i = 0; i < 3; ++i) {
      stack[i] = {&deck.cards[ids[i]], placement_from_index(static_cast<int>(random() % 8))};
    }
    const View view = view_of(show_stack(stack));
    const auto found = fewest_card_explanations(deck, view);
    ASSERT_FALSE(found.empty());
    // Every explanation really shows the view.
    for (const StackExplanation& explanation : found) {
      EXPECT_EQ(view_of(show_stack(explanation.top_first)), view);
    }
  }
}

TEST(FreezeExplain, AnImpossibleViewHasNoExplanation) {
  View all_red;
  all_red.fill(ViewCell::monster(Colour::red));
  EXPECT_TRUE(fewest_card_explanations(builtin_freeze_deck(), all_red).empty());
}

TEST(FreezeExplain, UnknownPositionsMatchAnything) {
  View unknown;
  unknown.fill(ViewCell::unknown());
  const auto found = fewest_card_explanations(builtin_freeze_deck(), unknown);
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found.front().top_first.size(), 1u);
}

TEST(FreezeExplain, LinesOnlyCountReadablePositions) {
  View view;
  view.fill(ViewCell::empty());
  view[0] = view[1] = ViewCell::monster(Colour::blue);
  view[2] = ViewCell::unknown();
  EXPECT_TRUE(readable_line_colours(view).empty());
  view[2] = ViewCell::monster(Colour::blue);
  EXPECT_EQ(readable_line_colours(view), std::vector<Colour>{Colour::blue});
}

}  // namespace
}  // namespace tableref::referee::freeze
