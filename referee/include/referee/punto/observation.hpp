#pragma once
// Punto as a camera sees it: the top card of each pile on the image's own grid, whose column 0 is
// the leftmost occupied column and row 0 the topmost occupied row (interface.md). As the layout
// grows left or up that origin moves, so a new view is matched against the referee's grid to find
// where the new card went.

#include <span>

#include "referee/punto/grid.hpp"

namespace tableref::referee::punto {

struct SeenCard {
  Cell cell;  // on the image's grid
  Colour colour = Colour::red;
  int value = 1;
};

enum class LayoutChange {
  unchanged,     // the view shows exactly the grid's top cards
  one_new_card,  // the grid plus one card laid on it (on an empty cell or on a pile)
  unexplained,   // anything else: several new cards, a card gone or moved
};

struct LayoutDiff {
  LayoutChange change = LayoutChange::unexplained;
  Cell grid_from_seen;  // grid cell = seen cell + grid_from_seen (unless unexplained)
  SeenCard new_card;    // one_new_card: where it lies on the grid, and what it shows
};

// Matches `seen` against `grid`. When two placements explain the view equally (a new card beside
// an identical one), the one that keeps the grid's top-left corner where it was is chosen. A new
// card may lie anywhere, even far from the layout (a card laid against the rules).
LayoutDiff compare_layout(const Grid& grid, std::span<const SeenCard> seen);

}  // namespace tableref::referee::punto
