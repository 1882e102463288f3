#pragma once
// Which cards of a known deck could lie in a stack that shows a given 3 x 3 view: how a referee
// that only sees the top of a stack knows how many cards it holds and whether the view is possible.

#include <array>
#include <optional>
#include <vector>

#include "referee/components.hpp"
#include "referee/freeze/stack.hpp"

namespace tableref::referee::freeze {

// One position as read from a picture: a colour, the table (empty), or unreadable.
struct ViewCell {
  enum class Kind { monster, empty, unknown };
  Kind kind = Kind::unknown;
  Colour colour = Colour::yellow;  // meaningful for monsters only

  static ViewCell monster(Colour c) { return {Kind::monster, c}; }
  static ViewCell empty() { return {Kind::empty, Colour::yellow}; }
  static ViewCell unknown() { return {}; }
  friend bool operator==(const ViewCell&, const ViewCell&) = default;
};
using View = std::array<ViewCell, 9>;

struct StackExplanation {
  std::vector<PlacedCard> top_first;  // cards of the deck, each once
};

// The explanations with the fewest cards (1 to `max_cards`) whose stack shows `view`, unknown
// positions matching anything; empty when no stack of the deck shows it. At most `limit` are kept.
std::vector<StackExplanation> fewest_card_explanations(const FreezeDeck& deck, const View& view,
                                                       int max_cards = 3, std::size_t limit = 16);

// The most positions at which the table can show through a stack of the deck: where its top
// card has a hole, at most. A square showing the table at more positions is no stack of the deck.
int most_table_positions(const FreezeDeck& deck);

// The positions of `view` that show the table.
int table_positions(const View& view);

// The colours with a full line of three among the readable positions.
std::vector<Colour> readable_line_colours(const View& view);

}  // namespace tableref::referee::freeze
