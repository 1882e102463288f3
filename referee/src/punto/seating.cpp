#include "referee/punto/seating.hpp"

#include <algorithm>
#include <string>

namespace tableref::referee::punto {

namespace {

std::string colour_text(Colour colour) {
  return std::string(colour_name(colour));
}

bool is_punto_colour(Colour colour) {
  return std::find(kPuntoColours.begin(), kPuntoColours.end(), colour) != kPuntoColours.end();
}

std::optional<Error> check_players(const std::vector<PlayerName>& players, bool team_game) {
  if (players.size() < 2 || players.size() > 4) {
    return Error{"Punto is played by 2 to 4 players, not " + std::to_string(players.size())};
  }
  if (team_game && players.size() != 4) {
    return Error{"the team game needs 4 players, not " + std::to_string(players.size())};
  }
  return std::nullopt;
}

std::optional<Error> check_colours(const std::vector<PlayerName>& players,
                                   const std::vector<std::vector<Colour>>& colours_by_seat) {
  if (colours_by_seat.size() != players.size()) {
    return Error{"expected colours for each of the " + std::to_string(players.size()) + " players"};
  }
  const std::size_t per_player = players.size() == 2 ? 2 : 1;
  std::vector<Colour> taken;
  for (std::size_t seat = 0; seat < players.size(); ++seat) {
    const auto& colours = colours_by_seat[seat];
    if (colours.size() != per_player) {
      return Error{players[seat] + " needs " + std::to_string(per_player) + " colour" +
                   (per_player == 1 ? "" : "s") + " with " + std::to_string(players.size()) +
                   " players, got " + std::to_string(colours.size())};
    }
    for (const Colour colour : colours) {
      if (!is_punto_colour(colour)) {
        return Error{colour_text(colour) + " is not a Punto colour (red, green, blue, yellow)"};
      }
      if (std::find(taken.begin(), taken.end(), colour) != taken.end()) {
        return Error{colour_text(colour) + " is given to more than one player"};
      }
      taken.push_back(colour);
    }
  }
  return std::nullopt;
}

}  // namespace

Result<Seating> Seating::with_default_colours(std::vector<PlayerName> players, bool team_game) {
  if (auto error = check_players(players, team_game)) return *error;
  std::vector<std::vector<Colour>> colours(players.size());
  const std::size_t per_player = players.size() == 2 ? 2 : 1;
  for (std::size_t i = 0; i < players.size() * per_player; ++i) {
    colours[i / per_player].push_back(kPuntoColours[i]);
  }
  return with_colours(std::move(players), team_game, std::move(colours));
}

Result<Seating> Seating::with_colours(std::vector<PlayerName> players, bool team_game,
                                      std::vector<std::vector<Colour>> colours_by_seat) {
  if (auto error = check_players(players, team_game)) return *error;
  if (auto error = check_colours(players, colours_by_seat)) return *error;
  Seating seating;
  seating.players_ = std::move(players);
  seating.colours_ = std::move(colours_by_seat);
  seating.team_game_ = team_game;
  if (seating.players_.size() == 3) {
    for (const Colour colour : kPuntoColours) {
      if (!seating.owner_of(colour)) seating.neutral_ = colour;
    }
  }
  return seating;
}

std::optional<Seat> Seating::owner_of(Colour colour) const {
  for (Seat seat = 0; seat < colours_.size(); ++seat) {
    const auto& mine = colours_[seat];
    if (std::find(mine.begin(), mine.end(), colour) != mine.end()) return seat;
  }
  return std::nullopt;
}

bool Seating::holds(Seat seat, Colour colour) const {
  return owner_of(colour) == seat || neutral_ == colour;
}

std::vector<Seat> Seating::seats_of_side(std::size_t side) const {
  std::vector<Seat> seats;
  for (Seat seat = 0; seat < players_.size(); ++seat) {
    if (side_of(seat) == side) seats.push_back(seat);
  }
  return seats;
}

std::vector<Colour> Seating::side_colours(std::size_t side) const {
  std::vector<Colour> colours;
  for (const Seat seat : seats_of_side(side)) {
    colours.insert(colours.end(), colours_[seat].begin(), colours_[seat].end());
  }
  return colours;
}

std::vector<Colour> Seating::winning_colours() const {
  std::vector<Colour> colours;
  for (const auto& mine : colours_) colours.insert(colours.end(), mine.begin(), mine.end());
  return colours;
}

std::string join_names(std::span<const PlayerName> names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " and " : ", ";
    text += names[i];
  }
  return text;
}

}  // namespace tableref::referee::punto
