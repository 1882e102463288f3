#pragma once
// Helpers shared by the referee suites: the documented examples, and small positions built from
// deck cards.

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "referee/deck.hpp"
#include "referee/punto/grid.hpp"
#include "referee/trio/layout.hpp"

namespace tableref::referee::test_support {

// The first JSON example under `heading` (e.g. "## Punto") in docs/records.md.
inline std::string docs_example(std::string_view heading) {
  const auto text = read_text_file(std::string(TABLEREF_SOURCE_DIR) + "/docs/records.md");
  EXPECT_TRUE(text.ok());
  if (!text.ok()) return "";
  const std::size_t section = text->find("\n" + std::string(heading) + "\n");
  const std::size_t start = text->find("```json\n", section);
  const std::size_t end = text->find("\n```", start + 8);
  EXPECT_NE(section, std::string::npos);
  if (section == std::string::npos || end == std::string::npos) return "";
  return text->substr(start + 8, end - start - 8);
}

// A Trio card on a lattice place.
inline trio::LaidCard trio_card(const char* id, Colour colour, int col, int row) {
  return trio::LaidCard{id, colour, trio::Place{col, row}};
}

inline trio::Layout trio_layout(const std::vector<trio::LaidCard>& cards) {
  auto layout = trio::Layout::from_cards(cards);
  EXPECT_TRUE(layout.ok());
  return layout.ok() ? layout.value() : trio::Layout{};
}

inline const PuntoCard& punto_card(std::string_view id) {
  const PuntoCard* found = builtin_punto_deck().find(id);
  EXPECT_NE(found, nullptr) << id;
  return *found;
}

// Lays the named deck cards with no rule checked, to set up a position.
inline punto::Grid punto_grid(
    std::initializer_list<std::pair<punto::Cell, std::string_view>> cards) {
  punto::Grid grid;
  for (const auto& [cell, id] : cards) grid.lay(cell, punto_card(id));
  return grid;
}

}  // namespace tableref::referee::test_support
