#include "referee/freeze/stack.hpp"

#include <algorithm>
#include <cassert>

namespace tableref::referee::freeze {

Placement placement_from_index(int index) {
  assert(index >= 0 && index < kPlacementCount);
  return Placement{index % 4, index >= 4};
}

int placement_index(Placement placement) {
  return placement.quarter_turns + (placement.flipped ? 4 : 0);
}

Shown placed_positions(const FreezeCard& card, Placement placement) {
  Shown grid;
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) {
      const int source_col = placement.flipped ? 2 - col : col;
      grid[static_cast<std::size_t>(row * 3 + col)] =
          card.front[static_cast<std::size_t>(row * 3 + source_col)];
    }
  }
  // A clockwise quarter turn moves the position at (row, col) to (col, 2 - row).
  for (int turn = 0; turn < placement.quarter_turns; ++turn) {
    Shown turned;
    for (int row = 0; row < 3; ++row) {
      for (int col = 0; col < 3; ++col) {
        turned[static_cast<std::size_t>(col * 3 + (2 - row))] =
            grid[static_cast<std::size_t>(row * 3 + col)];
      }
    }
    grid = turned;
  }
  return grid;
}

Shown cover(const Shown& upper, const Shown& lower) {
  Shown result;
  for (std::size_t i = 0; i < result.size(); ++i) result[i] = upper[i] ? upper[i] : lower[i];
  return result;
}

Shown show_stack(std::span<const PlacedCard> top_first) {
  assert(!top_first.empty() && top_first.size() <= 3);
  Shown shown;
  for (auto it = top_first.rbegin(); it != top_first.rend(); ++it) {
    shown = cover(placed_positions(*it->card, it->placement), shown);
  }
  return shown;
}

std::vector<Colour> line_colours(const Shown& shown) {
  std::vector<Colour> colours;
  for (const auto& line : kLines) {
    const auto& first = shown[static_cast<std::size_t>(line[0])];
    if (!first) continue;
    if (shown[static_cast<std::size_t>(line[1])] == first &&
        shown[static_cast<std::size_t>(line[2])] == first) {
      colours.push_back(*first);
    }
  }
  std::sort(colours.begin(), colours.end());
  colours.erase(std::unique(colours.begin(), colours.end()), colours.end());
  return colours;
}

}  // namespace tableref::referee::freeze
