#pragma once
// A set of monster colours as a bit mask: what a stack's lines allow, what a player still lacks.

#include <cstdint>
#include <string>
#include <vector>

#include "referee/colour.hpp"

namespace tableref::referee::freeze {

class ColourSet {
 public:
  constexpr ColourSet() = default;
  static constexpr ColourSet from_bits(std::uint8_t bits) { return ColourSet(bits); }
  static ColourSet of(const std::vector<Colour>& colours) {
    ColourSet set;
    for (const Colour colour : colours) set.insert(colour);
    return set;
  }

  constexpr void insert(Colour colour) { bits_ |= bit(colour); }
  constexpr bool contains(Colour colour) const { return (bits_ & bit(colour)) != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr std::uint8_t bits() const { return bits_; }
  int size() const;

  // The members in palette order (yellow, green, red, blue, purple, black).
  std::vector<Colour> colours() const;
  // "green, red", or "none".
  std::string describe() const;

  constexpr ColourSet operator|(ColourSet other) const { return ColourSet(bits_ | other.bits_); }
  friend constexpr bool operator==(ColourSet, ColourSet) = default;

 private:
  constexpr explicit ColourSet(unsigned bits) : bits_(static_cast<std::uint8_t>(bits)) {}
  static constexpr std::uint8_t bit(Colour colour) {
    return static_cast<std::uint8_t>(1u << static_cast<unsigned>(colour));
  }
  std::uint8_t bits_ = 0;
};

// Colour names joined by ", " ("green, red"), as messages list them.
std::string join_colour_names(const std::vector<Colour>& colours);

}  // namespace tableref::referee::freeze
