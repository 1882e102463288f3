// The live referee on a rendered Punto round: four players at the webcam level, hands laying
// cards, taking back cards laid against the rules and passing over the table, until a line of
// four wins. The events it announces against the truth, and a resumed game. The same in the team
// game, won by a line of five.

#include <gtest/gtest.h>

#include "live/event_score.hpp"
#include "live/live_referee.hpp"
#include "rendered_game.hpp"

namespace tableref::live {
namespace {

using testing::RefereeRun;
using testing::RenderedGame;

constexpr std::uint64_t kPuntoSeed = 10;

samples::GameVideoOptions short_punto_options() {
  samples::GameVideoOptions options;
  options.game = referee::Game::punto;
  options.players = 4;
  options.level = samples::Level::webcam;
  options.image_size = cv::Size(960, 540);
  options.fps = 8;
  options.rounds_to_win = 1;
  options.passing_hand_share = 0.3;
  options.min_still_s = 0.9;
  options.max_still_s = 1.4;
  // Players who only build their own lines: the round is won within a few turns each.
  options.punto = {24, 0.15, 0.0, 0.0};
  return options;
}

// Rendered once for the suite and kept in the build folder (rendered_game.hpp).
const RenderedGame& punto_game() {
  static const RenderedGame game = [] {
    RenderedGame rendered{short_punto_options(), kPuntoSeed, {}, {}};
    const std::filesystem::path cache = testing::game_cache_folder(kPuntoSeed);
    if (testing::load_game(cache, rendered)) return rendered;
    rendered.truth = samples::render_game_video(
        rendered.options, rendered.seed,
        [&](const cv::Mat& bgr, int, double) { rendered.frames.push_back(bgr.clone()); });
    testing::save_game(cache, rendered);
    return rendered;
  }();
  return game;
}

constexpr std::uint64_t kTeamSeed = 11;

// The team game: partners opposite, a line of five wins for both.
const RenderedGame& team_game() {
  static const RenderedGame game = [] {
    samples::GameVideoOptions options = short_punto_options();
    options.punto.max_plays = 40;
    options.punto.team_game = true;
    options.image_size = cv::Size(1280, 720);  // a line of five spreads the layout
    return testing::cached_game(options, kTeamSeed, "punto-team-game");
  }();
  return game;
}

LiveOptions punto_live_options(const RenderedGame& game) {
  LiveOptions options = testing::live_options(game);
  options.game = referee::Game::punto;
  return options;
}

using testing::count_of;

// Referees the whole game and checks its events against the truth; the final scoreboard.
// Thresholds: measured on the games below (every event found, none extra, each within 0.5 s of
// the play settling), so that a regression fails.
nlohmann::json refereed_like_the_truth(const RenderedGame& game) {
  LiveReferee referee(punto_live_options(game));
  const RefereeRun run = testing::referee_frames(referee, game);
  const EventScore events = score_events(game.truth.events, run.events);
  EXPECT_GE(events.recall(), 0.99) << nlohmann::json(events.missed).dump();
  EXPECT_EQ(events.precision(), 1.0) << nlohmann::json(events.extra).dump();
  EXPECT_LE(events.max_delay_s(), 0.5);
  return referee.scoreboard();
}

TEST(PuntoLive, FollowsARenderedRoundLikeTheTruth) {
  const RenderedGame& game = punto_game();
  // The round is worth following: plays, a card taken back, and the winning line.
  ASSERT_GE(count_of(game.truth.events, "placed"), 10);
  ASSERT_GE(count_of(game.truth.events, "illegal"), 1);
  ASSERT_EQ(count_of(game.truth.events, "line"), 1);
  ASSERT_EQ(count_of(game.truth.events, "winner"), 2);  // the round, and with it the match

  EXPECT_EQ(refereed_like_the_truth(game)["match_over"], true);
}

TEST(PuntoLive, FollowsATeamRoundToItsLineOfFive) {
  const RenderedGame& game = team_game();
  const std::vector<nlohmann::json> lines = testing::of_type(game.truth.events, "line");
  ASSERT_EQ(lines.size(), 1u);
  ASSERT_EQ(lines[0]["cells"].size(), 5u);
  const std::vector<nlohmann::json> winners = testing::of_type(game.truth.events, "winner");
  ASSERT_EQ(winners.size(), 2u);
  ASSERT_EQ(winners[0]["players"].size(), 2u) << "both partners";

  const nlohmann::json board = refereed_like_the_truth(game);
  EXPECT_EQ(board["match_over"], true);
  EXPECT_EQ(board["match_winners"], winners[1]["players"]);
}

TEST(PuntoLive, HandsOverTheTableAreUnstableAndAnnounceNothing) {
  const RenderedGame& game = punto_game();
  LiveReferee referee(punto_live_options(game));
  const RefereeRun run = testing::referee_frames(referee, game);
  EXPECT_GE(testing::check_hand_frames_are_silent(game, run), 40);
}

// A referee stopped in the middle of the round and resumed from its log goes on to announce
// what one that never stopped announces.
TEST(PuntoLive, AResumedRoundEndsLikeAnUninterruptedOne) {
  const RenderedGame& game = punto_game();
  LiveReferee whole(punto_live_options(game));
  const RefereeRun all = testing::referee_frames(whole, game);
  const int stop = static_cast<int>(game.frames.size()) / 2;
  std::vector<nlohmann::json> logged;
  for (const nlohmann::json& event : all.events) {
    if (event["frame"].get<int>() < stop) logged.push_back(event);
  }
  ASSERT_GE(count_of(logged, "placed"), 3);
  auto resumed = LiveReferee::resume(punto_live_options(game), logged);
  ASSERT_TRUE(resumed.ok()) << resumed.error().message;
  LiveReferee& referee = resumed.value();
  const RefereeRun rest = testing::referee_frames(referee, game, referee.next_frame());
  std::vector<nlohmann::json> joined = logged;
  joined.insert(joined.end(), rest.events.begin(), rest.events.end());
  EXPECT_EQ(joined, all.events);
  EXPECT_EQ(referee.scoreboard(), whole.scoreboard());
}

}  // namespace
}  // namespace tableref::live
