#include <gtest/gtest.h>

#include <vector>

#include "referee/trio/layout.hpp"
#include "test_support.hpp"

namespace tableref::referee::trio {
namespace {

using test_support::trio_pieces::card;
using test_support::trio_pieces::layout_of;

TEST(TrioLayout, RejectsTwoCardsOnOnePlaceAndOneCardOnTwoPlaces) {
  const std::vector<LaidCard> same_place = {card("TM01", Colour::yellow, 0, 0),
                                            card("TM21", Colour::red, 0, 0)};
  const auto crowded = Layout::from_cards(same_place);
  ASSERT_FALSE(crowded.ok());
  EXPECT_EQ(crowded.error().message, "TM21 and TM01 both lie on [0,0]");

  const std::vector<LaidCard> twice = {card("TM01", Colour::yellow, 0, 0),
                                       card("TM01", Colour::yellow, 1, 0)};
  const auto doubled = Layout::from_cards(twice);
  ASSERT_FALSE(doubled.ok());
  EXPECT_EQ(doubled.error().message, "TM01 lies on two places");
}

TEST(TrioLayout, FindsCardsByPlaceAndById) {
  Layout layout = layout_of({card("TM01", Colour::yellow, 0, 0)});
  layout.add(card("TM21", Colour::red, 1, 0));
  ASSERT_NE(layout.at(Place{1, 0}), nullptr);
  EXPECT_EQ(layout.at(Place{1, 0})->card, "TM21");
  EXPECT_EQ(layout.find("TM01"), (Place{0, 0}));
  EXPECT_FALSE(layout.find("TM02"));
  layout.remove(Place{0, 0});
  EXPECT_FALSE(layout.occupied(Place{0, 0}));
  EXPECT_EQ(layout.size(), 1u);
}

TEST(TrioLayout, AllSidesCoveredNeedsThreeEdgeNeighbours) {
  // (1,0) points down: its sides face (0,0), (2,0) and (1,-1).
  Layout layout = layout_of({card("TM51", Colour::black, 1, 0), card("TM01", Colour::yellow, 0, 0),
                             card("TM11", Colour::green, 2, 0)});
  EXPECT_EQ(layout.edge_neighbours_present(Place{1, 0}).size(), 2u);
  EXPECT_FALSE(layout.all_sides_covered(Place{1, 0}));
  // A card touching only a corner covers no side.
  layout.add(card("TM31", Colour::blue, 0, -1));
  EXPECT_FALSE(layout.all_sides_covered(Place{1, 0}));
  layout.add(card("TM32", Colour::blue, 1, -1));
  EXPECT_TRUE(layout.all_sides_covered(Place{1, 0}));
}

TEST(TrioLayout, ColourGroupFollowsSidesOfOneColourOnly) {
  const Layout layout = layout_of({
      card("TM21", Colour::red, 0, 0), card("TM22", Colour::red, 1, 0),
      card("TM23", Colour::red, 2, 0), card("TM31", Colour::blue, 3, 0),  // breaks the row
      card("TM24", Colour::red, 4, 0),   // touches TM23 by a corner only
      card("TM25", Colour::red, 0, -1),  // touches TM21 by a corner only
  });
  EXPECT_EQ(layout.colour_group(Place{1, 0}), (PlaceSet{{0, 0}, {1, 0}, {2, 0}}));
  EXPECT_EQ(layout.colour_group(Place{4, 0}), (PlaceSet{{4, 0}}));
  EXPECT_EQ(layout.colour_group(Place{3, 0}), (PlaceSet{{3, 0}}));
}

TEST(TrioLayout, ComponentsJoinBySidesOrCorners) {
  const Layout layout = layout_of({
      card("TM01", Colour::yellow, 0, 0), card("TM02", Colour::yellow, 1, 0),
      card("TM03", Colour::yellow, 1, 1),  // touches (0,0) and (1,0) by a corner only
      card("TM04", Colour::yellow, 8, 0),  // far away
  });
  const auto components = layout.components();
  ASSERT_EQ(components.size(), 2u);
  EXPECT_EQ(components[0], (PlaceSet{{0, 0}, {1, 0}, {1, 1}}));
  EXPECT_EQ(components[1], (PlaceSet{{8, 0}}));
  EXPECT_EQ(layout.largest_components().size(), 1u);
}

TEST(TrioLayout, LargestComponentsListsEveryTiedGroup) {
  const Layout layout =
      layout_of({card("TM01", Colour::yellow, 0, 0), card("TM02", Colour::yellow, 1, 0),
                 card("TM03", Colour::yellow, 8, 0), card("TM04", Colour::yellow, 9, 0),
                 card("TM05", Colour::yellow, 20, 0)});
  const auto largest = layout.largest_components();
  ASSERT_EQ(largest.size(), 2u);
  EXPECT_EQ(largest[0], (PlaceSet{{0, 0}, {1, 0}}));
  EXPECT_EQ(largest[1], (PlaceSet{{8, 0}, {9, 0}}));
  EXPECT_TRUE(Layout{}.largest_components().empty());
}

TEST(TrioLayout, CardIdsInReadingOrder) {
  const Layout layout =
      layout_of({card("TM05", Colour::yellow, 0, 1), card("TM01", Colour::yellow, 2, 0),
                 card("TM03", Colour::yellow, 1, 0), card("TM02", Colour::yellow, -1, 1)});
  EXPECT_EQ(layout.card_ids(PlaceSet{{0, 1}, {2, 0}, {1, 0}, {-1, 1}}),
            (std::vector<CardId>{"TM03", "TM01", "TM02", "TM05"}));
}

TEST(TrioLayout, NewCardsAreThoseOnPlacesThatWereEmpty) {
  const Layout known = layout_of({card("7", Colour::yellow, 0, 0)});
  const std::vector<LaidCard> seen = {card("7", Colour::yellow, 0, 0), card("8", Colour::red, 1, 0),
                                      card("9", Colour::red, 2, 0)};
  EXPECT_EQ(cards_new_in(known, seen), (std::vector<LaidCard>{seen[1], seen[2]}));
}

}  // namespace
}  // namespace tableref::referee::trio
