#include <gtest/gtest.h>

#include <vector>

#include "referee/trio/captures.hpp"
#include "test_support.hpp"

namespace tableref::referee::trio {
namespace {

using test_support::trio_pieces::card;
using test_support::trio_pieces::layout_of;

std::vector<Capture> captures_of(const Layout& layout, std::vector<Place> laid) {
  return captures_involving(layout, laid);
}

TEST(TrioChain, ThreeOfAColourTakeNothing) {
  const Layout layout = layout_of({card("TM21", Colour::red, 0, 0), card("TM22", Colour::red, 1, 0),
                                   card("TM23", Colour::red, 2, 0)});
  EXPECT_FALSE(chain_capture(layout, Place{2, 0}));
  EXPECT_TRUE(captures_of(layout, {{2, 0}}).empty());
}

TEST(TrioChain, FourOfAColourAlongSidesAreTaken) {
  const Layout layout = layout_of({card("TM21", Colour::red, 0, 0), card("TM22", Colour::red, 1, 0),
                                   card("TM23", Colour::red, 2, 0), card("TM24", Colour::red, 3, 0),
                                   card("TM01", Colour::yellow, 0, 1)});
  const auto captures = captures_of(layout, {{3, 0}});
  ASSERT_EQ(captures.size(), 1u);
  EXPECT_EQ(captures[0].kind, CaptureKind::chain);
  EXPECT_EQ(captures[0].places, (PlaceSet{{0, 0}, {1, 0}, {2, 0}, {3, 0}}));
}

TEST(TrioChain, ABiggerGroupIsTakenWhole) {
  // Five reds: a row of four, and one on (0,1) below (0,0).
  const Layout layout = layout_of({card("TM21", Colour::red, 0, 0), card("TM22", Colour::red, 1, 0),
                                   card("TM23", Colour::red, 2, 0), card("TM24", Colour::red, 3, 0),
                                   card("TM25", Colour::red, 0, 1)});
  const auto captures = captures_of(layout, {{1, 0}});
  ASSERT_EQ(captures.size(), 1u);
  EXPECT_EQ(captures[0].places.size(), 5u);
}

TEST(TrioChain, CornerContactDoesNotExtendAChain) {
  // The fourth red, on (0,-1), touches TM21 by a corner only.
  const Layout layout =
      layout_of({card("TM21", Colour::red, 0, 0), card("TM22", Colour::red, 1, 0),
                 card("TM23", Colour::red, 2, 0), card("TM24", Colour::red, 0, -1)});
  EXPECT_TRUE(captures_of(layout, {{2, 0}, {0, -1}}).empty());
}

TEST(TrioChain, BlackFormsChainsToo) {
  const Layout layout =
      layout_of({card("TM51", Colour::black, 0, 0), card("TM52", Colour::black, 1, 0),
                 card("TM53", Colour::black, 2, 0), card("TM54", Colour::black, 3, 0)});
  const auto captures = captures_of(layout, {{0, 0}});
  ASSERT_EQ(captures.size(), 1u);
  EXPECT_EQ(captures[0].kind, CaptureKind::chain);
}

TEST(TrioChain, OnlyGroupsOfANewCardCount) {
  // Four reds already lay together; the new yellow card joins no red group.
  const Layout layout = layout_of({card("TM21", Colour::red, 0, 0), card("TM22", Colour::red, 1, 0),
                                   card("TM23", Colour::red, 2, 0), card("TM24", Colour::red, 3, 0),
                                   card("TM01", Colour::yellow, 0, 1)});
  EXPECT_TRUE(captures_of(layout, {{0, 1}}).empty());
}

// A black monster on (1,0) and the places of its three sides.
std::vector<LaidCard> black_with(Colour left, Colour right, Colour top) {
  return {card("TM51", Colour::black, 1, 0), card("L", left, 0, 0), card("R", right, 2, 0),
          card("T", top, 1, -1)};
}

TEST(TrioBlackCapture, ThreeDifferentColoursTakeTheBlackCard) {
  const Layout layout = layout_of(black_with(Colour::yellow, Colour::green, Colour::blue));
  const PlaceSet all_four{{1, 0}, {0, 0}, {2, 0}, {1, -1}};
  EXPECT_EQ(black_capture(layout, Place{1, 0}), all_four);
  // Completed by a surrounding card, or by the black card laid into the hole.
  for (const Place laid : {Place{1, -1}, Place{1, 0}}) {
    const auto captures = captures_of(layout, {laid});
    ASSERT_EQ(captures.size(), 1u);
    EXPECT_EQ(captures[0].kind, CaptureKind::black);
    EXPECT_EQ(captures[0].places, all_four);
  }
}

TEST(TrioBlackCapture, NotWhenAColourRepeats) {
  const Layout layout = layout_of(black_with(Colour::yellow, Colour::yellow, Colour::blue));
  EXPECT_FALSE(black_capture(layout, Place{1, 0}));
  EXPECT_TRUE(captures_of(layout, {{1, -1}}).empty());
}

TEST(TrioBlackCapture, NotWhenASideIsOpen) {
  Layout layout = layout_of(black_with(Colour::yellow, Colour::green, Colour::blue));
  layout.remove(Place{1, -1});
  EXPECT_FALSE(black_capture(layout, Place{1, 0}));
  EXPECT_TRUE(captures_of(layout, {{2, 0}}).empty());
}

TEST(TrioBlackCapture, NotWhenASurrounderIsBlack) {
  const Layout layout = layout_of(black_with(Colour::yellow, Colour::green, Colour::black));
  EXPECT_FALSE(black_capture(layout, Place{1, 0}));
  EXPECT_TRUE(captures_of(layout, {{2, 0}}).empty());
}

TEST(TrioBlackCapture, OnlyOfABlackCard) {
  const Layout layout = layout_of({card("TM21", Colour::red, 1, 0), card("L", Colour::yellow, 0, 0),
                                   card("R", Colour::green, 2, 0), card("T", Colour::blue, 1, -1)});
  EXPECT_FALSE(black_capture(layout, Place{1, 0}));
  EXPECT_FALSE(black_capture(layout, Place{5, 5}));
}

TEST(TrioCaptures, ACardInTwoCapturesIsWonOnce) {
  // Red TM21 on (1,-1) closes the surround of the black card and a red chain along row -1.
  const Layout layout = layout_of({
      card("TM51", Colour::black, 1, 0),
      card("TM01", Colour::yellow, 0, 0),
      card("TM11", Colour::green, 2, 0),
      card("TM21", Colour::red, 1, -1),
      card("TM22", Colour::red, 0, -1),
      card("TM23", Colour::red, -1, -1),
      card("TM24", Colour::red, -2, -1),
  });
  const auto captures = captures_of(layout, {{1, -1}});
  ASSERT_EQ(captures.size(), 2u);
  EXPECT_EQ(captures[0].kind, CaptureKind::chain);
  EXPECT_EQ(captures[0].places, (PlaceSet{{1, -1}, {0, -1}, {-1, -1}, {-2, -1}}));
  EXPECT_EQ(captures[1].kind, CaptureKind::black);
  EXPECT_EQ(captures[1].places, (PlaceSet{{1, 0}, {0, 0}, {2, 0}, {1, -1}}));
  EXPECT_EQ(captured_places(captures).size(), 7u);
}

TEST(TrioCaptures, SeveralLaidCardsOfOneGroupCaptureItOnce) {
  const Layout layout =
      layout_of({card("TM21", Colour::red, 0, 0), card("TM22", Colour::red, 1, 0),
                 card("TM23", Colour::red, 2, 0), card("TM24", Colour::red, 3, 0)});
  EXPECT_EQ(captures_of(layout, {{2, 0}, {3, 0}}).size(), 1u);
}

}  // namespace
}  // namespace tableref::referee::trio
