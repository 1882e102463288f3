#include <gtest/gtest.h>

#include <set>

#include "referee/deck.hpp"
#include "referee/freeze/stack.hpp"

namespace tableref::referee::freeze {
namespace {

FreezeCard card_with(std::initializer_list<std::pair<int, Colour>> monsters) {
  FreezeCard card{"T", {}};
  for (const auto& [index, colour] : monsters) card.front[static_cast<std::size_t>(index)] = colour;
  return card;
}

TEST(FreezeStack, QuarterTurnMovesTopLeftToTopRight) {
  const FreezeCard card = card_with({{0, Colour::red}});
  EXPECT_EQ(placed_positions(card, {1, false})[2], Colour::red);
  EXPECT_EQ(placed_positions(card, {2, false})[8], Colour::red);
  EXPECT_EQ(placed_positions(card, {3, false})[6], Colour::red);
}

TEST(FreezeStack, FlipMirrorsAboutTheVerticalAxis) {
  const FreezeCard card = card_with({{3, Colour::blue}});  // row 1, column 0
  EXPECT_EQ(placed_positions(card, {0, true})[5], Colour::blue);
}

TEST(FreezeStack, EightPlacementsAreDistinctForAnAsymmetricCard) {
  const FreezeCard card = card_with({{0, Colour::red}, {1, Colour::blue}});
  std::set<std::array<std::optional<Colour>, 9>> seen;
  for (int i = 0; i < kPlacementCount; ++i) {
    EXPECT_EQ(placement_index(placement_from_index(i)), i);
    seen.insert(placed_positions(card, placement_from_index(i)));
  }
  EXPECT_EQ(seen.size(), 8u);
}

TEST(FreezeStack, TopMonsterHidesTheOnesBelowAndHolesShowThrough) {
  const FreezeCard top = card_with({{0, Colour::red}});
  const FreezeCard bottom = card_with({{0, Colour::blue}, {1, Colour::green}});
  const std::array<PlacedCard, 2> stack = {PlacedCard{&top, {}}, PlacedCard{&bottom, {}}};
  const Shown shown = show_stack(stack);
  EXPECT_EQ(shown[0], Colour::red);
  EXPECT_EQ(shown[1], Colour::green);
  EXPECT_FALSE(shown[2].has_value());
}

TEST(FreezeStack, LinesOfThree) {
  const FreezeCard card =
      card_with({{0, Colour::red}, {4, Colour::red}, {8, Colour::red}, {2, Colour::blue}});
  EXPECT_EQ(line_colours(placed_positions(card, {})), std::vector<Colour>{Colour::red});
  const FreezeCard none = card_with({{0, Colour::red}, {1, Colour::red}, {2, Colour::blue}});
  EXPECT_TRUE(line_colours(placed_positions(none, {})).empty());
}

}  // namespace
}  // namespace tableref::referee::freeze
