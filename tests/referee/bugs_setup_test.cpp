// Bugs & Co set-up, trophies and the end-of-game countdown.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "referee/bugs/countdown.hpp"
#include "referee/bugs/setup.hpp"
#include "referee/bugs/trophies.hpp"
#include "referee/deck.hpp"

namespace tableref::referee::bugs {
namespace {

GameSetup setup_for(int players, std::optional<int> chosen_eyes = std::nullopt,
                    std::uint64_t seed = 1) {
  auto setup = make_setup(builtin_bugs_deck(), SetupOptions{players, chosen_eyes, seed});
  EXPECT_TRUE(setup.ok()) << setup.error().message;
  return std::move(setup).value();
}

std::map<std::string, int> counted(const std::vector<std::string>& ids) {
  std::map<std::string, int> counts;
  for (const auto& id : ids) ++counts[id];
  return counts;
}

int eyes_of(const std::string& species) {
  return builtin_bugs_deck().find(species)->eyes;
}

// The rulebook's table (decks/bugs-and-co.json): eye counts and trophies by number of players.
struct Expected {
  int players;
  std::optional<int> chosen_eyes;
  std::vector<int> eyes;
  std::vector<int> trophies;
};

TEST(BugsSetup, EyesTrophiesAndTilesByNumberOfPlayers) {
  const std::vector<Expected> table = {
      {2, std::nullopt, {2}, {3}},
      {3, std::nullopt, {2}, {3, 2}},
      {4, std::nullopt, {2}, {3, 2, 1}},
      {5, 1, {1, 2}, {3, 2, 2, 1}},
      {5, 3, {2, 3}, {3, 2, 2, 1}},
      {6, 1, {1, 2}, {3, 3, 2, 2, 1}},
      {6, 3, {2, 3}, {3, 3, 2, 2, 1}},
      {7, std::nullopt, {1, 2, 3}, {3, 3, 2, 2, 1}},
      {8, std::nullopt, {1, 2, 3}, {3, 3, 2, 2, 1}},
  };
  for (const Expected& row : table) {
    SCOPED_TRACE(row.players);
    const GameSetup setup = setup_for(row.players, row.chosen_eyes);
    EXPECT_EQ(setup.eyes, row.eyes);
    EXPECT_EQ(setup.trophies, row.trophies);
    // 15 two-eyed species, 5 one-eyed, 5 three-eyed; 3 copies each; 7 leave the game.
    const int species = (std::count(row.eyes.begin(), row.eyes.end(), 2) ? 15 : 0) +
                        (std::count(row.eyes.begin(), row.eyes.end(), 1) ? 5 : 0) +
                        (std::count(row.eyes.begin(), row.eyes.end(), 3) ? 5 : 0);
    EXPECT_EQ(setup.removed.size(), 7u);
    EXPECT_EQ(static_cast<int>(setup.tiles.size()), 3 * species - 7);
    for (const auto& id : setup.tiles) {
      EXPECT_NE(std::find(row.eyes.begin(), row.eyes.end(), eyes_of(id)), row.eyes.end()) << id;
    }
  }
}

TEST(BugsSetup, NoTileIsLostOrMadeUp) {
  const GameSetup setup = setup_for(7, std::nullopt, 42);
  std::vector<std::string> all = setup.tiles;
  all.insert(all.end(), setup.removed.begin(), setup.removed.end());
  EXPECT_EQ(counted(all), counted(tiles_with_eyes(builtin_bugs_deck(), {1, 2, 3})));
  for (const auto& [species, count] : counted(all)) EXPECT_EQ(count, 3) << species;
}

TEST(BugsSetup, TheSeedDecidesWhichTilesLeave) {
  const GameSetup first = setup_for(4, std::nullopt, 7);
  const GameSetup again = setup_for(4, std::nullopt, 7);
  EXPECT_EQ(first.removed, again.removed);
  EXPECT_EQ(first.tiles, again.tiles);
  // Over a handful of seeds the removed tiles differ (each draw is 7 of 45).
  bool any_differs = false;
  for (std::uint64_t seed = 8; seed < 16; ++seed) {
    any_differs =
        any_differs || counted(setup_for(4, std::nullopt, seed).removed) != counted(first.removed);
  }
  EXPECT_TRUE(any_differs);
}

TEST(BugsSetup, BadOptionsAreErrors) {
  const BugsDeck& deck = builtin_bugs_deck();
  EXPECT_EQ(make_setup(deck, {1, std::nullopt, 0}).error().message,
            "Bugs & Co is played by 2 to 8 players, not 1");
  EXPECT_FALSE(make_setup(deck, {9, std::nullopt, 0}).ok());
  EXPECT_EQ(make_setup(deck, {5, std::nullopt, 0}).error().message,
            "choose the eye count to add: 1 or 3");
  EXPECT_EQ(make_setup(deck, {6, 2, 0}).error().message, "the eye count to add is 1 or 3, not 2");
  EXPECT_EQ(make_setup(deck, {4, 3, 0}).error().message,
            "the eye counts are fixed (2): there is none to choose");
}

TEST(BugsSetup, EyeChoicesAreReadFromTheDeckWording) {
  const BugsSetup fixed{{"2"}, {3}};
  EXPECT_EQ(eyes_in_play(fixed, std::nullopt).value(), (std::vector<int>{2}));
  const BugsSetup choice{{"2", "1 or 3"}, {3}};
  EXPECT_EQ(eyes_in_play(choice, 3).value(), (std::vector<int>{2, 3}));
  const BugsSetup garbled{{"two"}, {3}};
  EXPECT_FALSE(eyes_in_play(garbled, std::nullopt).ok());
}

TEST(BugsTrophies, TakenHighestFirstAndTheTakerStopsPlaying) {
  TrophyRace race(4, {1, 3, 2});
  EXPECT_EQ(std::vector<int>(race.trophies_left().begin(), race.trophies_left().end()),
            (std::vector<int>{3, 2, 1}));
  EXPECT_TRUE(race.playing(2));
  EXPECT_EQ(race.take(2).value(), 3);
  EXPECT_FALSE(race.playing(2));
  EXPECT_EQ(race.trophy_of(2), 3);
  EXPECT_FALSE(race.take(2).ok());  // stopped playing
  EXPECT_EQ(race.take(0).value(), 2);
  EXPECT_FALSE(race.all_taken());
  EXPECT_EQ(race.take(3).value(), 1);
  EXPECT_TRUE(race.all_taken());
  EXPECT_TRUE(race.playing(1));  // never took one
  EXPECT_EQ(race.take(1).error().message, "every trophy has been taken");
}

TEST(BugsCountdown, CountsTenToOneThenStop) {
  const Countdown start;
  EXPECT_EQ(start.word(), "10");
  EXPECT_FALSE(start.over());
  EXPECT_EQ(start.advanced(0.99).word(), "10");
  EXPECT_EQ(start.advanced(1.0).word(), "9");
  EXPECT_EQ(start.advanced(5.5).word(), "5");
  EXPECT_EQ(start.advanced(9.5).word(), "1");
  EXPECT_EQ(start.advanced(9.5).number(), 1);
  EXPECT_EQ(start.advanced(10.0).word(), "STOP");
  EXPECT_TRUE(start.advanced(10.0).over());
  EXPECT_EQ(start.advanced(60.0).word(), "STOP");
  EXPECT_EQ(start.advanced(60.0).number(), 0);
}

TEST(BugsCountdown, AdvancesAddUpAndLeaveTheOriginalAlone) {
  const Countdown start;
  Countdown later = start;
  for (int step = 0; step < 8; ++step) later = later.advanced(0.5);
  EXPECT_DOUBLE_EQ(later.elapsed_s(), 4.0);
  EXPECT_EQ(later.word(), "6");
  EXPECT_EQ(start.word(), "10");
  const Countdown slow(3, 2.0);
  EXPECT_EQ(slow.advanced(3.9).word(), "2");
  EXPECT_EQ(slow.advanced(6.0).word(), "STOP");
}

}  // namespace
}  // namespace tableref::referee::bugs
