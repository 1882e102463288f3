// The values at two ranks of non-negative floats, found from their bit patterns' top bits, against
// the order std::sort gives: with ties, zeros, values an octave or many apart, and a single value.

#include "ranked_values.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace tableref::vision {
namespace {

TEST(RankedValues, AreTheValuesAtThoseRanksOfTheSortedOrder) {
  std::mt19937 rng(7);
  int compared = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t size = 1 + static_cast<std::size_t>(rng() % 3000);
    std::vector<float> values(size);
    // Ratios of bytes as a body's are (many tied), spread over octaves, or a few zeros among them.
    for (float& value : values) {
      switch (trial % 3) {
        case 0:
          value = float(rng() % 256) * (1.0f / float(8 + rng() % 248));
          break;
        case 1:
          value = std::ldexp(std::uniform_real_distribution<float>(1, 2)(rng),
                             static_cast<int>(rng() % 40) - 30);
          break;
        default:
          value = rng() % 5 == 0 ? 0.0f : float(rng() % 7);
      }
    }
    std::vector<float> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    for (int pick = 0; pick < 5; ++pick) {
      std::size_t lower = rng() % size, upper = rng() % size;
      if (lower > upper) std::swap(lower, upper);
      const auto [at_lower, at_upper] = values_at_ranks(values, lower, upper);
      ASSERT_EQ(at_lower, sorted[lower]) << "trial " << trial << ", rank " << lower;
      ASSERT_EQ(at_upper, sorted[upper]) << "trial " << trial << ", rank " << upper;
      ++compared;
    }
    // The first and the last ranks.
    EXPECT_EQ(values_at_ranks(values, 0, size - 1), std::make_pair(sorted.front(), sorted.back()));
  }
  EXPECT_EQ(compared, 1000);
}

}  // namespace
}  // namespace tableref::vision
