#pragma once
// The game the table plays: which game, who sits where, who starts and how many rounds win.
// Player i sits at seat i; seats go clockwise around the table as the picture shows it, seat 0
// facing the bottom edge of the picture (or the profile's first seat, once calibrated).

#include <functional>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "referee/game.hpp"
#include "referee/result.hpp"

namespace tableref::gui {

struct GameSetup {
  referee::Game game = referee::Game::freeze;
  std::vector<std::string> players = {"Alice", "Bob"};  // by seat
  int first_player = 0;                                 // index into players
  int rounds_to_win = 2;
  bool team_game = false;       // Punto with 4 players: partners opposite, lines of 5
  double solo_seconds = 120;    // Monster Freeze solo timer
  double settle_seconds = 0.5;  // a layout must hold still this long before it is judged

  // What is wrong with this set-up (player count for the game, empty or repeated names, ranges),
  // or nullopt.
  std::optional<std::string> problem() const;
  nlohmann::json to_json() const;
  static referee::Result<GameSetup> from_json(const nlohmann::json& json);
};

// The player counts a game allows (rules.md).
int min_players(referee::Game game);
int max_players(referee::Game game);

// Where a seat is, in words: "bottom", "left", "top", "right" for up to four seats, else a
// clock direction ("3 o'clock"); "no seat" for a seat that is not at the table.
std::string seat_name(int seat, int seat_count);

// The seat whose zone of the picture holds `point`: `seat_count` equal angular zones around the
// picture's centre, seat 0 centred on the bottom edge, then clockwise as seen in the picture.
int image_seat(cv::Point2d point, cv::Size image_size, int seat_count);

// Maps a point of the picture to a seat index.
using SeatOf = std::function<int(cv::Point2d)>;

}  // namespace tableref::gui
