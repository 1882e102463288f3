// Trio Monsters records replayed end to end, and malformed records.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "referee/record.hpp"
#include "test_support.hpp"

namespace tableref::referee {
namespace {

// The example of docs/records.md ("Trio Monsters").
constexpr std::string_view kTrioGame = R"({
  "game": "trio",
  "players": ["Alice", "Bob"],
  "first_player": "Alice",
  "middle": {"card": "TM01", "at": [0, 0]},
  "plays": [
    {"player": "Alice", "cards": [{"card": "TM21", "at": [1, 0]}, {"card": "TM22", "at": [2, 0]}]},
    {"player": "Bob", "cards": [{"card": "TM11", "at": [6, 0]}]},
    {"player": "Bob", "cards": [{"card": "TM23", "at": [3, 0]}, {"card": "TM12", "at": [4, 0]},
                                {"card": "TM13", "at": [4, 1]}]},
    {"player": "Alice", "cards": [{"card": "TM02", "at": [0, 1]}, {"card": "TM24", "at": [2, 1]}]},
    {"keep": "TM12"},
    {"player": "Bob", "cards": [{"card": "TM03", "at": [5, 0]}], "comment": "yellow is free again"}
  ]
})";

using test_support::error_of;
using test_support::replay_json;

// A record with the example's header and the given plays.
std::string with_plays(std::string_view plays) {
  return R"({"game": "trio", "players": ["Alice", "Bob"], "middle": {"card": "TM01"}, "plays": )" +
         std::string(plays) + "}";
}

TEST(TrioRecord, ReplaysTheDocumentedGame) {
  const auto lines = replay_json(kTrioGame);
  std::vector<std::pair<int, std::string>> frame_and_type;
  for (const auto& line : lines) frame_and_type.emplace_back(line["frame"], line["type"]);
  EXPECT_EQ(frame_and_type, (std::vector<std::pair<int, std::string>>{{0, "placed"},
                                                                      {1, "illegal"},
                                                                      {2, "placed"},
                                                                      {3, "placed"},
                                                                      {3, "capture"},
                                                                      {3, "score"},
                                                                      {3, "question"},
                                                                      {4, "detached"},
                                                                      {5, "placed"}}));
  ASSERT_EQ(lines.size(), 9u);
  EXPECT_EQ(lines[0]["cards"], nlohmann::json({"TM21", "TM22"}));
  EXPECT_EQ(lines[1]["player"], "Bob");
  EXPECT_EQ(lines[1]["reason"], "TM11 (green) touches no card along a side");
  EXPECT_EQ(lines[4]["player"], "Alice");
  EXPECT_EQ(lines[4]["kind"], "chain");
  EXPECT_EQ(lines[4]["count"], 4);
  EXPECT_EQ(lines[4]["cards"], nlohmann::json({"TM21", "TM22", "TM23", "TM24"}));
  EXPECT_TRUE(lines[4].contains("ruling"));
  EXPECT_EQ(lines[5]["scores"][0]["total"], 4);
  EXPECT_EQ(lines[5]["scores"][1]["total"], 0);
  EXPECT_EQ(lines[6]["choices"], nlohmann::json({"TM01 TM02", "TM12 TM13"}));
  EXPECT_EQ(lines[7]["cards"], nlohmann::json({"TM01", "TM02"}));
  EXPECT_NE(lines[7]["ruling"].get<std::string>().find("kept the group of TM12"),
            std::string::npos);
  EXPECT_EQ(lines[8]["player"], "Bob");
  EXPECT_FALSE(lines[8].contains("time_s"));
}

TEST(TrioRecord, TurnOrderIsTheRecordsToo) {
  // A record lists the plays as they happened: a play out of turn is announced, not an error.
  const auto lines = replay_json(with_plays(R"([
    {"player": "Alice", "cards": [{"card": "TM21", "at": [1, 0]}]},
    {"player": "Alice", "cards": [{"card": "TM22", "at": [2, 0]}]},
    {"player": "Bob", "cards": [{"card": "TM22", "at": [2, 0]}]}
  ])"));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[1]["type"], "illegal");
  EXPECT_EQ(lines[1]["reason"], "it is Bob's turn, not Alice's");
  EXPECT_EQ(lines[2]["type"], "placed");
}

TEST(TrioRecord, MalformedRecordsNameThePlace) {
  EXPECT_EQ(
      error_of(with_plays(R"([{"player": "Alice", "cards": [{"card": "TM99", "at": [1, 0]}]}])")),
      "game.json: plays[0].cards[0].card: unknown card \"TM99\": the deck has TM01 to TM60");
  EXPECT_EQ(error_of(with_plays(R"([{"player": "Alice", "cards": [{"card": "TM21"}]}])")),
            "game.json: plays[0].cards[0].at: missing");
  EXPECT_EQ(
      error_of(with_plays(R"([{"player": "Alice", "cards": [{"card": "TM21", "at": [1]}]}])")),
      "game.json: plays[0].cards[0].at: expected [col, row]");
  EXPECT_EQ(
      error_of(with_plays(R"([{"player": "Alice", "cards": [{"card": "TM21", "at": [1, 0.5]}]}])")),
      "game.json: plays[0].cards[0].at[1]: expected a whole number, got 0.5");
  EXPECT_EQ(error_of(with_plays(R"([{"player": "Zoe", "cards": []}])")),
            "game.json: plays[0].player: \"Zoe\" is not one of the players");
  EXPECT_EQ(error_of(with_plays(R"([{"player": "Alice", "crads": []}])")),
            "game.json: plays[0].crads: unknown field");
  EXPECT_EQ(error_of(with_plays(R"([{"keep": "TM01"}])")),
            "game.json: plays[0].keep: no question is waiting for an answer");
  EXPECT_EQ(error_of(with_plays(R"([17])")), "game.json: plays[0]: expected an object, got 17");
  EXPECT_EQ(
      error_of(
          R"({"game": "trio", "players": ["Alice", "Bob"], "middle": {"card": "TM77"}, "plays": []})"),
      "game.json: middle.card: unknown card \"TM77\": the deck has TM01 to TM60");
  EXPECT_EQ(
      error_of(
          R"({"game": "trio", "players": ["Alice"], "middle": {"card": "TM01"}, "plays": []})"),
      "game.json: players: Trio Monsters is for 2 to 5 players, not 1");
  EXPECT_EQ(error_of(R"({"game": "trio", "players": ["Alice", "Bob"], "plays": []})"),
            "game.json: middle: missing");
}

TEST(TrioRecord, APlayWhileATieWaitsIsAnError) {
  std::string record(kTrioGame);
  const std::string keep = R"({"keep": "TM12"},)";
  record.erase(record.find(keep), keep.size());
  EXPECT_EQ(error_of(record),
            "game.json: plays[4]: groups tie for the largest: first say which stays with "
            "{\"keep\": CARD}");
  std::string wrong_keep(kTrioGame);
  wrong_keep.replace(wrong_keep.find("\"TM12\"}"), 6, "\"TM24\"");
  EXPECT_EQ(error_of(wrong_keep), "game.json: plays[4].keep: TM24 is not on the table");
}

}  // namespace
}  // namespace tableref::referee
