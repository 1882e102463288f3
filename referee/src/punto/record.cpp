// Punto records (docs/records.md, "Punto"): seating options and the plays of a match, replayed
// through punto::Match.

#include <algorithm>

#include "record_readers.hpp"
#include "referee/deck.hpp"
#include "referee/punto/round.hpp"

namespace tableref::referee::records {

using json_input::Node;
using punto::Cell;
using punto::Seat;

namespace {

constexpr int kMaxCoordinate = 1000;

// A "colors" key is told that records write "colours".
constexpr KeySpelling kColoursKey{"colors", "colours"};

Seat seat_of(const Node& node, const RecordHeader& header) {
  const std::string name = node.as_string();
  const auto found = std::find(header.players.begin(), header.players.end(), name);
  if (found == header.players.end()) node.fail("\"" + name + "\" is not one of the players");
  return static_cast<Seat>(found - header.players.begin());
}

std::vector<Colour> read_player_colours(const Node& node) {
  if (node.json().is_string()) return {node.as_colour()};
  std::vector<Colour> colours;
  for (std::size_t i = 0; i < node.size(); ++i) colours.push_back(node.at(i).as_colour());
  return colours;
}

punto::Seating read_seating(const Node& root, const RecordHeader& header) {
  const bool team_game = root.has("team_game") && root.at("team_game").as_bool();
  if (!root.has("colours")) {
    auto seating = punto::Seating::with_default_colours(header.players, team_game);
    if (!seating) root.at("players").fail(seating.error().message);
    return std::move(seating).value();
  }
  const Node colours = root.at("colours");
  colours.require_object();
  for (const auto& [name, value] : colours.json().items()) {
    if (std::find(header.players.begin(), header.players.end(), name) == header.players.end()) {
      colours.at(name).fail("\"" + name + "\" is not one of the players");
    }
  }
  std::vector<std::vector<Colour>> by_seat;
  for (const PlayerName& name : header.players)
    by_seat.push_back(read_player_colours(colours.at(name)));
  auto seating = punto::Seating::with_colours(header.players, team_game, std::move(by_seat));
  if (!seating) colours.fail(seating.error().message);
  return std::move(seating).value();
}

const PuntoCard& read_card(const Node& node) {
  const std::string id = node.as_string();
  const PuntoCard* card = builtin_punto_deck().find(id);
  if (card == nullptr)
    node.fail("no Punto card \"" + id + "\" (ids look like PR5a: colour, value, series)");
  return *card;
}

Cell read_cell(const Node& node) {
  if (node.size() != 2) node.fail("expected [col, row]");
  return {node.at(0).as_int(-kMaxCoordinate, kMaxCoordinate),
          node.at(1).as_int(-kMaxCoordinate, kMaxCoordinate)};
}

// A flag that is only ever written as true: {"blocked": true}.
void require_true(const Node& node) {
  if (!node.as_bool()) node.fail("expected true (leave the key out otherwise)");
}

std::vector<Event> replay_play(punto::Match& match, const Node& play, const RecordHeader& header) {
  play.require_object();
  if (play.has("new_round")) {
    require_only(play, {"new_round", "first_player"}, kColoursKey);
    require_true(play.at("new_round"));
    std::optional<Seat> first;
    if (play.has("first_player")) first = seat_of(play.at("first_player"), header);
    return match.start_next_round(first);
  }
  if (play.has("blocked")) {
    require_only(play, {"player", "blocked", "card"}, kColoursKey);
    require_true(play.at("blocked"));
    const Seat seat = seat_of(play.at("player"), header);
    if (!play.has("card")) return match.declare_blocked(seat);
    return match.declare_blocked(seat, &read_card(play.at("card")));
  }
  require_only(play, {"player", "card", "at"}, kColoursKey);
  if (!play.has("card") || !play.has("at")) {
    play.fail(
        "expected a card laid {\"player\", \"card\", \"at\"}, a blocked player "
        "{\"player\", \"blocked\": true} or {\"new_round\": true}");
  }
  return match.lay(seat_of(play.at("player"), header), read_card(play.at("card")),
                   read_cell(play.at("at")));
}

}  // namespace

std::vector<Event> replay_punto(const Node& root, const RecordHeader& header) {
  require_only(
      root, {"game", "players", "first_player", "colours", "team_game", "rounds_to_win", "plays"},
      kColoursKey);
  punto::MatchOptions options;
  if (root.has("rounds_to_win")) options.rounds_to_win = root.at("rounds_to_win").as_int(1, 9);
  punto::Match match(read_seating(root, header), header.first_player, options);

  std::vector<Event> events;
  const Node plays = root.at("plays");
  for (std::size_t i = 0; i < plays.size(); ++i) {
    for (Event& event : replay_play(match, plays.at(i), header)) {
      event.frame = static_cast<int>(i);
      events.push_back(std::move(event));
    }
  }
  return events;
}

}  // namespace tableref::referee::records
