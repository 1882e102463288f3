#pragma once
// Bugs & Co: the trophies of a game as state. Trophies are taken highest first; a player who takes
// one stops playing. Once the last one is taken, the countdown starts (countdown.hpp).

#include <optional>
#include <span>
#include <vector>

#include "referee/result.hpp"

namespace tableref::referee::bugs {

class TrophyRace {
 public:
  // `trophies` in any order (GameSetup::trophies, for one).
  TrophyRace(std::size_t player_count, std::vector<int> trophies);

  std::size_t player_count() const { return trophy_of_.size(); }
  // Whether `player` still plays: has taken no trophy.
  bool playing(std::size_t player) const { return !trophy_of_.at(player).has_value(); }
  std::optional<int> trophy_of(std::size_t player) const { return trophy_of_.at(player); }
  // Trophies still on the table, highest first.
  std::span<const int> trophies_left() const { return left_; }
  bool all_taken() const { return left_.empty(); }

  // `player` takes the highest trophy left and stops playing; its value, or an error when no
  // trophy is left or the player already has one.
  Result<int> take(std::size_t player);

 private:
  void check_invariants() const;

  std::vector<int> left_;                      // highest first
  std::vector<std::optional<int>> trophy_of_;  // by player
  std::size_t trophy_count_ = 0;
};

}  // namespace tableref::referee::bugs
