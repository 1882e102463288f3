#pragma once
// An 8-bit value tested against a cut that depends on another 8-bit level (a pixel's grey against
// its local white): each level's cut found once into a table and, when the cuts grow in
// proportion to the level, a vector of pixels compared with one 16-bit multiplication instead of a
// look-up per pixel.

#include <array>
#include <cstdint>
#include <opencv2/core.hpp>
#include <opencv2/core/hal/intrin.hpp>

namespace tableref::vision {

// For each level, the greatest value that does not pass: a value passes above its level's cut.
using LevelCuts = std::array<std::uint8_t, 256>;

// The cuts of `passes(value, level)`, a test that a value of 0 never passes and that a value
// passes whenever a smaller one does.
template <class Passes>
LevelCuts cuts_of(Passes passes) {
  LevelCuts cuts{};
  for (int level = 0; level < 256; ++level) {
    CV_Assert(!passes(0, level));
    int failing = 0, passing = 256;  // a value known to fail, one known to pass (or past 255)
    while (passing - failing > 1) {
      const int middle = (failing + passing) / 2;
      (passes(middle, level) ? passing : failing) = middle;
    }
    cuts[static_cast<std::size_t>(level)] = static_cast<std::uint8_t>(failing);
  }
  return cuts;
}

// The 16-bit factor that gives every cut from level `first` on as (level * factor) >> 16; 0 when
// none does (cuts that grow faster than the level).
std::uint16_t proportional_factor(const LevelCuts& cuts, int first = 0);

#if CV_SIMD
// All ones where `values` lie above the cuts of `levels`, given by their proportional factor.
inline cv::v_uint16 above_cuts(const cv::v_uint16& values, const cv::v_uint16& levels,
                               const cv::v_uint16& factors) {
  return values > cv::v_mul_hi(levels, factors);
}
#endif

}  // namespace tableref::vision
