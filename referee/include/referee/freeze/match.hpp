#pragma once
// Monster Freeze: a match of rounds, won by the first player to win `rounds_to_win` rounds.
//
// A shared round counts as won for each player who shares it (ruling), so a match can be shared
// too when several players reach the target with the same round. Solo has no match: each round is
// one try against the timer, and a new round may follow any decided one.

#include <optional>
#include <vector>

#include "referee/events.hpp"
#include "referee/freeze/round.hpp"

namespace tableref::referee::freeze {

struct MatchOptions {
  int rounds_to_win = 2;           // won rounds that win the match; 1 or more
  double solo_duration_s = 120.0;  // the solo timer, in seconds; more than 0
};

class Match {
 public:
  // Throws std::invalid_argument for options out of range, or as Round does.
  Match(std::vector<PlayerName> players, const FreezeDeck& deck, MatchOptions options = {},
        const Deal& first_deal = {}, double start_s = 0.0);

  // The round's actions (see Round), refused once the match is over. Each adds the round's and
  // the match's `winner` events when it decides them.
  std::vector<Event> trick(const TrickClaim& claim, double now_s = 0.0);
  std::vector<Event> swap(const SwapClaim& claim, double now_s = 0.0);
  std::vector<Event> tick(double now_s);
  // Deals the next round, once the current one is decided. Throws std::invalid_argument for a
  // deal with a problem (see deal_problem).
  std::vector<Event> new_round(const Deal& deal = {}, double now_s = 0.0);

  const Round& round() const { return round_; }
  int round_number() const { return round_number_; }  // from 1
  int rounds_won(const PlayerName& name) const;
  const std::vector<PlayerName>& players() const { return players_; }
  const MatchOptions& options() const { return options_; }
  bool over() const { return outcome_.has_value(); }
  const std::optional<RoundOutcome>& outcome() const { return outcome_; }

  bool invariants_hold() const;

 private:
  // Runs `action` on the round unless the match is over; credits a round it decides.
  template <typename Action>
  std::vector<Event> play(const PlayerName& player, Action&& action);
  void credit_round(std::vector<Event>& events);
  void check_invariants() const;

  std::vector<PlayerName> players_;
  const FreezeDeck* deck_;  // not owned; outlives the match
  MatchOptions options_;
  Round round_;
  int round_number_ = 1;
  bool round_credited_ = false;
  std::vector<int> rounds_won_;  // by seat, as players_
  std::optional<RoundOutcome> outcome_;
};

}  // namespace tableref::referee::freeze
