#pragma once
// Punto: where a card may be laid (rules.md). The first card of a round may go anywhere (on a
// fresh grid every cell is the middle); every later card goes either on an empty cell touching a
// card by a side or a corner, or on top of a card of strictly lower value, of any colour; and the
// whole layout must still fit in a 6 x 6 square.

#include <optional>
#include <string>
#include <vector>

#include "referee/punto/grid.hpp"

namespace tableref::referee::punto {

enum class Breach {
  not_touching,    // an empty cell with no card around it
  not_lower,       // covers a card of equal or higher value
  outside_square,  // the layout would no longer fit in 6 x 6
};

struct Refusal {
  Breach breach = Breach::not_touching;
  std::string reason;  // a sentence a player reads
};

// Why `card` may not be laid at `cell`, or nullopt when it may.
std::optional<Refusal> check_placement(const Grid& grid, Cell cell, const PuntoCard& card);

// Every cell where `card` may be laid, in ascending (col, row) order; empty when it cannot be laid
// at all. Not meaningful for an empty grid, where any cell will do: returns {{0, 0}} there.
std::vector<Cell> legal_cells(const Grid& grid, const PuntoCard& card);

// "PR5a (red 5)", "[2,-1]": how cards and cells are named in reasons.
std::string describe_card(const PuntoCard& card);
std::string describe_cell(Cell cell);

}  // namespace tableref::referee::punto
