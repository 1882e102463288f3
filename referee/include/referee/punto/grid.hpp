#pragma once
// Punto: the square grid the cards are laid on. A card laid on another covers it and only the top
// card of a pile counts. The grid is unbounded: the layout may sit anywhere, as long as all of it
// fits in one 6 x 6 square (the square floats with the layout).

#include <array>
#include <compare>
#include <map>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "referee/components.hpp"

namespace tableref::referee::punto {

// A place on the grid: `col` grows to the right, `row` downwards.
struct Cell {
  int col = 0;
  int row = 0;
  friend auto operator<=>(const Cell&, const Cell&) = default;
};
inline Cell operator+(Cell a, Cell b) {
  return {a.col + b.col, a.row + b.row};
}
inline Cell operator-(Cell a, Cell b) {
  return {a.col - b.col, a.row - b.row};
}

// The layout must fit in a square of this many cards a side.
inline constexpr int kLayoutSide = 6;

// The 8 cells touching `cell` by a side or a corner.
std::array<Cell, 8> touching_cells(Cell cell);
bool touching(Cell a, Cell b);  // by a side or a corner; a cell does not touch itself

// The smallest rectangle of cells holding every card (both corners inclusive).
struct Bounds {
  Cell min;
  Cell max;
  int columns() const { return max.col - min.col + 1; }
  int rows() const { return max.row - min.row + 1; }
  Bounds including(Cell cell) const;
  bool fits_square(int side = kLayoutSide) const { return columns() <= side && rows() <= side; }
};

class Grid {
 public:
  bool empty() const { return piles_.empty(); }
  // The number of cells holding a pile (visible cards).
  std::size_t pile_count() const { return piles_.size(); }

  // The visible card at `cell`, or nullptr when the cell is empty.
  const PuntoCard* top(Cell cell) const;
  // The pile at `cell`, bottom card first; empty when nothing lies there.
  std::span<const PuntoCard> pile(Cell cell) const;
  // Every occupied cell, in ascending (col, row) order.
  std::vector<Cell> occupied_cells() const;
  // Whether a card with this id lies anywhere on the grid, covered or not.
  bool holds_card(std::string_view id) const;
  // Whether some card lies on a cell touching `cell` by a side or a corner.
  bool touches_a_card(Cell cell) const;

  // nullopt for an empty grid.
  std::optional<Bounds> bounds() const;
  bool fits_6x6() const;
  // Whether the layout still fits a 6 x 6 square once a card lies at `cell`.
  bool fits_6x6_with(Cell cell) const;

  // Lays `card` at `cell`, covering what lies there. Checks no rule: see legality.hpp.
  void lay(Cell cell, PuntoCard card);
  void clear() { piles_.clear(); }

 private:
  std::map<Cell, std::vector<PuntoCard>> piles_;  // bottom card first, never empty
};

}  // namespace tableref::referee::punto
