#pragma once
// Punto: lines of same-coloured visible cards (rules.md, interface.md "lines").
//
// A line is a maximal run of top cards of one colour, side by side along a row, a column or either
// diagonal. Covered cards never count.

#include <array>
#include <span>
#include <vector>

#include "referee/events.hpp"
#include "referee/punto/grid.hpp"

namespace tableref::referee::punto {

struct Line {
  Colour colour = Colour::red;
  std::vector<Cell> cells;  // in order along the line, at least 2

  int length() const { return static_cast<int>(cells.size()); }
  friend bool operator==(const Line&, const Line&) = default;
};

// The four directions a line runs in: along a row, down a column, and both diagonals.
inline constexpr std::array<Cell, 4> kLineDirections = {{{1, 0}, {0, 1}, {1, 1}, {1, -1}}};

// Every maximal run of `min_length` or more same-coloured top cards, grouped by direction (in
// kLineDirections order), then by first cell.
std::vector<Line> find_lines(const Grid& grid, int min_length = 3);

// Those of `lines` whose colour is one of `colours`.
std::vector<Line> lines_in_colours(std::span<const Line> lines, std::span<const Colour> colours);

// The sum of the values of the line's cards.
int line_points(const Grid& grid, const Line& line);

// The highest card of `lines` (the first of equals, in order); `lines` must not be empty.
const PuntoCard& highest_card(const Grid& grid, std::span<const Line> lines);

// The interface.md form of a line, cells as [col, row]; `owner` is "" for a colour nobody plays.
LineEvent to_line_event(const Line& line, const PlayerName& owner);

}  // namespace tableref::referee::punto
