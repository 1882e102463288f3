#include "referee/punto/lines.hpp"

#include <algorithm>
#include <cassert>

namespace tableref::referee::punto {

namespace {

bool same_colour_at(const Grid& grid, Cell cell, Colour colour) {
  const PuntoCard* card = grid.top(cell);
  return card != nullptr && card->colour == colour;
}

}  // namespace

std::vector<Line> find_lines(const Grid& grid, int min_length) {
  assert(min_length >= 2);
  std::vector<Line> lines;
  const std::vector<Cell> occupied = grid.occupied_cells();
  for (const Cell step : kLineDirections) {
    for (const Cell start : occupied) {
      const Colour colour = grid.top(start)->colour;
      // Only a run's first cell starts it, so each maximal run is found once.
      if (same_colour_at(grid, start - step, colour)) continue;
      Line line{colour, {}};
      for (Cell cell = start; same_colour_at(grid, cell, colour); cell = cell + step) {
        line.cells.push_back(cell);
      }
      if (line.length() >= min_length) lines.push_back(std::move(line));
    }
  }
  return lines;
}

std::vector<Line> lines_in_colours(std::span<const Line> lines, std::span<const Colour> colours) {
  std::vector<Line> kept;
  for (const Line& line : lines) {
    if (std::find(colours.begin(), colours.end(), line.colour) != colours.end()) {
      kept.push_back(line);
    }
  }
  return kept;
}

int line_points(const Grid& grid, const Line& line) {
  int points = 0;
  for (const Cell cell : line.cells) points += grid.top(cell)->value;
  return points;
}

const PuntoCard& highest_card(const Grid& grid, std::span<const Line> lines) {
  assert(!lines.empty());
  const PuntoCard* highest = grid.top(lines.front().cells.front());
  for (const Line& line : lines) {
    for (const Cell cell : line.cells) {
      const PuntoCard* card = grid.top(cell);
      if (card->value > highest->value) highest = card;
    }
  }
  return *highest;
}

LineEvent to_line_event(const Line& line, const PlayerName& owner) {
  LineEvent event{owner, line.colour, line.length(), {}};
  for (const Cell cell : line.cells) event.cells.push_back({cell.col, cell.row});
  return event;
}

}  // namespace tableref::referee::punto
