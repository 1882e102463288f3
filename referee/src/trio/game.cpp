#include "referee/trio/game.hpp"

#include <algorithm>
#include <cassert>
#include <set>
#include <stdexcept>

#include "referee/trio/captures.hpp"
#include "referee/trio/legality.hpp"

namespace tableref::referee::trio {

namespace {

// The rulings of rules.md, as the event log names them.
constexpr std::string_view kRulingInOrder =
    "cards laid in one turn are checked in the order given; the captures are those of the layout "
    "once the turn is laid";
constexpr std::string_view kRulingSeenTogether =
    "cards seen together are legal if some order of laying them is; the captures are those of the "
    "final layout that involve a new card";
constexpr std::string_view kRulingWonOnce = "a card in two captures is won once";
constexpr std::string_view kRulingLargestGroup =
    "\"the rest\" is the largest group of cards connected by sides or corners";
constexpr std::string_view kRulingTie = "when groups tie for largest, the players say which stays";

std::optional<Error> seating_error(const Seating& seating) {
  const std::size_t count = seating.players.size();
  if (count < kMinPlayers || count > kMaxPlayers) {
    return Error{"Trio Monsters is for 2 to 5 players, not " + std::to_string(count)};
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (std::count(seating.players.begin(), seating.players.end(), seating.players[i]) > 1) {
      return Error{"\"" + seating.players[i] + "\" sits at the table twice"};
    }
  }
  if (seating.first_player >= count) {
    return Error{"the first player is seat " + std::to_string(seating.first_player) +
                 ", but there are only " + std::to_string(count) + " players"};
  }
  return std::nullopt;
}

std::vector<PlayerState> seat_players(const Seating& seating) {
  std::vector<PlayerState> players;
  for (const PlayerName& name : seating.players) {
    PlayerState player;
    player.name = name;
    players.push_back(std::move(player));
  }
  return players;
}

std::string join_rulings(const std::vector<std::string>& parts) {
  std::string joined;
  for (const std::string& part : parts) joined += (joined.empty() ? "" : "; ") + part;
  return joined;
}

std::optional<std::string> optional_ruling(const std::vector<std::string>& parts) {
  if (parts.empty()) return std::nullopt;
  return join_rulings(parts);
}

Event announce(EventBody body, std::optional<std::string> ruling = std::nullopt) {
  Event event;
  event.body = std::move(body);
  event.ruling = std::move(ruling);
  return event;
}

void draw_up(PlayerState& player, int& pile) {
  const int drawn = std::min(kHandSize - player.hand, pile);
  player.hand += drawn;
  pile -= drawn;
}

}  // namespace

Result<TrioGame> TrioGame::start(const Seating& seating, const LaidCard& middle) {
  if (auto error = seating_error(seating)) return *error;
  TrioGame game;
  game.players_ = seat_players(seating);
  game.to_play_ = seating.first_player;
  game.layout_.add(middle);
  game.pile_ = kDeckSize - 1 - kHandSize * static_cast<int>(seating.players.size());
  game.check_invariants();
  return game;
}

Result<TrioGame> TrioGame::resume(const Seating& seating, const Position& position) {
  if (auto error = seating_error(seating)) return *error;
  const std::size_t count = seating.players.size();
  if (!position.hand_counts.empty() && position.hand_counts.size() != count) {
    return Error{"hand counts are given for " + std::to_string(position.hand_counts.size()) +
                 " players, not " + std::to_string(count)};
  }
  if (!position.won.empty() && position.won.size() != count) {
    return Error{"cards won are given for " + std::to_string(position.won.size()) +
                 " players, not " + std::to_string(count)};
  }
  auto layout = Layout::from_cards(position.table);
  if (!layout) return layout.error();

  TrioGame game;
  game.layout_ = std::move(layout).value();
  game.players_ = seat_players(seating);
  game.to_play_ = seating.first_player;
  std::set<CardId> accounted;
  for (const LaidCard& card : position.table) accounted.insert(card.card);
  int held = 0;
  for (std::size_t seat = 0; seat < count; ++seat) {
    PlayerState& player = game.players_[seat];
    if (!position.hand_counts.empty()) player.hand = position.hand_counts[seat];
    if (player.hand < 0 || player.hand > kHandSize) {
      return Error{player.name + " cannot hold " + std::to_string(player.hand) + " cards"};
    }
    held += player.hand;
    if (position.won.empty()) continue;
    for (const CardId& card : position.won[seat]) {
      if (!accounted.insert(card).second) return Error{card + " is counted twice"};
    }
    player.won = position.won[seat];
  }
  const int outside_pile = static_cast<int>(accounted.size()) + held;
  if (outside_pile > kDeckSize) {
    return Error{"the position holds " + std::to_string(outside_pile) + " cards, the deck only " +
                 std::to_string(kDeckSize)};
  }
  game.pile_ = kDeckSize - outside_pile;
  game.over_ = game.pile_ == 0 && held == 0;
  if (!game.over_ && game.players_[game.to_play_].hand == 0) {
    return Error{game.to_play() + ", to play next, holds no cards"};
  }
  game.check_invariants();
  return game;
}

const PlayerState& TrioGame::player(const PlayerName& name) const {
  const auto seat = seat_of(name);
  if (!seat) throw std::invalid_argument("\"" + name + "\" is not at the table");
  return players_[*seat];
}

std::optional<std::size_t> TrioGame::seat_of(const PlayerName& name) const {
  for (std::size_t seat = 0; seat < players_.size(); ++seat) {
    if (players_[seat].name == name) return seat;
  }
  return std::nullopt;
}

std::optional<std::string> TrioGame::why_illegal_turn(std::size_t seat,
                                                      std::span<const LaidCard> cards) const {
  const PlayerState& player = players_[seat];
  if (seat != to_play_) return "it is " + to_play() + "'s turn, not " + player.name + "'s";
  for (const LaidCard& card : cards) {
    for (const PlayerState& other : players_) {
      if (std::find(other.won.begin(), other.won.end(), card.card) != other.won.end()) {
        return card.card + " was already won by " + other.name;
      }
    }
  }
  const bool count_allowed = !cards.empty() && cards.size() <= kMaxCardsPerTurn;
  if (count_allowed && static_cast<int>(cards.size()) > player.hand) {
    return player.name + " holds only " + std::to_string(player.hand) +
           (player.hand == 1 ? " card" : " cards");
  }
  return std::nullopt;
}

Result<std::vector<Event>> TrioGame::apply_turn(const PlayerName& player,
                                                std::span<const LaidCard> cards, PlayOrder order) {
  if (over_) return Error{"the game is over"};
  if (question_) return Error{"the players must first say which of the tied groups stays"};
  const auto seat = seat_of(player);
  if (!seat) return Error{"\"" + player + "\" is not at the table"};

  std::vector<CardId> given_ids;
  for (const LaidCard& card : cards) given_ids.push_back(card.card);
  const auto illegal = [&](std::string reason) {
    return std::vector<Event>{announce(IllegalEvent{player, std::move(reason), given_ids})};
  };
  if (auto reason = why_illegal_turn(*seat, cards)) return illegal(*reason);
  std::vector<LaidCard> laid(cards.begin(), cards.end());
  std::optional<std::string> placed_ruling;
  if (order == PlayOrder::as_given) {
    if (auto reason = why_illegal_play(layout_, cards)) return illegal(*reason);
  } else {
    auto ordered = legal_order(layout_, cards);
    if (!ordered) return illegal(ordered.error().message);
    laid = std::move(ordered).value();
    if (laid.size() > 1) placed_ruling = std::string(kRulingSeenTogether);
  }

  std::vector<CardId> laid_ids;
  for (const LaidCard& card : laid) {
    layout_.add(card);
    laid_ids.push_back(card.card);
  }
  players_[to_play_].hand -= static_cast<int>(laid.size());
  std::vector<Event> events;
  events.push_back(announce(PlacedEvent{player, laid_ids}, placed_ruling));
  take_captures(laid, order, events);
  if (!question_) finish_turn(events);
  check_invariants();
  return events;
}

void TrioGame::take_captures(std::span<const LaidCard> laid, PlayOrder order,
                             std::vector<Event>& events) {
  std::vector<Place> laid_places;
  for (const LaidCard& card : laid) laid_places.push_back(card.place);
  const std::vector<Capture> captures = captures_involving(layout_, laid_places);
  if (captures.empty()) return;

  PlayerState& taker = players_[to_play_];
  PlaceSet taken;
  for (const Capture& capture : captures) {
    PlaceSet fresh;
    PlaceSet already;
    for (const Place place : capture.places) {
      if (taken.insert(place).second) {
        fresh.insert(place);
      } else {
        already.insert(place);
      }
    }
    std::vector<std::string> rulings;
    if (laid.size() > 1) {
      rulings.emplace_back(order == PlayOrder::as_given ? kRulingInOrder : kRulingSeenTogether);
    }
    if (!already.empty()) {
      std::string counted;
      for (const CardId& id : layout_.card_ids(already)) counted += " " + id;
      rulings.push_back(std::string(kRulingWonOnce) + ":" + counted + " already taken");
    }
    const std::vector<CardId> won = layout_.card_ids(fresh);
    taker.won.insert(taker.won.end(), won.begin(), won.end());
    (capture.kind == CaptureKind::chain ? taker.won_by_chain : taker.won_by_black) +=
        static_cast<int>(won.size());
    events.push_back(
        announce(CaptureEvent{taker.name, won, capture.kind}, optional_ruling(rulings)));
  }
  for (const Place place : taken) layout_.remove(place);
  events.push_back(score_event());
  detach_or_ask(events);
}

void TrioGame::detach_or_ask(std::vector<Event>& events) {
  Detachment detachment = detached_cards(layout_);
  if (auto* tie = std::get_if<LargestGroupTie>(&detachment)) {
    QuestionEvent question{"groups of " + std::to_string(tie->groups.front().size()) +
                               " cards tie for the largest: which one stays on the table?",
                           {}};
    for (const PlaceSet& group : tie->groups) {
      std::string choice;
      for (const CardId& id : layout_.card_ids(group)) choice += (choice.empty() ? "" : " ") + id;
      question.choices.push_back(std::move(choice));
    }
    events.push_back(announce(std::move(question), std::string(kRulingTie)));
    question_ = std::move(*tie);
    return;
  }
  send_detached(std::get<PlaceSet>(detachment), std::string(kRulingLargestGroup), events);
}

Result<std::vector<Event>> TrioGame::keep_group(const CardId& card) {
  if (!question_) return Error{"no question is waiting for an answer"};
  const auto place = layout_.find(card);
  if (!place) return Error{card + " is not on the table"};
  const bool in_a_tied_group =
      std::any_of(question_->groups.begin(), question_->groups.end(),
                  [&](const PlaceSet& group) { return group.contains(*place); });
  if (!in_a_tied_group) return Error{card + " is in none of the groups tied for largest"};

  std::vector<Event> events;
  send_detached(detached_keeping(layout_, *place),
                std::string(kRulingTie) + ": they kept the group of " + card, events);
  question_.reset();
  finish_turn(events);
  check_invariants();
  return events;
}

void TrioGame::send_detached(const PlaceSet& detached, std::optional<std::string> ruling,
                             std::vector<Event>& events) {
  if (detached.empty()) return;
  std::vector<CardId> ids = layout_.card_ids(detached);
  for (const Place place : detached) layout_.remove(place);
  pile_ += static_cast<int>(detached.size());  // to the bottom: drawn after every card above
  events.push_back(announce(DetachedEvent{std::move(ids)}, std::move(ruling)));
}

void TrioGame::finish_turn(std::vector<Event>& events) {
  draw_up(players_[to_play_], pile_);
  const bool hands_empty = std::all_of(players_.begin(), players_.end(),
                                       [](const PlayerState& p) { return p.hand == 0; });
  if (pile_ == 0 && hands_empty) {
    over_ = true;
    events.push_back(winner_event());
    return;
  }
  for (std::size_t step = 1; step <= players_.size(); ++step) {
    const std::size_t seat = (to_play_ + step) % players_.size();
    if (players_[seat].hand == 0) draw_up(players_[seat], pile_);
    if (players_[seat].hand > 0) {
      to_play_ = seat;
      return;
    }
  }
  assert(false && "someone holds cards or the pile is not empty");
}

Event TrioGame::score_event() const {
  ScoreEvent scores;
  for (const PlayerState& player : players_) {
    const int total = static_cast<int>(player.won.size());
    nlohmann::json detail = {{"chain", player.won_by_chain}, {"black", player.won_by_black}};
    // Cards won before a resumed game was first watched: how they were won is unknown.
    const int earlier = total - player.won_by_chain - player.won_by_black;
    if (earlier > 0) detail["earlier"] = earlier;
    scores.scores.push_back(PlayerScore{player.name, total, std::move(detail)});
  }
  return announce(std::move(scores));
}

Event TrioGame::winner_event() const {
  std::size_t most = 0;
  for (const PlayerState& player : players_) most = std::max(most, player.won.size());
  WinnerEvent winner;
  for (const PlayerState& player : players_) {
    if (player.won.size() == most) winner.players.push_back(player.name);
  }
  const std::string cards = std::to_string(most) + (most == 1 ? " card" : " cards");
  winner.reason = winner.players.size() == 1 ? "the most cards won: " + cards
                                             : "a shared win: " + cards + " won each";
  winner.scope = Scope::game;
  return announce(std::move(winner));
}

std::optional<std::string> TrioGame::broken_invariant() const {
  int held = 0;
  int won = 0;
  for (const PlayerState& player : players_) {
    if (player.hand < 0 || player.hand > kHandSize) {
      return player.name + " holds " + std::to_string(player.hand) + " cards";
    }
    held += player.hand;
    won += static_cast<int>(player.won.size());
  }
  if (pile_ < 0) return "the pile holds " + std::to_string(pile_) + " cards";
  const int total = static_cast<int>(layout_.size()) + pile_ + held + won;
  if (total != kDeckSize) {
    return "cards are not conserved: table " + std::to_string(layout_.size()) + " + pile " +
           std::to_string(pile_) + " + hands " + std::to_string(held) + " + won " +
           std::to_string(won) + " = " + std::to_string(total);
  }
  std::set<CardId> seen;
  for (const LaidCard& card : layout_.cards()) {
    const LaidCard* there = layout_.at(card.place);
    if (there == nullptr || there->card != card.card) return card.card + " is misplaced";
    if (!seen.insert(card.card).second) return card.card + " lies on two places";
  }
  for (const PlayerState& player : players_) {
    for (const CardId& card : player.won) {
      if (!seen.insert(card).second) return card + " is won twice, or won and on the table";
    }
  }
  if (over_ && (pile_ != 0 || held != 0)) return "the game ended with cards left to play";
  if (!over_ && !question_ && players_[to_play_].hand == 0) {
    return to_play() + " is to play but holds no cards";
  }
  if (question_ && layout_.largest_components().size() < 2) {
    return "a question waits but no groups tie";
  }
  return std::nullopt;
}

void TrioGame::check_invariants() const {
  assert(!broken_invariant() && "a Trio Monsters invariant broke");
}

}  // namespace tableref::referee::trio
