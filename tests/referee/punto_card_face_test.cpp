// A Punto card's dots as printed (components.md: laid out like die faces).

#include <gtest/gtest.h>

#include <algorithm>

#include "referee/punto/card_face.hpp"

namespace tableref::referee::punto {
namespace {

TEST(PuntoCardFace, DotsAreLaidOutLikeDieFaces) {
  for (int value = 1; value <= 9; ++value) {
    const std::array<bool, 9> dots = printed_dots(value);
    EXPECT_EQ(std::count(dots.begin(), dots.end(), true), value);
    // A die face looks the same turned by half a turn.
    for (std::size_t i = 0; i < 9; ++i) EXPECT_EQ(dots[i], dots[8 - i]) << value;
  }
  EXPECT_TRUE(printed_dots(1)[4]);
  EXPECT_FALSE(printed_dots(8)[4]);
  EXPECT_TRUE(printed_dots(9)[4]);
  // Six is two full columns: the middle column is empty.
  EXPECT_FALSE(printed_dots(6)[1] || printed_dots(6)[4] || printed_dots(6)[7]);
}

}  // namespace
}  // namespace tableref::referee::punto
