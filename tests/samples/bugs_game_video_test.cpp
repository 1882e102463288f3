// Whole Bugs & Co games on video: collections grow tile by tile from the set-up's species, the
// trophies go highest first, and the scores at STOP are the rules' own for what lies on the table.

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include "referee/bugs/scoring.hpp"
#include "referee/deck.hpp"
#include "samples/game_video.hpp"

namespace tableref::samples {
namespace {

using nlohmann::json;

GameVideoOptions bugs_game(int players) {
  GameVideoOptions options;
  options.game = referee::Game::bugs;
  options.players = players;
  options.level = Level::webcam;
  options.image_size = cv::Size(1280, 720);
  options.fps = 2;
  return options;
}

TEST(BugsGameVideo, TheScoresAtStopAreTheRulesOwnForTheCollections) {
  int frames = 0;
  const GameVideoTruth truth =
      render_game_video(bugs_game(3), 4, [&frames](const cv::Mat&, int, double) { ++frames; });
  EXPECT_EQ(truth.frames.size(), static_cast<std::size_t>(frames));

  // The two trophies lie alone at first; then a tile comes onto the table at a time (a trophy
  // only moves); with three players only 2-eyed species are in play.
  std::optional<std::size_t> tiles;
  double last_trophy_s = 0;
  const json* scores = nullptr;
  const json* winner = nullptr;
  for (const json& event : truth.events) {
    if (event["type"] == "state") {
      const std::size_t now = event["tiles"].size();
      if (!tiles) {
        EXPECT_EQ(now, 2u);
      } else {
        EXPECT_TRUE(now == *tiles || now == *tiles + 1) << *tiles << " -> " << now;
      }
      tiles = now;
      for (const json& tile : event["tiles"]) {
        if (tile["kind"] != "monster") continue;
        const referee::BugSpecies* species =
            referee::builtin_bugs_deck().find(tile["species"].get<std::string>());
        ASSERT_NE(species, nullptr);
        EXPECT_EQ(species->eyes, 2) << tile.dump();
      }
    } else if (event["type"] == "trophy") {
      last_trophy_s = event["time_s"];
    } else if (event["type"] == "score") {
      scores = &event;
    } else if (event["type"] == "winner") {
      winner = &event;
    }
  }
  ASSERT_NE(scores, nullptr);
  ASSERT_NE(winner, nullptr);
  // STOP comes once the countdown after the last trophy has run out: 10 s after the table
  // settled with it (to the frame).
  EXPECT_NEAR((*scores)["time_s"].get<double>(), last_trophy_s + 10, 1 / truth.fps + 1e-9);

  // Two trophies for three players, taken highest first by two different players.
  const json& taken = truth.details["game"]["trophies_taken"];
  ASSERT_EQ(taken.size(), 2u);
  EXPECT_EQ(taken[0]["value"], 3);
  EXPECT_EQ(taken[1]["value"], 2);
  EXPECT_NE(taken[0]["player"], taken[1]["player"]);

  int best = -100, trophies = 0;
  for (const json& score : (*scores)["scores"]) {
    const json& detail = score["detail"];
    EXPECT_EQ(score["total"].get<int>(), 3 * detail["sets"].get<int>() -
                                             detail["others"].get<int>() +
                                             detail["trophies"].get<int>());
    best = std::max(best, score["total"].get<int>());
    trophies += detail["trophies"].get<int>();
  }
  EXPECT_EQ(trophies, 5);
  for (const json& score : (*scores)["scores"]) {
    const bool wins = std::find((*winner)["players"].begin(), (*winner)["players"].end(),
                                score["player"]) != (*winner)["players"].end();
    EXPECT_EQ(wins, score["total"].get<int>() == best) << score.dump();
  }
}

TEST(BugsGameVideo, RefusesPlayerCountsItCannotFrame) {
  GameVideoOptions options = bugs_game(5);
  EXPECT_THROW(render_game_video(options, 1, [](const cv::Mat&, int, double) {}),
               std::invalid_argument);
}

}  // namespace
}  // namespace tableref::samples
