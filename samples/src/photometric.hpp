#pragma once
// The light and the sensor: brightness fall-off, soft shadows, glare, the lamp's colour as an
// uncorrected webcam records it, blur, noise and JPEG.

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <random>
#include <span>
#include <vector>

#include "samples/camera.hpp"
#include "samples/level.hpp"

namespace tableref::samples {

// How much light reaches each pixel (CV_32F): exposure, fall-off and the large soft shadow.
cv::Mat illumination(const CaptureConditions& conditions, std::mt19937_64& rng);

// Channel gains (linear BGR, luminance 1) that a camera balanced for daylight gives a scene lit
// by a lamp of `kelvin`.
cv::Vec3f lamp_colour_gains(double kelvin);

struct GlareSpot {
  cv::Point2d centre_mm;
  cv::Size2d washed_axes_mm;  // semi-axes of the washed-out ellipse
  double angle_deg = 0;
  double peak = 2;  // linear intensity added at the centre
};

// conditions.glare_count spots, each on a random piece, each washing out
// conditions.glare_card_fraction of that piece's area.
std::vector<GlareSpot> place_glare(const CaptureConditions& conditions,
                                   std::span<const std::vector<cv::Point2d>> piece_outlines_mm,
                                   std::mt19937_64& rng);
nlohmann::json to_json(const GlareSpot& spot);

// Linear intensity (CV_32F) the spots add at each pixel; `table_points_mm` (CV_32FC3, x and y
// first) gives each pixel's table point.
cv::Mat glare_intensity(std::span<const GlareSpot> spots, const cv::Mat& table_points_mm);
// Glare added this much washes a colour out: the pixel is then occluded.
inline constexpr float kWashedOutGlare = 0.6f;

// Blur, sRGB encoding, noise, 8-bit quantisation and JPEG (quality 0: none).
cv::Mat sensor_output(const cv::Mat& linear_bgr, const CaptureConditions& conditions,
                      std::mt19937_64& rng);

}  // namespace tableref::samples
