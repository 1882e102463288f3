#include "referee/bugs/trophies.hpp"

#include <algorithm>
#include <cassert>
#include <functional>
#include <string>

namespace tableref::referee::bugs {

TrophyRace::TrophyRace(std::size_t player_count, std::vector<int> trophies)
    : left_(std::move(trophies)), trophy_of_(player_count), trophy_count_(left_.size()) {
  std::sort(left_.begin(), left_.end(), std::greater<>());
  check_invariants();
}

Result<int> TrophyRace::take(std::size_t player) {
  assert(player < player_count());
  if (const auto mine = trophy_of_[player]) {
    return Error{"player " + std::to_string(player + 1) + " already took a " +
                 std::to_string(*mine) + " trophy and no longer plays"};
  }
  if (left_.empty()) return Error{"every trophy has been taken"};
  const int value = left_.front();
  left_.erase(left_.begin());
  trophy_of_[player] = value;
  check_invariants();
  return value;
}

void TrophyRace::check_invariants() const {
  assert(std::is_sorted(left_.begin(), left_.end(), std::greater<>()));
  [[maybe_unused]] const auto taken = std::count_if(trophy_of_.begin(), trophy_of_.end(),
                                                    [](const auto& t) { return t.has_value(); });
  assert(static_cast<std::size_t>(taken) + left_.size() == trophy_count_);
}

}  // namespace tableref::referee::bugs
