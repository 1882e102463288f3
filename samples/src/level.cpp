#include "samples/level.hpp"

#include <algorithm>
#include <array>
#include <span>

#include "random_draws.hpp"

namespace tableref::samples {

namespace {

cv::Vec3d jitter(std::mt19937_64& rng, const cv::Vec3d& rgb, double amount) {
  cv::Vec3d result;
  for (int c = 0; c < 3; ++c)
    result[c] = std::clamp(rgb[c] + uniform(rng, -amount, amount), 0.0, 255.0);
  return result;
}

// Colours of real tables; `muted` keeps to the calm ones of the clean level.
const std::array<cv::Vec3d, 6> kWoodTones = {{{196, 154, 108},
                                              {214, 178, 128},
                                              {160, 92, 58},
                                              {112, 76, 50},
                                              {78, 52, 36},
                                              {152, 140, 124}}};
const std::array<cv::Vec3d, 6> kClothColours = {
    {{40, 105, 60}, {36, 46, 82}, {112, 32, 42}, {118, 118, 116}, {200, 186, 160}, {32, 32, 34}}};
const std::array<cv::Vec3d, 6> kPlainColours = {{{226, 224, 218},
                                                 {178, 178, 176},
                                                 {38, 38, 40},
                                                 {214, 200, 172},
                                                 {52, 80, 62},
                                                 {150, 172, 190}}};
const std::array<cv::Vec3d, 2> kPatternGrounds = {{{236, 232, 224}, {245, 240, 228}}};
const std::array<cv::Vec3d, 7> kPatternInks = {{{190, 40, 42},
                                                {40, 72, 160},
                                                {44, 122, 62},
                                                {222, 182, 44},
                                                {40, 40, 44},
                                                {128, 60, 150},
                                                {230, 130, 60}}};

TableSurface draw_table(Level level, std::mt19937_64& rng) {
  TableSurface table;
  const std::array<double, 4> weights = level == Level::clean ? std::array{0.4, 0.3, 0.3, 0.0}
                                        : level == Level::webcam
                                            ? std::array{0.35, 0.25, 0.25, 0.15}
                                            : std::array{0.25, 0.2, 0.2, 0.35};
  table.kind =
      static_cast<TableKind>(std::discrete_distribution<int>(weights.begin(), weights.end())(rng));
  table.angle_deg = uniform(rng, 0, 360);
  table.texture_seed = rng();
  // The clean level keeps to the first four colours of each list: no near-black, no blue-grey.
  const std::size_t choices = level == Level::clean ? 4 : 6;
  switch (table.kind) {
    case TableKind::wood:
      table.base_rgb = jitter(rng, pick(rng, std::span(kWoodTones).first(choices)), 10);
      table.accent_rgb = table.base_rgb * uniform(rng, 0.6, 0.8);
      table.feature_mm = uniform(rng, 70, 180);
      break;
    case TableKind::cloth:
      table.base_rgb = jitter(rng, pick(rng, std::span(kClothColours).first(choices)), 8);
      table.accent_rgb = table.base_rgb * uniform(rng, 0.75, 0.9);
      table.feature_mm = uniform(rng, 0.7, 1.6);
      break;
    case TableKind::plain:
      table.base_rgb = jitter(rng, pick(rng, std::span(kPlainColours).first(choices)), 8);
      table.accent_rgb = table.base_rgb * 0.95;
      table.feature_mm = 100;
      break;
    case TableKind::patterned:
      table.pattern = static_cast<TablePattern>(uniform_int(rng, 1, 3));
      table.base_rgb = jitter(rng, pick(rng, kPatternGrounds), 6);
      table.accent_rgb = jitter(rng, pick(rng, kPatternInks), 10);
      table.feature_mm = uniform(rng, 8, 30);
      break;
  }
  return table;
}

void draw_camera(Level level, std::mt19937_64& rng, CaptureConditions& conditions) {
  const std::array<cv::Size, 2> kResolutions = {{{1280, 720}, {1920, 1080}}};
  conditions.image_size = pick(rng, kResolutions);
  conditions.tilt_azimuth_deg = uniform(rng, 0, 360);
  conditions.yaw_deg = uniform(rng, 0, 360);
  switch (level) {
    case Level::clean:
      conditions.camera_height_mm = uniform(rng, 350, 700);
      conditions.tilt_deg = uniform(rng, 0, 6);
      conditions.horizontal_fov_deg = uniform(rng, 56, 66);
      conditions.k1 = uniform(rng, -0.02, 0.02);
      break;
    case Level::webcam:
      conditions.camera_height_mm = uniform(rng, 400, 900);
      conditions.tilt_deg = uniform(rng, 3, 20);
      conditions.horizontal_fov_deg = uniform(rng, 56, 70);
      conditions.k1 = uniform(rng, -0.08, 0.08);
      conditions.k2 = uniform(rng, -0.01, 0.01);
      break;
    case Level::hard:
      conditions.camera_height_mm = uniform(rng, 400, 1000);
      conditions.tilt_deg = uniform(rng, 20, 35);
      conditions.horizontal_fov_deg = uniform(rng, 56, 70);
      conditions.k1 = uniform(rng, -0.15, 0.15);
      // A barrel lens this strong always has a positive k2 that keeps it monotonic.
      conditions.k2 = conditions.k1 < 0 ? uniform(rng, 0.0, 0.03) : uniform(rng, -0.01, 0.01);
      break;
  }
}

void draw_light(Level level, std::mt19937_64& rng, CaptureConditions& conditions) {
  conditions.falloff_direction_deg = uniform(rng, 0, 360);
  conditions.light_azimuth_deg = uniform(rng, 0, 360);
  switch (level) {
    case Level::clean:
      conditions.colour_temperature_k = uniform(rng, 5000, 6500);
      conditions.exposure = uniform(rng, 0.97, 1.03);
      conditions.falloff_ratio = uniform(rng, 1.0, 1.1);
      conditions.vignetting = uniform(rng, 0, 0.3);
      conditions.light_elevation_deg = uniform(rng, 65, 85);
      conditions.drop_shadow_strength = uniform(rng, 0.3, 0.45);
      break;
    case Level::webcam:
      conditions.colour_temperature_k = uniform(rng, 3500, 6000);
      conditions.exposure = uniform(rng, 0.9, 1.05);
      conditions.falloff_ratio = uniform(rng, 1.1, 1.5);
      conditions.vignetting = uniform(rng, 0.2, 0.6);
      conditions.light_elevation_deg = uniform(rng, 45, 80);
      conditions.drop_shadow_strength = uniform(rng, 0.35, 0.55);
      conditions.soft_shadow_strength = chance(rng, 0.5) ? uniform(rng, 0.08, 0.2) : 0.0;
      if (chance(rng, 0.15)) {
        conditions.glare_count = 1;
        conditions.glare_card_fraction = uniform(rng, 0.005, 0.015);
      }
      break;
    case Level::hard: {
      // Lamps are warm or cool: the extremes come up more often than the middle.
      const int band = std::discrete_distribution<int>({0.5, 0.2, 0.3})(rng);
      conditions.colour_temperature_k = band == 0   ? uniform(rng, 2700, 3500)
                                        : band == 1 ? uniform(rng, 3500, 5800)
                                                    : uniform(rng, 5800, 6500);
      conditions.exposure = uniform(rng, 0.8, 1.1);
      conditions.falloff_ratio = uniform(rng, 1.5, 2.0);
      conditions.vignetting = uniform(rng, 0.2, 0.8);
      conditions.light_elevation_deg = uniform(rng, 30, 70);
      conditions.drop_shadow_strength = uniform(rng, 0.4, 0.6);
      conditions.soft_shadow_strength = chance(rng, 0.7) ? uniform(rng, 0.2, 0.4) : 0.0;
      if (chance(rng, 0.6)) {
        conditions.glare_count = uniform_int(rng, 1, 2);
        conditions.glare_card_fraction = uniform(rng, 0.02, 0.05);
      }
      break;
    }
  }
}

void draw_sensor(Level level, std::mt19937_64& rng, CaptureConditions& conditions) {
  switch (level) {
    case Level::clean:
      conditions.print_variation = 3;
      conditions.paper_grain = 0.01;
      conditions.noise_sigma = uniform(rng, 0.3, 1.0);
      conditions.blur_sigma_px = uniform(rng, 0.0, 0.3);
      conditions.jpeg_quality = 0;
      break;
    case Level::webcam:
      conditions.print_variation = 8;
      conditions.paper_grain = 0.015;
      conditions.noise_sigma = uniform(rng, 2.0, 4.0);
      conditions.blur_sigma_px = uniform(rng, 0.5, 1.0);
      conditions.jpeg_quality = uniform_int(rng, 75, 90);
      break;
    case Level::hard:
      conditions.print_variation = 8;
      conditions.paper_grain = 0.02;
      conditions.noise_sigma = uniform(rng, 4.0, 6.0);
      conditions.blur_sigma_px = uniform(rng, 1.0, 1.5);
      conditions.jpeg_quality = uniform_int(rng, 60, 75);
      break;
  }
}

void draw_people(Level level, std::mt19937_64& rng, CaptureConditions& conditions) {
  switch (level) {
    case Level::clean:
      break;
    case Level::webcam:
      conditions.hand_count = chance(rng, 0.25) ? 1 : 0;
      conditions.hands_over_pieces = false;
      break;
    case Level::hard:
      conditions.hand_count = chance(rng, 0.85) ? uniform_int(rng, 1, 2) : 0;
      conditions.hands_over_pieces = true;
      break;
  }
  for (int hand = 0; hand < conditions.hand_count; ++hand) {
    conditions.sleeve_count += chance(rng, level == Level::hard ? 0.7 : 0.6) ? 1 : 0;
  }
}

}  // namespace

std::string_view level_name(Level level) {
  switch (level) {
    case Level::clean:
      return "clean";
    case Level::webcam:
      return "webcam";
    case Level::hard:
      return "hard";
  }
  return "unknown";
}

std::optional<Level> parse_level(std::string_view name) {
  for (const Level level : {Level::clean, Level::webcam, Level::hard}) {
    if (level_name(level) == name) return level;
  }
  return std::nullopt;
}

std::string_view table_kind_name(TableKind kind) {
  switch (kind) {
    case TableKind::wood:
      return "wood";
    case TableKind::cloth:
      return "cloth";
    case TableKind::plain:
      return "plain";
    case TableKind::patterned:
      return "patterned";
  }
  return "unknown";
}

std::string_view table_pattern_name(TablePattern pattern) {
  switch (pattern) {
    case TablePattern::none:
      return "none";
    case TablePattern::gingham:
      return "gingham";
    case TablePattern::stripes:
      return "stripes";
    case TablePattern::dots:
      return "dots";
  }
  return "unknown";
}

CaptureConditions draw_conditions(Level level, std::mt19937_64& rng) {
  CaptureConditions conditions;
  conditions.level = level;
  draw_camera(level, rng, conditions);
  draw_light(level, rng, conditions);
  draw_sensor(level, rng, conditions);
  conditions.table = draw_table(level, rng);
  draw_people(level, rng, conditions);
  return conditions;
}

nlohmann::json to_json(const CaptureConditions& conditions) {
  const auto rgb = [](const cv::Vec3d& colour) {
    return nlohmann::json::array({colour[0], colour[1], colour[2]});
  };
  const TableSurface& table = conditions.table;
  return {
      {"level", level_name(conditions.level)},
      {"image_size", {conditions.image_size.width, conditions.image_size.height}},
      {"camera_height_mm", conditions.camera_height_mm},
      {"tilt_deg", conditions.tilt_deg},
      {"tilt_azimuth_deg", conditions.tilt_azimuth_deg},
      {"yaw_deg", conditions.yaw_deg},
      {"horizontal_fov_deg", conditions.horizontal_fov_deg},
      {"k1", conditions.k1},
      {"k2", conditions.k2},
      {"colour_temperature_k", conditions.colour_temperature_k},
      {"exposure", conditions.exposure},
      {"falloff_ratio", conditions.falloff_ratio},
      {"falloff_direction_deg", conditions.falloff_direction_deg},
      {"vignetting", conditions.vignetting},
      {"light_azimuth_deg", conditions.light_azimuth_deg},
      {"light_elevation_deg", conditions.light_elevation_deg},
      {"drop_shadow_strength", conditions.drop_shadow_strength},
      {"soft_shadow_strength", conditions.soft_shadow_strength},
      {"glare_count", conditions.glare_count},
      {"glare_card_fraction", conditions.glare_card_fraction},
      {"print_variation", conditions.print_variation},
      {"paper_grain", conditions.paper_grain},
      {"noise_sigma", conditions.noise_sigma},
      {"blur_sigma_px", conditions.blur_sigma_px},
      {"jpeg_quality", conditions.jpeg_quality},
      {"table",
       {{"kind", table_kind_name(table.kind)},
        {"pattern", table_pattern_name(table.pattern)},
        {"base_rgb", rgb(table.base_rgb)},
        {"accent_rgb", rgb(table.accent_rgb)},
        {"feature_mm", table.feature_mm},
        {"angle_deg", table.angle_deg},
        {"texture_seed", table.texture_seed}}},
      {"hand_count", conditions.hand_count},
      {"sleeve_count", conditions.sleeve_count},
      {"hands_over_pieces", conditions.hands_over_pieces},
  };
}

}  // namespace tableref::samples
