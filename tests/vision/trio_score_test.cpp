// Scoring a Trio Monsters reading against the truth of a rendered scene.

#include "evaluation/trio_score.hpp"

#include <gtest/gtest.h>

#include "samples/render.hpp"

namespace tableref::evaluation {
namespace {

nlohmann::json rendered_truth() {
  return samples::render_random(referee::Game::trio, samples::Level::clean, 12).truth;
}

TEST(TrioScore, TheTruthReadsPerfectly) {
  const nlohmann::json truth = rendered_truth();
  const TrioScore score = score_trio(truth, truth);
  EXPECT_EQ(score.matched_cards, score.true_cards);
  EXPECT_DOUBLE_EQ(score.recall(), 1.0);
  EXPECT_DOUBLE_EQ(score.precision(), 1.0);
  EXPECT_DOUBLE_EQ(score.colour_accuracy(), 1.0);
  EXPECT_EQ(score.exact_graphs, 1);
  EXPECT_EQ(score.exact_detached, 1);
  EXPECT_EQ(score.read_ok_wrong, 0);
}

TEST(TrioScore, AWrongColourAMissingCardAndAFalseContactCount) {
  const nlohmann::json truth = rendered_truth();
  ASSERT_GE(truth["cards"].size(), 3u);
  nlohmann::json reading = truth;
  reading.erase("truth");
  reading["cards"][0]["color"] = truth["cards"][0]["color"] == "red" ? "blue" : "red";
  TrioScore score = score_trio(truth, reading);
  EXPECT_EQ(score.colours_wrong, 1);
  EXPECT_EQ(score.exact_graphs, 1);  // the graph is still right

  reading = truth;
  reading["cards"][1]["edge_neighbors"].push_back(99);
  score = score_trio(truth, reading);
  EXPECT_EQ(score.exact_graphs, 0);
  EXPECT_EQ(score.read_ok_wrong, 1);

  reading = truth;
  reading["cards"].erase(reading["cards"].begin());
  reading["status"] = "unstable";
  score = score_trio(truth, reading);
  EXPECT_EQ(score.matched_cards + score.matched_hidden_cards,
            static_cast<int>(truth["cards"].size()) - 1);
  EXPECT_EQ(score.exact_graphs, 0);
  EXPECT_EQ(score.read_unstable, 1);
  EXPECT_EQ(score.read_ok_wrong, 0);  // it said it could not read the layout
}

}  // namespace
}  // namespace tableref::evaluation
