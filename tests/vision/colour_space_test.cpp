#include "vision/colour_space.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <opencv2/core.hpp>

#include "cube_root.hpp"

namespace tableref::vision {
namespace {

// Whole levels are looked up, others computed: each level's value lies between those of the
// fractions either side of it, and comes back through the inverse.
TEST(LinearFromSrgb, WholeLevelsFitBetweenTheFractionsBesideThem) {
  for (int level = 1; level < 255; ++level) {
    const auto at = [](float value) { return linear_from_srgb(cv::Vec3f(value, value, value))[1]; };
    const auto whole = static_cast<float>(level);
    EXPECT_LT(at(whole - 0.25f), at(whole)) << level;
    EXPECT_GT(at(whole + 0.25f), at(whole)) << level;
    EXPECT_NEAR(srgb_from_linear(cv::Vec3f(at(whole), 0, 0))[0], whole, 1e-3) << level;
  }
  EXPECT_EQ(linear_from_srgb(cv::Vec3f(0, 255, 0)), cv::Vec3f(0, 1, 0));
}

// Over the floats Lab conversions take (from 2^-7, just under the cube's threshold, to 2^3), every
// 101st float's root is within an ulp of the true root, found in double; roots of cubes are whole.
TEST(CubeRoot, IsWithinAnUlpOfTheTrueRoot) {
  const auto first = std::bit_cast<std::uint32_t>(std::ldexp(1.0f, -7));
  const auto last = std::bit_cast<std::uint32_t>(std::ldexp(1.0f, 3));
  int checked = 0;
  for (std::uint32_t bits = first; bits <= last; bits += 101) {
    const auto x = std::bit_cast<float>(bits);
    const auto truth = static_cast<float>(std::cbrt(static_cast<double>(x)));
    const float root = cube_root(x);
    const float ulp = std::nextafter(truth, 2 * truth) - truth;
    ASSERT_LE(std::abs(root - truth), ulp) << x;
    ++checked;
  }
  EXPECT_GT(checked, 800000);
  EXPECT_EQ(cube_root(0.125f), 0.5f);
  EXPECT_EQ(cube_root(1.0f), 1.0f);
  EXPECT_EQ(cube_root(8.0f), 2.0f);
  EXPECT_EQ(cube_root(std::numeric_limits<float>::infinity()),
            std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(cube_root(std::numeric_limits<float>::quiet_NaN())));
}

// A BGR pixel's channels are its red, green and blue levels in reverse, each the level's value.
TEST(LinearFromBgr, IsTheLinearRgbOfThePixelsLevels) {
  for (int level = 0; level < 256; ++level) {
    const auto byte = static_cast<std::uint8_t>(level);
    const auto other = static_cast<std::uint8_t>(255 - level);
    const cv::Vec3f expected = linear_from_srgb(
        cv::Vec3f(static_cast<float>(level), 17.0f, static_cast<float>(255 - level)));
    EXPECT_EQ(linear_from_bgr(cv::Vec3b(other, 17, byte)), expected) << level;
  }
}

// A plane whose left half is dark (40) and right half light (200), with a light strip in the
// dark half: the median follows the mask, not the whole plane.
TEST(MedianLevel, IsTheMiddleLevelWhereTheMaskIsSet) {
  cv::Mat plane(10, 10, CV_8U, cv::Scalar(40));
  plane.colRange(5, 10).setTo(200);
  plane.col(0).setTo(120);
  cv::Mat left(plane.size(), CV_8U, cv::Scalar(0));
  left.colRange(0, 5).setTo(255);
  EXPECT_EQ(median_level(plane, left), 40);
  cv::Mat right(plane.size(), CV_8U, cv::Scalar(0));
  right.colRange(5, 10).setTo(255);
  EXPECT_EQ(median_level(plane, right), 200);
  EXPECT_EQ(median_level(plane, cv::Mat()), 200);  // 50 of 100 pixels at 200, the rest below
}

TEST(MedianLevel, IsZeroWhereTheMaskIsSetNowhere) {
  const cv::Mat plane(4, 4, CV_8U, cv::Scalar(90));
  EXPECT_EQ(median_level(plane, cv::Mat::zeros(plane.size(), CV_8U)), 0);
}

}  // namespace
}  // namespace tableref::vision
