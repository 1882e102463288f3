#pragma once
// Punto: who plays which colours (rules.md).
//
// 2 players hold all the cards of two colours each; 3 players one colour each, and the fourth
// colour is neutral (each player also holds 6 of its cards; it never counts for winning); 4 players
// one colour each. Team game (4 players): partners sit opposite, seats 0 and 2 against seats 1 and
// 3; each player still holds the cards of one colour, and a team owns both its players' colours,
// so a winning line of either wins for both partners.

#include <array>
#include <optional>
#include <span>
#include <vector>

#include "referee/events.hpp"
#include "referee/result.hpp"

namespace tableref::referee::punto {

using Seat = std::size_t;  // index into the players, clockwise from the first seat

// The four Punto colours in the deck's order; default colours are dealt by seat in this order.
inline constexpr std::array<Colour, 4> kPuntoColours = {Colour::red, Colour::green, Colour::blue,
                                                        Colour::yellow};

class Seating {
 public:
  // Colours dealt by seat in kPuntoColours order: 2 players red + green, blue + yellow; 3 players
  // red, green, blue with yellow neutral; 4 players red, green, blue, yellow.
  static Result<Seating> with_default_colours(std::vector<PlayerName> players, bool team_game);
  // `colours_by_seat[s]` are seat s's colours: two each with 2 players, one each otherwise.
  static Result<Seating> with_colours(std::vector<PlayerName> players, bool team_game,
                                      std::vector<std::vector<Colour>> colours_by_seat);

  std::size_t player_count() const { return players_.size(); }
  const std::vector<PlayerName>& players() const { return players_; }
  const PlayerName& name(Seat seat) const { return players_.at(seat); }
  bool team_game() const { return team_game_; }

  std::span<const Colour> colours_of(Seat seat) const { return colours_.at(seat); }
  // The seat holding `colour`; nullopt for the neutral colour.
  std::optional<Seat> owner_of(Colour colour) const;
  // The fourth colour of a 3-player game.
  std::optional<Colour> neutral_colour() const { return neutral_; }
  // Whether `seat` holds cards of `colour` (its own colours, or the neutral one).
  bool holds(Seat seat, Colour colour) const;

  // Sides that win rounds: the two teams of the team game, otherwise one per player.
  std::size_t side_count() const { return team_game_ ? 2 : players_.size(); }
  std::size_t side_of(Seat seat) const { return team_game_ ? seat % 2 : seat; }
  std::vector<Seat> seats_of_side(std::size_t side) const;
  // The colours whose lines win for `side`.
  std::vector<Colour> side_colours(std::size_t side) const;
  // Every colour that can win: all but the neutral one.
  std::vector<Colour> winning_colours() const;

  // A round is won by a line this long: 4; 5 with 2 players and in the team game.
  int winning_length() const { return players_.size() == 2 || team_game_ ? 5 : 4; }
  // A blocked round counts lines this long or longer: 3; 4 with 2 players.
  int blocked_line_length() const { return players_.size() == 2 ? 4 : 3; }

 private:
  Seating() = default;

  std::vector<PlayerName> players_;
  std::vector<std::vector<Colour>> colours_;
  std::optional<Colour> neutral_;
  bool team_game_ = false;
};

// "Ann", "Ann and Ben", "Ann, Ben and Cat".
std::string join_names(std::span<const PlayerName> names);

}  // namespace tableref::referee::punto
