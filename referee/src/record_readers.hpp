#pragma once
// Each game's record reader: reads "plays" (and any game options) from the record's root and
// runs them through that game's referee. Throws json_input::InputError for malformed content.

#include <initializer_list>
#include <string_view>
#include <vector>

#include "referee/events.hpp"
#include "referee/json_input.hpp"
#include "referee/record.hpp"

namespace tableref::referee::records {

// A key that readers of the documentation may spell the other way, and how records spell it.
struct KeySpelling {
  std::string_view written;
  std::string_view expected;
};

// Fails on the first key of `node` neither in `allowed` nor "comment" (allowed anywhere): a
// misspelt key would otherwise be ignored without a word. A key written as `spelling.written`
// is told how records spell it.
void require_only(const json_input::Node& node, std::initializer_list<std::string_view> allowed,
                  KeySpelling spelling = {});

std::vector<Event> replay_freeze(const json_input::Node& root, const RecordHeader& header);
std::vector<Event> replay_trio(const json_input::Node& root, const RecordHeader& header);
std::vector<Event> replay_punto(const json_input::Node& root, const RecordHeader& header);
std::vector<Event> replay_bugs(const json_input::Node& root, const RecordHeader& header);

}  // namespace tableref::referee::records
