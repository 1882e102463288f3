#include "ranked_values.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <opencv2/core.hpp>

namespace tableref::vision {

namespace {

// The sign, the exponent and the mantissa's top four bits: a stretch a sixteenth of an octave
// wide, a few of a few thousand holding the values of one picture's body.
std::uint32_t stretch_of(float value) {
  return std::bit_cast<std::uint32_t>(value) >> 19;
}

// The stretch holding the value at `rank`, and how many values lie in the stretches below it.
std::pair<std::uint32_t, std::size_t> stretch_at(const std::vector<std::size_t>& count,
                                                 std::size_t rank) {
  std::size_t below = 0;
  std::uint32_t stretch = 0;
  while (below + count[stretch] <= rank) below += count[stretch++];
  return {stretch, below};
}

}  // namespace

std::pair<float, float> values_at_ranks(const std::vector<float>& values, std::size_t lower,
                                        std::size_t upper) {
  CV_Assert(lower <= upper && upper < values.size());
  std::uint32_t last = 0;
  for (const float value : values) last = std::max(last, stretch_of(value));
  std::vector<std::size_t> count(last + 1, 0);
  for (const float value : values) ++count[stretch_of(value)];
  const auto [lower_stretch, below_lower] = stretch_at(count, lower);
  const auto [upper_stretch, below_upper] = stretch_at(count, upper);
  std::vector<float> in_lower, in_upper;
  in_lower.reserve(count[lower_stretch]);
  in_upper.reserve(count[upper_stretch]);
  for (const float value : values) {
    const std::uint32_t stretch = stretch_of(value);
    if (stretch == lower_stretch) in_lower.push_back(value);
    if (stretch == upper_stretch) in_upper.push_back(value);
  }
  const auto at = [](std::vector<float>& stretch, std::size_t rank) {
    const auto nth = stretch.begin() + static_cast<std::ptrdiff_t>(rank);
    std::nth_element(stretch.begin(), nth, stretch.end());
    return *nth;
  };
  return {at(in_lower, lower - below_lower), at(in_upper, upper - below_upper)};
}

}  // namespace tableref::vision
