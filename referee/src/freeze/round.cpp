#include "referee/freeze/round.hpp"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <set>
#include <stdexcept>

namespace tableref::referee::freeze {

namespace {

constexpr std::string_view kSeveralColoursRuling =
    "a stack with lines of several colours earns one trick, of one colour the player names";
constexpr std::string_view kRunsOutRuling =
    "the draw pile runs out when a player who took a trick cannot draw 3 new cards";

Event illegal(const PlayerName& player, std::string reason, std::vector<CardId> cards = {}) {
  return Event{IllegalEvent{player, std::move(reason), std::move(cards)}, {}, {}, {}};
}

bool contains(const std::vector<CardId>& cards, const CardId& card) {
  return std::find(cards.begin(), cards.end(), card) != cards.end();
}

std::string join_names(const std::vector<PlayerName>& names) {
  std::string joined;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) joined += i + 1 == names.size() ? " and " : ", ";
    joined += names[i];
  }
  return joined;
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", seconds);
  return text;
}

int best_single_colour(const TrickCounts& counts) {
  return *std::max_element(counts.begin(), counts.end());
}

// The colour of `counts` holding `best` tricks, first in tie-break order.
Colour colour_holding(const TrickCounts& counts, int best) {
  for (const Colour colour : kTieBreakOrder) {
    if (tricks_of(counts, colour) == best) return colour;
  }
  return kTieBreakOrder.front();
}

}  // namespace

// ---- trick counts -------------------------------------------------------------------------------

int tricks_of(const TrickCounts& counts, Colour colour) {
  assert(colour != Colour::black);
  return counts[static_cast<std::size_t>(colour)];
}

int total_tricks(const TrickCounts& counts) {
  int total = 0;
  for (const int count : counts) total += count;
  return total;
}

ColourSet colours_taken(const TrickCounts& counts) {
  ColourSet taken;
  for (const Colour colour : kMonsterColours) {
    if (tricks_of(counts, colour) > 0) taken.insert(colour);
  }
  return taken;
}

// ---- solo timer ---------------------------------------------------------------------------------

SoloTimer::SoloTimer(double duration_s) : duration_s_(duration_s) {
  if (!(duration_s > 0.0)) throw std::invalid_argument("the solo timer needs a positive duration");
}

void SoloTimer::start(double now_s) {
  start_s_ = now_s;
}

double SoloTimer::remaining_s(double now_s) const {
  return std::max(0.0, start_s_ + duration_s_ - now_s);
}

bool SoloTimer::expired(double now_s) const {
  return now_s >= start_s_ + duration_s_;
}

// ---- deal ---------------------------------------------------------------------------------------

std::optional<std::string> deal_problem(const Deal& deal, const std::vector<PlayerName>& players,
                                        const FreezeDeck& deck) {
  std::set<CardId> dealt;
  const auto check_card = [&](const CardId& card) -> std::optional<std::string> {
    if (deck.find(card) == nullptr) return "card " + card + " is not in the deck";
    if (!dealt.insert(card).second) return "card " + card + " is dealt twice";
    return std::nullopt;
  };
  for (const auto& [name, hand] : deal.hands) {
    if (std::find(players.begin(), players.end(), name) == players.end()) {
      return "\"" + name + "\" is not one of the players";
    }
    for (const CardId& card : hand) {
      if (auto problem = check_card(card)) return problem;
    }
  }
  if (deal.single) return check_card(*deal.single);
  return std::nullopt;
}

// ---- round --------------------------------------------------------------------------------------

Round::Round(std::vector<PlayerName> players, const FreezeDeck& deck, const Deal& deal,
             double solo_duration_s, double start_s)
    : deck_(&deck), single_(deal.single) {
  const int player_count = static_cast<int>(players.size());
  if (player_count < 1 || player_count > kMaxPlayers) {
    throw std::invalid_argument("Monster Freeze is played solo or by 2 to 4 players");
  }
  draw_pile_ = static_cast<int>(deck.cards.size()) - kHandSize * player_count - 1;
  if (draw_pile_ < 0) throw std::invalid_argument("the deck is too small to deal");
  if (auto problem = deal_problem(deal, players, deck)) throw std::invalid_argument(*problem);

  for (PlayerName& name : players) {
    PlayerState state;
    state.name = std::move(name);
    if (const auto dealt = deal.hands.find(state.name); dealt != deal.hands.end()) {
      state.hand = std::vector<CardId>(dealt->second.begin(), dealt->second.end());
    }
    players_.push_back(std::move(state));
  }
  if (solo()) {
    timer_.emplace(solo_duration_s);
    timer_->start(start_s);
  }
  check_invariants();
}

const PlayerState& Round::player(const PlayerName& name) const {
  return players_[seat_of(name)];
}

PlayerState& Round::find_player(const PlayerName& name) {
  return players_[seat_of(name)];
}

std::size_t Round::seat_of(const PlayerName& name) const {
  const auto found = std::find_if(players_.begin(), players_.end(),
                                  [&](const PlayerState& state) { return state.name == name; });
  if (found == players_.end()) throw std::invalid_argument("\"" + name + "\" is not playing");
  return static_cast<std::size_t>(found - players_.begin());
}

std::optional<std::string> Round::known_place(const CardId& card) const {
  if (single_ == card) return "the single card";
  for (const PlayerState& state : players_) {
    if (state.hand && contains(*state.hand, card)) return "in " + state.name + "'s hand";
    if (contains(state.trick_cards, card)) return "among " + state.name + "'s tricks";
  }
  return std::nullopt;
}

std::optional<std::string> Round::hand_problem(const PlayerState& player,
                                               const std::vector<CardId>& cards) const {
  for (const CardId& card : cards) {
    if (player.hand) {
      if (!contains(*player.hand, card)) {
        return "card " + card + " is not in " + player.name + "'s hand";
      }
    } else if (auto place = known_place(card)) {
      return "card " + card + " is " + *place;
    }
  }
  return std::nullopt;
}

std::vector<Colour> Round::trick_options(const PlayerName& name, ColourSet stack_colours) const {
  const ColourSet taken = colours_taken(player(name).tricks);
  std::vector<Colour> lacking;
  std::vector<Colour> others;
  for (const Colour colour : stack_colours.colours()) {
    (taken.contains(colour) ? others : lacking).push_back(colour);
  }
  lacking.insert(lacking.end(), others.begin(), others.end());
  return lacking;
}

ScoreEvent Round::scores() const {
  ScoreEvent event;
  for (const PlayerState& state : players_) {
    PlayerScore score{state.name, total_tricks(state.tricks), nlohmann::json::object()};
    for (const Colour colour : kMonsterColours) {
      score.detail[std::string(colour_name(colour))] = tricks_of(state.tricks, colour);
    }
    event.scores.push_back(std::move(score));
  }
  return event;
}

Result<Round::Resolved> Round::resolve_stack(const PlayerState& player,
                                             const TrickClaim& claim) const {
  if (const auto* cards = std::get_if<StackOfCards>(&claim.stack)) {
    const auto checked = check_claimed_stack(*deck_, cards->top_first);
    if (!checked) return checked.error();
    Resolved resolved{checked->shown, {}};
    for (const ClaimedCard& card : cards->top_first) resolved.cards.push_back(card.card_id);
    if (auto problem = hand_problem(player, resolved.cards)) return Error{*problem};
    return resolved;
  }

  const auto& seen = std::get<SeenStack>(claim.stack);
  Resolved resolved{seen.shown, {}};
  if (seen.hand) {
    resolved.cards.assign(seen.hand->begin(), seen.hand->end());
  } else if (player.hand) {
    resolved.cards = *player.hand;
  } else {
    return resolved;  // cards unknown: what is seen is all there is to judge
  }
  Hand hand{};
  for (std::size_t i = 0; i < hand.size(); ++i) {
    hand[i] = deck_->find(resolved.cards[i]);
    if (hand[i] == nullptr) return Error{"card " + resolved.cards[i] + " is not in the deck"};
    if (std::count(resolved.cards.begin(), resolved.cards.end(), resolved.cards[i]) > 1) {
      return Error{"card " + resolved.cards[i] + " is named twice"};
    }
  }
  if (auto problem = hand_problem(player, resolved.cards)) return Error{*problem};
  const auto stacking = could_show(hand, seen.shown);
  if (!stacking) {
    return Error{"no stacking of " + resolved.cards[0] + ", " + resolved.cards[1] + " and " +
                 resolved.cards[2] + " shows this grid"};
  }
  // Top first, as the stack was made.
  for (std::size_t level = 0; level < hand.size(); ++level) {
    resolved.cards[level] = hand[static_cast<std::size_t>(stacking->order[level])]->id;
  }
  return resolved;
}

std::vector<Event> Round::tick(double now_s) {
  std::vector<Event> events;
  if (!timer_ || over() || !timer_->expired(now_s)) return events;
  const int colours = colours_taken(players_.front().tricks).size();
  finish({{},
          "the timer ran out (" + seconds_text(timer_->duration_s()) +
              ") before one trick of each colour (" + std::to_string(colours) + " of 5)"},
         std::nullopt, events);
  return events;
}

std::vector<Event> Round::trick(const TrickClaim& claim, double now_s) {
  std::vector<Event> events = tick(now_s);
  PlayerState& player = find_player(claim.player);
  if (over()) {
    events.push_back(illegal(player.name, "the round is over"));
    return events;
  }
  const auto stack_cards = [&] {
    std::vector<CardId> cards;
    if (const auto* known = std::get_if<StackOfCards>(&claim.stack)) {
      for (const ClaimedCard& card : known->top_first) cards.push_back(card.card_id);
    } else if (const auto& hand = std::get<SeenStack>(claim.stack).hand) {
      cards.assign(hand->begin(), hand->end());
    }
    return cards;
  };
  if (!claim.aligned) {
    events.push_back(illegal(player.name, "stack not aligned", stack_cards()));
    return events;
  }
  const auto resolved = resolve_stack(player, claim);
  if (!resolved) {
    events.push_back(illegal(player.name, resolved.error().message, stack_cards()));
    return events;
  }
  const ColourSet stack_colours = ColourSet::of(line_colours(resolved->shown));
  if (stack_colours.empty()) {
    events.push_back(illegal(player.name, "no line of three", resolved->cards));
    return events;
  }
  const std::vector<Colour> options = trick_options(player.name, stack_colours);
  if (claim.named && !stack_colours.contains(*claim.named)) {
    events.push_back(illegal(player.name,
                             "named colour " + std::string(colour_name(*claim.named)) +
                                 " is not one the stack allows (" + join_colour_names(options) +
                                 ")",
                             resolved->cards));
    return events;
  }
  const Colour colour = claim.named.value_or(options.front());
  Event trick_event{TrickEvent{player.name, colour, options}, {}, {}, {}};
  if (options.size() > 1) {
    trick_event.ruling = std::string(kSeveralColoursRuling) +
                         "; allowed, lacking first: " + join_colour_names(options) +
                         (claim.named ? "" : "; none named, so the first is taken");
  }
  events.push_back(std::move(trick_event));
  for (Event& event : take_trick(player, *resolved, colour, claim.drawn, now_s)) {
    events.push_back(std::move(event));
  }
  return events;
}

std::vector<Event> Round::take_trick(PlayerState& player, const Resolved& stack, Colour colour,
                                     const std::optional<CardIds>& drawn, double now_s) {
  std::vector<Event> events;
  player.tricks[static_cast<std::size_t>(colour)] += 1;
  player.trick_cards.insert(player.trick_cards.end(), stack.cards.begin(), stack.cards.end());
  player.hand.reset();

  const bool pile_ran_out = draw_pile_ < kCardsPerTrick;
  if (pile_ran_out) {
    player.hand_size = 0;
    player.hand = std::vector<CardId>{};
    if (drawn) events.push_back(illegal(player.name, "no cards to draw: the draw pile ran out"));
  } else {
    draw_pile_ -= kCardsPerTrick;
    if (drawn) {
      const std::vector<CardId> cards(drawn->begin(), drawn->end());
      std::optional<std::string> problem;
      for (const CardId& card : cards) {
        if (deck_->find(card) == nullptr) {
          problem = "card " + card + " is not in the deck";
        } else if (std::count(cards.begin(), cards.end(), card) > 1) {
          problem = "card " + card + " is drawn twice";
        } else if (auto place = known_place(card)) {
          problem = "card " + card + " cannot be drawn: it is " + *place;
        }
        if (problem) break;
      }
      if (problem) {
        events.push_back(
            illegal(player.name, *problem + "; " + player.name + "'s hand is unknown", cards));
      } else {
        player.hand = cards;
      }
    }
  }
  events.push_back(Event{scores(), {}, {}, {}});
  decide_after_trick(player, pile_ran_out, now_s, events);
  check_invariants();
  return events;
}

void Round::decide_after_trick(const PlayerState& player, bool pile_ran_out, double now_s,
                               std::vector<Event>& events) {
  if (colours_taken(player.tricks).size() == static_cast<int>(kMonsterColours.size())) {
    std::string reason = "one trick of each colour";
    if (timer_) reason += " with " + seconds_text(timer_->remaining_s(now_s)) + " to spare";
    finish({{player.name}, std::move(reason)}, std::nullopt, events);
    return;
  }
  if (!pile_ran_out) return;
  if (solo()) {
    finish({{},
            "the draw pile ran out before one trick of each colour (" +
                std::to_string(colours_taken(player.tricks).size()) + " of 5)"},
           std::string(kRunsOutRuling), events);
    return;
  }
  finish(decide_deck_out(players_), std::string(kRunsOutRuling), events);
}

void Round::finish(RoundOutcome outcome, std::optional<std::string> ruling,
                   std::vector<Event>& events) {
  assert(!over());
  events.push_back(
      Event{WinnerEvent{outcome.winners, outcome.reason, Scope::round}, std::move(ruling), {}, {}});
  outcome_ = std::move(outcome);
  check_invariants();
}

std::vector<Event> Round::swap(const SwapClaim& claim, double now_s) {
  std::vector<Event> events = tick(now_s);
  PlayerState& player = find_player(claim.player);
  const auto refuse = [&](std::string reason) {
    events.push_back(illegal(player.name, std::move(reason), {claim.given}));
    return events;
  };
  if (over()) return refuse("the round is over");
  if (deck_->find(claim.given) == nullptr)
    return refuse("card " + claim.given + " is not in the deck");
  if (single_ == claim.given) return refuse("card " + claim.given + " is the single card already");
  if (auto problem = hand_problem(player, {claim.given})) return refuse(*problem);
  if (claim.taken) {
    if (single_ && single_ != claim.taken) {
      return refuse("the single card is " + *single_ + ", not " + *claim.taken);
    }
    if (deck_->find(*claim.taken) == nullptr) {
      return refuse("card " + *claim.taken + " is not in the deck");
    }
    if (!single_) {
      if (auto place = known_place(*claim.taken)) {
        return refuse("card " + *claim.taken + " cannot be the single card: it is " + *place);
      }
    }
  }
  const std::optional<CardId> taken = claim.taken ? claim.taken : single_;
  if (player.hand && taken) {
    std::replace(player.hand->begin(), player.hand->end(), claim.given, *taken);
  } else {
    player.hand.reset();
  }
  single_ = claim.given;
  check_invariants();
  return events;
}

bool Round::invariants_hold() const {
  if (draw_pile_ < 0) return false;
  int cards = draw_pile_ + 1;  // the pile and the single card
  std::vector<CardId> known;
  if (single_) known.push_back(*single_);
  for (const PlayerState& state : players_) {
    for (const int count : state.tricks) {
      if (count < 0) return false;
    }
    if (state.hand_size != 0 && state.hand_size != kHandSize) return false;
    if (state.hand_size == 0 && draw_pile_ >= kCardsPerTrick) return false;
    if (state.hand && static_cast<int>(state.hand->size()) != state.hand_size) return false;
    if (static_cast<int>(state.trick_cards.size()) > kCardsPerTrick * total_tricks(state.tricks)) {
      return false;
    }
    cards += state.hand_size + kCardsPerTrick * total_tricks(state.tricks);
    if (state.hand) known.insert(known.end(), state.hand->begin(), state.hand->end());
    known.insert(known.end(), state.trick_cards.begin(), state.trick_cards.end());
  }
  if (cards != static_cast<int>(deck_->cards.size())) return false;
  for (const CardId& card : known) {
    if (deck_->find(card) == nullptr || std::count(known.begin(), known.end(), card) != 1) {
      return false;
    }
  }
  if (outcome_) {
    for (const PlayerName& winner : outcome_->winners) {
      const auto is_winner = [&](const PlayerState& state) { return state.name == winner; };
      if (std::none_of(players_.begin(), players_.end(), is_winner)) return false;
    }
  }
  return true;
}

void Round::check_invariants() const {
  assert(invariants_hold());
}

// ---- deck-out -----------------------------------------------------------------------------------

RoundOutcome decide_deck_out(const std::vector<PlayerState>& players) {
  assert(!players.empty());
  int best = 0;
  for (const PlayerState& state : players) best = std::max(best, best_single_colour(state.tricks));
  std::vector<const PlayerState*> tied;
  for (const PlayerState& state : players) {
    if (best_single_colour(state.tricks) == best) tied.push_back(&state);
  }
  const auto names = [](const std::vector<const PlayerState*>& states) {
    std::vector<PlayerName> list;
    for (const PlayerState* state : states) list.push_back(state->name);
    return list;
  };
  std::string reason = "draw pile ran out: most tricks of one colour";
  if (tied.size() == 1) {
    const Colour colour = colour_holding(tied.front()->tricks, best);
    reason += " (" + std::to_string(best) + " " + std::string(colour_name(colour)) + ")";
    return {names(tied), reason};
  }
  reason +=
      " (" + std::to_string(best) + "), tied between " + join_names(names(tied)) + "; tie-break:";
  for (const Colour colour : kTieBreakOrder) {
    int most = 0;
    for (const PlayerState* state : tied) most = std::max(most, tricks_of(state->tricks, colour));
    std::erase_if(
        tied, [&](const PlayerState* state) { return tricks_of(state->tricks, colour) < most; });
    const std::string name(colour_name(colour));
    if (tied.size() == 1) {
      reason += " most " + name + " tricks (" + std::to_string(most) + ")";
      return {names(tied), reason};
    }
    reason += " " + name + " tied (" + std::to_string(most) + "),";
  }
  reason += " so the win is shared";
  return {names(tied), reason};
}

}  // namespace tableref::referee::freeze
