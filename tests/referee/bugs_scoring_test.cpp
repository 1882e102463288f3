// Bugs & Co scoring.

#include <gtest/gtest.h>

#include "referee/bugs/scoring.hpp"
#include "referee/deck.hpp"

namespace tableref::referee::bugs {
namespace {

// The species each unread tile may be.
using Unread = std::vector<std::vector<std::string>>;

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

TEST(BugsScoring, AnUnreadTileThatCouldCompleteNoSetLeavesTheScoreDecided) {
  // A star seen without its eyes counted, beside a three-eyed star: whichever of the three plain
  // stars it is, no set forms and the three tiles cost a point each.
  const Unread unread = {
      builtin_bugs_deck().species_with(std::nullopt, BugShape::star, BugPattern::plain)};
  ASSERT_EQ(unread[0].size(), 3u);
  EXPECT_EQ(
      score_whatever_they_are(collection_of({{"2-drop-spots", 1}, {"3-star-plain", 1}}), unread),
      (Score{0, 3, 0}));
}

TEST(BugsScoring, AnUnreadTileThatCouldCompleteASetLeavesTheScoreOpen) {
  // Two three-eyed round monsters and a three-eyed plain one of unread shape: a set if round.
  const Unread unread = {builtin_bugs_deck().species_with(3, std::nullopt, BugPattern::plain)};
  ASSERT_EQ(unread[0].size(), 5u);
  EXPECT_EQ(score_whatever_they_are(collection_of({{"3-round-plain", 2}}), unread), std::nullopt);
  // ... but not if two more round ones make a set of their own already: 4 or 5 tiles of a
  // species hold one set either way.
  EXPECT_EQ(score_whatever_they_are(collection_of({{"3-round-plain", 3}}), unread),
            (Score{1, 1, 0}));
}

TEST(BugsScoring, TheRulebookExampleWithTwoTilesUnread) {
  // The rulebook's collection, its pair of triangles and its single star unread: each may be any
  // two-eyed spotted or plain monster. A third triangle would make a set: the score is open.
  const Collection read = collection_of({{"2-round-plain", 3},
                                         {"2-star-spots", 3},
                                         {"2-drop-stripes", 3},
                                         {"2-square-plain", 3},
                                         {"2-triangle-spots", 2}},
                                        {2});
  const std::vector<std::string> plain_or_spotted_star = {"2-star-plain", "2-star-spots"};
  // A star either plain (a single) or spotted (a fourth spotted star, outside its set): -1 both.
  EXPECT_EQ(score_whatever_they_are(read, Unread{plain_or_spotted_star}), (Score{4, 3, 2}));
  const std::vector<std::string> any_spotted = {"2-triangle-spots", "2-star-spots"};
  EXPECT_EQ(score_whatever_they_are(read, Unread{any_spotted}), std::nullopt);
  // Two unread stars: plain and plain would pair up, still -2 in every naming.
  EXPECT_EQ(score_whatever_they_are(read, Unread{plain_or_spotted_star, plain_or_spotted_star}),
            (Score{4, 4, 2}));
}

TEST(BugsScoring, NothingUnreadIsTheScoreAndATileOfNoSpeciesLeavesItOpen) {
  const Collection read = collection_of({{"1-star-plain", 3}}, {1});
  EXPECT_EQ(score_whatever_they_are(read, {}), bugs::score(read));
  const Unread impossible = {{}};
  EXPECT_EQ(score_whatever_they_are(read, impossible), std::nullopt);
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
