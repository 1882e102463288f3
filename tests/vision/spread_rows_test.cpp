// A small map's row spread to a value for each pixel of the picture: every pixel takes the value of
// the map's pixel it lies in, from any first pixel, over any count, for one and three channels.

#include "spread_rows.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace tableref::vision {
namespace {

TEST(SpreadRows, EachPixelTakesTheValueOfTheMapPixelItLiesIn) {
  int compared = 0;
  for (const int channels : {1, 3}) {
    // A map row long enough for whole vectors and a remainder at every step.
    std::vector<std::uint8_t> map_row(static_cast<std::size_t>(70 * channels));
    for (std::size_t i = 0; i < map_row.size(); ++i)
      map_row[i] = static_cast<std::uint8_t>(i * 37 + 11);
    for (const int step : {1, 2, 4}) {
      const int picture_width = 70 * step;
      for (int from = 0; from < 7; ++from) {
        for (const int count : {1, 2, 3, 5, 16, 17, 33, 64, 100}) {
          if (from + count > picture_width) continue;
          std::vector<std::uint8_t> buffer;
          const std::uint8_t* row = spread_row(map_row.data(), from, count, channels, step, buffer);
          for (int x = 0; x < count; ++x) {
            for (int c = 0; c < channels; ++c) {
              ASSERT_EQ(row[x * channels + c],
                        map_row[static_cast<std::size_t>((from + x) / step * channels + c)])
                  << "channels " << channels << ", step " << step << ", from " << from << ", count "
                  << count << ", pixel " << x;
              ++compared;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(compared, 10000);
}

}  // namespace
}  // namespace tableref::vision
