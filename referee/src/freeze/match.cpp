#include "referee/freeze/match.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace tableref::referee::freeze {

namespace {

constexpr std::string_view kSharedRoundRuling =
    "a shared round counts as won for each player who shares it";

const MatchOptions& checked(const MatchOptions& options) {
  if (options.rounds_to_win < 1) throw std::invalid_argument("a match needs 1 or more rounds");
  if (!(options.solo_duration_s > 0.0)) {
    throw std::invalid_argument("the solo timer needs a positive duration");
  }
  return options;
}

}  // namespace

Match::Match(std::vector<PlayerName> players, const FreezeDeck& deck, MatchOptions options,
             const Deal& first_deal, double start_s)
    : players_(players),
      deck_(&deck),
      options_(checked(options)),
      round_(std::move(players), deck, first_deal, options.solo_duration_s, start_s),
      rounds_won_(players_.size(), 0) {
  check_invariants();
}

int Match::rounds_won(const PlayerName& name) const {
  const auto found = std::find(players_.begin(), players_.end(), name);
  if (found == players_.end()) throw std::invalid_argument("\"" + name + "\" is not playing");
  return rounds_won_[static_cast<std::size_t>(found - players_.begin())];
}

template <typename Action>
std::vector<Event> Match::play(const PlayerName& player, Action&& action) {
  if (over()) {
    return {Event{IllegalEvent{player, "the match is over", {}}, {}, {}, {}}};
  }
  std::vector<Event> events = action();
  credit_round(events);
  check_invariants();
  return events;
}

std::vector<Event> Match::trick(const TrickClaim& claim, double now_s) {
  return play(claim.player, [&] { return round_.trick(claim, now_s); });
}

std::vector<Event> Match::swap(const SwapClaim& claim, double now_s) {
  return play(claim.player, [&] { return round_.swap(claim, now_s); });
}

std::vector<Event> Match::tick(double now_s) {
  if (over()) return {};
  return play("", [&] { return round_.tick(now_s); });
}

std::vector<Event> Match::new_round(const Deal& deal, double now_s) {
  if (over()) return {Event{IllegalEvent{"", "the match is over", {}}, {}, {}, {}}};
  if (!round_.over()) {
    return {Event{IllegalEvent{"", "the round is not over yet", {}}, {}, {}, {}}};
  }
  round_ = Round(players_, *deck_, deal, options_.solo_duration_s, now_s);
  round_number_ += 1;
  round_credited_ = false;
  check_invariants();
  return {Event{round_.scores(), {}, {}, {}}};
}

void Match::credit_round(std::vector<Event>& events) {
  if (!round_.over() || round_credited_) return;
  round_credited_ = true;
  const RoundOutcome& round_outcome = *round_.outcome();
  for (const PlayerName& winner : round_outcome.winners) {
    const auto seat = std::find(players_.begin(), players_.end(), winner) - players_.begin();
    rounds_won_[static_cast<std::size_t>(seat)] += 1;
  }
  if (round_outcome.winners.size() > 1) {
    const auto round_winner = std::find_if(events.rbegin(), events.rend(), [](const Event& event) {
      const auto* winner = std::get_if<WinnerEvent>(&event.body);
      return winner != nullptr && winner->scope == Scope::round;
    });
    assert(round_winner != events.rend());
    const std::string ruling = round_winner->ruling.value_or("");
    round_winner->ruling = (ruling.empty() ? "" : ruling + "; ") + std::string(kSharedRoundRuling);
  }
  if (round_.solo()) return;

  std::vector<PlayerName> match_winners;
  for (std::size_t seat = 0; seat < players_.size(); ++seat) {
    if (rounds_won_[seat] >= options_.rounds_to_win) match_winners.push_back(players_[seat]);
  }
  if (match_winners.empty()) return;
  const std::string reason = "first to " + std::to_string(options_.rounds_to_win) + " won round" +
                             (options_.rounds_to_win == 1 ? "" : "s");
  events.push_back(Event{WinnerEvent{match_winners, reason, Scope::match}, {}, {}, {}});
  outcome_ = RoundOutcome{std::move(match_winners), reason};
}

bool Match::invariants_hold() const {
  if (!round_.invariants_hold() || rounds_won_.size() != players_.size()) return false;
  int reached = 0;
  for (const int won : rounds_won_) {
    if (won < 0 || won > round_number_) return false;
    if (won >= options_.rounds_to_win) ++reached;
    if (won > options_.rounds_to_win && !round_.solo()) return false;
  }
  if (!round_.solo() && (reached > 0) != over()) return false;
  return !over() || round_.over();
}

void Match::check_invariants() const {
  assert(invariants_hold());
}

}  // namespace tableref::referee::freeze
