#pragma once
// The random draws of the scene renderer and of the simulated players, each defined once: a seed
// draws the same scene and the same game whichever part of the renderer makes the draw.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>

namespace tableref::samples {

inline double uniform(std::mt19937_64& rng, double low, double high) {
  return std::uniform_real_distribution<double>(low, high)(rng);
}

inline int uniform_int(std::mt19937_64& rng, int low, int high) {
  return std::uniform_int_distribution<int>(low, high)(rng);
}

// True with `probability`, taken within [0, 1]: one draw, whatever the probability.
inline bool chance(std::mt19937_64& rng, double probability) {
  return std::bernoulli_distribution(std::clamp(probability, 0.0, 1.0))(rng);
}

// splitmix64's finaliser: every bit of `value` stirs every bit of the result, so that
// neighbouring seeds and indices give unrelated streams.
inline std::uint64_t mix_bits(std::uint64_t value) {
  value += 0x9E3779B97F4A7C15ULL;
  value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9ULL;
  value = (value ^ (value >> 27)) * 0x94D049BB133111EBULL;
  return value ^ (value >> 31);
}

template <typename Choices>
const auto& pick(std::mt19937_64& rng, const Choices& choices) {
  return choices[std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(rng)];
}

}  // namespace tableref::samples
