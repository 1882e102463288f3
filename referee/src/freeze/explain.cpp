#include "referee/freeze/explain.hpp"

#include <algorithm>

namespace tableref::referee::freeze {

namespace {

struct Candidate {
  const FreezeCard* card;
  Placement placement;
  Shown grid;
};

// `open` marks the positions not yet covered by a monster of a card above.
class ExplanationSearch {
 public:
  ExplanationSearch(const FreezeDeck& deck, const View& view, std::size_t limit)
      : view_(view), limit_(limit) {
    for (const FreezeCard& card : deck.cards) {
      for (int index = 0; index < kPlacementCount; ++index) {
        const Placement placement = placement_from_index(index);
        candidates_.push_back({&card, placement, placed_positions(card, placement)});
      }
    }
  }

  std::vector<StackExplanation> run(int cards) {
    found_.clear();
    std::array<bool, 9> open{};
    open.fill(true);
    std::vector<PlacedCard> stack;
    extend(open, cards, stack);
    return found_;
  }

 private:
  // A card fits under the open positions when each of its monsters there is what the view shows.
  bool fits(const Candidate& candidate, const std::array<bool, 9>& open, bool is_bottom) const {
    for (std::size_t i = 0; i < 9; ++i) {
      if (!open[i]) continue;
      const ViewCell& cell = view_[i];
      const auto& monster = candidate.grid[i];
      if (cell.kind == ViewCell::Kind::unknown) continue;
      if (monster) {
        if (cell.kind != ViewCell::Kind::monster || cell.colour != *monster) return false;
      } else if (is_bottom && cell.kind == ViewCell::Kind::monster) {
        return false;  // nothing below the bottom card can show this monster
      }
    }
    return true;
  }

  bool in_stack(const FreezeCard* card, const std::vector<PlacedCard>& stack) const {
    return std::any_of(stack.begin(), stack.end(),
                       [card](const PlacedCard& placed) { return placed.card == card; });
  }

  void extend(const std::array<bool, 9>& open, int cards_left, std::vector<PlacedCard>& stack) {
    if (found_.size() >= limit_) return;
    const bool is_bottom = cards_left == 1;
    for (const Candidate& candidate : candidates_) {
      if (in_stack(candidate.card, stack) || !fits(candidate, open, is_bottom)) continue;
      stack.push_back({candidate.card, candidate.placement});
      if (is_bottom) {
        found_.push_back({stack});
      } else {
        std::array<bool, 9> still_open = open;
        for (std::size_t i = 0; i < 9; ++i) still_open[i] = open[i] && !candidate.grid[i];
        extend(still_open, cards_left - 1, stack);
      }
      stack.pop_back();
      if (found_.size() >= limit_) return;
    }
  }

  const View& view_;
  std::size_t limit_;
  std::vector<Candidate> candidates_;
  std::vector<StackExplanation> found_;
};

}  // namespace

std::vector<StackExplanation> fewest_card_explanations(const FreezeDeck& deck, const View& view,
                                                       int max_cards, std::size_t limit) {
  ExplanationSearch search(deck, view, limit);
  for (int cards = 1; cards <= max_cards; ++cards) {
    auto found = search.run(cards);
    if (!found.empty()) return found;
  }
  return {};
}

int most_table_positions(const FreezeDeck& deck) {
  int most = 0;
  for (const FreezeCard& card : deck.cards) {
    const auto holes = std::count(card.front.begin(), card.front.end(), std::nullopt);
    most = std::max(most, static_cast<int>(holes));
  }
  return most;
}

int table_positions(const View& view) {
  return static_cast<int>(std::count_if(view.begin(), view.end(), [](const ViewCell& cell) {
    return cell.kind == ViewCell::Kind::empty;
  }));
}

std::vector<Colour> readable_line_colours(const View& view) {
  Shown shown;
  for (std::size_t i = 0; i < 9; ++i) {
    if (view[i].kind == ViewCell::Kind::monster) shown[i] = view[i].colour;
  }
  return line_colours(shown);
}

}  // namespace tableref::referee::freeze
