#pragma once
// Monster Freeze: one round, as the referee keeps it (rules.md, Monster Freeze).
//
// What the referee knows of the cards may be partial: a camera sees stacks, not hands. Hands, the
// single card and drawn cards are tracked by id when a deal or a play names them, and only counted
// otherwise. Card counts are always exact: pile + cards in hands + the single card + 3 per trick
// = the deck's size.
//
// The draw pile runs out (ruling) when a player who has just taken a trick cannot draw 3 new cards
// because fewer than 3 are left. That trick counts; the round ends at once, and the cards left in
// the pile stay there. If that trick gave its player the fifth colour, the five-colour win stands;
// otherwise the deck-out ruling of rules.md decides. With the box's 36 cards the pile always
// holds 2 cards when this happens (35 - 3 x players is 2 more than a multiple of 3).

#include <array>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "referee/components.hpp"
#include "referee/events.hpp"
#include "referee/freeze/colour_set.hpp"
#include "referee/freeze/solver.hpp"
#include "referee/freeze/stack.hpp"

namespace tableref::referee::freeze {

inline constexpr int kMaxPlayers = 4;
inline constexpr int kCardsPerTrick = kHandSize;

// Tricks taken, per colour, indexed by the Colour value (yellow to purple).
using TrickCounts = std::array<int, 5>;
int tricks_of(const TrickCounts& counts, Colour colour);
int total_tricks(const TrickCounts& counts);
ColourSet colours_taken(const TrickCounts& counts);

using CardIds = std::array<CardId, kHandSize>;

// The solo timer, as game state: times are passed in (seconds on any one clock), never read here.
class SoloTimer {
 public:
  explicit SoloTimer(double duration_s);
  void start(double now_s);
  double duration_s() const { return duration_s_; }
  double started_at_s() const { return start_s_; }
  double remaining_s(double now_s) const;  // 0 once expired
  bool expired(double now_s) const;        // from the instant the duration has passed

 private:
  double duration_s_;
  double start_s_ = 0.0;
};

// The hands the players were dealt, as far as they are known.
struct Deal {
  std::map<PlayerName, CardIds> hands;  // players whose hands are known
  std::optional<CardId> single;         // the face-up single card, when known
};
// What is wrong with `deal` for these players and deck (unknown player or card, a card dealt
// twice), or nullopt.
std::optional<std::string> deal_problem(const Deal& deal, const std::vector<PlayerName>& players,
                                        const FreezeDeck& deck);

// A stack known card by card, top first: a record, or stacks followed card by card.
struct StackOfCards {
  std::vector<ClaimedCard> top_first;
};
// A stack known only by what shows from above (the camera), maybe with the cards it was made of.
struct SeenStack {
  Shown shown;
  std::optional<CardIds> hand;
};

// A player shows a stack as a trick.
struct TrickClaim {
  PlayerName player;
  std::variant<StackOfCards, SeenStack> stack;
  std::optional<Colour> named;   // the colour the player names, if they did
  bool aligned = true;           // false: the cards are visibly offset or turned
  std::optional<CardIds> drawn;  // the 3 new cards, when known
};

// A player gives up a card of their hand and takes the single card in its place.
struct SwapClaim {
  PlayerName player;
  CardId given;                 // becomes the new single card
  std::optional<CardId> taken;  // the single card taken, when named
};

struct PlayerState {
  PlayerName name;
  TrickCounts tricks{};
  int hand_size = kHandSize;                // 0 once the pile ran out on this player's trick
  std::optional<std::vector<CardId>> hand;  // the cards, when known
  std::vector<CardId> trick_cards;          // the cards of the tricks taken, when known
};

struct RoundOutcome {
  std::vector<PlayerName> winners;  // several when shared; none when a solo player lost
  std::string reason;
};

class Round {
 public:
  // 1 player is solo (timed by `solo_duration_s`); 2 to 4 play against each other. Throws
  // std::invalid_argument for a player count the deck cannot serve or a deal with a problem.
  Round(std::vector<PlayerName> players, const FreezeDeck& deck, const Deal& deal = {},
        double solo_duration_s = 120.0, double start_s = 0.0);

  // Each action returns the events it causes; an illegal play changes nothing and returns an
  // `illegal` event. `now_s` only matters in solo (the timer). Unknown players throw
  // std::invalid_argument.
  std::vector<Event> trick(const TrickClaim& claim, double now_s = 0.0);
  std::vector<Event> swap(const SwapClaim& claim, double now_s = 0.0);
  // Solo: ends the round once the timer has expired.
  std::vector<Event> tick(double now_s);

  bool solo() const { return players_.size() == 1; }
  bool over() const { return outcome_.has_value(); }
  const std::optional<RoundOutcome>& outcome() const { return outcome_; }
  const std::vector<PlayerState>& players() const { return players_; }
  const PlayerState& player(const PlayerName& name) const;
  int draw_pile() const { return draw_pile_; }
  const std::optional<CardId>& single_card() const { return single_; }
  const std::optional<SoloTimer>& timer() const { return timer_; }
  // Where a card is known to be ("in Bob's hand", "the single card"), or nullopt.
  std::optional<std::string> known_place(const CardId& card) const;

  // Total tricks per player, detail = tricks per colour.
  ScoreEvent scores() const;
  // The trick colours `stack_colours` allows for `name`, those the player still lacks first.
  std::vector<Colour> trick_options(const PlayerName& name, ColourSet stack_colours) const;

  // The state is consistent: counts in range, cards conserved, known cards in one place each.
  bool invariants_hold() const;

 private:
  struct Resolved {
    Shown shown;
    std::vector<CardId> cards;  // known ids, top first
  };
  std::size_t seat_of(const PlayerName& name) const;
  PlayerState& find_player(const PlayerName& name);
  Result<Resolved> resolve_stack(const PlayerState& player, const TrickClaim& claim) const;
  std::optional<std::string> hand_problem(const PlayerState& player,
                                          const std::vector<CardId>& cards) const;
  std::vector<Event> take_trick(PlayerState& player, const Resolved& stack, Colour colour,
                                const std::optional<CardIds>& drawn, double now_s);
  void decide_after_trick(const PlayerState& player, bool pile_ran_out, double now_s,
                          std::vector<Event>& events);
  void finish(RoundOutcome outcome, std::optional<std::string> ruling, std::vector<Event>& events);
  void check_invariants() const;

  const FreezeDeck* deck_;
  std::vector<PlayerState> players_;
  int draw_pile_ = 0;
  std::optional<CardId> single_;
  std::optional<SoloTimer> timer_;
  std::optional<RoundOutcome> outcome_;
};

// The deck-out ruling of rules.md applied to `players` (at least one): most tricks of one colour,
// ties broken by most red, blue, green, yellow, then purple tricks; a tie after that is shared.
RoundOutcome decide_deck_out(const std::vector<PlayerState>& players);

}  // namespace tableref::referee::freeze
