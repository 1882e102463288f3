#pragma once
// The cards and tiles of the four games, as value types (components.md).

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "referee/colour.hpp"

namespace tableref::referee {

// ---- Monster Freeze: square punched cards, 3 x 3 positions --------------------------------------

// A position of a punched card: a monster colour, or nullopt for a hole.
using FreezePosition = std::optional<Colour>;
// Row-major 3 x 3 positions as seen on the front face, top-left first.
using FreezePositions = std::array<FreezePosition, 9>;

struct FreezeCard {
  std::string id;
  FreezePositions front;
};

struct FreezeDeck {
  std::vector<FreezeCard> cards;
  const FreezeCard* find(std::string_view id) const;
};

// ---- Trio Monsters: triangular cards
// -------------------------------------------------------------

struct TrioCard {
  std::string id;
  Colour colour = Colour::yellow;  // any of the six, black included
};

struct TrioDeck {
  std::vector<TrioCard> cards;
  const TrioCard* find(std::string_view id) const;
};

// ---- Punto: square cards with 1 to 9 dots
// --------------------------------------------------------

struct PuntoCard {
  std::string id;
  Colour colour = Colour::red;  // red, green, blue or yellow
  int value = 1;                // 1 to 9
};

struct PuntoDeck {
  std::vector<PuntoCard> cards;
  const PuntoCard* find(std::string_view id) const;
};

// ---- Bugs & Co: monster tiles and trophies
// -------------------------------------------------------

enum class BugShape { round, square, triangle, star, drop };
enum class BugPattern { plain, spots, stripes };

struct BugSpecies {
  std::string id;  // e.g. "2-round-spots"
  int eyes = 2;    // 1, 2 or 3
  BugShape shape = BugShape::round;
  BugPattern pattern = BugPattern::plain;
  int copies = 3;
};

struct BugsSetup {
  std::vector<std::string> eyes;  // eye counts in play, as the deck file words them
  std::vector<int> trophies;      // trophy values in play, highest first
};

struct BugsDeck {
  std::vector<BugSpecies> species;
  std::vector<int> trophies;                  // every trophy of the box, by value
  std::map<int, BugsSetup> setup_by_players;  // 2 to 8 players
  int removed_at_setup = 7;
  const BugSpecies* find(std::string_view id) const;
  // The ids of the species a monster may be when only some of its features could be read.
  std::vector<std::string> species_with(std::optional<int> eyes, std::optional<BugShape> shape,
                                        std::optional<BugPattern> pattern) const;
};

std::string_view shape_name(BugShape shape);
std::string_view pattern_name(BugPattern pattern);

}  // namespace tableref::referee
