#pragma once
// Each game's record reader: reads "plays" (and any game options) from the record's root and
// runs them through that game's referee. Throws json_input::InputError for malformed content.

#include <vector>

#include "referee/events.hpp"
#include "referee/json_input.hpp"
#include "referee/record.hpp"

namespace tableref::referee::records {

std::vector<Event> replay_freeze(const json_input::Node& root, const RecordHeader& header);
std::vector<Event> replay_trio(const json_input::Node& root, const RecordHeader& header);
std::vector<Event> replay_punto(const json_input::Node& root, const RecordHeader& header);
std::vector<Event> replay_bugs(const json_input::Node& root, const RecordHeader& header);

}  // namespace tableref::referee::records
