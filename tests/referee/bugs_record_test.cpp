// Bugs & Co records: collections scored end to end, and malformed records.

#include <gtest/gtest.h>

#include "referee/deck.hpp"
#include "referee/record.hpp"
#include "test_support.hpp"

namespace tableref::referee {
namespace {

using test_support::docs_example;

// The example of docs/records.md: Ann's collection is the rulebook's (11 points).
constexpr std::string_view kBugsGame = R"({
  "game": "bugs",
  "players": ["Ann", "Ben", "Cat", "Dan"],
  "collections": {
    "Ann": {"tiles": ["2-round-plain", "2-round-plain", "2-round-plain",
                      "2-star-spots", "2-star-spots", "2-star-spots",
                      "2-drop-stripes", "2-drop-stripes", "2-drop-stripes",
                      "2-square-plain", "2-square-plain", "2-square-plain",
                      "2-triangle-spots", "2-triangle-spots", "2-star-plain"],
            "trophies": [2]},
    "Ben": {"tiles": ["2-round-spots", "2-round-spots", "2-round-spots",
                      "2-star-stripes", "2-star-stripes", "2-star-stripes",
                      "2-drop-plain"],
            "trophies": [3]},
    "Cat": {"tiles": ["2-square-spots", "2-square-spots", "2-square-spots",
                      "2-triangle-plain", "2-triangle-plain", "2-triangle-plain",
                      "2-drop-spots", "2-drop-spots", "2-drop-spots"],
            "trophies": [1]},
    "Dan": {"tiles": ["2-round-stripes", "2-square-stripes"]}
  }
})";

using test_support::error_of;

std::string four_players(std::string_view collections) {
  return R"({"game": "bugs", "players": ["Ann", "Ben", "Cat", "Dan"], "collections": )" +
         std::string(collections) + "}";
}

TEST(BugsRecord, CollectionsAreScoredAndTheHighestWins) {
  const auto replay = replay_record(kBugsGame, "bugs.json");
  ASSERT_TRUE(replay.ok()) << replay.error().message;
  ASSERT_EQ(replay->events.size(), 2u);
  EXPECT_EQ(to_json(replay->events[0]), nlohmann::json::parse(R"({"type": "score", "scores": [
      {"player": "Ann", "total": 11, "detail": {"sets": 4, "others": 3, "trophies": 2}},
      {"player": "Ben", "total": 8, "detail": {"sets": 2, "others": 1, "trophies": 3}},
      {"player": "Cat", "total": 10, "detail": {"sets": 3, "others": 0, "trophies": 1}},
      {"player": "Dan", "total": -2, "detail": {"sets": 0, "others": 2, "trophies": 0}}]})"));
  EXPECT_EQ(to_json(replay->events[1]), nlohmann::json::parse(R"json({"type": "winner",
      "players": ["Ann"], "reason": "highest total (11)", "scope": "game"})json"));
}

TEST(BugsRecord, ATieIsShared) {
  const auto replay = replay_record(R"({"game": "bugs", "players": ["Ann", "Ben"], "collections": {
      "Ann": {"tiles": ["2-round-plain", "2-round-plain", "2-round-plain"]},
      "Ben": {"tiles": [], "trophies": [3]}}})",
                                    "bugs.json");
  ASSERT_TRUE(replay.ok()) << replay.error().message;
  const auto winner = to_json(replay->events[1]);
  EXPECT_EQ(winner["players"], nlohmann::json::array({"Ann", "Ben"}));
  EXPECT_EQ(winner["reason"], "shared: highest total (3)");
}

TEST(BugsRecord, FiveOrSixPlayersMayAddOneOrThreeEyedTilesButNotBoth) {
  const std::string five =
      R"({"game": "bugs", "players": ["A", "B", "C", "D", "E"], "collections": {
      "A": {"tiles": ["3-star-plain", "2-star-plain"]}, "B": {"tiles": ["3-star-plain"]},
      "C": {"tiles": []}, "D": {"tiles": []}, "E": {"tiles": []}}})";
  EXPECT_TRUE(replay_record(five, "bugs.json").ok());
  std::string mixed = five;
  mixed.replace(mixed.find(R"("B": {"tiles": ["3-star-plain"]})"), 32,
                R"("B": {"tiles": ["1-star-plain"]})");
  EXPECT_EQ(error_of(mixed),
            "game.json: collections.B.tiles[0]: a 1-eyed tile with tiles of the other eye count "
            "the group could add: with 5 players it adds the 1-eyed or the 3-eyed species, not "
            "both");
  std::string chosen = five;
  chosen.replace(chosen.find(R"("collections")"), 0, R"("eyes": 1, )");
  EXPECT_EQ(error_of(chosen),
            "game.json: collections.A.tiles[0]: a 3-eyed tile is not in play with 5 players");
}

TEST(BugsRecord, UnknownSpeciesNamesThePlace) {
  EXPECT_EQ(error_of(four_players(R"({"Ann": {"tiles": ["2-round-plain", "2-round-dots"]},
      "Ben": {"tiles": []}, "Cat": {"tiles": []}, "Dan": {"tiles": []}})")),
            "game.json: collections.Ann.tiles[1]: unknown species \"2-round-dots\"");
}

TEST(BugsRecord, ImpossibleCollectionsAreErrors) {
  // A fourth copy of a species.
  EXPECT_EQ(error_of(four_players(R"({"Ann": {"tiles": ["2-round-plain", "2-round-plain"]},
      "Ben": {"tiles": ["2-round-plain", "2-round-plain"]}, "Cat": {"tiles": []}, "Dan": {"tiles": []}})")),
            "game.json: collections.Ben.tiles[1]: a 4th \"2-round-plain\" tile; the box has 3");
  // A one-eyed tile with 4 players.
  EXPECT_EQ(error_of(four_players(R"({"Ann": {"tiles": ["1-round-plain"]},
      "Ben": {"tiles": []}, "Cat": {"tiles": []}, "Dan": {"tiles": []}})")),
            "game.json: collections.Ann.tiles[0]: a 1-eyed tile is not in play with 4 players");
  // Two trophies for one player.
  EXPECT_EQ(error_of(four_players(R"({"Ann": {"tiles": [], "trophies": [3, 2]},
      "Ben": {"tiles": []}, "Cat": {"tiles": []}, "Dan": {"tiles": []}})")),
            "game.json: collections.Ann.trophies[1]: a player who takes a trophy stops playing: "
            "one trophy at most");
  // A 2 taken while the 3 is left, and a trophy that is not in play.
  EXPECT_EQ(error_of(four_players(R"({"Ann": {"tiles": [], "trophies": [2]},
      "Ben": {"tiles": []}, "Cat": {"tiles": []}, "Dan": {"tiles": []}})")),
            "game.json: collections: the trophies taken do not fit a game of 4 players (trophies "
            "3, 2, 1, taken highest first)");
  EXPECT_NE(error_of(four_players(R"({"Ann": {"tiles": [], "trophies": [3]},
      "Ben": {"tiles": [], "trophies": [3]}, "Cat": {"tiles": []}, "Dan": {"tiles": []}})"))
                .find("the trophies taken do not fit"),
            std::string::npos);
  EXPECT_EQ(error_of(four_players(R"({"Ann": {"tiles": [], "trophies": [4]},
      "Ben": {"tiles": []}, "Cat": {"tiles": []}, "Dan": {"tiles": []}})")),
            "game.json: collections.Ann.trophies[0]: expected a number from 1 to 3, got 4");
}

TEST(BugsRecord, EveryPlayerAndOnlyPlayersHaveACollection) {
  EXPECT_EQ(error_of(four_players(
                R"({"Ann": {"tiles": []}, "Ben": {"tiles": []}, "Cat": {"tiles": []}})")),
            "game.json: collections.Dan: missing");
  EXPECT_EQ(
      error_of(four_players(R"({"Ann": {"tiles": []}, "Ben": {"tiles": []}, "Cat": {"tiles": []},
      "Dan": {"tiles": []}, "Eve": {"tiles": []}})")),
      "game.json: collections.Eve: \"Eve\" is not one of the players");
  EXPECT_EQ(error_of(four_players(R"({"Ann": {"tiles": "2-round-plain"}, "Ben": {"tiles": []},
      "Cat": {"tiles": []}, "Dan": {"tiles": []}})")),
            "game.json: collections.Ann.tiles: expected an array, got \"2-round-plain\"");
  EXPECT_EQ(error_of(R"({"game": "bugs", "players": ["Solo"], "collections": {}})"),
            "game.json: players: Bugs & Co is played by 2 to 8 players, not 1");
  EXPECT_EQ(error_of(R"({"game": "bugs", "players": ["Ann", "Ben"]})"),
            "game.json: collections: missing");
  EXPECT_EQ(error_of(four_players(R"({"Ann": {"tile": []}, "Ben": {"tiles": []},
      "Cat": {"tiles": []}, "Dan": {"tiles": []}})")),
            "game.json: collections.Ann.tile: unexpected key");
}

TEST(BugsRecord, TheDocumentedExampleIsTheOneTestedHere) {
  EXPECT_EQ(nlohmann::json::parse(docs_example("## Bugs & Co")), nlohmann::json::parse(kBugsGame));
}

}  // namespace
}  // namespace tableref::referee
