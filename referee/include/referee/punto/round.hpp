#pragma once
// Punto: a match of rounds, as state that plays change (rules.md).
//
// Players lay cards in turn, clockwise from the round's first player. A round ends when a play
// makes a winning line, or when a player cannot lay a card (the blocked fallback below). The
// round's winner keeps the highest card of their winning line(s) out of later rounds. A match is
// won with MatchOptions::rounds_to_win rounds.
//
// Plays are checked here, not assumed: a refused play leaves the state as it was and comes back as
// an `illegal` event. The same calls serve a record replay (cards named by deck id) and a camera
// (which sees a new top card appear: see observation.hpp, player_for and available_card).

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "referee/events.hpp"
#include "referee/punto/grid.hpp"
#include "referee/punto/lines.hpp"
#include "referee/punto/seating.hpp"

namespace tableref::referee::punto {

struct MatchOptions {
  int rounds_to_win = 2;             // rounds a player (or team) must win to win the match, >= 1
  int neutral_cards_per_player = 6;  // 3 players: the neutral cards each one holds
};

enum class RoundEnd { line, blocked };

struct RoundOutcome {
  RoundEnd how = RoundEnd::line;
  std::vector<Seat> winners;        // several when shared (and both partners in the team game)
  std::vector<Line> lines;          // the winning line(s), or the winners' lines that were counted
  std::vector<PuntoCard> kept_out;  // one per winning side that has a line
  std::string reason;               // a sentence a player reads
  std::optional<std::string> ruling;
};

// The blocked fallback: each side's lines of blocked_line_length() or more in its colours (a
// maximal run counts once, however long) are counted; the most lines wins; ties go to the side
// whose line with the fewest points (the sum of its card values) has fewer points than the others';
// still tied, the round is shared (by every side, when nobody has a line). `blocked` names who
// could not play, for the reason.
RoundOutcome decide_blocked_round(const Grid& grid, const Seating& seating, Seat blocked);

// A round won by a line: the winning lines on `grid` (winning_length() or more, in a colour that
// can win), or nullopt when there are none.
std::optional<RoundOutcome> decide_by_line(const Grid& grid, const Seating& seating);

class Match {
 public:
  Match(Seating seating, Seat first_player, MatchOptions options = {});

  const Seating& seating() const { return seating_; }
  const MatchOptions& options() const { return options_; }
  const Grid& grid() const { return grid_; }
  int round_number() const { return round_number_; }  // from 1
  Seat round_first_player() const { return round_first_player_; }
  Seat current_player() const { return current_player_; }
  bool round_over() const { return outcome_.has_value(); }
  bool match_over() const;
  const std::optional<RoundOutcome>& round_outcome() const { return outcome_; }
  const std::vector<int>& rounds_won() const { return rounds_won_; }  // by seat
  // Cards kept out of play by earlier rounds' winners, by id.
  const std::set<CardId, std::less<>>& cards_out() const { return cards_out_; }
  int neutral_cards_laid(Seat seat) const { return neutral_laid_.at(seat); }
  // Rounds won by each player, as the `score` event announces them (detail: rounds_won, and team
  // in the team game).
  ScoreEvent score_event() const;

  // Who laid a card of `colour`, for a camera that sees only the card: its colour's owner, or for
  // the neutral colour whoever's turn it is.
  Seat player_for(Colour colour) const;
  // Whether the card with this id may still come into play this round (not on the table, not out).
  bool card_available(std::string_view id) const;
  // A card of `deck` with this colour and value that may still come into play, or nullptr; for a
  // camera, which cannot tell the two copies of a card apart.
  const PuntoCard* available_card(const PuntoDeck& deck, Colour colour, int value) const;

  // Why `seat` may not lay `card` at `cell` now, or nullopt when it may.
  std::optional<std::string> refusal(Seat seat, const PuntoCard& card, Cell cell) const;

  // The plays. Each returns the events it causes, in order.
  // Lays a card: `placed`, then on a winning line `line`, `winner` (round), `score`, and `winner`
  // (match) when the match is decided; or one `illegal` event.
  std::vector<Event> lay(Seat seat, const PuntoCard& card, Cell cell);
  // `seat` cannot lay a card: the round ends by the blocked fallback. When the card the player
  // holds is known, a card that could still be laid makes the claim `illegal`.
  std::vector<Event> declare_blocked(Seat seat, const PuntoCard* card_in_hand = nullptr);
  // Clears the table for the next round, first played by `first_player` (by default the seat after
  // the previous round's first player). Refused (`illegal`) while a round is being played.
  std::vector<Event> start_next_round(std::optional<Seat> first_player = std::nullopt);

 private:
  std::optional<std::string> turn_refusal(Seat seat) const;
  std::optional<std::string> card_refusal(Seat seat, const PuntoCard& card) const;
  std::vector<Event> finish_round(RoundOutcome outcome);
  void check_invariants() const;

  Seating seating_;
  MatchOptions options_;
  Grid grid_;
  int round_number_ = 1;
  Seat round_first_player_ = 0;
  Seat current_player_ = 0;
  std::vector<int> neutral_laid_;  // by seat, this round
  std::optional<RoundOutcome> outcome_;
  std::vector<int> rounds_won_;  // by seat
  std::set<CardId, std::less<>> cards_out_;
};

}  // namespace tableref::referee::punto
