// Monster Freeze records replayed end to end, including the examples of docs/records.md.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "referee/record.hpp"
#include "test_support.hpp"

namespace tableref::referee {
namespace {

// The `index`-th ```json block of the "## Monster Freeze" section of docs/records.md.
std::string documented_example(int index) {
  std::ifstream file(std::string(TABLEREF_SOURCE_DIR) + "/docs/records.md");
  std::stringstream text;
  text << file.rdbuf();
  const std::string doc = text.str();
  std::size_t at = doc.find("## Monster Freeze");
  EXPECT_NE(at, std::string::npos);
  const std::size_t section_end = doc.find("\n## ", at + 1);
  for (int block = 0; block <= index; ++block) {
    at = doc.find("```json\n", at);
    EXPECT_LT(at, section_end);
    if (at == std::string::npos || at > section_end) return "";
    at += 8;
  }
  return doc.substr(at, doc.find("```", at) - at);
}

std::vector<Event> replay(const std::string& json) {
  const auto result = replay_record(json, "game.json");
  EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().message);
  return result.ok() ? result->events : std::vector<Event>{};
}

using test_support::error_of;

// "frame type detail" per event, for comparing a whole replay at a glance.
std::vector<std::string> summary(const std::vector<Event>& events) {
  std::vector<std::string> lines;
  for (const Event& event : events) {
    std::string line =
        std::to_string(event.frame.value_or(-1)) + " " + std::string(event_type(event.body));
    if (const auto* trick = std::get_if<TrickEvent>(&event.body)) {
      line += " " + trick->player + " " + std::string(colour_name(trick->colour));
    } else if (const auto* illegal = std::get_if<IllegalEvent>(&event.body)) {
      line += " " + illegal->player + ": " + illegal->reason;
    } else if (const auto* winner = std::get_if<WinnerEvent>(&event.body)) {
      line += " " + std::string(scope_name(winner->scope)) + ":";
      for (const PlayerName& name : winner->players) line += " " + name;
    } else if (const auto* score = std::get_if<ScoreEvent>(&event.body)) {
      for (const PlayerScore& player : score->scores) line += " " + std::to_string(player.total);
    }
    lines.push_back(line);
  }
  return lines;
}

TEST(FreezeRecord, DocumentedExampleReplays) {
  const auto events = replay(documented_example(0));
  const std::vector<std::string> expected = {
      "1 trick Alice blue",
      "1 score 1 0",
      "2 illegal Bob: stack not aligned",
      "3 trick Bob purple",
      "3 score 1 1",
      "4 trick Alice purple",
      "4 score 2 1",
      "5 illegal Bob: no stacking of MF07, MF15 and MF23 shows this grid",
      "6 trick Alice red",
      "6 score 3 1",
      "7 trick Alice green",
      "7 score 4 1",
      "8 trick Alice yellow",
      "8 score 5 1",
      "8 winner round: Alice",
      "9 score 0 0",
  };
  EXPECT_EQ(summary(events), expected);

  const auto& ruled = events.at(3);
  EXPECT_EQ(std::get<TrickEvent>(ruled.body).options,
            (std::vector<Colour>{Colour::yellow, Colour::purple}));
  EXPECT_TRUE(ruled.ruling.has_value());
  const nlohmann::json score = to_json(events.at(13));
  EXPECT_EQ(score["scores"][0]["detail"],
            (nlohmann::json{{"yellow", 1}, {"green", 1}, {"red", 1}, {"blue", 1}, {"purple", 1}}));
}

TEST(FreezeRecord, DocumentedSoloExampleRunsOutOfTime) {
  const auto events = replay(documented_example(1));
  ASSERT_EQ(summary(events),
            (std::vector<std::string>{"0 trick Sam blue", "0 score 1", "1 winner round:"}));
  EXPECT_EQ(events[2].time_s, 95.0);
  EXPECT_EQ(std::get<WinnerEvent>(events[2].body).reason,
            "the timer ran out (90.0 s) before one trick of each colour (1 of 5)");
}

constexpr const char* kHeader = R"("game": "freeze", "players": ["Alice", "Bob"])";

std::string record_with(const std::string& plays, const std::string& extra = "") {
  return std::string("{") + kHeader + extra + R"(, "plays": [)" + plays + "]}";
}

TEST(FreezeRecord, MatchToConfiguredRoundsAcrossNewRounds) {
  const std::string five = R"(
      {"player": "Bob", "shown": [["yellow","yellow","yellow"],["empty","empty","empty"],["empty","empty","empty"]]},
      {"player": "Bob", "shown": [["green","green","green"],["empty","empty","empty"],["empty","empty","empty"]]},
      {"player": "Bob", "shown": [["red","red","red"],["empty","empty","empty"],["empty","empty","empty"]]},
      {"player": "Bob", "shown": [["blue","blue","blue"],["empty","empty","empty"],["empty","empty","empty"]]},
      {"player": "Bob", "shown": [["purple","purple","purple"],["empty","empty","empty"],["empty","empty","empty"]]})";
  const auto events = replay(
      record_with(five + R"(, {"new_round": true},)" + five + R"(, {"new_round": true},)" + five,
                  R"(, "rounds_to_win": 3)"));
  const auto lines = summary(events);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[lines.size() - 2], "16 winner round: Bob");
  EXPECT_EQ(lines.back(), "16 winner match: Bob");
}

TEST(FreezeRecord, MalformedRecordsNameThePlace) {
  const std::string trick =
      R"({"player": "Alice", "stack": [{"card": "MF01"}, {"card": "MF02"}, {"card": "MF03"}]})";
  EXPECT_EQ(
      error_of(record_with(
          trick + "," + trick +
          R"(, {"player": "Alice", "stack": [{"card": "MF99"}, {"card": "MF02"}, {"card": "MF03"}]})")),
      "game.json: plays[2].stack[0].card: unknown card \"MF99\"");
  EXPECT_EQ(error_of(record_with(R"({"player": "Alice", "colour": "red", "shown": []})")),
            "game.json: plays[0].colour: unexpected key (the key is \"color\")");
  EXPECT_EQ(error_of(record_with(R"({"player": "Zoe", "swap": "MF01"})")),
            "game.json: plays[0].player: \"Zoe\" is not one of the players");
  EXPECT_EQ(
      error_of(record_with(R"({"player": "Alice", "shown": [["red","red","red"],["empty"],[]]})")),
      "game.json: plays[0].shown[1]: expected 3 positions");
  EXPECT_EQ(error_of(record_with(R"({"player": "Alice", "shown": [["black","red","red"],[],[]]})")),
            "game.json: plays[0].shown[0][0]: Monster Freeze has no black monsters");
  EXPECT_EQ(
      error_of(record_with(R"({"player": "Alice", "swap": "MF01", "new_round": true})")),
      "game.json: plays[0]: expected only one of \"stack\", \"shown\", \"swap\" and \"new_round\"");
  EXPECT_EQ(error_of(record_with(R"({"player": "Alice"})")),
            "game.json: plays[0]: expected \"stack\", \"shown\", \"swap\", \"new_round\" or a "
            "\"time_s\" alone");
  EXPECT_EQ(error_of(record_with(R"({"time_s": 5.5}, {"time_s": 4})")),
            "game.json: plays[1].time_s: goes back in time (4 s after 5.5 s)");
  EXPECT_EQ(
      error_of(record_with(trick, R"(, "deal": {"hands": {"Alice": ["MF01", "MF02", "MF02"]}})")),
      "game.json: deal: card MF02 is dealt twice");
  EXPECT_EQ(error_of(record_with(trick, R"(, "solo_seconds": 60)")),
            "game.json: solo_seconds: only a solo game has a timer");
  EXPECT_EQ(error_of(R"({"game": "freeze", "players": ["Sam"], "plays": [
                {"player": "Sam", "shown": [["red","red","red"],["empty","empty","empty"],["empty","empty","empty"]]}]})"),
            "game.json: plays[0]: a solo trick needs \"time_s\", the seconds since the start");
  EXPECT_EQ(error_of(R"({"game": "freeze", "players": ["A", "B", "C", "D", "E"], "plays": []})"),
            "game.json: players: Monster Freeze is played solo or by 2 to 4 players");
  EXPECT_EQ(
      error_of(record_with(R"({"player": "Alice", "stack": [{"card": "MF01", "turns": 4}]})")),
      "game.json: plays[0].stack[0].turns: expected a number from 0 to 3, got 4");
}

TEST(FreezeRecord, IllegalPlaysAreEventsNotErrors) {
  const auto events = replay(record_with(
      R"({"player": "Alice", "stack": [{"card": "MF07"}, {"card": "MF08"}, {"card": "MF09"}]},
         {"player": "Alice", "stack": [{"card": "MF01"}, {"card": "MF02"}]},
         {"player": "Alice", "stack": [{"card": "MF01"}, {"card": "MF02"}, {"card": "MF03"}]},
         {"player": "Bob", "swap": "MF04"})",
      R"(, "deal": {"hands": {"Alice": ["MF01", "MF02", "MF03"]}, "single": "MF04"})"));
  EXPECT_EQ(summary(events), (std::vector<std::string>{
                                 "0 illegal Alice: card MF07 is not in Alice's hand",
                                 "1 illegal Alice: a trick is a stack of 3 cards, this one has 2",
                                 "2 illegal Alice: no line of three",
                                 "3 illegal Bob: card MF04 is the single card already",
                             }));
  const nlohmann::json line = to_json(events[0]);
  EXPECT_EQ(line["frame"], 0);
  EXPECT_EQ(line["type"], "illegal");
  EXPECT_EQ(line["cards"], (nlohmann::json{"MF07", "MF08", "MF09"}));
}

}  // namespace
}  // namespace tableref::referee
