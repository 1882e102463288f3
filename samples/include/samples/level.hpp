#pragma once
// Capture conditions: everything about camera, light, sensor, table and people that is drawn for
// one image, and the difficulty levels they are drawn from (components.md, capture envelope).

#include <cstdint>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <optional>
#include <random>
#include <string_view>

namespace tableref::samples {

// clean: nearly ideal; webcam: a typical webcam over a table; hard: the envelope's extremes.
enum class Level { clean, webcam, hard };
std::string_view level_name(Level level);
std::optional<Level> parse_level(std::string_view name);

enum class TableKind { wood, cloth, plain, patterned };
enum class TablePattern { none, gingham, stripes, dots };
std::string_view table_kind_name(TableKind kind);
std::string_view table_pattern_name(TablePattern pattern);

// The table surface, procedural: the same description draws the same table at any resolution.
struct TableSurface {
  TableKind kind = TableKind::plain;
  TablePattern pattern = TablePattern::none;  // only for patterned tables
  cv::Vec3d base_rgb{128, 128, 128};          // sRGB 0..255
  cv::Vec3d accent_rgb{96, 96, 96};           // wood grain, cloth weave or pattern colour
  double feature_mm = 100;  // plank width (wood), weave pitch (cloth), check/stripe/dot pitch
  double angle_deg = 0;     // grain or pattern direction on the table
  std::uint64_t texture_seed = 0;
};

struct CaptureConditions {
  Level level = Level::clean;
  cv::Size image_size{1280, 720};

  // Camera. It looks at the middle of the layout from `camera_height_mm` (the preferred height:
  // framing moves it as little as needed to keep the layout in view and every card >= 70 px).
  double camera_height_mm = 600;
  double tilt_deg = 0;             // optical axis from vertical
  double tilt_azimuth_deg = 0;     // table direction (clockwise from +x) the camera looks towards
  double yaw_deg = 0;              // rotation of the image about the optical axis
  double horizontal_fov_deg = 60;  // of the pinhole model: gives the focal length
  double k1 = 0, k2 = 0;           // radial distortion (OpenCV model, normalised coordinates)

  // Light.
  double colour_temperature_k = 5500;  // the lamp; the camera is balanced for daylight
  double exposure = 1;
  double falloff_ratio = 1;          // brightest : darkest across the frame
  double falloff_direction_deg = 0;  // image direction in which brightness falls
  double vignetting = 0;             // share of the fall-off that is radial (0 to 1)
  double light_azimuth_deg = 0;      // the lamp that casts the drop shadows (table direction)
  double light_elevation_deg = 80;
  double drop_shadow_strength = 0.4;  // darkening right under a piece's edge
  double soft_shadow_strength = 0;    // a large soft shadow across the frame; 0 = none
  int glare_count = 0;                // glare spots, each on a piece
  double glare_card_fraction = 0;     // share of a piece's area each spot washes out

  // Print.
  double print_variation = 8;  // per-channel deviation of a printed copy (sRGB units)
  double paper_grain = 0.015;  // relative sigma of paper texture

  // Sensor.
  double noise_sigma = 0;    // 8-bit units
  double blur_sigma_px = 0;  // optics and focus
  int jpeg_quality = 0;      // 0 = no compression loss

  TableSurface table;

  // People: hands reaching into the frame, each with its arm; some arms wear a sleeve.
  int hand_count = 0;
  int sleeve_count = 0;            // <= hand_count
  bool hands_over_pieces = false;  // false: hands stay at the edge of the layout
};

// Draws the conditions of one image at `level`, from `rng` only.
CaptureConditions draw_conditions(Level level, std::mt19937_64& rng);

nlohmann::json to_json(const CaptureConditions& conditions);

}  // namespace tableref::samples
