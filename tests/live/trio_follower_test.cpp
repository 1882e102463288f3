// Trio Monsters followed live on rendered games: every true event announced, none invented, each
// soon after the table settles; card ids that persist; a resumed game that carries on the same.

#include "live/trio_follower.hpp"

#include <gtest/gtest.h>

#include <map>

#include "live/event_score.hpp"
#include "rendered_game.hpp"

namespace tableref::live {
namespace {

using nlohmann::json;

// The fixed seeds of the rendered games (short: three players, eight turns).
constexpr std::uint64_t kSeeds[] = {11, 5, 7, 3, 1};

using testing::contents;
using testing::count_of;

class TrioRenderedGame : public ::testing::TestWithParam<std::uint64_t> {};

TEST_P(TrioRenderedGame, AnnouncesEveryTrueEventAndNoFalseOneSoonAfterTheTableSettles) {
  const testing::RenderedGame& game = testing::trio_game(GetParam());
  LiveReferee referee(testing::live_options(game));
  const testing::RefereeRun run = testing::referee_frames(referee, game);
  const EventScore events = score_events(game.truth.events, run.events);
  for (const json& missed : events.missed) ADD_FAILURE() << "missed " << missed.dump();
  for (const json& extra : events.extra) ADD_FAILURE() << "announced " << extra.dump();
  EXPECT_GE(count_of(game.truth.events, "placed"), game.options.max_turns);
  EXPECT_EQ(events.recall(), 1.0);
  EXPECT_EQ(events.precision(), 1.0);
  EXPECT_EQ(count_of(events.extra, "capture"), 0);
  EXPECT_EQ(count_of(events.extra, "placed"), 0);
  EXPECT_LE(events.max_delay_s(), 0.5);
  const EventScore states = score_events(game.truth.events, run.events, {"state"});
  EXPECT_EQ(states.recall(), 1.0);
  EXPECT_EQ(states.precision(), 1.0);
}

// A card keeps its id, colour and spot for as long as it lies on the table; an id that left the
// table never comes back.
TEST_P(TrioRenderedGame, CardsKeepTheirIdsAcrossLayouts) {
  const testing::RenderedGame& game = testing::trio_game(GetParam());
  LiveReferee referee(testing::live_options(game));
  const testing::RefereeRun run = testing::referee_frames(referee, game);
  std::map<std::string, json> known;
  std::set<std::string> gone;
  int states = 0;
  for (const json& event : run.events) {
    if (event["type"] != "state") continue;
    ++states;
    std::set<std::string> present;
    for (const json& card : event["cards"]) {
      const std::string id = card["id"];
      present.insert(id);
      EXPECT_FALSE(gone.contains(id)) << id << " came back";
      if (const auto seen = known.find(id); seen != known.end()) {
        EXPECT_EQ(seen->second["color"], card["color"]) << id;
        EXPECT_EQ(seen->second["place"], card["place"]) << id;
        const double moved =
            std::hypot(seen->second["center"][0].get<double>() - card["center"][0].get<double>(),
                       seen->second["center"][1].get<double>() - card["center"][1].get<double>());
        EXPECT_LT(moved, 5.0) << id;
      }
      known[id] = card;
    }
    for (const auto& [id, card] : known) {
      if (!present.contains(id)) gone.insert(id);
    }
  }
  EXPECT_GE(states, game.options.max_turns);
}

INSTANTIATE_TEST_SUITE_P(FixedSeeds, TrioRenderedGame, ::testing::ValuesIn(kSeeds));

TEST(TrioFollower, AResumedGameCarriesOnLikeAnUninterruptedOne) {
  const testing::RenderedGame& game = testing::trio_game(kSeeds[0]);
  LiveReferee uninterrupted(testing::live_options(game));
  const std::vector<json> all = testing::referee_frames(uninterrupted, game).events;
  // Cut after the first capture (its detached cards still to come) and inside a frame's events.
  const auto capture = std::find_if(all.begin(), all.end(),
                                    [](const json& event) { return event["type"] == "capture"; });
  ASSERT_NE(capture, all.end());
  const auto at_capture = static_cast<std::size_t>(capture - all.begin()) + 1;
  for (const std::size_t cut : {at_capture, at_capture - 2, all.size() / 3}) {
    const std::vector<json> logged(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(cut));
    auto resumed = LiveReferee::resume(testing::live_options(game), logged);
    ASSERT_TRUE(resumed.ok()) << resumed.error().message;
    LiveReferee& referee = resumed.value();
    const std::vector<json> announced =
        testing::referee_frames(referee, game, referee.next_frame()).events;
    std::vector<json> whole = logged;
    whole.insert(whole.end(), announced.begin(), announced.end());
    EXPECT_EQ(contents(whole), contents(all)) << "cut after " << cut << " events";
    EXPECT_EQ(referee.scoreboard(), uninterrupted.scoreboard());
  }
}

TEST(TrioFollower, RefusesPlayerCountsTheRulesDoNotAllow) {
  EXPECT_THROW(TrioFollower({{"A"}, 0, vision::palette_references()}), std::invalid_argument);
  EXPECT_THROW(TrioFollower({{"A", "B", "C", "D", "E", "F"}, 0, vision::palette_references()}),
               std::invalid_argument);
  EXPECT_THROW(TrioFollower({{"A", "B"}, 2, vision::palette_references()}), std::invalid_argument);
  LiveOptions five;
  five.game = referee::Game::trio;
  five.players = default_player_names(5);
  EXPECT_NO_THROW(LiveReferee{five});
}

TEST(TrioFollower, RefusesALoggedStateItCannotRead) {
  LiveOptions options;
  options.game = referee::Game::trio;
  const std::vector<json> no_place = {{{"frame", 0},
                                       {"time_s", 0.0},
                                       {"type", "state"},
                                       {"status", "ok"},
                                       {"cards",
                                        {{{"id", "C1"},
                                          {"polygon", {{0, 0}, {2, 0}, {1, 2}}},
                                          {"center", {1, 1}},
                                          {"color", "red"}}}},
                                       {"detached", json::array()}}};
  EXPECT_FALSE(LiveReferee::resume(options, no_place).ok());
}

}  // namespace
}  // namespace tableref::live
