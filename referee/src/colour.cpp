#include "referee/colour.hpp"

namespace tableref::referee {

std::string_view colour_name(Colour colour) {
  switch (colour) {
    case Colour::yellow:
      return "yellow";
    case Colour::green:
      return "green";
    case Colour::red:
      return "red";
    case Colour::blue:
      return "blue";
    case Colour::purple:
      return "purple";
    case Colour::black:
      return "black";
  }
  return "unknown";
}

std::optional<Colour> parse_colour(std::string_view name) {
  for (const Colour colour : kAllColours) {
    if (colour_name(colour) == name) return colour;
  }
  return std::nullopt;
}

Rgb reference_rgb(Colour colour) {
  switch (colour) {
    case Colour::yellow:
      return {0xF2, 0xC8, 0x1E};
    case Colour::green:
      return {0x3D, 0xAA, 0x48};
    case Colour::red:
      return {0xD7, 0x31, 0x2E};
    case Colour::blue:
      return {0x2E, 0x6F, 0xD0};
    case Colour::purple:
      return {0x8E, 0x44, 0xAD};
    case Colour::black:
      return {0x1E, 0x1E, 0x1E};
  }
  return {};
}

}  // namespace tableref::referee
