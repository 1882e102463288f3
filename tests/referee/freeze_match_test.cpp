#include <gtest/gtest.h>

#include <stdexcept>

#include "referee/deck.hpp"
#include "referee/freeze/match.hpp"
#include "test_support.hpp"

namespace tableref::referee::freeze {
namespace {

using test_support::illegal_reason;
using test_support::kAliceAndBob;

TrickClaim line_of(const PlayerName& player, Colour colour) {
  Shown shown;
  shown[3] = shown[4] = shown[5] = colour;  // the middle row
  return TrickClaim{player, SeenStack{shown, std::nullopt}, std::nullopt, true, std::nullopt};
}

std::vector<const WinnerEvent*> winners(const std::vector<Event>& events) {
  std::vector<const WinnerEvent*> found;
  for (const Event& event : events) {
    if (const auto* winner = std::get_if<WinnerEvent>(&event.body)) found.push_back(winner);
  }
  return found;
}

// `player` takes one trick of each colour; returns the events of the last one.
std::vector<Event> win_round(Match& match, const PlayerName& player) {
  std::vector<Event> events;
  for (const Colour colour : kMonsterColours) {
    events = match.trick(line_of(player, colour));
    EXPECT_TRUE(match.invariants_hold());
  }
  return events;
}

TEST(FreezeMatch, FirstToTwoWonRoundsWinsByDefault) {
  Match match(kAliceAndBob, builtin_freeze_deck());
  auto events = win_round(match, "Alice");
  ASSERT_EQ(winners(events).size(), 1u);  // the round only
  EXPECT_EQ(winners(events)[0]->scope, Scope::round);
  EXPECT_EQ(match.rounds_won("Alice"), 1);
  EXPECT_FALSE(match.over());

  EXPECT_EQ(illegal_reason(match.trick(line_of("Bob", Colour::red))), "the round is over");
  events = match.new_round();
  ASSERT_EQ(events.size(), 1u);  // the scores, back to nothing
  EXPECT_EQ(std::get<ScoreEvent>(events[0].body).scores[0].total, 0);
  EXPECT_EQ(match.round_number(), 2);
  EXPECT_EQ(match.round().draw_pile(), 29);

  win_round(match, "Bob");
  match.new_round();
  events = win_round(match, "Alice");
  const auto decided = winners(events);
  ASSERT_EQ(decided.size(), 2u);
  EXPECT_EQ(decided[1]->scope, Scope::match);
  EXPECT_EQ(decided[1]->players, std::vector<PlayerName>{"Alice"});
  EXPECT_EQ(decided[1]->reason, "first to 2 won rounds");
  EXPECT_TRUE(match.over());
  EXPECT_EQ(match.rounds_won("Bob"), 1);

  EXPECT_EQ(illegal_reason(match.trick(line_of("Bob", Colour::red))), "the match is over");
  EXPECT_EQ(illegal_reason(match.new_round()), "the match is over");
}

TEST(FreezeMatch, RoundsToWinIsConfigurable) {
  for (const int rounds_to_win : {1, 3}) {
    Match match(kAliceAndBob, builtin_freeze_deck(), MatchOptions{rounds_to_win, 120.0});
    for (int round = 1; round <= rounds_to_win; ++round) {
      if (round > 1) match.new_round();
      const auto events = win_round(match, "Bob");
      EXPECT_EQ(winners(events).size(), round == rounds_to_win ? 2u : 1u);
    }
    EXPECT_TRUE(match.over());
    EXPECT_EQ(match.outcome()->winners, std::vector<PlayerName>{"Bob"});
  }
  EXPECT_THROW(Match(kAliceAndBob, builtin_freeze_deck(), MatchOptions{0, 120.0}),
               std::invalid_argument);
}

TEST(FreezeMatch, NewRoundWaitsForTheRoundToEnd) {
  Match match(kAliceAndBob, builtin_freeze_deck());
  match.trick(line_of("Alice", Colour::red));
  EXPECT_EQ(illegal_reason(match.new_round()), "the round is not over yet");
  EXPECT_EQ(match.round_number(), 1);
  EXPECT_EQ(total_tricks(match.round().player("Alice").tricks), 1);
}

TEST(FreezeMatch, SharedRoundCountsForBothAndCanShareTheMatch) {
  Match match(kAliceAndBob, builtin_freeze_deck(), MatchOptions{1, 120.0});
  // Equal tricks until the pile runs out: 10 tricks, 5 each, the same colours.
  std::vector<Event> events;
  for (const Colour colour :
       {Colour::red, Colour::red, Colour::blue, Colour::blue, Colour::green}) {
    events = match.trick(line_of("Alice", colour));
    events = match.trick(line_of("Bob", colour));
  }
  const auto decided = winners(events);
  ASSERT_EQ(decided.size(), 2u);
  EXPECT_EQ(decided[0]->players, kAliceAndBob);
  EXPECT_NE(decided[0]->reason.find("shared"), std::string::npos);
  EXPECT_EQ(decided[1]->players, kAliceAndBob);
  EXPECT_EQ(decided[1]->scope, Scope::match);
  EXPECT_EQ(match.rounds_won("Alice"), 1);
  EXPECT_EQ(match.rounds_won("Bob"), 1);
  // The round's winner event names the shared-round ruling too.
  for (const Event& event : events) {
    const auto* winner = std::get_if<WinnerEvent>(&event.body);
    if (winner && winner->scope == Scope::round) {
      ASSERT_TRUE(event.ruling.has_value());
      EXPECT_NE(event.ruling->find("a shared round counts as won"), std::string::npos);
    }
  }
}

TEST(FreezeMatch, SoloHasTriesButNoMatch) {
  Match match({"Sam"}, builtin_freeze_deck(), MatchOptions{1, 60.0});
  EXPECT_EQ(winners(match.tick(61.0)).size(), 1u);
  EXPECT_FALSE(match.over());
  match.new_round({}, 100.0);
  EXPECT_DOUBLE_EQ(match.round().timer()->remaining_s(130.0), 30.0);
  std::vector<Event> events;
  for (const Colour colour : kMonsterColours) events = match.trick(line_of("Sam", colour), 150.0);
  const auto decided = winners(events);
  ASSERT_EQ(decided.size(), 1u);
  EXPECT_EQ(decided[0]->players, std::vector<PlayerName>{"Sam"});
  EXPECT_FALSE(match.over());
  EXPECT_EQ(match.rounds_won("Sam"), 1);
  EXPECT_TRUE(match.invariants_hold());
}

}  // namespace
}  // namespace tableref::referee::freeze
