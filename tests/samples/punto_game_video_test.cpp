// Whole Punto games on video: the true events follow the rules turn by turn, and the same seed
// films the same game. Small pictures and a few plays keep the suite fast.

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "samples/game_video.hpp"

namespace tableref::samples {
namespace {

using nlohmann::json;

GameVideoOptions few_plays() {
  GameVideoOptions options;
  options.game = referee::Game::punto;
  options.players = 3;
  options.level = Level::webcam;
  options.image_size = cv::Size(800, 450);
  options.fps = 2;
  options.passing_hand_share = 0.3;
  options.punto = {8, 0.4, 0.25, 0.5};
  return options;
}

struct PuntoFilm {
  GameVideoTruth truth;
  std::vector<double> frame_sums;  // of every frame's pixels: a fingerprint of the film
};

PuntoFilm film_punto(const GameVideoOptions& options, std::uint64_t seed) {
  PuntoFilm filmed;
  filmed.truth = render_game_video(options, seed, [&](const cv::Mat& bgr, int, double) {
    filmed.frame_sums.push_back(cv::sum(bgr)[0] + cv::sum(bgr)[1] + cv::sum(bgr)[2]);
  });
  return filmed;
}

TEST(PuntoGameVideo, EventsFollowTheTurnsAndTheCardsOnTheTable) {
  const PuntoFilm filmed = film_punto(few_plays(), 7);
  const std::vector<std::string> players = {"P1", "P2", "P3"};
  EXPECT_EQ(filmed.truth.players, players);
  int placed = 0, illegal = 0, named = 0;
  std::size_t turn = 0;  // seat 0 lays the first card
  std::set<std::string> on_table;
  std::optional<std::string> taken_back;  // a card laid against the rules, until it goes
  for (const json& event : filmed.truth.events) {
    const std::string type = event["type"];
    if (type == "state") {
      std::set<std::string> seen;
      for (const json& card : event["cards"]) seen.insert(card["id"].get<std::string>());
      if (taken_back) {
        EXPECT_FALSE(seen.contains(*taken_back)) << event.dump();
        taken_back.reset();
      }
      on_table = seen;
      continue;
    }
    if (type != "placed" && type != "illegal") continue;
    // Cards are named in the order they come, and lie on the table once laid.
    const std::string id = event["cards"][0];
    EXPECT_EQ(id, "C" + std::to_string(++named));
    EXPECT_TRUE(on_table.contains(id)) << event.dump();
    // Whoever's turn it is lays; a refused card is laid again by the same player.
    EXPECT_EQ(event["player"], players[turn]) << event.dump();
    if (type == "placed") {
      ++placed;
      turn = (turn + 1) % players.size();
    } else {
      ++illegal;
      EXPECT_FALSE(event["reason"].get<std::string>().empty());
      taken_back = id;
    }
  }
  EXPECT_EQ(placed + illegal, 8);
  EXPECT_GE(illegal, 1);
  EXPECT_EQ(filmed.truth.details["game"]["plays"], 8);
  // Every frame is filmed, hands come and go.
  EXPECT_EQ(filmed.truth.frames.size(), filmed.frame_sums.size());
  const auto with_hands =
      std::count_if(filmed.truth.frames.begin(), filmed.truth.frames.end(),
                    [](const VideoFrameTruth& frame) { return frame.hand_share > 0.002; });
  EXPECT_GE(with_hands, 8);
}

TEST(PuntoGameVideo, TheSameSeedFilmsTheSameGame) {
  GameVideoOptions options = few_plays();
  options.punto.max_plays = 4;
  const PuntoFilm first = film_punto(options, 9);
  const PuntoFilm again = film_punto(options, 9);
  EXPECT_EQ(first.truth.events, again.truth.events);
  EXPECT_EQ(first.frame_sums, again.frame_sums);
}

TEST(PuntoGameVideo, RefusesOptionsOutOfRange) {
  GameVideoOptions options = few_plays();
  options.players = 5;
  EXPECT_THROW(film_punto(options, 1), std::invalid_argument);
  options = few_plays();
  options.punto.max_plays = -1;
  EXPECT_THROW(film_punto(options, 1), std::invalid_argument);
}

}  // namespace
}  // namespace tableref::samples
