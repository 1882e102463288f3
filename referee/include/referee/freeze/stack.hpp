#pragma once
// Monster Freeze: a card's 8 placements, what a stack shows through its holes, and its lines.

#include <array>
#include <span>
#include <vector>

#include "referee/components.hpp"

namespace tableref::referee::freeze {

// How a card lies: turned clockwise (as seen from above) by quarter turns after an optional flip
// onto its back face (the mirror image about the card's vertical axis).
struct Placement {
  int quarter_turns = 0;  // 0 to 3
  bool flipped = false;

  friend bool operator==(const Placement&, const Placement&) = default;
};
inline constexpr int kPlacementCount = 8;
// The 8 placements, numbered 0..7: index = quarter_turns + 4 * flipped.
Placement placement_from_index(int index);
int placement_index(Placement placement);

// What one grid of 3 x 3 positions shows, row-major from the top-left as seen from above:
// a monster colour, or nullopt where the table shows through (a hole, or an empty position).
using Shown = std::array<std::optional<Colour>, 9>;

// The positions of `card` as seen when it lies in `placement`.
Shown placed_positions(const FreezeCard& card, Placement placement);

struct PlacedCard {
  const FreezeCard* card = nullptr;
  Placement placement;
};

// What a stack shows: at each position the first monster from the top; nullopt where every card
// has a hole. `top_first` lists the stack from its top card down (1 to 3 cards).
Shown show_stack(std::span<const PlacedCard> top_first);
// Composition of already-placed grids: `upper` covers `lower` wherever it has a monster.
Shown cover(const Shown& upper, const Shown& lower);

// The 8 lines of a 3 x 3 grid: 3 rows, 3 columns, 2 diagonals, as position indices.
inline constexpr std::array<std::array<int, 3>, 8> kLines = {
    {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}};

// The colours that have a full line of three in `shown`, in palette order, each once.
std::vector<Colour> line_colours(const Shown& shown);

}  // namespace tableref::referee::freeze
