// Punto records replayed end to end, and malformed records.

#include <gtest/gtest.h>

#include "referee/deck.hpp"
#include "referee/record.hpp"
#include "test_support.hpp"

namespace tableref::referee {
namespace {

using test_support::docs_example;

// The example of docs/records.md: three rounds of a 3-player match.
constexpr std::string_view kMatch = R"({
  "game": "punto",
  "players": ["Ann", "Ben", "Cat"],
  "first_player": "Ann",
  "colours": {"Ann": ["red"], "Ben": ["green"], "Cat": ["blue"]},
  "team_game": false,
  "rounds_to_win": 2,
  "plays": [
    {"player": "Ann", "card": "PR1a", "at": [0, 0]},
    {"player": "Ben", "card": "PG1a", "at": [0, 1]},
    {"player": "Cat", "card": "PB1a", "at": [1, 1]},
    {"player": "Ann", "card": "PR9a", "at": [1, 0]},
    {"player": "Ben", "card": "PG2a", "at": [0, 2]},
    {"player": "Cat", "card": "PB1b", "at": [1, 1]},
    {"player": "Cat", "card": "PB2a", "at": [1, 2]},
    {"player": "Ann", "card": "PR3a", "at": [2, 0]},
    {"player": "Ben", "card": "PG3a", "at": [0, 3]},
    {"player": "Cat", "card": "PB3a", "at": [1, 3]},
    {"player": "Ann", "card": "PR4a", "at": [3, 0]},
    {"new_round": true},
    {"player": "Ben", "card": "PG5a", "at": [0, 0]},
    {"player": "Cat", "card": "PB5a", "at": [1, 0]},
    {"player": "Ann", "card": "PR9a", "at": [2, 0]},
    {"player": "Ann", "card": "PR6a", "at": [1, 0]},
    {"player": "Ben", "card": "PG6a", "at": [0, 1]},
    {"player": "Cat", "card": "PB6a", "at": [1, 1]},
    {"player": "Ann", "card": "PR7a", "at": [2, 1]},
    {"player": "Ben", "card": "PG7a", "at": [0, 2]},
    {"player": "Cat", "card": "PB7a", "at": [1, 2]},
    {"player": "Ann", "card": "PR8a", "at": [2, 2]},
    {"player": "Ben", "blocked": true},
    {"new_round": true, "first_player": "Cat"},
    {"player": "Cat", "card": "PB9a", "at": [0, 0]},
    {"player": "Ann", "card": "PR1a", "at": [1, 0]},
    {"player": "Ben", "card": "PG1a", "at": [0, 1]},
    {"player": "Cat", "card": "PB2a", "at": [1, 1]},
    {"player": "Ann", "card": "PR2a", "at": [2, 1]},
    {"player": "Ben", "card": "PG2a", "at": [0, 2]},
    {"player": "Cat", "card": "PB3a", "at": [1, 2]},
    {"player": "Ann", "card": "PR3a", "at": [3, 2]},
    {"player": "Ben", "card": "PG3a", "at": [0, 3]},
    {"player": "Cat", "card": "PB4a", "at": [1, 3]},
    {"player": "Ann", "card": "PR4a", "at": [4, 3]},
    {"player": "Ben", "card": "PG4a", "at": [0, 4]}
  ]
})";

using test_support::error_of;
using test_support::replay_json;

std::vector<nlohmann::json> of_type(const std::vector<nlohmann::json>& lines,
                                    std::string_view type) {
  std::vector<nlohmann::json> found;
  for (const auto& line : lines) {
    if (line["type"] == type) found.push_back(line);
  }
  return found;
}

TEST(PuntoRecord, AThreeRoundMatchReplays) {
  const auto lines = replay_json(kMatch);
  EXPECT_EQ(lines.size(), 43u);
  EXPECT_EQ(of_type(lines, "placed").size(), 30u);

  const auto illegal = of_type(lines, "illegal");
  ASSERT_EQ(illegal.size(), 3u);
  EXPECT_EQ(illegal[0]["frame"], 5);
  EXPECT_EQ(illegal[0]["reason"],
            "PB1b (blue 1) may only cover a lower card, and PB1a (blue 1) lies at [1,1]");
  EXPECT_EQ(illegal[1]["frame"], 14);
  EXPECT_EQ(illegal[1]["reason"], "PR9a (red 9) was kept out of play by an earlier round's winner");
  EXPECT_EQ(illegal[2]["frame"], 35);
  EXPECT_EQ(illegal[2]["reason"], "the match is over");

  const auto line = of_type(lines, "line");
  ASSERT_EQ(line.size(), 3u);
  EXPECT_EQ(line[0], nlohmann::json::parse(R"({"frame": 10, "type": "line", "player": "Ann",
      "color": "red", "length": 4, "cells": [[0,0],[1,0],[2,0],[3,0]]})"));
  EXPECT_EQ(line[1]["frame"], 22);  // the blocked round: Ben's green line of 3 counted
  EXPECT_EQ(line[1]["player"], "Ben");
  EXPECT_EQ(line[1]["length"], 3);
  EXPECT_EQ(line[2]["cells"], nlohmann::json::parse("[[1,0],[2,1],[3,2],[4,3]]"));

  const auto winners = of_type(lines, "winner");
  ASSERT_EQ(winners.size(), 4u);
  EXPECT_EQ(winners[0]["reason"],
            "round 1: Ann: a line of 4 red; PR9a (red 9) stays out of later rounds");
  EXPECT_EQ(winners[1]["players"], nlohmann::json::array({"Ben"}));
  EXPECT_EQ(winners[1]["reason"],
            "round 2: Ben cannot lay a card; Ben has the most lines of 3 or more (1); PG7a "
            "(green 7) stays out of later rounds");
  EXPECT_TRUE(winners[1].contains("ruling"));
  EXPECT_EQ(winners[2]["scope"], "round");
  EXPECT_EQ(winners[3], nlohmann::json::parse(R"({"frame": 34, "type": "winner",
      "players": ["Ann"], "reason": "2 rounds won", "scope": "match"})"));

  const auto scores = of_type(lines, "score");
  ASSERT_EQ(scores.size(), 3u);
  EXPECT_EQ(scores[2]["scores"], nlohmann::json::parse(R"([
      {"player": "Ann", "total": 2, "detail": {"rounds_won": 2}},
      {"player": "Ben", "total": 1, "detail": {"rounds_won": 1}},
      {"player": "Cat", "total": 0, "detail": {"rounds_won": 0}}])"));
}

TEST(PuntoRecord, DefaultColoursGoBySeat) {
  // Two players: Ann red and green, Ben blue and yellow; five in a row wins.
  const auto lines = replay_json(R"({"game": "punto", "players": ["Ann", "Ben"], "plays": [
      {"player": "Ann", "card": "PG1a", "at": [0, 0]},
      {"player": "Ben", "card": "PY1a", "at": [0, 1]},
      {"player": "Ann", "card": "PG2a", "at": [1, 0]},
      {"player": "Ben", "card": "PB1a", "at": [1, 1]},
      {"player": "Ann", "card": "PG3a", "at": [2, 0]},
      {"player": "Ben", "card": "PY2a", "at": [2, 1]},
      {"player": "Ann", "card": "PG4a", "at": [3, 0]},
      {"player": "Ben", "card": "PR1a", "at": [3, 1]},
      {"player": "Ben", "card": "PB2a", "at": [3, 1]},
      {"player": "Ann", "card": "PG5a", "at": [4, 0]}]})");
  const auto illegal = of_type(lines, "illegal");
  ASSERT_EQ(illegal.size(), 1u);
  EXPECT_EQ(illegal[0]["reason"], "Ben does not play red");
  const auto line = of_type(lines, "line");
  ASSERT_EQ(line.size(), 1u);
  EXPECT_EQ(line[0]["length"], 5);
  EXPECT_EQ(line[0]["color"], "green");
  EXPECT_EQ(of_type(lines, "winner").at(0)["players"], nlohmann::json::array({"Ann"}));
}

TEST(PuntoRecord, TheTeamGameNamesBothPartners) {
  const auto lines = replay_json(R"({"game": "punto", "players": ["Ann", "Ben", "Cat", "Dan"],
      "team_game": true, "rounds_to_win": 1, "plays": [
      {"player": "Ann", "card": "PR1a", "at": [0, 0]},
      {"player": "Ben", "card": "PG1a", "at": [0, 1]},
      {"player": "Cat", "card": "PB1a", "at": [1, 1]},
      {"player": "Dan", "card": "PY1a", "at": [0, 2]},
      {"player": "Ann", "card": "PR2a", "at": [1, 0]},
      {"player": "Ben", "card": "PG2a", "at": [2, 1]},
      {"player": "Cat", "card": "PB2a", "at": [1, 2]},
      {"player": "Dan", "card": "PY2a", "at": [0, 3]},
      {"player": "Ann", "card": "PR3a", "at": [2, 0]},
      {"player": "Ben", "card": "PG3a", "at": [3, 1]},
      {"player": "Cat", "card": "PB3a", "at": [1, 3]},
      {"player": "Dan", "card": "PY3a", "at": [0, 4]},
      {"player": "Ann", "card": "PR4a", "at": [3, 0]},
      {"player": "Ben", "card": "PG4a", "at": [4, 1]},
      {"player": "Cat", "card": "PB4a", "at": [2, 2]},
      {"player": "Dan", "card": "PY4a", "at": [0, 5]},
      {"player": "Ann", "card": "PR5a", "at": [4, 0]}]})");
  EXPECT_TRUE(of_type(lines, "illegal").empty());
  const auto winners = of_type(lines, "winner");
  ASSERT_EQ(winners.size(), 2u);
  EXPECT_EQ(winners[0]["frame"], 16);
  EXPECT_EQ(winners[0]["players"], nlohmann::json::array({"Ann", "Cat"}));
  EXPECT_EQ(winners[1]["scope"], "match");
  EXPECT_EQ(of_type(lines, "score").at(0)["scores"][2]["detail"]["team"], 0);
}

TEST(PuntoRecord, ABlockedClaimWithACardThatFitsIsIllegal) {
  const auto lines = replay_json(R"({"game": "punto", "players": ["Ann", "Ben"], "plays": [
      {"player": "Ann", "card": "PR5a", "at": [0, 0]},
      {"player": "Ben", "blocked": true, "card": "PB9a"}]})");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1]["type"], "illegal");
  EXPECT_EQ(lines[1]["cards"], nlohmann::json::array({"PB9a"}));
}

TEST(PuntoRecord, MalformedRecordsNameThePlace) {
  EXPECT_EQ(error_of(R"({"game": "punto", "players": ["Ann", "Ben"], "plays": [
      {"player": "Ann", "card": "PR5a", "at": [0, 0]},
      {"player": "Ben", "card": "PB1a", "at": [1, 0]},
      {"player": "Ann", "card": "PR0a", "at": [2, 0]}]})"),
            "game.json: plays[2].card: no Punto card \"PR0a\" (ids look like PR5a: colour, value, "
            "series)");
  EXPECT_EQ(error_of(R"({"game": "punto", "players": ["Ann", "Ben"], "plays": [
      {"player": "Zed", "card": "PR5a", "at": [0, 0]}]})"),
            "game.json: plays[0].player: \"Zed\" is not one of the players");
  EXPECT_EQ(error_of(R"({"game": "punto", "players": ["Ann", "Ben"], "plays": [
      {"player": "Ann", "card": "PR5a", "at": [0]}]})"),
            "game.json: plays[0].at: expected [col, row]");
  EXPECT_EQ(error_of(R"({"game": "punto", "players": ["Ann", "Ben"], "plays": [
      {"player": "Ann", "card": "PR5a", "at": [0, "x"]}]})"),
            "game.json: plays[0].at[1]: expected a whole number, got \"x\"");
  EXPECT_NE(error_of(R"({"game": "punto", "players": ["Ann", "Ben"], "plays": [
      {"player": "Ann", "card": "PR5a"}]})")
                .find("game.json: plays[0]: expected a card laid"),
            std::string::npos);
  EXPECT_EQ(error_of(R"({"game": "punto", "players": ["Ann", "Ben"], "plays": [
      {"new_round": "yes"}]})"),
            "game.json: plays[0].new_round: expected true or false, got \"yes\"");
  EXPECT_EQ(error_of(R"({"game": "punto", "players": ["Ann", "Ben"]})"),
            "game.json: plays: missing");
}

TEST(PuntoRecord, BadSeatingsNameThePlace) {
  EXPECT_EQ(error_of(R"({"game": "punto", "players": ["A", "B", "C", "D", "E"], "plays": []})"),
            "game.json: players: Punto is played by 2 to 4 players, not 5");
  EXPECT_EQ(
      error_of(R"({"game": "punto", "players": ["A", "B", "C"], "team_game": true, "plays": []})"),
      "game.json: players: the team game needs 4 players, not 3");
  EXPECT_EQ(error_of(R"({"game": "punto", "players": ["Ann", "Ben"],
      "colours": {"Ann": ["red", "blue"], "Ben": ["blue", "green"]}, "plays": []})"),
            "game.json: colours: blue is given to more than one player");
  EXPECT_EQ(error_of(R"({"game": "punto", "players": ["Ann", "Ben"],
      "colours": {"Ann": ["red", "blue"]}, "plays": []})"),
            "game.json: colours.Ben: missing");
  EXPECT_EQ(error_of(R"({"game": "punto", "players": ["Ann", "Ben", "Cat"],
      "colours": {"Ann": "red", "Ben": "green", "Cat": "pink"}, "plays": []})"),
            "game.json: colours.Cat: unknown colour \"pink\"");
  EXPECT_EQ(error_of(R"({"game": "punto", "players": ["Ann", "Ben", "Cat"],
      "colours": {"Ann": "red", "Ben": "green", "Cat": "blue", "Dan": "yellow"}, "plays": []})"),
            "game.json: colours.Dan: \"Dan\" is not one of the players");
  EXPECT_EQ(
      error_of(R"({"game": "punto", "players": ["Ann", "Ben"], "rounds_to_win": 0, "plays": []})"),
      "game.json: rounds_to_win: expected a number from 1 to 9, got 0");
}

TEST(PuntoRecord, TheDocumentedExampleIsTheOneTestedHere) {
  EXPECT_EQ(nlohmann::json::parse(docs_example("## Punto")), nlohmann::json::parse(kMatch));
}

}  // namespace
}  // namespace tableref::referee
