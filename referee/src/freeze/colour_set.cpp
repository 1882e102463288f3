#include "referee/freeze/colour_set.hpp"

#include <bit>

namespace tableref::referee::freeze {

int ColourSet::size() const {
  return std::popcount(bits_);
}

std::vector<Colour> ColourSet::colours() const {
  std::vector<Colour> members;
  for (const Colour colour : kAllColours) {
    if (contains(colour)) members.push_back(colour);
  }
  return members;
}

std::string ColourSet::describe() const {
  return empty() ? "none" : join_colour_names(colours());
}

std::string join_colour_names(const std::vector<Colour>& colours) {
  std::string joined;
  for (const Colour colour : colours) {
    if (!joined.empty()) joined += ", ";
    joined += colour_name(colour);
  }
  return joined;
}

}  // namespace tableref::referee::freeze
