#pragma once
// The cube root of a positive float, fast: Lab conversions take thousands a frame.

#include <array>
#include <bit>
#include <cstdint>
#include <limits>

namespace tableref::vision {

// The cube root of a positive normal float, by the C library's method (glibc's cbrtf: a quadratic
// first guess on the mantissa, one Halley step in double, the exponent's third restored) without
// its calls to split and rebuild the float: within an ulp of the true root. Infinity and NaN are
// their own roots.
inline float cube_root(float x) {
  if (!(x < std::numeric_limits<float>::infinity())) return x;
  const auto bits = std::bit_cast<std::uint32_t>(x);
  // x = mantissa · 2^exponent, the mantissa in [0.5, 1).
  const int exponent = static_cast<int>(bits >> 23) - 126;
  const double mantissa = std::bit_cast<float>((bits & 0x007fffffu) | 0x3f000000u);
  const auto guess = static_cast<float>(
      0.492659620528969547 + (0.697570460207922770 - 0.191502161678719066 * mantissa) * mantissa);
  const float guess_cubed = guess * guess * guess;
  // 2^(r/3) for the remainder r of the exponent by 3, from -2 to 2.
  static constexpr std::array<double, 5> kThirdPowers = {
      1.0 / 1.5874010519681994748, 1.0 / 1.2599210498948731648, 1.0, 1.2599210498948731648,
      1.5874010519681994748};
  const auto root =
      static_cast<float>(guess * (guess_cubed + 2.0 * mantissa) / (2.0 * guess_cubed + mantissa) *
                         kThirdPowers[static_cast<std::size_t>(2 + exponent % 3)]);
  // Times 2^(exponent / 3), exactly.
  const auto scale = std::bit_cast<float>(static_cast<std::uint32_t>(127 + exponent / 3) << 23);
  return root * scale;
}

}  // namespace tableref::vision
