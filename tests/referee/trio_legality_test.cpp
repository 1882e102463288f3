#include <gtest/gtest.h>

#include <vector>

#include "referee/trio/legality.hpp"
#include "test_support.hpp"

namespace tableref::referee::trio {
namespace {

using test_support::trio_pieces::card;
using test_support::trio_pieces::layout_of;

// The table after set-up: the middle card, yellow, on (0,0).
Layout middle_only() {
  return layout_of({card("TM01", Colour::yellow, 0, 0)});
}

TEST(TrioLegality, ACardMustTouchAlongAWholeSide) {
  EXPECT_FALSE(why_illegal(middle_only(), card("TM21", Colour::red, 1, 0)));
  EXPECT_FALSE(why_illegal(middle_only(), card("TM21", Colour::red, -1, 0)));
  EXPECT_FALSE(why_illegal(middle_only(), card("TM21", Colour::red, 0, 1)));
}

TEST(TrioLegality, CornerContactIsNotEnough) {
  EXPECT_EQ(why_illegal(middle_only(), card("TM21", Colour::red, 2, 0)),
            "TM21 (red) touches no card along a side");
  EXPECT_EQ(why_illegal(middle_only(), card("TM21", Colour::red, 0, -1)),
            "TM21 (red) touches no card along a side");
  EXPECT_EQ(why_illegal(middle_only(), card("TM21", Colour::red, 7, 3)),
            "TM21 (red) touches no card along a side");
}

TEST(TrioLegality, AnEmptyTableTakesACardAnywhere) {
  EXPECT_FALSE(why_illegal(Layout{}, card("TM21", Colour::red, 5, -2)));
}

TEST(TrioLegality, PlaceMustBeEmptyAndCardNotAlreadyLaid) {
  EXPECT_EQ(why_illegal(middle_only(), card("TM21", Colour::red, 0, 0)),
            "TM21 (red) cannot go on [0,0]: TM01 lies there");
  EXPECT_EQ(why_illegal(middle_only(), card("TM01", Colour::yellow, 1, 0)),
            "TM01 already lies on the table at [0,0]");
}

TEST(TrioLegality, ColourRuleAsksForASideWithThatColour) {
  const Layout layout =
      layout_of({card("TM01", Colour::yellow, 0, 0), card("TM21", Colour::red, 1, 0)});
  EXPECT_FALSE(why_illegal(layout, card("TM22", Colour::red, 2, 0)));
  EXPECT_EQ(why_illegal(layout, card("TM22", Colour::red, -1, 0)),
            "TM22 (red) must touch a red monster: the red monster TM21 still has an open side");
  // A colour not yet on the table goes anywhere it touches a side.
  EXPECT_FALSE(why_illegal(layout, card("TM31", Colour::blue, -1, 0)));
}

TEST(TrioLegality, ColourRuleNamesEveryOpenMonsterOfThatColour) {
  const Layout layout =
      layout_of({card("TM01", Colour::yellow, 0, 0), card("TM21", Colour::red, 1, 0),
                 card("TM22", Colour::red, -1, 0)});
  EXPECT_EQ(why_illegal(layout, card("TM23", Colour::red, 0, 1)),
            "TM23 (red) must touch a red monster: the red monsters TM22 and TM21 still have an "
            "open side");
}

TEST(TrioLegality, SurroundedColourFreesTheNewCard) {
  // The only red, TM21 on (1,0), has all three sides covered.
  Layout layout = layout_of({card("TM21", Colour::red, 1, 0), card("TM01", Colour::yellow, 0, 0),
                             card("TM11", Colour::green, 2, 0)});
  const LaidCard far_red = card("TM22", Colour::red, -1, 0);
  EXPECT_TRUE(why_illegal(layout, far_red));
  layout.add(card("TM31", Colour::blue, 1, -1));
  EXPECT_FALSE(why_illegal(layout, far_red));
  // One open red among surrounded ones is enough to bind the new card.
  layout.add(card("TM23", Colour::red, 3, 0));
  EXPECT_EQ(why_illegal(layout, card("TM24", Colour::red, -1, 0)),
            "TM24 (red) must touch a red monster: the red monster TM23 still has an open side");
}

TEST(TrioLegality, ColourRuleHoldsForBlackToo) {
  Layout layout = layout_of({card("TM51", Colour::black, 1, 0), card("TM01", Colour::yellow, 0, 0),
                             card("TM02", Colour::yellow, 2, 0)});
  EXPECT_EQ(why_illegal(layout, card("TM52", Colour::black, -1, 0)),
            "TM52 (black) must touch a black monster: the black monster TM51 still has an open "
            "side");
  EXPECT_FALSE(why_illegal(layout, card("TM52", Colour::black, 1, -1)));
  layout.add(card("TM03", Colour::yellow, 1, -1));
  EXPECT_FALSE(why_illegal(layout, card("TM52", Colour::black, -1, 0)));
}

TEST(TrioLegality, ATurnLaysOneToThreeCards) {
  EXPECT_EQ(why_illegal_play(middle_only(), {}), "a turn lays 1 to 3 cards, not 0");
  const std::vector<LaidCard> four = {
      card("TM21", Colour::red, 1, 0), card("TM22", Colour::red, 2, 0),
      card("TM23", Colour::red, 3, 0), card("TM24", Colour::red, 4, 0)};
  EXPECT_EQ(why_illegal_play(middle_only(), four), "a turn lays 1 to 3 cards, not 4");
  const std::vector<LaidCard> three(four.begin(), four.begin() + 3);
  EXPECT_FALSE(why_illegal_play(middle_only(), three));
}

TEST(TrioLegality, CardsOfATurnAreCheckedInTheOrderGiven) {
  const std::vector<LaidCard> outward = {card("TM21", Colour::red, 1, 0),
                                         card("TM22", Colour::red, 2, 0)};
  EXPECT_FALSE(why_illegal_play(middle_only(), outward));
  const std::vector<LaidCard> inward = {outward[1], outward[0]};
  EXPECT_EQ(why_illegal_play(middle_only(), inward), "TM22 (red) touches no card along a side");
  // An earlier card of the turn binds a later one by the colour rule.
  const std::vector<LaidCard> apart = {card("TM21", Colour::red, 1, 0),
                                       card("TM22", Colour::red, -1, 0)};
  EXPECT_EQ(why_illegal_play(middle_only(), apart),
            "TM22 (red) must touch a red monster: the red monster TM21 still has an open side");
}

TEST(TrioLegality, ACardIsLaidOnlyOncePerTurn) {
  const std::vector<LaidCard> twice = {card("TM21", Colour::red, 1, 0),
                                       card("TM21", Colour::red, 2, 0)};
  EXPECT_EQ(why_illegal_play(middle_only(), twice), "TM21 is laid twice");
}

TEST(TrioLegality, CardsSeenTogetherAreLegalInSomeOrder) {
  const std::vector<LaidCard> inward = {card("TM22", Colour::red, 2, 0),
                                        card("TM21", Colour::red, 1, 0)};
  const auto order = legal_order(middle_only(), inward);
  ASSERT_TRUE(order.ok());
  EXPECT_EQ(*order, (std::vector<LaidCard>{inward[1], inward[0]}));

  const std::vector<LaidCard> stranded = {card("TM22", Colour::red, 2, 0),
                                          card("TM23", Colour::red, 4, 0)};
  const auto none = legal_order(middle_only(), stranded);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().message, "TM22 (red) touches no card along a side");
}

}  // namespace
}  // namespace tableref::referee::trio
