// The live referee on a rendered Bugs & Co game: two players at the webcam level laying tiles in
// front of their seats, hands passing over the table, the trophy taken, the countdown and STOP.
// The events it announces against the truth, and a game resumed in the middle of the countdown.

#include <gtest/gtest.h>

#include "live/event_score.hpp"
#include "live/live_referee.hpp"
#include "rendered_game.hpp"

namespace tableref::live {
namespace {

using testing::of_type;
using testing::RefereeRun;
using testing::RenderedGame;

constexpr std::uint64_t kBugsSeed = 5;

samples::GameVideoOptions short_bugs_options() {
  samples::GameVideoOptions options;
  options.game = referee::Game::bugs;
  options.players = 2;
  options.level = samples::Level::webcam;
  options.image_size = cv::Size(1280, 720);
  options.fps = 6;
  options.passing_hand_share = 0.3;
  return options;
}

const RenderedGame& bugs_game() {
  static const RenderedGame game =
      testing::cached_game(short_bugs_options(), kBugsSeed, "bugs-game");
  return game;
}

const RefereeRun& whole_run() {
  static const RefereeRun run = [] {
    LiveReferee referee(testing::live_options(bugs_game()));
    return testing::referee_frames(referee, bugs_game());
  }();
  return run;
}

// Thresholds: measured on this game (every event found, none extra), so that a regression fails.
TEST(BugsLive, FollowsARenderedGameToStopLikeTheTruth) {
  const RenderedGame& game = bugs_game();
  // The game is worth following: tiles laid by both players, the trophy, the scores at STOP.
  ASSERT_GE(of_type(game.truth.events, "placed").size(), 5u);
  ASSERT_EQ(of_type(game.truth.events, "trophy").size(), 1u);
  ASSERT_EQ(of_type(game.truth.events, "score").size(), 1u);

  const RefereeRun& run = whole_run();
  const EventScore events = score_events(game.truth.events, run.events);
  EXPECT_GE(events.recall(), 0.99) << nlohmann::json(events.missed).dump();
  EXPECT_EQ(events.precision(), 1.0) << nlohmann::json(events.extra).dump();
  // The scores are read after STOP: within a second of the true STOP.
  const auto scores = of_type(run.events, "score");
  ASSERT_EQ(scores.size(), 1u);
  EXPECT_EQ(scores[0]["scores"], of_type(game.truth.events, "score")[0]["scores"]);
  EXPECT_EQ(of_type(run.events, "winner").size(), 1u);
  EXPECT_LE(events.max_delay_s(), 1.0) << scores[0].dump() << "\n"
                                       << of_type(game.truth.events, "score")[0].dump() << "\n"
                                       << of_type(game.truth.events, "trophy")[0].dump() << "\n"
                                       << of_type(run.events, "trophy")[0].dump() << "\n"
                                       << of_type(run.events, "countdown").back().dump();
}

TEST(BugsLive, CountsDownTenSecondsFromTheLastTrophyThenScores) {
  const RefereeRun& run = whole_run();
  const auto trophies = of_type(run.events, "trophy");
  const auto calls = of_type(run.events, "countdown");
  ASSERT_EQ(trophies.size(), 1u);
  ASSERT_EQ(calls.size(), 11u);
  // The countdown is dated from when the table settled with the trophy taken.
  const double start_s = trophies[0]["time_s"].get<double>() - LiveOptions().settle_seconds;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const int number = 10 - static_cast<int>(i);
    EXPECT_EQ(calls[i]["number"], number);
    EXPECT_EQ(calls[i]["call"], number == 0 ? "STOP" : std::to_string(number));
    // Each call on the first frame of its second (frames are 1/6 s apart), "10" with the trophy.
    const double due_s = i == 0 ? trophies[0]["time_s"].get<double>() : start_s + double(i);
    EXPECT_GE(calls[i]["time_s"].get<double>(), due_s - 1e-9);
    EXPECT_LT(calls[i]["time_s"].get<double>(), due_s + 0.2);
  }
  // The score comes from a view read after STOP.
  const auto scores = of_type(run.events, "score");
  ASSERT_EQ(scores.size(), 1u);
  EXPECT_GT(scores[0]["time_s"].get<double>(), calls.back()["time_s"].get<double>());
}

TEST(BugsLive, HandsOverTheTableAreUnstableAndAnnounceNothing) {
  EXPECT_GE(testing::check_hand_frames_are_silent(bugs_game(), whole_run()), 40);
}

// Stopped in the middle of the countdown and resumed from its log, the referee calls the rest of
// the countdown and scores the game as one that never stopped.
TEST(BugsLive, AGameResumedDuringTheCountdownEndsLikeAnUninterruptedOne) {
  const RenderedGame& game = bugs_game();
  const RefereeRun& all = whole_run();
  const auto calls = of_type(all.events, "countdown");
  ASSERT_EQ(calls.size(), 11u);
  const int stop = calls[5]["frame"].get<int>() + 1;
  std::vector<nlohmann::json> logged;
  for (const nlohmann::json& event : all.events) {
    if (event["frame"].get<int>() < stop) logged.push_back(event);
  }
  auto resumed = LiveReferee::resume(testing::live_options(game), logged);
  ASSERT_TRUE(resumed.ok()) << resumed.error().message;
  LiveReferee& referee = resumed.value();
  const RefereeRun rest = testing::referee_frames(referee, game, referee.next_frame());
  std::vector<nlohmann::json> joined = logged;
  joined.insert(joined.end(), rest.events.begin(), rest.events.end());
  EXPECT_EQ(joined, all.events);
}

}  // namespace
}  // namespace tableref::live
