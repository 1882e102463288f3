#include "referee/punto/legality.hpp"

#include <set>

namespace tableref::referee::punto {

std::string describe_card(const PuntoCard& card) {
  return card.id + " (" + std::string(colour_name(card.colour)) + " " + std::to_string(card.value) +
         ")";
}

std::string describe_cell(Cell cell) {
  return "[" + std::to_string(cell.col) + "," + std::to_string(cell.row) + "]";
}

namespace {

std::string too_large(const Grid& grid, Cell cell, const PuntoCard& card) {
  const Bounds box = grid.bounds()->including(cell);
  return describe_card(card) + " at " + describe_cell(cell) + " would make the layout " +
         std::to_string(box.columns()) + " cards wide and " + std::to_string(box.rows()) +
         " high; it must fit in a 6 x 6 square";
}

}  // namespace

std::optional<Refusal> check_placement(const Grid& grid, Cell cell, const PuntoCard& card) {
  if (grid.empty()) return std::nullopt;
  if (const PuntoCard* below = grid.top(cell)) {
    // Covering leaves the layout's extent as it was, so only the values matter.
    if (card.value > below->value) return std::nullopt;
    return Refusal{Breach::not_lower, describe_card(card) + " may only cover a lower card, and " +
                                          describe_card(*below) + " lies at " +
                                          describe_cell(cell)};
  }
  if (!grid.touches_a_card(cell)) {
    return Refusal{Breach::not_touching, describe_card(card) + " at " + describe_cell(cell) +
                                             " touches no card by a side or a corner"};
  }
  if (!grid.fits_6x6_with(cell)) {
    return Refusal{Breach::outside_square, too_large(grid, cell, card)};
  }
  return std::nullopt;
}

std::vector<Cell> legal_cells(const Grid& grid, const PuntoCard& card) {
  if (grid.empty()) return {Cell{0, 0}};
  // Every legal cell is occupied or touches an occupied one.
  std::set<Cell> candidates;
  for (const Cell cell : grid.occupied_cells()) {
    candidates.insert(cell);
    for (const Cell near : touching_cells(cell)) candidates.insert(near);
  }
  std::vector<Cell> legal;
  for (const Cell cell : candidates) {
    if (!check_placement(grid, cell, card)) legal.push_back(cell);
  }
  return legal;
}

}  // namespace tableref::referee::punto
