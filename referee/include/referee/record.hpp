#pragma once
// Game records: the plays of a game as a person types them in after a game or during a dispute
// (docs/records.md). Replaying one through the referee gives the events it would have announced.

#include <string_view>
#include <vector>

#include "referee/events.hpp"
#include "referee/game.hpp"
#include "referee/result.hpp"

namespace tableref::referee {

struct RecordHeader {
  Game game = Game::freeze;
  std::vector<PlayerName> players;  // in seating order, clockwise
  std::size_t first_player = 0;     // index into players
};

struct Replay {
  RecordHeader header;
  std::vector<Event> events;  // each stamped with `frame` = the index of its play in "plays"
};

// Errors name the place in the record: "game.json: plays[4].cards[1].at: expected an array".
// Illegal plays are not errors: they are `illegal` events.
Result<Replay> replay_record(std::string_view json_text, std::string_view origin);

}  // namespace tableref::referee
