#pragma once
// Readings as the JSON of interface.md (`tableref analyze --json`).

#include <nlohmann/json.hpp>

#include "vision/bugs_reader.hpp"
#include "vision/freeze_reader.hpp"
#include "vision/punto_reader.hpp"
#include "vision/trio_reader.hpp"

namespace tableref::vision {

// {"status": ..., "stacks": [...]}: the game-specific fields of one analyze line.
nlohmann::json freeze_fields(const FreezeReading& reading);
std::string cell_word(const referee::freeze::ViewCell& cell);  // "red", "empty" or "unknown"

// {"status": ..., "cards": [...], "detached": [...]}: the game-specific fields of a trio line.
nlohmann::json trio_fields(const TrioReading& reading);
std::string colour_word(const std::optional<referee::Colour>& colour);  // "red" or "unknown"

// {"status": ..., "cards": [...], "lines": [...], "fits_6x6": ...}: the fields of a punto line.
nlohmann::json punto_fields(const PuntoReading& reading);
std::string value_word(const std::optional<int>& value);  // "7" or "unknown"

// {"status": ..., "tiles": [...], "score": {...}, "players": [...]}: the fields of a bugs line.
// "players" adds each collection's tiles (indices into "tiles"), seat and score to interface.md's
// fields, which score every tile of the picture as one collection.
nlohmann::json bugs_fields(const BugsReading& reading);

}  // namespace tableref::vision
