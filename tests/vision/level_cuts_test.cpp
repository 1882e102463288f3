// Each level's cut against testing every value, and the proportional factor that stands for the
// cuts in a vector's comparisons.

#include "level_cuts.hpp"

#include <gtest/gtest.h>

namespace tableref::vision {
namespace {

// A value over its level (at least 1) above `ratio`, in floats.
auto ratio_above(float ratio) {
  return [ratio](int value, int level) {
    return static_cast<float>(value) / static_cast<float>(std::max(level, 1)) > ratio;
  };
}

TEST(LevelCuts, AValuePassesExactlyAboveItsLevelsCut) {
  for (const float ratio : {0.3f, 0.55f, 0.86f, 1.0f, 1.3f}) {
    const auto passes = ratio_above(ratio);
    const LevelCuts cuts = cuts_of(passes);
    for (int level = 0; level < 256; ++level) {
      for (int value = 0; value < 256; ++value) {
        ASSERT_EQ(passes(value, level), value > cuts[static_cast<std::size_t>(level)])
            << "ratio " << ratio << " level " << level << " value " << value;
      }
    }
  }
}

TEST(LevelCuts, CutsBelowTheLevelHaveAProportionalFactor) {
  for (const float ratio : {0.3f, 0.55f, 0.72f, 0.86f, 0.92f}) {
    const LevelCuts cuts = cuts_of(ratio_above(ratio));
    const std::uint16_t factor = proportional_factor(cuts);
    ASSERT_NE(factor, 0) << ratio;
    for (long level = 0; level < 256; ++level)
      EXPECT_EQ((level * factor) >> 16, cuts[static_cast<std::size_t>(level)]) << ratio;
  }
  // Cuts that outgrow their level (and stop at 255) have none.
  EXPECT_EQ(proportional_factor(cuts_of(ratio_above(1.3f))), 0);
}

TEST(LevelCuts, LevelsBeforeTheFirstAreLeftOut) {
  LevelCuts cuts = cuts_of(ratio_above(0.5f));
  cuts[3] = 200;  // a level no pixel has
  EXPECT_EQ(proportional_factor(cuts), 0);
  const std::uint16_t factor = proportional_factor(cuts, 8);
  ASSERT_NE(factor, 0);
  for (long level = 8; level < 256; ++level)
    EXPECT_EQ((level * factor) >> 16, cuts[static_cast<std::size_t>(level)]);
}

}  // namespace
}  // namespace tableref::vision
