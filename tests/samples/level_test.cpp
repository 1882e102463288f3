#include "samples/level.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace tableref::samples {
namespace {

std::vector<CaptureConditions> draws(Level level, int count) {
  std::mt19937_64 rng(2024);
  std::vector<CaptureConditions> drawn;
  for (int i = 0; i < count; ++i) drawn.push_back(draw_conditions(level, rng));
  return drawn;
}

template <typename Field>
double largest(const std::vector<CaptureConditions>& drawn, Field field) {
  double most = -1e300;
  for (const CaptureConditions& conditions : drawn)
    most = std::max(most, static_cast<double>(field(conditions)));
  return most;
}

template <typename Field>
double smallest(const std::vector<CaptureConditions>& drawn, Field field) {
  return -largest(drawn,
                  [&](const CaptureConditions& c) { return -static_cast<double>(field(c)); });
}

// components.md's capture envelope: no level ever leaves it.
void expect_within_envelope(const CaptureConditions& c) {
  EXPECT_TRUE(c.image_size == cv::Size(1280, 720) || c.image_size == cv::Size(1920, 1080));
  EXPECT_LE(c.tilt_deg, 35);
  EXPECT_LE(std::abs(c.k1), 0.15);
  EXPECT_GE(c.colour_temperature_k, 2700);
  EXPECT_LE(c.colour_temperature_k, 6500);
  EXPECT_LE(c.falloff_ratio, 2.0);
  EXPECT_LE(c.glare_card_fraction, 0.05);
  EXPECT_LE(c.noise_sigma, 6);
  EXPECT_LE(c.blur_sigma_px, 1.5);
  EXPECT_TRUE(c.jpeg_quality == 0 || c.jpeg_quality >= 60);
  EXPECT_LE(c.print_variation, 8);
  EXPECT_LE(c.sleeve_count, c.hand_count);
}

TEST(Level, NamesRoundTrip) {
  for (const Level level : {Level::clean, Level::webcam, Level::hard}) {
    EXPECT_EQ(parse_level(level_name(level)), level);
  }
  EXPECT_FALSE(parse_level("medium").has_value());
  EXPECT_FALSE(parse_level("Hard").has_value());
}

TEST(Level, EveryLevelStaysWithinTheEnvelope) {
  for (const Level level : {Level::clean, Level::webcam, Level::hard}) {
    for (const CaptureConditions& conditions : draws(level, 300)) {
      EXPECT_EQ(conditions.level, level);
      expect_within_envelope(conditions);
    }
  }
}

TEST(Level, HardReachesTheEnvelopesExtremes) {
  const auto hard = draws(Level::hard, 400);
  EXPECT_GE(largest(hard, [](const auto& c) { return c.tilt_deg; }), 34.5);
  EXPECT_LE(smallest(hard, [](const auto& c) { return c.colour_temperature_k; }), 2750);
  EXPECT_GE(largest(hard, [](const auto& c) { return c.colour_temperature_k; }), 6450);
  EXPECT_GE(largest(hard, [](const auto& c) { return c.falloff_ratio; }), 1.97);
  EXPECT_GE(largest(hard, [](const auto& c) { return c.glare_card_fraction; }), 0.048);
  EXPECT_GE(largest(hard, [](const auto& c) { return c.noise_sigma; }), 5.9);
  EXPECT_GE(largest(hard, [](const auto& c) { return c.blur_sigma_px; }), 1.48);
  EXPECT_EQ(smallest(hard, [](const auto& c) { return c.jpeg_quality; }), 60);
  EXPECT_GE(largest(hard, [](const auto& c) { return std::abs(c.k1); }), 0.145);
  EXPECT_EQ(largest(hard, [](const auto& c) { return c.hand_count; }), 2);
  EXPECT_GE(largest(hard, [](const auto& c) { return c.sleeve_count; }), 1);
  EXPECT_GE(largest(hard, [](const auto& c) { return c.table.kind == TableKind::patterned; }), 1);
  for (const CaptureConditions& conditions : hard) {
    EXPECT_TRUE(conditions.hand_count == 0 || conditions.hands_over_pieces);
  }
}

TEST(Level, CleanIsNearlyIdeal) {
  for (const CaptureConditions& c : draws(Level::clean, 400)) {
    EXPECT_LE(c.tilt_deg, 6);
    EXPECT_GE(c.colour_temperature_k, 5000);
    EXPECT_LE(c.falloff_ratio, 1.1);
    EXPECT_EQ(c.soft_shadow_strength, 0);
    EXPECT_EQ(c.glare_count, 0);
    EXPECT_EQ(c.hand_count, 0);
    EXPECT_LE(c.noise_sigma, 1.0);
    EXPECT_LE(c.blur_sigma_px, 0.3);
    EXPECT_EQ(c.jpeg_quality, 0);
    EXPECT_LE(std::abs(c.k1), 0.02);
    EXPECT_NE(c.table.kind, TableKind::patterned);
  }
}

TEST(Level, WebcamIsTypical) {
  const auto webcam = draws(Level::webcam, 400);
  for (const CaptureConditions& c : webcam) {
    EXPECT_LE(c.tilt_deg, 20);
    EXPECT_GE(c.colour_temperature_k, 3500);
    EXPECT_LE(c.colour_temperature_k, 6000);
    EXPECT_LE(c.falloff_ratio, 1.5);
    EXPECT_GE(c.noise_sigma, 2);
    EXPECT_LE(c.noise_sigma, 4);
    EXPECT_GE(c.blur_sigma_px, 0.5);
    EXPECT_LE(c.blur_sigma_px, 1.0);
    EXPECT_GE(c.jpeg_quality, 75);
    EXPECT_LE(c.jpeg_quality, 90);
    EXPECT_LE(std::abs(c.k1), 0.08);
    EXPECT_LE(c.hand_count, 1);
    EXPECT_FALSE(c.hands_over_pieces);
    EXPECT_LE(c.glare_card_fraction, 0.015);
  }
  // Occasional, not never.
  EXPECT_EQ(largest(webcam, [](const auto& c) { return c.hand_count; }), 1);
  EXPECT_EQ(largest(webcam, [](const auto& c) { return c.glare_count; }), 1);
}

TEST(Level, SameGeneratorStateDrawsTheSameConditions) {
  std::mt19937_64 first(7), second(7), other(8);
  const nlohmann::json a = to_json(draw_conditions(Level::hard, first));
  EXPECT_EQ(a, to_json(draw_conditions(Level::hard, second)));
  EXPECT_NE(a, to_json(draw_conditions(Level::hard, other)));
}

}  // namespace
}  // namespace tableref::samples
