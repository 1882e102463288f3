// Punto judged from stable layouts, given as logged `state` events (the way a resumed game
// replays them), so that no picture is needed: plays, refusals, a winning line, an emptied table.

#include "live/punto_follower.hpp"

#include <gtest/gtest.h>

#include "referee/deck.hpp"

namespace tableref::live {
namespace {

using nlohmann::json;

struct CardSpec {
  std::string id;
  std::string colour;
  int value = 1;
  int col = 0, row = 0;  // on the picture's grid
};

json cards_state(const std::vector<CardSpec>& cards) {
  json list = json::array();
  for (const CardSpec& card : cards) {
    const double x = 100 + 60.0 * card.col, y = 100 + 60.0 * card.row;
    list.push_back(
        {{"id", card.id},
         {"polygon", {{x - 28, y - 28}, {x + 28, y - 28}, {x + 28, y + 28}, {x - 28, y + 28}}},
         {"center", {x, y}},
         {"color", card.colour},
         {"value", card.value},
         {"cell", {card.col, card.row}}});
  }
  return {{"type", "state"},
          {"status", "ok"},
          {"cards", list},
          {"lines", json::array()},
          {"fits_6x6", true}};
}

std::vector<json> shown(PuntoFollower& follower, const std::vector<CardSpec>& cards) {
  auto events = follower.replay_state(cards_state(cards), 0);
  EXPECT_TRUE(events.ok());
  std::vector<json> lines;
  for (const referee::Event& event : events.value()) lines.push_back(referee::to_json(event));
  return lines;
}

PuntoFollower four_players(int rounds_to_win = 2) {
  return PuntoFollower({{"P1", "P2", "P3", "P4"}, 0, rounds_to_win}, referee::builtin_punto_deck());
}

TEST(PuntoFollower, ANewCardIsPlacedByItsColoursOwner) {
  PuntoFollower follower = four_players();
  const auto events = shown(follower, {{"C1", "red", 5, 0, 0}});
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0]["type"], "state");
  EXPECT_EQ(events[1], (json{{"type", "placed"}, {"player", "P1"}, {"cards", {"C1"}}}));
  // P2 plays green: a green card beside it, the view's origin moving left.
  const auto next = shown(follower, {{"C2", "green", 3, 0, 0}, {"C1", "red", 5, 1, 0}});
  ASSERT_EQ(next.size(), 2u);
  EXPECT_EQ(next[1]["player"], "P2");
}

TEST(PuntoFollower, ACardOutOfTurnOrNotLowerIsIllegalUntilTakenBack) {
  PuntoFollower follower = four_players();
  shown(follower, {{"C1", "red", 5, 0, 0}});
  // Blue is P3's, but it is P2's turn.
  const auto wrong_turn = shown(follower, {{"C1", "red", 5, 0, 0}, {"C2", "blue", 4, 1, 0}});
  ASSERT_EQ(wrong_turn.size(), 2u);
  EXPECT_EQ(wrong_turn[1]["type"], "illegal");
  EXPECT_EQ(wrong_turn[1]["player"], "P3");
  EXPECT_EQ(wrong_turn[1]["cards"], json({"C2"}));
  // Taken back: only the state.
  EXPECT_EQ(shown(follower, {{"C1", "red", 5, 0, 0}}).size(), 1u);
  // Green 5 may not cover red 5.
  const auto not_lower = shown(follower, {{"C3", "green", 5, 0, 0}});
  ASSERT_EQ(not_lower.size(), 2u);
  EXPECT_EQ(not_lower[1]["type"], "illegal");
  EXPECT_NE(not_lower[1]["reason"].get<std::string>().find("lower"), std::string::npos);
  EXPECT_EQ(follower.match().grid().pile_count(), 1u);
}

// Red (P1) along row 0, the others below it in turn, for `turns` turns; the events of each turn.
std::vector<std::vector<json>> red_along_row_0(PuntoFollower& follower, int turns) {
  std::vector<CardSpec> table;
  std::vector<std::vector<json>> events;
  const std::vector<std::string> others = {"green", "blue", "yellow"};
  for (int turn = 0; turn < turns; ++turn) {
    const int seat = turn % 4;
    // Each card of the deck is there twice: the values differ turn by turn.
    const CardSpec card = seat == 0 ? CardSpec{"", "red", 5 + turn / 4, turn / 4, 0}
                                    : CardSpec{"", others[static_cast<std::size_t>(seat - 1)],
                                               2 + turn / 4, turn / 4, seat};
    table.push_back(card);
    table.back().id = "C" + std::to_string(turn + 1);
    events.push_back(shown(follower, table));
  }
  return events;
}

std::vector<std::string> types_of(const std::vector<json>& events) {
  std::vector<std::string> types;
  for (const json& event : events) types.push_back(event["type"]);
  return types;
}

TEST(PuntoFollower, FourInARowWinTheRoundAndTheMatch) {
  PuntoFollower follower = four_players(1);
  const std::vector<json> last = red_along_row_0(follower, 13).back();
  EXPECT_EQ(types_of(last),
            (std::vector<std::string>{"state", "placed", "line", "winner", "score", "winner"}));
  EXPECT_EQ(last[2]["cells"], json({{0, 0}, {1, 0}, {2, 0}, {3, 0}}));
  EXPECT_EQ(last[3]["players"], json({"P1"}));
  EXPECT_EQ(last[5]["scope"], "match");
  EXPECT_TRUE(follower.match().match_over());
}

// The team game (rules.md): partners opposite, lines of 5; a line wins for both partners.
TEST(PuntoFollower, InTheTeamGameFiveInARowWinForBothPartners) {
  PuntoFollower follower(
      {.players = {"P1", "P2", "P3", "P4"}, .rounds_to_win = 1, .team_game = true},
      referee::builtin_punto_deck());
  const std::vector<std::vector<json>> turns = red_along_row_0(follower, 17);
  EXPECT_EQ(types_of(turns[12]), (std::vector<std::string>{"state", "placed"}))
      << "four in a row win nothing in the team game";
  const std::vector<json>& last = turns.back();
  ASSERT_EQ(types_of(last),
            (std::vector<std::string>{"state", "placed", "line", "winner", "score", "winner"}));
  EXPECT_EQ(last[2]["cells"], json({{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}}));
  EXPECT_EQ(last[3]["players"], json({"P1", "P3"}));
  EXPECT_EQ(last[5]["players"], json({"P1", "P3"}));
  const json board = follower.scoreboard();
  EXPECT_EQ(board["players"][1]["team"], 1);
  EXPECT_EQ(board["players"][2]["team"], 0);
  EXPECT_EQ(board["players"][2]["rounds_won"], 1);
  EXPECT_EQ(board["match_winners"], json({"P1", "P3"}));
  EXPECT_THROW(PuntoFollower({.players = {"P1", "P2", "P3"}, .team_game = true},
                             referee::builtin_punto_deck()),
               std::invalid_argument);
}

TEST(PuntoFollower, AnEmptiedTableEndsAPlayedRoundByTheBlockedFallback) {
  PuntoFollower follower = four_players();
  shown(follower, {{"C1", "red", 5, 0, 0}});
  shown(follower, {{"C1", "red", 5, 0, 0}, {"C2", "green", 3, 1, 0}});
  const auto cleared = shown(follower, {});
  ASSERT_GE(cleared.size(), 3u);
  EXPECT_EQ(cleared[1]["type"], "winner");
  EXPECT_EQ(cleared[1]["scope"], "round");
  // Round 2 starts with the seat after round 1's first player.
  const auto first = shown(follower, {{"C3", "green", 7, 0, 0}});
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[1]["type"], "placed");
  EXPECT_EQ(first[1]["player"], "P2");
  EXPECT_EQ(follower.match().round_number(), 2);
}

TEST(PuntoFollower, RefusesALoggedStateItCannotRead) {
  PuntoFollower follower = four_players();
  json bad = cards_state({{"C1", "red", 5, 0, 0}});
  bad["cards"][0]["value"] = 12;
  EXPECT_FALSE(follower.replay_state(bad, 0).ok());
  json unnamed = cards_state({{"C1", "red", 5, 0, 0}});
  unnamed["cards"][0]["id"] = "S1";
  EXPECT_FALSE(follower.replay_state(unnamed, 0).ok());
  EXPECT_THROW(PuntoFollower({{"P1"}, 0, 2}, referee::builtin_punto_deck()), std::invalid_argument);
}

}  // namespace
}  // namespace tableref::live
