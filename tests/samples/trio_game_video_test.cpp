// Trio Monsters games on video: the true events follow the referee's game as the camera films
// it, and the frames follow from the seed alone.

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <vector>

#include "samples/game_video.hpp"

namespace tableref::samples {
namespace {

using nlohmann::json;

GameVideoOptions short_trio_game(int turns) {
  GameVideoOptions options;
  options.game = referee::Game::trio;
  options.players = 3;
  options.image_size = cv::Size(800, 450);
  options.fps = 2;
  options.max_turns = turns;
  options.illegal_share = 0.5;
  options.passing_hand_share = 0.3;
  options.min_still_s = 1.0;
  options.max_still_s = 1.5;
  return options;
}

struct TrioFilm {
  GameVideoTruth truth;
  std::vector<cv::Mat> frames;
};

TrioFilm film_trio(const GameVideoOptions& options, std::uint64_t seed) {
  TrioFilm filmed;
  filmed.truth = render_game_video(options, seed, [&](const cv::Mat& bgr, int, double) {
    filmed.frames.push_back(bgr.clone());
  });
  return filmed;
}

std::size_t card_count(const json& event) {
  return event.value("cards", json::array()).size();
}

// Every layout the camera sees holds the cards the events account for: the laid cards join it,
// a refused card, the cards a capture won and the detached cards leave it with the next layout.
TEST(TrioGameVideo, TheTrueEventsFollowTheReferee) {
  const GameVideoOptions options = short_trio_game(8);
  const TrioFilm game = film_trio(options, 1);
  const std::vector<json>& events = game.truth.events;
  ASSERT_FALSE(events.empty());
  ASSERT_EQ(events.front()["type"], "state");
  EXPECT_EQ(card_count(events.front()), 1u);  // the middle card

  std::size_t expected = 1, leaving = 0;
  int placed = 0, illegal = 0, captures = 0;
  std::map<std::string, int> won;
  for (std::size_t i = 1; i < events.size(); ++i) {
    const json& event = events[i];
    const std::string type = event["type"];
    // Events come once the play has settled: no hand in the picture.
    EXPECT_EQ(game.truth.frames.at(event["frame"].get<std::size_t>()).hand_share, 0.0);
    if (type == "state") {
      const bool lays = i + 1 < events.size() && events[i + 1]["frame"] == event["frame"] &&
                        (events[i + 1]["type"] == "placed" || events[i + 1]["type"] == "illegal");
      if (lays) {
        expected += card_count(events[i + 1]);
      } else {
        ASSERT_GT(leaving, 0u) << "a layout that nothing changed, event " << i;
        expected -= leaving;
        leaving = 0;
      }
      EXPECT_EQ(card_count(event), expected) << "event " << i;
      EXPECT_EQ(event["status"], "ok");
    } else if (type == "placed") {
      ++placed;
      EXPECT_GE(card_count(event), 1u);
      EXPECT_LE(card_count(event), 3u);
    } else if (type == "illegal") {
      ++illegal;
      EXPECT_FALSE(event["reason"].get<std::string>().empty());
      leaving += card_count(event);  // taken back
    } else if (type == "capture") {
      ++captures;
      EXPECT_EQ(event["count"], card_count(event));
      EXPECT_TRUE(event["kind"] == "chain" || event["kind"] == "black");
      if (event["kind"] == "chain") {
        EXPECT_GE(card_count(event), 4u);
      } else {
        EXPECT_EQ(card_count(event), 4u);  // the black card and the three around it
      }
      won[event["player"]] += static_cast<int>(card_count(event));
      leaving += card_count(event);
    } else if (type == "detached") {
      EXPECT_EQ(leaving, 0u) << "detached cards go once the captured cards are lifted";
      leaving += card_count(event);
    } else if (type == "score") {
      for (const json& score : event["scores"]) {
        EXPECT_EQ(score["total"].get<int>(), won[score["player"]]) << event.dump();
      }
    }
  }
  const json& details = game.truth.details["game"];
  EXPECT_EQ(placed, options.max_turns);
  EXPECT_EQ(details["turns"], placed);
  EXPECT_EQ(details["illegal_plays"], illegal);
  EXPECT_EQ(details["captures"], captures);
  EXPECT_GT(illegal, 0);
  EXPECT_GT(captures, 0);
  EXPECT_EQ(details["cards_on_table"].get<std::size_t>(), expected - leaving);
}

TEST(TrioGameVideo, FramesFollowFromTheSeed) {
  const GameVideoOptions options = short_trio_game(2);
  const TrioFilm first = film_trio(options, 5), again = film_trio(options, 5);
  ASSERT_EQ(first.frames.size(), again.frames.size());
  ASSERT_FALSE(first.frames.empty());
  for (std::size_t i = 0; i < first.frames.size(); ++i) {
    EXPECT_EQ(cv::norm(first.frames[i], again.frames[i], cv::NORM_INF), 0.0) << "frame " << i;
  }
  EXPECT_EQ(first.truth.events, again.truth.events);
}

TEST(TrioGameVideo, RefusesPlayerCountsTheGameDoesNotAllow) {
  GameVideoOptions options = short_trio_game(1);
  options.players = 6;
  EXPECT_THROW(render_game_video(options, 1, [](const cv::Mat&, int, double) {}),
               std::invalid_argument);
  options.players = 5;
  options.max_turns = -1;
  EXPECT_THROW(render_game_video(options, 1, [](const cv::Mat&, int, double) {}),
               std::invalid_argument);
}

}  // namespace
}  // namespace tableref::samples
