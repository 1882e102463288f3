#pragma once
// Events of interface.md in words: a line for the event log and a sentence to speak.

#include <nlohmann/json.hpp>
#include <string>

namespace tableref::gui {

// The types a player can dispute: the referee's decisions, each kept with the frame it was made on.
bool is_verdict_type(const std::string& type);

// "Alice: red trick (allowed red, blue)", "Bob: illegal, stack not aligned", ...
std::string describe_event(const nlohmann::json& event);
// What is announced aloud, or "" for events that are not (state, score): "Alice: red trick".
std::string spoken_event(const nlohmann::json& event);
// The player an event concerns: "player", or the winners joined by " and ", or "".
std::string event_player(const nlohmann::json& event);

}  // namespace tableref::gui
