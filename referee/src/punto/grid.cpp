#include "referee/punto/grid.hpp"

#include <algorithm>
#include <cstdlib>

namespace tableref::referee::punto {

std::array<Cell, 8> touching_cells(Cell cell) {
  return {{cell + Cell{-1, -1}, cell + Cell{0, -1}, cell + Cell{1, -1}, cell + Cell{-1, 0},
           cell + Cell{1, 0}, cell + Cell{-1, 1}, cell + Cell{0, 1}, cell + Cell{1, 1}}};
}

bool touching(Cell a, Cell b) {
  const Cell d = a - b;
  return a != b && std::abs(d.col) <= 1 && std::abs(d.row) <= 1;
}

Bounds Bounds::including(Cell cell) const {
  return {{std::min(min.col, cell.col), std::min(min.row, cell.row)},
          {std::max(max.col, cell.col), std::max(max.row, cell.row)}};
}

const PuntoCard* Grid::top(Cell cell) const {
  const auto found = piles_.find(cell);
  return found == piles_.end() ? nullptr : &found->second.back();
}

std::span<const PuntoCard> Grid::pile(Cell cell) const {
  const auto found = piles_.find(cell);
  if (found == piles_.end()) return {};
  return found->second;
}

std::vector<Cell> Grid::occupied_cells() const {
  std::vector<Cell> cells;
  cells.reserve(piles_.size());
  for (const auto& [cell, pile] : piles_) cells.push_back(cell);
  return cells;
}

bool Grid::holds_card(std::string_view id) const {
  return std::any_of(piles_.begin(), piles_.end(), [id](const auto& entry) {
    return std::any_of(entry.second.begin(), entry.second.end(),
                       [id](const PuntoCard& card) { return card.id == id; });
  });
}

bool Grid::touches_a_card(Cell cell) const {
  const auto around = touching_cells(cell);
  return std::any_of(around.begin(), around.end(),
                     [this](Cell near) { return piles_.contains(near); });
}

std::optional<Bounds> Grid::bounds() const {
  if (piles_.empty()) return std::nullopt;
  const Cell first = piles_.begin()->first;
  Bounds box{first, first};
  for (const auto& [cell, pile] : piles_) box = box.including(cell);
  return box;
}

bool Grid::fits_6x6() const {
  const auto box = bounds();
  return !box || box->fits_square();
}

bool Grid::fits_6x6_with(Cell cell) const {
  const auto box = bounds();
  return !box || box->including(cell).fits_square();
}

void Grid::lay(Cell cell, PuntoCard card) {
  piles_[cell].push_back(std::move(card));
}

}  // namespace tableref::referee::punto
