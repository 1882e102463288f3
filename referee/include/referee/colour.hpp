#pragma once
// The palette of components.md: the colours monsters, dots and bodies are printed in.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tableref::referee {

enum class Colour : std::uint8_t { yellow, green, red, blue, purple, black };

// The five monster colours in the deck-out tie-break order of
// rules.md (red first).
inline constexpr std::array<Colour, 5> kTieBreakOrder = {Colour::red, Colour::blue, Colour::green,
                                                         Colour::yellow, Colour::purple};
// The five non-black monster colours, in palette order.
inline constexpr std::array<Colour, 5> kMonsterColours = {
    Colour::yellow, Colour::green, Colour::red, Colour::blue, Colour::purple};
inline constexpr std::array<Colour, 6> kAllColours = {
    Colour::yellow, Colour::green, Colour::red, Colour::blue, Colour::purple, Colour::black};

// Lower-case palette name, as every output writes it.
std::string_view colour_name(Colour colour);
std::optional<Colour> parse_colour(std::string_view name);

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
};
// Reference print colour (sRGB) of components.md.
Rgb reference_rgb(Colour colour);

}  // namespace tableref::referee
