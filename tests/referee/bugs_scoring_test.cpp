// Bugs & Co scoring.

#include <gtest/gtest.h>

#include "referee/bugs/scoring.hpp"

namespace tableref::referee::bugs {
namespace {

std::vector<std::string> copies(const std::string& species, int count) {
  return std::vector<std::string>(static_cast<std::size_t>(count), species);
}

Collection collection_of(std::initializer_list<std::pair<std::string, int>> tiles,
                         std::vector<int> trophies = {}) {
  Collection collection;
  for (const auto& [species, count] : tiles) {
    const auto more = copies(species, count);
    collection.species.insert(collection.species.end(), more.begin(), more.end());
  }
  collection.trophies = std::move(trophies);
  return collection;
}

TEST(BugsScoring, TheRulebookExampleScoresEleven) {
  // Four sets of 3, a pair and a single, and a "2" trophy: 12 - 3 + 2.
  const Score score = bugs::score(collection_of({{"2-round-plain", 3},
                                                 {"2-star-spots", 3},
                                                 {"2-drop-stripes", 3},
                                                 {"2-square-plain", 3},
                                                 {"2-triangle-spots", 2},
                                                 {"2-star-plain", 1}},
                                                {2}));
  EXPECT_EQ(score, (Score{4, 3, 2}));
  EXPECT_EQ(score.total(), 11);
}

TEST(BugsScoring, TilesNeedNotBeInOrder) {
  Collection mixed;
  mixed.species = {"1-star-plain", "3-drop-plain", "1-star-plain", "3-drop-plain", "1-star-plain"};
  EXPECT_EQ(bugs::score(mixed), (Score{1, 2, 0}));
}

TEST(BugsScoring, SixOfOneSpeciesAreTwoSets) {
  EXPECT_EQ(bugs::score(collection_of({{"2-round-spots", 6}})), (Score{2, 0, 0}));
  EXPECT_EQ(bugs::score(collection_of({{"2-round-spots", 4}})), (Score{1, 1, 0}));
  EXPECT_EQ(bugs::score(collection_of({{"2-round-spots", 5}})).total(), 3 - 2);
}

TEST(BugsScoring, EdgeCases) {
  EXPECT_EQ(bugs::score(Collection{}), (Score{0, 0, 0}));
  EXPECT_EQ(bugs::score(Collection{}).total(), 0);
  // Only singles and pairs: every tile costs a point.
  EXPECT_EQ(bugs::score(collection_of({{"2-round-plain", 2}, {"2-star-plain", 1}})).total(), -3);
  // Only a trophy.
  EXPECT_EQ(bugs::score(collection_of({}, {3})).total(), 3);
  // Similar species are different species.
  EXPECT_EQ(
      bugs::score(collection_of({{"2-round-plain", 1}, {"2-round-spots", 1}, {"1-round-plain", 1}}))
          .sets,
      0);
}

TEST(BugsScoring, JsonHasTheInterfaceFields) {
  const nlohmann::json json = to_json(Score{4, 3, 2});
  EXPECT_EQ(json, nlohmann::json::parse(R"({"sets": 4, "others": 3, "trophies": 2, "total": 11})"));
}

TEST(BugsScoring, HighestTotalWinsAndTiesAreShared) {
  const std::vector<Score> scores = {{1, 0, 0}, {2, 1, 0}, {0, 0, 3}, {1, 1, 0}};
  EXPECT_EQ(winners(scores), (std::vector<std::size_t>{1}));  // 5
  const std::vector<Score> tied = {{1, 0, 0}, {0, 0, 3}, {0, 2, 0}};
  EXPECT_EQ(winners(tied), (std::vector<std::size_t>{0, 1}));  // 3 and 3
  const std::vector<Score> negative = {{0, 4, 0}, {0, 2, 0}};
  EXPECT_EQ(winners(negative), (std::vector<std::size_t>{1}));
  EXPECT_TRUE(winners(std::vector<Score>{}).empty());
}

}  // namespace
}  // namespace tableref::referee::bugs
