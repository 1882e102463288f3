// Stack ids across stable views: kept through nudges and turns, kept by a stack lifted and put
// back, new for a stack whose cells changed.

#include "live/stack_tracker.hpp"

#include <gtest/gtest.h>

namespace tableref::live {
namespace {

using referee::Colour;
using referee::freeze::View;
using referee::freeze::ViewCell;

const View kTrickView = {ViewCell::monster(Colour::red),    ViewCell::monster(Colour::red),
                         ViewCell::monster(Colour::red),    ViewCell::empty(),
                         ViewCell::monster(Colour::blue),   ViewCell::monster(Colour::green),
                         ViewCell::monster(Colour::yellow), ViewCell::empty(),
                         ViewCell::monster(Colour::purple)};
const View kOtherView = {ViewCell::empty(),
                         ViewCell::monster(Colour::green),
                         ViewCell::empty(),
                         ViewCell::monster(Colour::yellow),
                         ViewCell::monster(Colour::yellow),
                         ViewCell::empty(),
                         ViewCell::monster(Colour::blue),
                         ViewCell::empty(),
                         ViewCell::monster(Colour::red)};

// The view turned a quarter clockwise, as the reader gives it when the card turned past 45°.
View turned(const View& view) {
  View out;
  for (std::size_t row = 0; row < 3; ++row) {
    for (std::size_t col = 0; col < 3; ++col) out[row * 3 + col] = view[(2 - col) * 3 + row];
  }
  return out;
}

vision::FreezeStackReading reading(cv::Point2d centre, const View& cells, double side = 80,
                                   bool aligned = true) {
  const double half = side / 2;
  vision::FreezeStackReading stack;
  stack.corners = {centre + cv::Point2d(-half, -half), centre + cv::Point2d(half, -half),
                   centre + cv::Point2d(half, half), centre + cv::Point2d(-half, half)};
  stack.cells = cells;
  stack.aligned = aligned;
  return stack;
}

const SeatOf kNoSeats;

TEST(StackTracker, NumbersNewStacksInReadingOrder) {
  StackTracker tracker;
  const auto stacks = tracker.identify(
      {reading({200, 200}, kTrickView), reading({600, 200}, kOtherView)}, kNoSeats);
  ASSERT_EQ(stacks.size(), 2u);
  EXPECT_EQ(stacks[0].id, "S1");
  EXPECT_EQ(stacks[1].id, "S2");
  EXPECT_TRUE(tracker.differs(stacks));
  tracker.commit(stacks);
  EXPECT_FALSE(tracker.differs(tracker.identify(
      {reading({200, 200}, kTrickView), reading({600, 200}, kOtherView)}, kNoSeats)));
  const auto third =
      tracker.identify({reading({200, 200}, kTrickView), reading({600, 200}, kOtherView),
                        reading({400, 500}, kOtherView)},
                       kNoSeats);
  EXPECT_EQ(third[2].id, "S3");
}

TEST(StackTracker, KeepsTheIdThroughANudgeAndATurn) {
  StackTracker tracker;
  tracker.commit(tracker.identify({reading({200, 200}, kTrickView)}, kNoSeats));
  // 12 px and read from another corner: the same stack.
  const auto nudged = tracker.identify({reading({210, 207}, turned(kTrickView))}, kNoSeats);
  ASSERT_EQ(nudged.size(), 1u);
  EXPECT_EQ(nudged[0].id, "S1");
  EXPECT_TRUE(tracker.differs(nudged));  // it moved more than a wobble: a new layout
  const auto wobble = tracker.identify({reading({201, 200}, kTrickView)}, kNoSeats);
  EXPECT_FALSE(tracker.differs(wobble));
}

TEST(StackTracker, AStackMovedFarOrChangedIsAnotherStack) {
  StackTracker tracker;
  tracker.commit(tracker.identify({reading({200, 200}, kTrickView)}, kNoSeats));
  EXPECT_EQ(tracker.identify({reading({300, 200}, kTrickView)}, kNoSeats)[0].id, "S2");
  EXPECT_EQ(tracker.identify({reading({200, 200}, kOtherView)}, kNoSeats)[0].id, "S2");
  // One position read differently is still the same stack (a misread, not a new stack).
  View misread = kTrickView;
  misread[4] = ViewCell::monster(Colour::purple);
  EXPECT_EQ(tracker.identify({reading({200, 200}, misread)}, kNoSeats)[0].id, "S1");
}

TEST(StackTracker, ALiftedStackPutBackKeepsItsIdAndClaim) {
  StackTracker tracker;
  auto first = tracker.identify({reading({200, 200}, kTrickView)}, kNoSeats);
  first[0].claim = ClaimStatus::trick;
  tracker.commit(first);
  tracker.commit({});
  EXPECT_TRUE(tracker.stacks().empty());
  ASSERT_NE(tracker.find("S1"), nullptr);
  const auto back = tracker.identify({reading({204, 198}, kTrickView)}, kNoSeats);
  EXPECT_EQ(back[0].id, "S1");
  EXPECT_EQ(back[0].claim, ClaimStatus::trick);
  tracker.forget_lifted();
  EXPECT_EQ(tracker.find("S1"), nullptr);
  EXPECT_EQ(tracker.identify({reading({204, 198}, kTrickView)}, kNoSeats)[0].id, "S2");
}

TEST(StackTracker, GivesEachStackTheSeatItsCentreLiesIn) {
  StackTracker tracker;
  const SeatOf left_or_right = [](cv::Point2d point) { return point.x < 400 ? 0 : 1; };
  const auto stacks = tracker.identify(
      {reading({200, 200}, kTrickView), reading({600, 200}, kOtherView)}, left_or_right);
  EXPECT_EQ(stacks[0].seat, 0);
  EXPECT_EQ(stacks[1].seat, 1);
}

TEST(CompareCells, FindsTheTurnThatMatches) {
  const CellAgreement agreement = compare_cells(kTrickView, turned(turned(kTrickView)));
  EXPECT_EQ(agreement.conflicts, 0);
  EXPECT_EQ(agreement.compared, 9);
  View hidden = kTrickView;
  hidden[0] = ViewCell::unknown();
  EXPECT_EQ(compare_cells(kTrickView, hidden).compared, 8);
  EXPECT_GT(compare_cells(kTrickView, kOtherView).conflicts, 1);
}

TEST(ReadingsAgree, OnlyTheSameStacksAlignedAlikeAgree) {
  const std::vector<vision::FreezeStackReading> view = {reading({200, 200}, kTrickView),
                                                        reading({600, 200}, kOtherView)};
  EXPECT_TRUE(
      readings_agree(view, {reading({601, 201}, kOtherView), reading({200, 199}, kTrickView)}));
  EXPECT_FALSE(readings_agree(view, {reading({200, 200}, kTrickView)}));
  EXPECT_FALSE(readings_agree(
      view, {reading({200, 200}, kTrickView, 80, false), reading({600, 200}, kOtherView)}));
  View misread = kOtherView;
  misread[1] = ViewCell::monster(Colour::red);
  EXPECT_FALSE(
      readings_agree(view, {reading({200, 200}, kTrickView), reading({600, 200}, misread)}));
}

}  // namespace
}  // namespace tableref::live
