#pragma once
// Trio Monsters: a game from set-up to the winner (rules.md), as the referee follows it. One API
// serves record replay (cards named in the order laid) and a camera referee (the cards that
// appeared in a new stable layout, see cards_new_in in layout.hpp).
//
// A turn: apply_turn(player, cards). It is legal or it changes nothing: an illegal play is
// announced (IllegalEvent) and leaves table, hands and turn as they were; the player takes the
// cards back and plays again. A legal turn lays the cards (PlacedEvent), takes the captures of the
// final layout (CaptureEvent, ScoreEvent), sends detached cards to the bottom of the pile
// (DetachedEvent), then the player draws back up to 3 and play passes clockwise. When groups tie
// for largest, the turn waits (QuestionEvent) until keep_group(card) names the group that stays.
// The game ends when the pile is empty and every hand too (WinnerEvent: the most cards won, a tie
// is shared).
//
// Decisions rules.md leaves open, taken here:
// - a capture may take every card from the table; the next card laid then goes anywhere, like the
//   middle card at set-up;
// - a player whose turn comes with an empty hand (possible once detached cards refilled an empty
//   pile) first draws up to 3; a player who still has none is passed over.

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "referee/events.hpp"
#include "referee/result.hpp"
#include "referee/trio/detached.hpp"
#include "referee/trio/layout.hpp"

namespace tableref::referee::trio {

inline constexpr int kDeckSize = 60;
inline constexpr int kHandSize = 3;
inline constexpr std::size_t kMinPlayers = 2;
inline constexpr std::size_t kMaxPlayers = 5;

struct Seating {
  std::vector<PlayerName> players;  // in seating order, clockwise
  std::size_t first_player = 0;     // who plays first (the youngest at set-up)
};

// A game under way, for a referee that starts watching mid-game, and for tests. The draw pile
// holds every card of the deck not accounted for here.
struct Position {
  std::vector<LaidCard> table;
  std::vector<int> hand_counts;          // per player in seating order; empty: 3 each
  std::vector<std::vector<CardId>> won;  // per player in seating order; empty: none yet
};

// How the order of a turn's cards is known.
enum class PlayOrder {
  as_given,       // a record names them in the order laid: each is checked in that order
  seen_together,  // they appeared in one stable layout: legal if some order of laying them is
};

struct PlayerState {
  PlayerName name;
  int hand = kHandSize;  // cards held (the camera cannot see hands: only their count is known)
  std::vector<CardId> won;
  int won_by_chain = 0;  // of `won`, the cards won in this game's chain and black captures; a
  int won_by_black = 0;  // resumed game does not know how the cards won before it were won
};

class TrioGame {
 public:
  // Set-up: the middle card face up, 3 cards to each player. Errors for 0-1 or 6+ players,
  // duplicate names, or a first player out of range.
  static Result<TrioGame> start(const Seating& seating, const LaidCard& middle);
  // A game in progress; `seating.first_player` is the player to play next.
  static Result<TrioGame> resume(const Seating& seating, const Position& position);

  // One turn. Errors (not plays at all): an unknown player, a question waiting for its answer, a
  // game already over. Everything else comes back as events, IllegalEvent included.
  Result<std::vector<Event>> apply_turn(const PlayerName& player, std::span<const LaidCard> cards,
                                        PlayOrder order = PlayOrder::as_given);
  // The players' answer to the tie for the largest group: the group holding `card` stays.
  Result<std::vector<Event>> keep_group(const CardId& card);

  const Layout& layout() const { return layout_; }
  const std::vector<PlayerState>& players() const { return players_; }
  // Throws std::invalid_argument for a name not at the table.
  const PlayerState& player(const PlayerName& name) const;
  const PlayerName& to_play() const { return players_[to_play_].name; }
  int pile_count() const { return pile_; }
  // The tie the players must settle before play goes on.
  const std::optional<LargestGroupTie>& question() const { return question_; }
  bool over() const { return over_; }

  // What is wrong with the state, or nullopt: the 60 cards are all accounted for (table + pile +
  // hands + won), hands hold 0 to 3, no card is won twice or both won and on the table, the player
  // to play holds cards. Asserted after every change; public so tests can check it too.
  std::optional<std::string> broken_invariant() const;

 private:
  TrioGame() = default;
  std::optional<std::size_t> seat_of(const PlayerName& name) const;
  std::optional<std::string> why_illegal_turn(std::size_t seat,
                                              std::span<const LaidCard> cards) const;
  void take_captures(std::span<const LaidCard> laid, PlayOrder order, std::vector<Event>& events);
  void detach_or_ask(std::vector<Event>& events);
  void send_detached(const PlaceSet& detached, std::optional<std::string> ruling,
                     std::vector<Event>& events);
  void finish_turn(std::vector<Event>& events);
  Event score_event() const;
  Event winner_event() const;
  void check_invariants() const;

  Layout layout_;
  std::vector<PlayerState> players_;
  std::size_t to_play_ = 0;
  int pile_ = 0;
  std::optional<LargestGroupTie> question_;
  bool over_ = false;
};

}  // namespace tableref::referee::trio
