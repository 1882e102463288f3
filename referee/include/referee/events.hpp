#pragma once
// One vocabulary for everything the referee announces, serialised as the JSON Lines of
// interface.md: {"frame": i, "time_s": t, "type": T, ...}.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "referee/colour.hpp"

namespace tableref::referee {

using CardId = std::string;  // a deck id ("TM07"), or a tracker id for cards seen by a camera
using PlayerName = std::string;

// The layout as the game's `analyze` reports it (vision fills this in; records may too).
struct StateEvent {
  nlohmann::json fields;
};
struct PlacedEvent {
  PlayerName player;
  std::vector<CardId> cards;
};
struct IllegalEvent {
  PlayerName player;
  std::string reason;  // a sentence a player reads: "TM12 touches no card along a side"
  std::vector<CardId> cards;
};
struct TrickEvent {
  PlayerName player;
  Colour colour;                // the colour the trick counts for
  std::vector<Colour> options;  // every colour the stack allows, the player's missing ones first
};
enum class CaptureKind { chain, black };
struct CaptureEvent {
  PlayerName player;
  std::vector<CardId> cards;  // count = cards.size()
  CaptureKind kind = CaptureKind::chain;
};
struct DetachedEvent {
  std::vector<CardId> cards;  // to the bottom of the draw pile
};
struct LineEvent {
  PlayerName player;  // whose colour it is ("" for none)
  Colour colour;
  int length = 0;
  std::vector<std::array<int, 2>> cells;  // [col, row]
};
struct PlayerScore {
  PlayerName player;
  int total = 0;
  nlohmann::json detail = nlohmann::json::object();  // game-specific breakdown
};
struct ScoreEvent {
  std::vector<PlayerScore> scores;
};
enum class Scope { round, match, game };
struct WinnerEvent {
  std::vector<PlayerName> players;  // more than one when shared
  std::string reason;
  Scope scope = Scope::game;
};
// Bugs & Co: a player took a trophy (and stops playing).
struct TrophyEvent {
  PlayerName player;
  int value = 1;
  std::vector<CardId> cards;  // the trophy tile
};
// Bugs & Co: the countdown after the last trophy: 10, 9, ... 1 (`number`), then STOP (0).
struct CountdownEvent {
  int number = 0;
  std::string call;  // "10" ... "1", "STOP" (as `tableref countdown` calls it)
};
// A question the referee cannot settle alone (a tie for the largest group), or its answer.
struct QuestionEvent {
  std::string question;
  std::vector<std::string> choices;
};

using EventBody =
    std::variant<StateEvent, PlacedEvent, IllegalEvent, TrickEvent, CaptureEvent, DetachedEvent,
                 LineEvent, ScoreEvent, WinnerEvent, TrophyEvent, CountdownEvent, QuestionEvent>;

struct Event {
  EventBody body;
  std::optional<std::string> ruling;  // names the rules.md ruling applied, when one was
  std::optional<int> frame;           // live: frame index; records: the play's index
  std::optional<double> time_s;       // live: seconds since the start of the input
};

std::string_view event_type(const EventBody& body);  // "placed", "trick", ...
nlohmann::json to_json(const Event& event);
std::string_view scope_name(Scope scope);
std::string_view capture_kind_name(CaptureKind kind);

}  // namespace tableref::referee
