#include "referee/punto/observation.hpp"

#include <algorithm>
#include <set>

namespace tableref::referee::punto {

namespace {

bool shows(const PuntoCard* top, const SeenCard& seen) {
  return top != nullptr && top->colour == seen.colour && top->value == seen.value;
}

// The view read with one offset: unchanged, one new card, or unexplained.
LayoutDiff compare_at(const Grid& grid, std::span<const SeenCard> seen, Cell offset) {
  LayoutDiff diff{LayoutChange::unexplained, offset, {}};
  int differences = 0;
  std::set<Cell> seen_on_grid;
  for (const SeenCard& card : seen) {
    const Cell cell = card.cell + offset;
    seen_on_grid.insert(cell);
    if (shows(grid.top(cell), card)) continue;
    if (++differences > 1) return diff;
    diff.new_card = SeenCard{cell, card.colour, card.value};
  }
  const std::vector<Cell> occupied = grid.occupied_cells();
  const bool nothing_gone = std::all_of(occupied.begin(), occupied.end(),
                                        [&](Cell cell) { return seen_on_grid.contains(cell); });
  if (!nothing_gone) return diff;
  diff.change = differences == 0 ? LayoutChange::unchanged : LayoutChange::one_new_card;
  return diff;
}

}  // namespace

LayoutDiff compare_layout(const Grid& grid, std::span<const SeenCard> seen) {
  std::set<Cell> distinct;
  for (const SeenCard& card : seen) distinct.insert(card.cell);
  if (distinct.size() != seen.size()) return {};  // two cards on one cell: not a reading

  const auto box = grid.bounds();
  if (!box) return compare_at(grid, seen, Cell{0, 0});
  if (seen.empty()) return {};
  Cell seen_min = seen.front().cell;
  for (const SeenCard& card : seen) {
    seen_min = {std::min(seen_min.col, card.cell.col), std::min(seen_min.row, card.cell.row)};
  }
  // The view's top-left is the grid's, or one cell further left and/or up when the new card
  // lies beyond the grid's edge there.
  std::vector<Cell> offsets;
  for (const Cell shift : {Cell{0, 0}, Cell{1, 0}, Cell{0, 1}, Cell{1, 1}}) {
    offsets.push_back(box->min - shift - seen_min);
  }
  // A card laid against the rules may lie further out: then the cards that show the same face
  // on the grid and in the view say where the view lies.
  std::set<Cell> matched;
  for (const SeenCard& card : seen) {
    for (const Cell cell : grid.occupied_cells()) {
      if (shows(grid.top(cell), card)) matched.insert(cell - card.cell);
    }
  }
  offsets.insert(offsets.end(), matched.begin(), matched.end());
  for (const Cell offset : offsets) {
    const LayoutDiff diff = compare_at(grid, seen, offset);
    if (diff.change != LayoutChange::unexplained) return diff;
  }
  return {};
}

}  // namespace tableref::referee::punto
