#include <gtest/gtest.h>

#include <vector>

#include "referee/trio/detached.hpp"
#include "test_support.hpp"

namespace tableref::referee::trio {
namespace {

using test_support::trio_pieces::layout_of;

// Row 0 of the lattice: (0,0) up, (1,0) down, (2,0) up, ...; each shares a side with the next.
// (2,0) and (4,0) share only a corner, (2,0) and (5,0) nothing.
LaidCard card(const char* id, int col, int row) {
  return LaidCard{id, Colour::yellow, Place{col, row}};
}

TEST(TrioDetached, NothingWhenAllCardsHangTogether) {
  const Layout layout = layout_of({card("A", 0, 0), card("B", 1, 0), card("C", 2, 0)});
  EXPECT_EQ(std::get<PlaceSet>(detached_cards(layout)), PlaceSet{});
  EXPECT_EQ(std::get<PlaceSet>(detached_cards(Layout{})), PlaceSet{});
}

TEST(TrioDetached, CardsAwayFromTheLargestGroupGo) {
  const Layout layout = layout_of({card("A", 0, 0), card("B", 1, 0), card("C", 2, 0),
                                   card("D", 8, 0), card("E", 8, 3), card("F", 9, 3)});
  EXPECT_EQ(std::get<PlaceSet>(detached_cards(layout)), (PlaceSet{{8, 0}, {8, 3}, {9, 3}}));
}

TEST(TrioDetached, ACornerKeepsACardAttached) {
  const Layout corner =
      layout_of({card("A", 0, 0), card("B", 1, 0), card("C", 2, 0), card("D", 4, 0)});
  EXPECT_EQ(std::get<PlaceSet>(detached_cards(corner)), PlaceSet{});
  const Layout apart =
      layout_of({card("A", 0, 0), card("B", 1, 0), card("C", 2, 0), card("D", 5, 0)});
  EXPECT_EQ(std::get<PlaceSet>(detached_cards(apart)), (PlaceSet{{5, 0}}));
}

TEST(TrioDetached, ATieForLargestIsLeftToThePlayers) {
  const Layout layout = layout_of(
      {card("A", 0, 0), card("B", 1, 0), card("C", 8, 0), card("D", 9, 0), card("E", 20, 0)});
  const Detachment detachment = detached_cards(layout);
  const auto* tie = std::get_if<LargestGroupTie>(&detachment);
  ASSERT_NE(tie, nullptr);
  ASSERT_EQ(tie->groups.size(), 2u);
  EXPECT_EQ(tie->groups[0], (PlaceSet{{0, 0}, {1, 0}}));
  EXPECT_EQ(tie->groups[1], (PlaceSet{{8, 0}, {9, 0}}));

  EXPECT_EQ(detached_keeping(layout, Place{9, 0}), (PlaceSet{{0, 0}, {1, 0}, {20, 0}}));
  EXPECT_EQ(detached_keeping(layout, Place{0, 0}), (PlaceSet{{8, 0}, {9, 0}, {20, 0}}));
}

}  // namespace
}  // namespace tableref::referee::trio
