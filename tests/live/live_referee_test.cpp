// The live referee end to end on a rendered game: the events it announces against the truth,
// hands over the table, a single odd frame, and stack ids through a nudge.

#include "live/live_referee.hpp"

#include <gtest/gtest.h>

#include "live/event_score.hpp"
#include "referee/deck.hpp"
#include "referee/freeze/solver.hpp"
#include "rendered_game.hpp"
#include "samples/render.hpp"

namespace tableref::live {
namespace {

using testing::RefereeRun;
using testing::short_game;

// Thresholds: measured on this game (every event found, none extra, announced within 0.5 s of
// the play settling), so that a regression fails.
TEST(LiveReferee, FollowsARenderedGameLikeTheTruth) {
  const auto& game = short_game();
  LiveReferee referee(testing::live_options(game));
  const RefereeRun run = testing::referee_frames(referee, game);
  const EventScore events = score_events(game.truth.events, run.events);
  EXPECT_GE(events.truth, 4);  // two tricks and their scores
  EXPECT_EQ(events.recall(), 1.0);
  EXPECT_EQ(events.precision(), 1.0);
  EXPECT_EQ(events.false_tricks, 0);
  EXPECT_LE(events.max_delay_s(), 0.5);
  const EventScore states = score_events(game.truth.events, run.events, {"state"});
  EXPECT_EQ(states.recall(), 1.0);
  EXPECT_EQ(states.precision(), 1.0);
  EXPECT_EQ(referee.events().size(), run.events.size());
  EXPECT_EQ(referee.scoreboard()["players"][0]["total"].get<int>() +
                referee.scoreboard()["players"][1]["total"].get<int>(),
            2);
}

TEST(LiveReferee, HandsOverTheTableAreUnstableAndAnnounceNothing) {
  const auto& game = short_game();
  LiveReferee referee(testing::live_options(game));
  const RefereeRun run = testing::referee_frames(referee, game);
  EXPECT_GE(testing::check_hand_frames_are_silent(game, run), 20);
}

// The first frame of a still stretch long enough to hold an odd frame after the referee has
// read it.
int frame_in_a_long_still_stretch(const testing::RenderedGame& game) {
  int run_start = 0;
  for (const samples::VideoFrameTruth& frame : game.truth.frames) {
    if (frame.hand_share > 0) {
      run_start = frame.index + 1;
    } else if (frame.index - run_start >= 8) {
      return frame.index;
    }
  }
  return -1;
}

TEST(LiveReferee, IgnoresASingleOddFrame) {
  const auto& game = short_game();
  const int odd = frame_in_a_long_still_stretch(game);
  ASSERT_GT(odd, 0);
  const cv::Mat black(game.frames[0].size(), CV_8UC3, cv::Scalar::all(0));
  // A dropped frame, and a frame of another moment of the game (a glitch of the capture).
  for (const cv::Mat& glitch : {black, game.frames.back()}) {
    testing::RenderedGame flickering = game;
    flickering.frames[static_cast<std::size_t>(odd)] = glitch;
    LiveReferee referee(testing::live_options(flickering));
    const RefereeRun run = testing::referee_frames(referee, flickering);
    const EventScore events = score_events(game.truth.events, run.events);
    EXPECT_EQ(events.recall(), 1.0);
    EXPECT_EQ(events.precision(), 1.0);
    EXPECT_EQ(score_events(game.truth.events, run.events, {"state"}).precision(), 1.0);
    const FrameReport& at_odd = run.reports[static_cast<std::size_t>(odd)];
    EXPECT_TRUE(at_odd.unstable);
    EXPECT_TRUE(at_odd.events.empty());
  }
}

// A trick stack of the built-in deck beside the single card.
samples::FreezeScene trick_scene(cv::Point2d stack_offset_mm, double stack_angle_deg) {
  const referee::FreezeDeck& deck = referee::builtin_freeze_deck();
  for (std::size_t first = 0; first + 3 < deck.cards.size(); ++first) {
    const referee::freeze::Hand hand{&deck.cards[first], &deck.cards[first + 1],
                                     &deck.cards[first + 2]};
    const auto tricks = referee::freeze::list_tricks(hand);
    if (tricks.empty()) continue;
    samples::FreezeStackLayout stack;
    for (std::size_t level = 0; level < 3; ++level) {
      stack.cards.push_back({hand[static_cast<std::size_t>(tricks[0].stacking.order[level])]->id,
                             tricks[0].stacking.placements[level]});
    }
    stack.centre_mm = cv::Point2d(0, 100) + stack_offset_mm;
    stack.angle_deg = stack_angle_deg;
    samples::FreezeStackLayout single;
    single.cards.push_back({deck.cards[first + 3].id, {}});
    return samples::FreezeScene{{single, stack}};
  }
  return {};
}

TEST(LiveReferee, KeepsStackIdsThroughASmallNudge) {
  std::mt19937_64 rng(4);
  samples::CaptureConditions conditions = samples::draw_conditions(samples::Level::webcam, rng);
  conditions.image_size = cv::Size(800, 450);
  conditions.hand_count = conditions.sleeve_count = conditions.glare_count = 0;
  conditions.table = samples::TableSurface{};  // plain grey
  // Each picture is framed on its own layout: the nudge moves the stack by 6 to 12 mm in it.
  const cv::Mat before = samples::render_freeze(trick_scene({0, 0}, 10), conditions, 1).image_bgr;
  const cv::Mat after = samples::render_freeze(trick_scene({12, 5}, 18), conditions, 1).image_bgr;

  LiveReferee referee(LiveOptions{});
  std::vector<referee::Event> events;
  const auto show = [&](const cv::Mat& frame, int first) {
    for (int index = first; index < first + 6; ++index) {
      for (referee::Event& event : referee.process(frame, index / 8.0, index).events) {
        events.push_back(std::move(event));
      }
    }
  };
  show(before, 0);
  const auto ids_of = [](const nlohmann::json& layout) {
    std::vector<std::string> ids;
    for (const auto& stack : layout["stacks"]) ids.push_back(stack["id"]);
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  const std::vector<std::string> ids_before = ids_of(referee.layout());
  ASSERT_EQ(ids_before.size(), 2u);
  const std::size_t events_before = events.size();
  ASSERT_EQ(events_before, 3u);  // the layout, then the trick it shows and the scores
  show(after, 6);
  EXPECT_EQ(ids_of(referee.layout()), ids_before);
  // The nudge is a new layout, but no new trick.
  ASSERT_EQ(events.size(), events_before + 1);
  EXPECT_EQ(referee::event_type(events.back().body), "state");
}

TEST(LiveReferee, RejectsOptionsTheGameDoesNotAllow) {
  LiveOptions crowded_bugs;
  crowded_bugs.game = referee::Game::bugs;
  crowded_bugs.players = default_player_names(9);
  EXPECT_THROW(LiveReferee{crowded_bugs}, std::invalid_argument);
  LiveOptions crowd;
  crowd.players = default_player_names(5);
  EXPECT_THROW(LiveReferee{crowd}, std::invalid_argument);
  LiveOptions first;
  first.first_player = 2;
  EXPECT_THROW(LiveReferee{first}, std::invalid_argument);
}

}  // namespace
}  // namespace tableref::live
