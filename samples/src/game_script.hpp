#pragma once
// A game as the camera will film it: the layouts the table goes through, and the hand visits
// that turn one into the next, each with the true events of the play once it has settled.
// Games write scripts (game_freeze_script.cpp); filming them is the same for every game
// (game_video.cpp).

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <vector>

#include "random_draws.hpp"
#include "referee/events.hpp"
#include "samples/camera.hpp"
#include "samples/capture.hpp"
#include "samples/game_video.hpp"
#include "samples/level.hpp"

namespace tableref::samples {

struct ScriptLayout {
  TableLayout table;
  // The analyze fields of interface.md that a perfect reader gives for a photograph of it.
  std::function<nlohmann::json(const Photo&)> state_fields;
};

struct ScriptVisit {
  std::size_t before = 0, after = 0;   // layouts; the same for a hand that changes nothing
  TableLayout hand_target;             // the pieces the hand reaches for
  double seat_direction_rad = 0;       // image direction of the player's side
  double still_after_s = 1;            // how long the table stays still once the hand is gone
  std::vector<referee::Event> events;  // true events once the play has settled
};

struct GameScript {
  TableCamera camera;
  std::vector<std::string> players;
  std::vector<ScriptLayout> layouts;
  double still_first_s = 1;  // layouts[0] before the first visit
  std::vector<ScriptVisit> visits;
  // True events once the last visit's still stretch has run out (Bugs & Co: the scores at STOP),
  // followed by still_at_end_s more of the same table.
  std::vector<referee::Event> events_at_end;
  bool state_at_end = false;  // the layout then is announced again, as the one scored
  double still_at_end_s = 0;
  // When set, the last visit's still stretch lasts at least until this long after the table
  // settled from visit `end_counted_from` (Bugs & Co: STOP, 10 s after the last trophy).
  std::optional<std::size_t> end_counted_from;
  double end_after_s = 0;
  nlohmann::json details;  // how the game went (rounds, winners, why it stopped)
};

// Trio Monsters played by options.players, every turn judged by referee::trio::TrioGame.
GameScript trio_game_script(const GameVideoOptions& options, const CaptureConditions& conditions,
                            std::mt19937_64& rng);

// Monster Freeze played by options.players under `conditions` (which fix the camera's pose and
// the image size).
GameScript freeze_game_script(const GameVideoOptions& options, const CaptureConditions& conditions,
                              std::mt19937_64& rng);

// Bugs & Co played by options.players (2 to 4), scored at STOP.
GameScript bugs_game_script(const GameVideoOptions& options, const CaptureConditions& conditions,
                            std::mt19937_64& rng);

// Punto played by options.players (game_video.hpp); the camera frames every place the game used.
GameScript punto_game_script(const GameVideoOptions& options, const CaptureConditions& conditions,
                             std::mt19937_64& rng);

// The default seat zones of the live referee: seat 0 faces the bottom of the picture, the others
// follow clockwise as the picture shows them.
double seat_direction_rad(int seat, int seat_count);

// Seeds that follow card ids: a card is printed the same way in every layout it lies in.
inline std::uint64_t fnv1a(std::string_view text, std::uint64_t hash) {
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

}  // namespace tableref::samples
