// The models behind the docks: the event log (verdicts, overrides, JSON Lines), the scoreboard
// (with cancelled verdicts taken off), the verdict cursor, and the events in words.
#include <gtest/gtest.h>

#include <QFont>
#include <sstream>

#include "gui/event_log_model.hpp"
#include "gui/event_text.hpp"
#include "gui/scoreboard_model.hpp"
#include "gui/verdict_cursor.hpp"
#include "referee/colour.hpp"

namespace tableref::gui {
namespace {

using nlohmann::json;

json trick(const char* player, const char* colour, int frame) {
  return {{"frame", frame},   {"time_s", frame / 10.0}, {"type", "trick"},
          {"player", player}, {"color", colour},        {"options", {colour}}};
}
json state(int frame) {
  return {{"frame", frame}, {"type", "state"}, {"stacks", json::array()}};
}

TEST(EventLogModel, ShowsEveryEventAsARowInWords) {
  EventLogModel log;
  log.append(state(1));
  log.append(trick("Alice", "red", 12), QByteArray("png"), {{"stacks", json::array()}});
  log.append(
      {{"frame", 20}, {"type", "illegal"}, {"player", "Bob"}, {"reason", "stack not aligned"}});
  ASSERT_EQ(log.rowCount(), 3);
  EXPECT_EQ(log.columnCount(), EventLogModel::kColumnCount);
  EXPECT_EQ(log.data(log.index(1, EventLogModel::kFrame)).toInt(), 12);
  EXPECT_EQ(log.data(log.index(1, EventLogModel::kTime)).toString(), "1.2 s");
  EXPECT_EQ(log.data(log.index(1, EventLogModel::kPlayer)).toString(), "Alice");
  EXPECT_EQ(log.data(log.index(1, EventLogModel::kWhat)).toString(), "Alice: red trick");
  EXPECT_EQ(log.data(log.index(2, EventLogModel::kWhat)).toString(),
            "Bob: illegal, stack not aligned");
  EXPECT_FALSE(log.data(log.index(1, EventLogModel::kType), Qt::DecorationRole).isNull())
      << "a trick's colour also has its icon";
  EXPECT_EQ(log.verdict_rows(), (std::vector<int>{1, 2}));
  EXPECT_EQ(log.entry(1).frame_png, QByteArray("png"));
}

TEST(EventLogModel, AnOverrideIsLoggedWithItsReasonAndMarksTheVerdict) {
  EventLogModel log;
  log.append(state(1));
  log.append(trick("Alice", "red", 12));
  int overridden_row = -1;
  QObject::connect(&log, &EventLogModel::overridden, [&](int row, int) { overridden_row = row; });

  EXPECT_FALSE(log.override_verdict(0, "cancelled", "no").ok()) << "a state is no verdict";
  EXPECT_FALSE(log.override_verdict(1, "cancelled", "  ").ok()) << "a reason is required";
  EXPECT_FALSE(log.override_verdict(1, "maybe", "why").ok());
  EXPECT_FALSE(log.override_verdict(7, "cancelled", "why").ok());

  const auto row = log.override_verdict(1, "cancelled", "the stack was Bob's");
  ASSERT_TRUE(row.ok());
  EXPECT_EQ(*row, 2);
  EXPECT_EQ(overridden_row, 1);
  const json& entry = log.entry(2).event;
  EXPECT_EQ(entry["type"], "override");
  EXPECT_EQ(entry["frame"], 12);
  EXPECT_EQ(entry["entry"], 1);
  EXPECT_EQ(entry["decision"], "cancelled");
  EXPECT_EQ(entry["reason"], "the stack was Bob's");
  EXPECT_EQ(entry["overrides"]["color"], "red");
  EXPECT_EQ(log.entry(1).overridden_by, 2);
  EXPECT_TRUE(
      log.data(log.index(1, EventLogModel::kWhat), Qt::FontRole).value<QFont>().strikeOut());
  EXPECT_FALSE(log.override_verdict(1, "upheld", "again").ok()) << "one override per verdict";

  std::istringstream lines(log.jsonl());
  std::vector<json> read;
  for (std::string line; std::getline(lines, line);) read.push_back(json::parse(line));
  ASSERT_EQ(read.size(), 3u);
  EXPECT_EQ(read[2]["type"], "override");
}

TEST(ScoreboardModel, ShowsTheRefereesBoardLessCancelledVerdicts) {
  ScoreboardModel board;
  const json reported = {{"round", 2},
                         {"players",
                          {{{"name", "Alice"},
                            {"seat", 0},
                            {"tricks", {{"red", 2}, {"blue", 1}}},
                            {"cards_won", 9},
                            {"points", 3},
                            {"rounds", 1}},
                           {{"name", "Bob"},
                            {"seat", 1},
                            {"tricks", {{"green", 1}}},
                            {"cards_won", 3},
                            {"points", 1},
                            {"rounds", 0}}}}};
  board.set_scoreboard(reported);
  ASSERT_EQ(board.rowCount(), 2);
  EXPECT_EQ(board.round(), 2);
  const int red_column = ScoreboardModel::kFirstTrick + static_cast<int>(referee::Colour::red);
  EXPECT_EQ(board.data(board.index(0, red_column)).toInt(), 2);
  EXPECT_EQ(board.data(board.index(0, red_column), Qt::AccessibleTextRole).toString(),
            "2 red tricks");
  EXPECT_EQ(board.data(board.index(0, ScoreboardModel::kPlayer)).toString(), "Alice (bottom)");
  EXPECT_EQ(board.data(board.index(1, ScoreboardModel::kPlayer)).toString(), "Bob (top)");
  EXPECT_EQ(board.headerData(red_column, Qt::Horizontal).toString(), "red");
  EXPECT_FALSE(board.headerData(red_column, Qt::Horizontal, Qt::DecorationRole).isNull());

  board.cancel_verdict(trick("Alice", "red", 5));
  EXPECT_EQ(board.rows()[0].tricks[static_cast<std::size_t>(referee::Colour::red)], 1);
  EXPECT_EQ(board.rows()[0].points, 2);
  EXPECT_EQ(board.rows()[0].cards_won, 6);
  // The referee's next report keeps the cancellation.
  board.set_scoreboard(reported);
  EXPECT_EQ(board.rows()[0].points, 2);
  EXPECT_EQ(board.to_json()["players"][0]["tricks"]["red"], 1);

  board.set_scoreboard(json("not a board"));
  board.set_scoreboard({{"players", {1, "x", {{"tricks", 3}}}}});
  EXPECT_EQ(board.rowCount(), 1) << "what cannot be read is left out, never thrown";
}

// Punto's team game: each player's colours with the team, counted from 1 for people.
TEST(ScoreboardModel, NamesEachPuntoPlayersTeam) {
  ScoreboardModel board;
  board.set_game(referee::Game::punto);
  board.set_scoreboard({{"round", 1},
                        {"players",
                         {{{"name", "Ann"}, {"seat", 0}, {"colors", {"red"}}, {"team", 0}},
                          {{"name", "Bob"}, {"seat", 1}, {"colors", {"green"}}, {"team", 1}}}}});
  ASSERT_EQ(board.rowCount(), 2);
  EXPECT_EQ(board.rows()[0].colours, "red (team 1)");
  EXPECT_EQ(board.rows()[1].colours, "green (team 2)");
}

TEST(VerdictCursor, FollowsTheGameUntilAPersonStepsBack) {
  EventLogModel log;
  VerdictCursor cursor(log);
  EXPECT_FALSE(cursor.row().has_value());
  log.append(state(1));
  log.append(trick("Alice", "red", 2));  // row 1
  EXPECT_EQ(cursor.row(), 1);
  log.append(trick("Bob", "blue", 3));  // row 2
  EXPECT_EQ(cursor.row(), 2);
  EXPECT_EQ(cursor.position(), 2);
  EXPECT_EQ(cursor.count(), 2);
  EXPECT_TRUE(cursor.previous());
  EXPECT_FALSE(cursor.previous());
  log.append(trick("Alice", "green", 4));  // row 3: the person's choice stays shown
  EXPECT_EQ(cursor.row(), 1);
  EXPECT_TRUE(cursor.next());
  EXPECT_TRUE(cursor.next());
  EXPECT_FALSE(cursor.next());
  EXPECT_EQ(cursor.row(), 3);
  EXPECT_FALSE(cursor.show_row(0)) << "a state is no verdict";
  EXPECT_TRUE(cursor.show_row(2));
  log.clear();
  EXPECT_FALSE(cursor.row().has_value());
}

TEST(EventText, EveryVerdictReadsAsASentence) {
  EXPECT_EQ(spoken_event(trick("Alice", "red", 1)), "Alice: red trick");
  EXPECT_EQ(
      describe_event(
          {{"type", "trick"}, {"player", "Bob"}, {"color", "blue"}, {"options", {"blue", "red"}}}),
      "Bob: blue trick (allowed blue, red)");
  EXPECT_EQ(spoken_event({{"type", "illegal"}, {"player", "Bob"}, {"reason", "stack not aligned"}}),
            "Bob: illegal play, stack not aligned");
  EXPECT_EQ(describe_event({{"type", "winner"},
                            {"players", {"Alice"}},
                            {"scope", "round"},
                            {"reason", "one trick of each colour"}}),
            "Alice wins the round: one trick of each colour");
  EXPECT_EQ(spoken_event({{"type", "winner"}, {"players", {"Alice", "Bob"}}, {"scope", "match"}}),
            "Alice and Bob share the match");
  EXPECT_EQ(describe_event({{"type", "capture"},
                            {"player", "Cy"},
                            {"cards", {"1", "2", "3", "4"}},
                            {"kind", "chain"}}),
            "Cy: captures 4 cards (chain)");
  EXPECT_EQ(spoken_event(state(1)), "") << "layouts are shown, not spoken";
  EXPECT_EQ(describe_event({{"type", "override"},
                            {"decision", "cancelled"},
                            {"reason", "why"},
                            {"overrides", trick("Alice", "red", 1)}}),
            "override, cancelled: \"Alice: red trick\" because why");
  EXPECT_TRUE(is_verdict_type("illegal"));
  EXPECT_FALSE(is_verdict_type("score"));
  EXPECT_EQ(describe_event({{"type", "trick"}, {"player", 3}, {"options", "x"}}), "3:  trick")
      << "odd fields read oddly but never throw";
}

TEST(EventText, ABugsStateNamesNoPlayer) {
  const nlohmann::json state = {{"type", "state"},
                                {"players", {{{"seat", 0}, {"score", {{"total", 2}}}}}},
                                {"tiles", nlohmann::json::array()}};
  EXPECT_EQ(event_player(state), "");
  EXPECT_EQ(event_player({{"type", "winner"}, {"players", {"Ann", "Bo"}}}), "Ann and Bo");
}

}  // namespace
}  // namespace tableref::gui
