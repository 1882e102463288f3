#include "referee/punto/card_face.hpp"

#include <cassert>

namespace tableref::referee::punto {

namespace {

constexpr bool o = false, X = true;
// The die faces of 1 to 9, row-major: X a dot, o none.
constexpr std::array<std::array<bool, 9>, 9> kDieFaces{{
    {o, o, o, o, X, o, o, o, o},
    {o, o, X, o, o, o, X, o, o},
    {o, o, X, o, X, o, X, o, o},
    {X, o, X, o, o, o, X, o, X},
    {X, o, X, o, X, o, X, o, X},
    {X, o, X, X, o, X, X, o, X},
    {X, o, X, X, X, X, X, o, X},
    {X, X, X, X, o, X, X, X, X},
    {X, X, X, X, X, X, X, X, X},
}};

}  // namespace

std::array<bool, 9> printed_dots(int value) {
  assert(value >= 1 && value <= 9);
  return kDieFaces[static_cast<std::size_t>(value - 1)];
}

}  // namespace tableref::referee::punto
