#include "referee/trio/legality.hpp"

#include <algorithm>
#include <numeric>

namespace tableref::referee::trio {

namespace {

// "TM03", "TM03 and TM05", "TM03, TM05 and TM07".
std::string join_names(const std::vector<CardId>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " and " : ", ";
    text += names[i];
  }
  return text;
}

// The colour rule, for a card on an empty place that touches the table along a side.
std::optional<std::string> colour_rule_breach(const Layout& layout, const LaidCard& card) {
  PlaceSet open_same_colour;
  for (const LaidCard& other : layout.cards()) {
    if (other.colour != card.colour) continue;
    if (share_edge(other.place, card.place)) return std::nullopt;
    if (!layout.all_sides_covered(other.place)) open_same_colour.insert(other.place);
  }
  if (open_same_colour.empty()) return std::nullopt;  // none, or all surrounded
  const std::string colour(colour_name(card.colour));
  const bool several = open_same_colour.size() > 1;
  return describe(card) + " must touch a " + colour + " monster: the " + colour +
         (several ? " monsters " : " monster ") + join_names(layout.card_ids(open_same_colour)) +
         (several ? " still have an open side" : " still has an open side");
}

}  // namespace

std::optional<std::string> why_illegal(const Layout& layout, const LaidCard& card) {
  if (const auto there = layout.find(card.card)) {
    return card.card + " already lies on the table at " + describe(*there);
  }
  if (const LaidCard* other = layout.at(card.place)) {
    return describe(card) + " cannot go on " + describe(card.place) + ": " + other->card +
           " lies there";
  }
  if (layout.empty()) return std::nullopt;
  if (layout.edge_neighbours_present(card.place).empty()) {
    return describe(card) + " touches no card along a side";
  }
  return colour_rule_breach(layout, card);
}

std::optional<std::string> why_illegal_play(const Layout& layout, std::span<const LaidCard> cards) {
  if (cards.empty() || cards.size() > kMaxCardsPerTurn) {
    return "a turn lays 1 to 3 cards, not " + std::to_string(cards.size());
  }
  Layout laid = layout;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    for (std::size_t earlier = 0; earlier < i; ++earlier) {
      if (cards[earlier].card == cards[i].card) return cards[i].card + " is laid twice";
    }
    if (auto reason = why_illegal(laid, cards[i])) return reason;
    laid.add(cards[i]);
  }
  return std::nullopt;
}

Result<std::vector<LaidCard>> legal_order(const Layout& layout, std::span<const LaidCard> cards) {
  const auto given_reason = why_illegal_play(layout, cards);
  if (!given_reason) return std::vector<LaidCard>(cards.begin(), cards.end());
  if (cards.empty() || cards.size() > kMaxCardsPerTurn) return Error{*given_reason};

  std::vector<std::size_t> order(cards.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::vector<LaidCard> reordered(cards.size());
  while (std::next_permutation(order.begin(), order.end())) {
    for (std::size_t i = 0; i < order.size(); ++i) reordered[i] = cards[order[i]];
    if (!why_illegal_play(layout, reordered)) return reordered;
  }
  return Error{*given_reason};
}

}  // namespace tableref::referee::trio
