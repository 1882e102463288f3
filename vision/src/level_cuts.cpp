#include "level_cuts.hpp"

#include <algorithm>

namespace tableref::vision {

std::uint16_t proportional_factor(const LevelCuts& cuts, int first) {
  constexpr long kOne = 1L << 16;
  if (first == 0 && cuts[0] != 0) return 0;
  // Each level bounds the factor: cut <= level * factor / 2^16 < cut + 1.
  long lowest = 1, highest = kOne - 1;
  for (long level = std::max(first, 1); level < 256; ++level) {
    const long cut = cuts[static_cast<std::size_t>(level)];
    lowest = std::max(lowest, (cut * kOne + level - 1) / level);
    highest = std::min(highest, ((cut + 1) * kOne + level - 1) / level - 1);
  }
  return lowest <= highest ? static_cast<std::uint16_t>(lowest) : 0;
}

}  // namespace tableref::vision
