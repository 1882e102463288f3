#pragma once
// Helpers shared by the referee suites: the documented examples, small positions built from
// deck cards, and what the events say.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "referee/deck.hpp"
#include "referee/events.hpp"
#include "referee/punto/grid.hpp"
#include "referee/record.hpp"
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

// The events a record replays to, as JSON lines; none, and a failure, when it does not replay.
inline std::vector<nlohmann::json> replay_json(std::string_view text) {
  const auto replay = replay_record(text, "game.json");
  EXPECT_TRUE(replay.ok()) << replay.error().message;
  std::vector<nlohmann::json> lines;
  if (!replay.ok()) return lines;
  for (const Event& event : replay->events) lines.push_back(to_json(event));
  return lines;
}

// The message a record is refused with; a failure when it replays.
inline std::string error_of(std::string_view text) {
  const auto replay = replay_record(text, "game.json");
  EXPECT_FALSE(replay.ok());
  return replay.ok() ? "(replayed)" : replay.error().message;
}

inline const std::vector<PlayerName> kAliceAndBob = {"Alice", "Bob"};

// The reason of the first `illegal` event; "(legal)" when there is none.
inline std::string illegal_reason(const std::vector<Event>& events) {
  for (const Event& event : events) {
    if (const auto* illegal = std::get_if<IllegalEvent>(&event.body)) return illegal->reason;
  }
  return "(legal)";
}

// Trio positions, brought in by `using test_support::trio_pieces::card;` and the like.
namespace trio_pieces {

// A Trio card on a lattice place.
inline trio::LaidCard card(const char* id, Colour colour, int col, int row) {
  return trio::LaidCard{id, colour, trio::Place{col, row}};
}

inline trio::Layout layout_of(const std::vector<trio::LaidCard>& cards) {
  auto layout = trio::Layout::from_cards(cards);
  EXPECT_TRUE(layout.ok());
  return layout.ok() ? layout.value() : trio::Layout{};
}

}  // namespace trio_pieces

// Punto positions, brought in by `using test_support::punto_pieces::card;` and the like.
namespace punto_pieces {

inline const PuntoCard& card(std::string_view id) {
  const PuntoCard* found = builtin_punto_deck().find(id);
  EXPECT_NE(found, nullptr) << id;
  return *found;
}

// Lays the named deck cards with no rule checked, to set up a position.
inline punto::Grid grid_of(std::initializer_list<std::pair<punto::Cell, std::string_view>> cards) {
  punto::Grid grid;
  for (const auto& [cell, id] : cards) grid.lay(cell, card(id));
  return grid;
}

}  // namespace punto_pieces

}  // namespace tableref::referee::test_support
