#pragma once
// Reading back the `state` events of a log (GameFollower::replay_state): the parts every game's
// state shares. Each throws referee::json_input::InputError naming the field at fault.

#include <algorithm>
#include <charconv>
#include <opencv2/core.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "referee/json_input.hpp"

namespace tableref::live {

// Trio and Punto cards are logged as "C1", "C2", ...
inline constexpr std::string_view kCardIdPrefix = "C";

// The list `key` of a logged state event.
inline referee::json_input::Node logged_list(const referee::json_input::Node& state,
                                             const char* key) {
  state.require_object();
  if (!state.has("type") || state.at("type").as_string() != "state") {
    state.fail("not a state event");
  }
  return state.at(key);
}

// The number of an id such as "T12" with its prefix ("T"); 0 when it is not one.
inline int logged_id_number(std::string_view id, std::string_view prefix) {
  int number = 0;
  if (!id.starts_with(prefix)) return 0;
  const char* first = id.data() + prefix.size();
  const auto [end, error] = std::from_chars(first, id.data() + id.size(), number);
  return error == std::errc() && end == id.data() + id.size() && end != first ? number : 0;
}

// An image point [x, y].
inline cv::Point2d logged_point(const referee::json_input::Node& node) {
  if (node.size() != 2) node.fail("expected [x, y]");
  return {node.at(std::size_t{0}).as_number(), node.at(1).as_number()};
}

// The seat of a logged player's name.
inline int logged_seat(const referee::json_input::Node& player,
                       const std::vector<std::string>& players) {
  const auto seat = std::find(players.begin(), players.end(), player.as_string());
  if (seat == players.end()) player.fail("not one of the players");
  return static_cast<int>(seat - players.begin());
}

}  // namespace tableref::live
