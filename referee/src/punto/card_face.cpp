#include "referee/punto/card_face.hpp"

#include <cassert>

namespace tableref::referee::punto {

std::array<bool, 9> printed_dots(int value) {
  assert(value >= 1 && value <= 9);
  switch (value) {
    case 1:
      return {false, false, false, false, true, false, false, false, false};
    case 2:
      return {false, false, true, false, false, false, true, false, false};
    case 3:
      return {false, false, true, false, true, false, true, false, false};
    case 4:
      return {true, false, true, false, false, false, true, false, true};
    case 5:
      return {true, false, true, false, true, false, true, false, true};
    case 6:
      return {true, false, true, true, false, true, true, false, true};
    case 7:
      return {true, false, true, true, true, true, true, false, true};
    case 8:
      return {true, true, true, true, false, true, true, true, true};
    default:
      return {true, true, true, true, true, true, true, true, true};
  }
}

}  // namespace tableref::referee::punto
