// The window referees a rendered Bugs & Co game to STOP: the event log holds the true plays, the
// trophy and the scores, and the scoreboard shows each player's tiles, sets, trophy and points
// as the truth counts them at STOP. The screenshot shows the end of the game.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>

#include "gui/main_window.hpp"
#include "gui_test_support.hpp"
#include "live/event_log.hpp"
#include "live/event_score.hpp"
#include "samples/game_video.hpp"

namespace tableref::gui {
namespace {

constexpr double kFps = 6;

// A whole 2-player game at the webcam level, hands passing, as a folder of frames.
struct RenderedBugsGame {
  std::filesystem::path folder;
  std::vector<nlohmann::json> events;
  std::vector<std::string> players;
};

RenderedBugsGame render_bugs_game(const std::filesystem::path& folder) {
  samples::GameVideoOptions options;
  options.game = referee::Game::bugs;
  options.players = 2;
  options.level = samples::Level::webcam;
  options.image_size = cv::Size(1280, 720);
  options.fps = kFps;
  options.passing_hand_share = 0.3;
  const auto truth = samples::write_game_video(options, 5, folder);
  if (!truth.ok()) throw std::runtime_error(truth.error().message);
  const auto logged = live::read_event_log(samples::game_video_files(folder).events);
  if (!logged.ok()) throw std::runtime_error(logged.error().message);
  return {folder, logged.value().events, truth.value().players};
}

std::vector<nlohmann::json> of_type(const std::vector<nlohmann::json>& events,
                                    const std::string& type) {
  std::vector<nlohmann::json> found;
  std::copy_if(events.begin(), events.end(), std::back_inserter(found),
               [&](const nlohmann::json& event) { return event.value("type", "") == type; });
  return found;
}

TEST(BugsGameWindow, RefereesARenderedGameToStopAndShowsTheScores) {
  const std::filesystem::path folder = std::filesystem::path(TABLEREF_BINARY_DIR) / "tests" /
                                       "gui" / ("bugs-game-" + std::to_string(::getpid()));
  const RenderedBugsGame game = render_bugs_game(folder);
  const auto true_scores = of_type(game.events, "score");
  ASSERT_EQ(true_scores.size(), 1u);
  ASSERT_EQ(of_type(game.events, "trophy").size(), 1u);

  MainWindowOptions options = testing::refereeing_window_options();
  options.session.playback.folder_fps = kFps;
  MainWindow window(options);
  window.resize(1500, 900);
  window.show();
  Session& session = window.session();
  GameSetup setup;
  setup.game = referee::Game::bugs;
  setup.players = game.players;
  ASSERT_FALSE(setup.problem().has_value()) << *setup.problem();
  session.set_setup(setup);

  ASSERT_TRUE(testing::play_to_the_end(
      session, [&session, &game] { session.open_path(game.folder); }, 180000));

  std::vector<nlohmann::json> announced;
  for (int row = 0; row < session.log().size(); ++row) {
    announced.push_back(session.log().entry(row).event);
  }
  const live::EventScore score = live::score_events(game.events, announced);
  EXPECT_EQ(score.matched, score.truth) << "missed: " << nlohmann::json(score.missed).dump();
  EXPECT_EQ(score.announced, score.truth) << "extra: " << nlohmann::json(score.extra).dump();
  // The countdown is called out from the trophy: ten numbers and STOP.
  EXPECT_EQ(of_type(announced, "countdown").size(), 11u);

  const nlohmann::json& scored = true_scores.front()["scores"];
  const auto& rows = session.scoreboard().rows();
  ASSERT_EQ(rows.size(), scored.size());
  for (std::size_t seat = 0; seat < rows.size(); ++seat) {
    const nlohmann::json& detail = scored[seat]["detail"];
    EXPECT_EQ(rows[seat].points, scored[seat]["total"].get<int>()) << rows[seat].name;
    EXPECT_EQ(rows[seat].sets, detail["sets"].get<int>()) << rows[seat].name;
    EXPECT_EQ(rows[seat].tiles, 3 * detail["sets"].get<int>() + detail["others"].get<int>())
        << rows[seat].name;
    EXPECT_EQ(rows[seat].trophy, detail["trophies"].get<int>()) << rows[seat].name;
  }
  EXPECT_EQ(session.scoreboard().headerData(3, Qt::Horizontal).toString(), "Trophy");

  window.grab().save(
      QString::fromStdString((testing::screenshot_dir() / "bugs-game-window.png").string()));
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace tableref::gui
