#include "table_surface.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <opencv2/imgproc.hpp>

#include "colour_space.hpp"
#include "random_draws.hpp"

namespace tableref::samples {

namespace {

// A value in [-1, 1] that depends only on (seed, index).
double hashed_unit(std::uint64_t seed, long long index) {
  const std::uint64_t bits = mix_bits(seed ^ mix_bits(static_cast<std::uint64_t>(index)));
  return static_cast<double>(bits >> 11) / static_cast<double>(1ULL << 52) - 1.0;
}

// 1 for details much larger than the pixel footprint, 0 for details that it averages away.
double detail_visibility(double detail_mm, double footprint_mm) {
  return std::clamp((detail_mm / footprint_mm - 1.0) / 2.0, 0.0, 1.0);
}

// Share of [x - footprint/2, x + footprint/2] covered by the bands [k period, k period + width):
// a square wave filtered by the pixel.
double band_coverage(double x, double period, double width, double footprint) {
  const auto integral = [&](double at) {
    const double cycles = std::floor(at / period);
    return cycles * width + std::min(at - cycles * period, width);
  };
  const double half = footprint / 2;
  return (integral(x + half) - integral(x - half)) / footprint;
}

float lerp(float from, float to, double t) {
  return static_cast<float>(from + (to - from) * t);
}

}  // namespace

NoiseTile::NoiseTile(std::uint64_t seed, double correlation_texels) {
  cv::RNG rng(seed);
  cv::Mat white(kSize, kSize, CV_32F);
  rng.fill(white, cv::RNG::NORMAL, 0, 1);
  // Blurred as a 3 x 3 mosaic, so that the middle tile wraps around seamlessly.
  cv::Mat mosaic;
  cv::repeat(white, 3, 3, mosaic);
  cv::GaussianBlur(mosaic, mosaic, cv::Size(), correlation_texels);
  values_ = mosaic(cv::Rect(kSize, kSize, kSize, kSize)).clone();
  cv::Scalar mean, deviation;
  cv::meanStdDev(values_, mean, deviation);
  values_ = (values_ - mean[0]) / std::max(deviation[0], 1e-9);
}

float NoiseTile::at(double u, double v) const {
  const double floor_u = std::floor(u), floor_v = std::floor(v);
  const auto fu = static_cast<float>(u - floor_u), fv = static_cast<float>(v - floor_v);
  const int x0 = static_cast<int>(static_cast<long long>(floor_u) & (kSize - 1));
  const int y0 = static_cast<int>(static_cast<long long>(floor_v) & (kSize - 1));
  const int x1 = (x0 + 1) & (kSize - 1), y1 = (y0 + 1) & (kSize - 1);
  const float* row0 = values_.ptr<float>(y0);
  const float* row1 = values_.ptr<float>(y1);
  const float top = row0[x0] + fu * (row0[x1] - row0[x0]);
  const float bottom = row1[x0] + fu * (row1[x1] - row1[x0]);
  return top + fv * (bottom - top);
}

TableShader::TableShader(const TableSurface& surface)
    : surface_(surface),
      base_linear_(linear_bgr_from_rgb(surface.base_rgb)),
      accent_linear_(linear_bgr_from_rgb(surface.accent_rgb)),
      cos_angle_(std::cos(surface.angle_deg * std::numbers::pi / 180)),
      sin_angle_(std::sin(surface.angle_deg * std::numbers::pi / 180)),
      ring_spacing_mm_(3.5 + 3.0 * (0.5 + 0.5 * hashed_unit(surface.texture_seed, -1))),
      smooth_(mix_bits(surface.texture_seed + 1), 4.0),
      fine_(mix_bits(surface.texture_seed + 2), 1.0) {}

TableShader::Tint TableShader::wood(double along, double across, double footprint_mm,
                                    cv::Point2d table_mm) const {
  const double plank_width = surface_.feature_mm;
  const auto plank = static_cast<long long>(std::floor(across / plank_width));
  // Each plank is cut from another part of another log: its own offset and ring spacing.
  const double along_in_log = along + 1000 * hashed_unit(surface_.texture_seed, plank);
  const double spacing =
      ring_spacing_mm_ * (1 + 0.35 * hashed_unit(surface_.texture_seed + 3, plank));
  // Growth rings cross the board in broad bands that bend slowly.
  const double warp_mm = 2.5 * spacing * smooth_.at(along_in_log / 90, across / 60) +
                         0.3 * spacing * smooth_.at(along_in_log / 20 + 31, across / 8);
  const double wave = 0.5 + 0.5 * std::sin(2 * std::numbers::pi * (across + warp_mm) / spacing);
  constexpr double kMeanRing = 0.375;  // mean of ((1 + sin) / 2)^2
  const double ring =
      kMeanRing + (wave * wave - kMeanRing) * detail_visibility(spacing / 2, footprint_mm);
  const double contrast =
      std::clamp(0.55 + 0.35 * smooth_.at(along_in_log / 50 + 7, across / 20), 0.2, 0.9);
  // Long thin fibres and pores along the grain.
  const double fibres =
      fine_.at(along_in_log / 30, across / 0.35) * detail_visibility(0.7, footprint_mm);
  const double streaks =
      smooth_.at(along_in_log / 15 + 11, across / 1.5) * detail_visibility(3, footprint_mm);
  const double plank_tone = 1 + 0.1 * hashed_unit(surface_.texture_seed + 7, plank);
  constexpr double kSeamWidthMm = 0.6;
  const double seam = band_coverage(across + kSeamWidthMm / 2, plank_width, kSeamWidthMm,
                                    std::max(footprint_mm, 1e-3));
  const double broad = 1 + 0.06 * smooth_.at(table_mm.x / 40, table_mm.y / 40);
  return {std::clamp(0.4 * ring * contrast + 0.1 * fibres + 0.08 * streaks + 0.2, 0.0, 1.0),
          plank_tone * broad * (1 - 0.6 * seam)};
}

double TableShader::cloth_relief(double along, double across, double footprint_mm,
                                 cv::Point2d table_mm) const {
  const double pitch = surface_.feature_mm;
  const double weave = std::sin(2 * std::numbers::pi * along / pitch) *
                       std::sin(2 * std::numbers::pi * across / pitch) *
                       detail_visibility(pitch / 2, footprint_mm);
  const double fibre = fine_.at(along / 0.25, across / 0.25) * detail_visibility(0.5, footprint_mm);
  const double mottle = smooth_.at(table_mm.x / 6, table_mm.y / 6);
  const double ridge =
      1 - std::min(1.0, double{std::abs(smooth_.at(along / 40 + 97, across / 15))});
  const double ridge_cubed = ridge * ridge * ridge;
  const double fold = ridge_cubed * ridge_cubed;
  return ((1 + 0.07 * weave) * (1 + 0.05 * fibre) * (1 + 0.04 * mottle) * (1 - 0.12 * fold));
}

double TableShader::pattern_ink(double along, double across, double footprint_mm) const {
  const double period = surface_.feature_mm;
  const double footprint = std::max(footprint_mm, 1e-3);
  switch (surface_.pattern) {
    case TablePattern::gingham:
      return (0.5 * band_coverage(along, period, period / 2, footprint) +
              0.5 * band_coverage(across, period, period / 2, footprint));
    case TablePattern::stripes:
      return (band_coverage(across, period, 0.4 * period, footprint));
    case TablePattern::dots: {
      // Dots on a staggered grid, with a soft edge one footprint wide.
      const double row = std::floor(across / period);
      const double shift = std::fmod(std::abs(row), 2.0) * period / 2;
      const double dx = std::remainder(along - shift, period);
      const double dy = across - (row + 0.5) * period;
      const double distance = std::hypot(dx, dy);
      const double radius = 0.28 * period;
      return (std::clamp((radius - distance) / footprint + 0.5, 0.0, 1.0));
    }
    case TablePattern::none:
      break;
  }
  return 0;
}

cv::Vec3f TableShader::shade(cv::Point2d table_mm, double footprint_mm) const {
  const double along = table_mm.x * cos_angle_ + table_mm.y * sin_angle_;
  const double across = -table_mm.x * sin_angle_ + table_mm.y * cos_angle_;
  Tint tint;
  switch (surface_.kind) {
    case TableKind::wood:
      tint = wood(along, across, footprint_mm, table_mm);
      break;
    case TableKind::cloth:
      tint = {0.3, cloth_relief(along, across, footprint_mm, table_mm)};
      break;
    case TableKind::plain: {
      const double speckle =
          fine_.at(table_mm.x / 0.4, table_mm.y / 0.4) * detail_visibility(0.8, footprint_mm);
      tint = {0.0,
              (1 + 0.03 * smooth_.at(table_mm.x / 30, table_mm.y / 30)) * (1 + 0.015 * speckle)};
      break;
    }
    case TableKind::patterned: {
      const double relief = cloth_relief(along, across, footprint_mm, table_mm);
      tint = {pattern_ink(along, across, footprint_mm), relief};
      break;
    }
  }
  cv::Vec3f colour;
  for (int c = 0; c < 3; ++c) {
    colour[c] = static_cast<float>(lerp(base_linear_[c], accent_linear_[c], tint.towards_accent) *
                                   tint.brightness);
  }
  return colour;
}

}  // namespace tableref::samples
