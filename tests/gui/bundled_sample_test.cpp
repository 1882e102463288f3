// The window plays the bundled filmed game of the game being set up (samples/media, made by
// scripts/make-samples.sh), with as many players as the clip shows, and its event log ends up
// with exactly the plays the renderer recorded for the clip.
#include <gtest/gtest.h>

#include <QAction>
#include <algorithm>
#include <fstream>

#include "gui/main_window.hpp"
#include "gui/sample_clip.hpp"
#include "gui_test_support.hpp"
#include "live/event_log.hpp"
#include "live/event_score.hpp"

namespace tableref::gui {
namespace {

struct BundledCase {
  referee::Game game;
  std::vector<std::string> players_before;  // the set-up when the sample is asked for
  std::size_t clip_players;
};

std::string case_name(const ::testing::TestParamInfo<BundledCase>& info) {
  return std::string(referee::game_name(info.param.game));
}

class BundledSample : public ::testing::TestWithParam<BundledCase> {};

TEST_P(BundledSample, PlaysWithTheClipsPlayersAndAnnouncesItsTrueEvents) {
  const BundledCase& param = GetParam();
  const auto clip = bundled_sample_clip(param.game);
  ASSERT_TRUE(clip.has_value());
  ASSERT_EQ(clip->players.size(), param.clip_players);
  const auto truth = live::read_event_log(std::filesystem::path(clip->video).replace_extension() +=
                                          ".events.jsonl");
  ASSERT_TRUE(truth.ok()) << truth.error().message;

  MainWindow window(testing::refereeing_window_options());
  window.resize(1500, 900);
  window.show();
  Session& session = window.session();
  GameSetup setup;
  setup.game = param.game;
  setup.players = param.players_before;
  ASSERT_FALSE(setup.problem().has_value()) << *setup.problem();
  session.set_setup(setup);

  QAction* play_sample = window.findChild<QAction*>("action_play_sample");
  ASSERT_NE(play_sample, nullptr);
  ASSERT_TRUE(testing::play_to_the_end(
      session, [play_sample] { play_sample->trigger(); }, 120000));

  EXPECT_EQ(session.setup().game, param.game);
  EXPECT_EQ(session.setup().players.size(), param.clip_players);
  std::vector<nlohmann::json> announced;
  for (int row = 0; row < session.log().size(); ++row) {
    announced.push_back(session.log().entry(row).event);
  }
  const live::EventScore score = live::score_events(truth.value().events, announced);
  EXPECT_GE(score.truth, 8);
  EXPECT_EQ(score.matched, score.truth) << "missed: " << nlohmann::json(score.missed).dump();
  EXPECT_EQ(score.announced, score.truth) << "extra: " << nlohmann::json(score.extra).dump();
  EXPECT_LE(score.max_delay_s(), 0.6);

  // The scoreboard counts what this game counts: the last true scores, per player.
  const auto& rows = session.scoreboard().rows();
  ASSERT_EQ(rows.size(), param.clip_players);
  const auto last_scores =
      std::find_if(truth.value().events.rbegin(), truth.value().events.rend(),
                   [](const nlohmann::json& event) { return event.value("type", "") == "score"; });
  for (std::size_t seat = 0; seat < rows.size(); ++seat) {
    if (param.game == referee::Game::trio) {
      ASSERT_NE(last_scores, truth.value().events.rend());
      const nlohmann::json& scored = (*last_scores)["scores"][seat];
      EXPECT_EQ(rows[seat].points, scored["total"].get<int>()) << rows[seat].name;
      EXPECT_EQ(rows[seat].black, scored["detail"]["black"].get<int>()) << rows[seat].name;
      EXPECT_EQ(rows[seat].chain, scored["detail"]["chain"].get<int>()) << rows[seat].name;
    }
    if (param.game == referee::Game::punto) {
      EXPECT_FALSE(rows[seat].colours.empty()) << rows[seat].name;
    }
  }
  const ScoreboardModel& board = session.scoreboard();
  const QString second_header = board.headerData(1, Qt::Horizontal).toString();
  EXPECT_EQ(second_header, param.game == referee::Game::trio    ? "Won by chain"
                           : param.game == referee::Game::punto ? "Colours"
                                                                : "yellow");

  const std::string shot = std::string(referee::game_name(param.game)) + "-sample-window.png";
  window.grab().save(QString::fromStdString((testing::screenshot_dir() / shot).string()));
}

// Trio is asked for with two players and plays the clip's three; Punto with the clip's names.
INSTANTIATE_TEST_SUITE_P(Games, BundledSample,
                         ::testing::Values(BundledCase{referee::Game::trio, {"Alice", "Bob"}, 3},
                                           BundledCase{referee::Game::punto, {"P1", "P2"}, 2},
                                           BundledCase{referee::Game::freeze, {"P1", "P2"}, 2}),
                         case_name);

}  // namespace
}  // namespace tableref::gui
