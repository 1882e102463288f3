#pragma once
// Capture conditions for tests of the renderer's geometry and colours: nothing left to chance
// that matters to them.

#include <cstdint>
#include <opencv2/core.hpp>
#include <random>

#include "samples/level.hpp"

namespace tableref::samples {

// Drawn at the clean level from `seed`, then made plain: a plain table of `table_rgb`, neutral
// light of even brightness, a camera `height_mm` above the table without lens distortion, no print
// variation, no sensor noise or blur. The view (tilt, turn) and what lies over the table besides
// the pieces (shadows, glare, hands) stay as drawn, for each test to set.
inline CaptureConditions plain_capture(cv::Size size, const cv::Vec3d& table_rgb,
                                       std::uint64_t seed, double height_mm) {
  std::mt19937_64 rng(seed);
  CaptureConditions conditions = draw_conditions(Level::clean, rng);
  conditions.image_size = size;
  conditions.camera_height_mm = height_mm;
  conditions.k1 = conditions.k2 = 0;
  conditions.colour_temperature_k = 5500;
  conditions.exposure = 1;
  conditions.falloff_ratio = 1;
  conditions.vignetting = 0;
  conditions.print_variation = 0;
  conditions.noise_sigma = 0;
  conditions.blur_sigma_px = 0;
  conditions.table =
      TableSurface{TableKind::plain, TablePattern::none, table_rgb, table_rgb, 100, 0, 1};
  return conditions;
}

// Nothing over the table but the pieces: no soft shadow, glare or hand.
inline CaptureConditions with_nothing_over_the_table(CaptureConditions conditions) {
  conditions.soft_shadow_strength = 0;
  conditions.glare_count = 0;
  conditions.hand_count = conditions.sleeve_count = 0;
  return conditions;
}

// plain_capture at 1280 × 720 from seed 3, seen straight down from 500 mm with the image's
// axes along the table's, nothing over the table: what the image shows is where the truth says.
inline CaptureConditions straight_down_capture(const cv::Vec3d& table_rgb) {
  CaptureConditions conditions =
      with_nothing_over_the_table(plain_capture({1280, 720}, table_rgb, 3, 500));
  conditions.tilt_deg = 0;
  conditions.yaw_deg = 0;
  return conditions;
}

}  // namespace tableref::samples
