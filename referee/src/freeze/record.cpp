// Monster Freeze records (docs/records.md, "Monster Freeze"): the plays of a match as a person
// types them after the game, replayed through freeze::Match.

#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <string_view>

#include "record_readers.hpp"
#include "referee/deck.hpp"
#include "referee/freeze/match.hpp"

namespace tableref::referee::records {

namespace {

using json_input::Node;
using namespace freeze;

// A "colour" key is told that records write "color".
constexpr KeySpelling kColourKey{"colour", "color"};

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", seconds);
  return text;
}

CardId read_card_id(const Node& node, const FreezeDeck& deck) {
  CardId id = node.as_string();
  if (deck.find(id) == nullptr) node.fail("unknown card \"" + id + "\"");
  return id;
}

CardIds read_three_cards(const Node& node, const FreezeDeck& deck) {
  if (node.size() != kHandSize) node.fail("expected 3 card ids");
  CardIds cards;
  for (std::size_t i = 0; i < cards.size(); ++i) cards[i] = read_card_id(node.at(i), deck);
  return cards;
}

Colour read_trick_colour(const Node& node) {
  const Colour colour = node.as_colour();
  if (colour == Colour::black) node.fail("Monster Freeze has no black monsters");
  return colour;
}

Shown read_shown(const Node& node) {
  if (node.size() != 3) node.fail("expected 3 rows");
  Shown shown;
  for (std::size_t row = 0; row < 3; ++row) {
    const Node cells = node.at(row);
    if (cells.size() != 3) cells.fail("expected 3 positions");
    for (std::size_t col = 0; col < 3; ++col) {
      const Node cell = cells.at(col);
      if (cell.as_string() != "empty") shown[row * 3 + col] = read_trick_colour(cell);
    }
  }
  return shown;
}

std::vector<ClaimedCard> read_stack(const Node& node, const FreezeDeck& deck) {
  if (node.size() < 1 || node.size() > kHandSize) node.fail("expected 1 to 3 cards, top first");
  std::vector<ClaimedCard> cards;
  for (std::size_t i = 0; i < node.size(); ++i) {
    const Node item = node.at(i);
    require_only(item, {"card", "turns", "flipped"}, kColourKey);
    ClaimedCard card{read_card_id(item.at("card"), deck), {}};
    if (item.has("turns")) card.placement.quarter_turns = item.at("turns").as_int(0, 3);
    if (item.has("flipped")) card.placement.flipped = item.at("flipped").as_bool();
    cards.push_back(std::move(card));
  }
  return cards;
}

Deal read_deal(const Node& node, const std::vector<PlayerName>& players, const FreezeDeck& deck) {
  require_only(node, {"hands", "single"}, kColourKey);
  Deal deal;
  if (node.has("hands")) {
    const Node hands = node.at("hands");
    hands.require_object();
    for (const auto& member : hands.json().items()) {
      const std::string& name = member.key();
      const Node hand = hands.at(name);
      if (std::find(players.begin(), players.end(), name) == players.end()) {
        hand.fail("\"" + name + "\" is not one of the players");
      }
      deal.hands[name] = read_three_cards(hand, deck);
    }
  }
  if (node.has("single")) deal.single = read_card_id(node.at("single"), deck);
  if (auto problem = deal_problem(deal, players, deck)) node.fail(*problem);
  return deal;
}

MatchOptions read_options(const Node& root, std::size_t player_count) {
  MatchOptions options;
  const bool solo = player_count == 1;
  if (root.has("rounds_to_win")) {
    const Node rounds = root.at("rounds_to_win");
    if (solo) rounds.fail("a solo game has no match");
    options.rounds_to_win = rounds.as_int(1, 99);
  }
  if (root.has("solo_seconds")) {
    const Node seconds = root.at("solo_seconds");
    if (!solo) seconds.fail("only a solo game has a timer");
    options.solo_duration_s = seconds.as_number();
    if (options.solo_duration_s <= 0.0) seconds.fail("expected a positive number of seconds");
  }
  return options;
}

class FreezeReplay {
 public:
  FreezeReplay(const Node& root, const RecordHeader& header)
      : deck_(builtin_freeze_deck()),
        players_(header.players),
        match_(players_, deck_, read_options(root, players_.size()),
               root.has("deal") ? read_deal(root.at("deal"), players_, deck_) : Deal{}) {}

  std::vector<Event> run(const Node& plays) {
    std::vector<Event> all;
    for (std::size_t index = 0; index < plays.size(); ++index) {
      const Node play = plays.at(index);
      const std::optional<double> time_s = read_time(play);
      for (Event& event : replay(play)) {
        event.frame = static_cast<int>(index);
        event.time_s = time_s;
        all.push_back(std::move(event));
      }
    }
    return all;
  }

 private:
  std::optional<double> read_time(const Node& play) {
    play.require_object();
    if (!play.has("time_s")) return std::nullopt;
    const Node time = play.at("time_s");
    const double time_s = time.as_number();
    if (time_s < now_s_) {
      time.fail("goes back in time (" + seconds_text(time_s) + " after " + seconds_text(now_s_) +
                ")");
    }
    now_s_ = time_s;
    return time_s;
  }

  std::vector<Event> replay(const Node& play) {
    const bool stack = play.has("stack");
    const bool shown = play.has("shown");
    const bool swap = play.has("swap");
    const bool new_round = play.has("new_round");
    if (stack + shown + swap + new_round > 1) {
      play.fail("expected only one of \"stack\", \"shown\", \"swap\" and \"new_round\"");
    }
    if (stack || shown) return trick(play, stack);
    if (swap) return swap_single(play);
    if (new_round) return next_round(play);
    if (!play.has("time_s")) {
      play.fail("expected \"stack\", \"shown\", \"swap\", \"new_round\" or a \"time_s\" alone");
    }
    require_only(play, {"time_s"}, kColourKey);
    return match_.tick(now_s_);
  }

  PlayerName read_player(const Node& play) const {
    const Node node = play.at("player");
    PlayerName name = node.as_string();
    if (std::find(players_.begin(), players_.end(), name) == players_.end()) {
      node.fail("\"" + name + "\" is not one of the players");
    }
    return name;
  }

  std::vector<Event> trick(const Node& play, bool by_cards) {
    if (by_cards) {
      require_only(play, {"player", "stack", "color", "aligned", "draw", "time_s"}, kColourKey);
    } else {
      require_only(play, {"player", "shown", "hand", "color", "aligned", "draw", "time_s"},
                   kColourKey);
    }
    if (match_.round().solo() && !play.has("time_s")) {
      play.fail("a solo trick needs \"time_s\", the seconds since the start");
    }
    TrickClaim claim;
    claim.player = read_player(play);
    if (by_cards) {
      claim.stack = StackOfCards{read_stack(play.at("stack"), deck_)};
    } else {
      SeenStack seen{read_shown(play.at("shown")), std::nullopt};
      if (play.has("hand")) seen.hand = read_three_cards(play.at("hand"), deck_);
      claim.stack = seen;
    }
    if (play.has("color")) claim.named = read_trick_colour(play.at("color"));
    if (play.has("aligned")) claim.aligned = play.at("aligned").as_bool();
    if (play.has("draw")) claim.drawn = read_three_cards(play.at("draw"), deck_);
    return match_.trick(claim, now_s_);
  }

  std::vector<Event> swap_single(const Node& play) {
    require_only(play, {"player", "swap", "take", "time_s"}, kColourKey);
    SwapClaim claim{read_player(play), read_card_id(play.at("swap"), deck_), std::nullopt};
    if (play.has("take")) claim.taken = read_card_id(play.at("take"), deck_);
    return match_.swap(claim, now_s_);
  }

  std::vector<Event> next_round(const Node& play) {
    require_only(play, {"new_round", "deal", "time_s"}, kColourKey);
    const Node flag = play.at("new_round");
    if (!flag.as_bool()) flag.fail("expected true");
    const Deal deal = play.has("deal") ? read_deal(play.at("deal"), players_, deck_) : Deal{};
    return match_.new_round(deal, now_s_);
  }

  const FreezeDeck& deck_;
  std::vector<PlayerName> players_;
  Match match_;
  double now_s_ = 0.0;
};

}  // namespace

std::vector<Event> replay_freeze(const Node& root, const RecordHeader& header) {
  require_only(
      root, {"game", "players", "first_player", "rounds_to_win", "solo_seconds", "deal", "plays"},
      kColourKey);
  if (header.players.empty() || header.players.size() > static_cast<std::size_t>(kMaxPlayers)) {
    root.at("players").fail("Monster Freeze is played solo or by 2 to 4 players");
  }
  const Node plays = root.at("plays");
  plays.require_array();
  FreezeReplay replay(root, header);
  return replay.run(plays);
}

}  // namespace tableref::referee::records
