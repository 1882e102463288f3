#include "gui/game_setup.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <set>

namespace tableref::gui {

int min_players(referee::Game game) {
  switch (game) {
    case referee::Game::freeze:
      return 1;  // solo, against the timer
    case referee::Game::trio:
    case referee::Game::punto:
    case referee::Game::bugs:
      return 2;
  }
  return 2;
}

int max_players(referee::Game game) {
  switch (game) {
    case referee::Game::freeze:
    case referee::Game::punto:
      return 4;
    case referee::Game::trio:
      return 5;
    case referee::Game::bugs:
      return 8;
  }
  return 4;
}

std::optional<std::string> GameSetup::problem() const {
  const int count = static_cast<int>(players.size());
  const std::string game_text(referee::game_name(game));
  if (count < min_players(game) || count > max_players(game)) {
    return game_text + " is played by " + std::to_string(min_players(game)) + " to " +
           std::to_string(max_players(game)) + " players, not " + std::to_string(count);
  }
  std::set<std::string> names;
  for (const std::string& name : players) {
    if (name.empty()) return std::string("every player needs a name");
    if (!names.insert(name).second) return "two players are called " + name;
  }
  if (first_player < 0 || first_player >= count)
    return std::string("the first player is not seated");
  if (rounds_to_win < 1 || rounds_to_win > 9) return std::string("rounds to win must be 1 to 9");
  if (team_game && (game != referee::Game::punto || count != 4)) {
    return std::string("the team game is Punto's, with 4 players");
  }
  if (!(solo_seconds >= 10 && solo_seconds <= 3600)) {
    return std::string("the solo timer must be 10 s to 60 min");
  }
  if (!(settle_seconds >= 0 && settle_seconds <= 10)) {
    return std::string("the settle time must be 0 to 10 s");
  }
  return std::nullopt;
}

nlohmann::json GameSetup::to_json() const {
  return {{"game", referee::game_name(game)}, {"players", players},
          {"first_player", first_player},     {"rounds_to_win", rounds_to_win},
          {"team_game", team_game},           {"solo_seconds", solo_seconds},
          {"settle_seconds", settle_seconds}};
}

referee::Result<GameSetup> GameSetup::from_json(const nlohmann::json& json) {
  if (!json.is_object()) return referee::Error{"game set-up: expected an object"};
  GameSetup setup;
  try {
    const auto game = referee::parse_game(json.value("game", std::string("freeze")));
    if (!game) return referee::Error{"game set-up: unknown game"};
    setup.game = *game;
    setup.players = json.value("players", setup.players);
    setup.first_player = json.value("first_player", setup.first_player);
    setup.rounds_to_win = json.value("rounds_to_win", setup.rounds_to_win);
    setup.team_game = json.value("team_game", setup.team_game);
    setup.solo_seconds = json.value("solo_seconds", setup.solo_seconds);
    setup.settle_seconds = json.value("settle_seconds", setup.settle_seconds);
  } catch (const nlohmann::json::exception& error) {
    return referee::Error{std::string("game set-up: ") + error.what()};
  }
  if (auto problem = setup.problem()) return referee::Error{"game set-up: " + *problem};
  return setup;
}

std::string seat_name(int seat, int seat_count) {
  if (seat < 0 || seat >= seat_count) return "no seat";
  if (seat_count == 1) return "bottom";
  if (seat_count == 2) return seat == 0 ? "bottom" : "top";
  if (seat_count <= 4) {
    // Evenly spread: three seats face the bottom, the top left and the top right.
    constexpr std::array<const char*, 4> kFour = {"bottom", "left", "top", "right"};
    constexpr std::array<const char*, 3> kThree = {"bottom", "top left", "top right"};
    return seat_count == 4 ? kFour[static_cast<std::size_t>(seat)]
                           : kThree[static_cast<std::size_t>(seat)];
  }
  // Clock directions as the picture shows them, seat 0 at six o'clock.
  const double hours = std::fmod(6.0 + 12.0 * seat / seat_count, 12.0);
  const int hour = static_cast<int>(std::lround(hours)) % 12;
  return std::to_string(hour == 0 ? 12 : hour) + " o'clock";
}

int image_seat(cv::Point2d point, cv::Size image_size, int seat_count) {
  if (seat_count <= 1) return 0;
  const cv::Point2d centre(image_size.width / 2.0, image_size.height / 2.0);
  // In picture coordinates (y down) the angle grows clockwise as the picture shows it; the
  // bottom edge is at +90 degrees.
  const double degrees =
      std::atan2(point.y - centre.y, point.x - centre.x) * 180.0 / std::numbers::pi;
  const double zone_deg = 360.0 / seat_count;
  double from_first = std::fmod(degrees - 90.0 + zone_deg / 2.0, 360.0);
  if (from_first < 0) from_first += 360.0;
  return std::clamp(static_cast<int>(from_first / zone_deg), 0, seat_count - 1);
}

}  // namespace tableref::gui
