// Scoring announced events against the true ones: same content, in time, each matched once.

#include "live/event_score.hpp"

#include <gtest/gtest.h>

namespace tableref::live {
namespace {

using nlohmann::json;

json trick(double time_s, const std::string& player, const std::string& colour) {
  return {{"frame", static_cast<int>(time_s * 10)},
          {"time_s", time_s},
          {"type", "trick"},
          {"player", player},
          {"color", colour},
          {"options", {colour}}};
}

TEST(EventScore, MatchesEventsByContentWithinTheDelay) {
  const std::vector<json> truth = {trick(1.0, "P1", "red"), trick(5.0, "P2", "blue")};
  const std::vector<json> announced = {trick(1.4, "P1", "red"), trick(9.0, "P2", "blue"),
                                       trick(6.0, "P1", "green")};
  const EventScore score = score_events(truth, announced);
  EXPECT_EQ(score.truth, 2);
  EXPECT_EQ(score.announced, 3);
  EXPECT_EQ(score.matched, 1);  // the blue trick came 4 s late: missed and extra
  EXPECT_EQ(score.false_tricks, 2);
  EXPECT_EQ(score.missed_tricks, 1);
  ASSERT_EQ(score.delays_s.size(), 1u);
  EXPECT_NEAR(score.delays_s[0], 0.4, 1e-9);
  EXPECT_NEAR(score.precision(), 1.0 / 3, 1e-9);
  EXPECT_NEAR(score.recall(), 0.5, 1e-9);
}

TEST(EventScore, EachTrueEventIsMatchedOnce) {
  const std::vector<json> truth = {trick(1.0, "P1", "red")};
  const EventScore score = score_events(truth, {trick(1.2, "P1", "red"), trick(1.3, "P1", "red")});
  EXPECT_EQ(score.matched, 1);
  EXPECT_EQ(score.false_tricks, 1);
}

TEST(EventScore, StatesAreLeftOutUnlessAskedFor) {
  const json state = {
      {"time_s", 0.0}, {"type", "state"}, {"stacks", json::array({json::object()})}};
  EXPECT_EQ(score_events({state}, {state}).truth, 0);
  const EventScore states = score_events({state}, {state}, {"state"});
  EXPECT_EQ(states.matched, 1);
  EXPECT_EQ(event_key(state), "state|1");
}

TEST(EventScore, WinnersMatchWhateverTheOrderOfTheirPlayers) {
  const json a = {{"time_s", 1.0},
                  {"type", "winner"},
                  {"players", {"P2", "P1"}},
                  {"scope", "round"},
                  {"reason", "x"}};
  json b = a;
  b["players"] = {"P1", "P2"};
  b["reason"] = "another wording";
  EXPECT_EQ(event_key(a), event_key(b));
}

}  // namespace
}  // namespace tableref::live
