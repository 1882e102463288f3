#pragma once
// Bugs & Co: the set-up by number of players (rules.md, decks/bugs-and-co.json). The deck file
// says which eye counts and trophies are in play; with 5 or 6 players it offers "1 or 3": the
// group chooses whether the 1-eyed or the 3-eyed species join the 2-eyed ones. Every copy of each
// species in play goes face down, and 7 random tiles leave the game unseen.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "referee/components.hpp"
#include "referee/result.hpp"

namespace tableref::referee::bugs {

inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 8;

struct SetupOptions {
  int players = 2;                 // 2 to 8
  std::optional<int> chosen_eyes;  // when the deck offers a choice (5 or 6 players): 1 or 3
  std::uint64_t seed = 0;          // draws the removed tiles and the order of the face-down tiles
};

struct GameSetup {
  int players = 2;
  std::vector<int> eyes;             // eye counts in play, ascending
  std::vector<int> trophies;         // in play, highest first: the order they are taken in
  std::vector<std::string> tiles;    // species ids of the face-down tiles, in shuffled order
  std::vector<std::string> removed;  // species ids of the tiles that left the game unseen
};

// The eye counts `rules` puts in play, ascending. An error when the rules offer a choice and
// `chosen_eyes` is missing or not one of the offers, or when a choice is given and none is offered.
Result<std::vector<int>> eyes_in_play(const BugsSetup& rules, std::optional<int> chosen_eyes);

// The species ids of every tile of `deck` whose eye count is in `eyes`, each copy once, in deck
// order.
std::vector<std::string> tiles_with_eyes(const BugsDeck& deck, const std::vector<int>& eyes);

// The whole set-up; an error for a number of players outside 2 to 8 or a bad eye choice.
Result<GameSetup> make_setup(const BugsDeck& deck, const SetupOptions& options);

}  // namespace tableref::referee::bugs
