#pragma once
// What a Punto card shows: its value as dots on a 3 x 3 grid, laid out like die faces
// (components.md).

#include <array>

namespace tableref::referee::punto {

// The dots of `value` (1 to 9) on the card's 3 x 3 grid, row-major (0 1 2 / 3 4 5 / 6 7 8), as
// printed. A card turned by a quarter turn shows them turned.
std::array<bool, 9> printed_dots(int value);

}  // namespace tableref::referee::punto
