#include "photometric.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "colour_space.hpp"
#include "random_draws.hpp"

namespace tableref::samples {

namespace {

constexpr int kLightDownscale = 8;  // light varies slowly: computed coarse, then interpolated

// Exponent in [0, 1] of the lamp's cast that stays in the image: webcams balance white
// automatically, but only part of the way.
constexpr double kWhiteBalanceResidual = 0.6;
constexpr double kCameraWhiteKelvin = 5500;

// Linear sRGB of the Planckian radiator at `kelvin`, from the CIE xy approximation of
// Kim et al. (2002), at luminance Y = 1.
cv::Vec3d planckian_linear_rgb(double kelvin) {
  const double t = std::clamp(kelvin, 1667.0, 25000.0);
  const double x =
      t <= 4000 ? -0.2661239e9 / (t * t * t) - 0.2343589e6 / (t * t) + 0.8776956e3 / t + 0.179910
                : -3.0258469e9 / (t * t * t) + 2.1070379e6 / (t * t) + 0.2226347e3 / t + 0.240390;
  const double y =
      t <= 2222   ? -1.1063814 * x * x * x - 1.34811020 * x * x + 2.18555832 * x - 0.20219683
      : t <= 4000 ? -0.9549476 * x * x * x - 1.37418593 * x * x + 2.09137015 * x - 0.16748867
                  : 3.0817580 * x * x * x - 5.87338670 * x * x + 3.75112997 * x - 0.37001483;
  const double big_x = x / y, big_z = (1 - x - y) / y;
  return {3.2406 * big_x - 1.5372 - 0.4986 * big_z, -0.9689 * big_x + 1.8758 + 0.0415 * big_z,
          0.0557 * big_x - 0.2040 + 1.0570 * big_z};
}

// A large soft shadow (a person leaning over, a lamp's arm), at coarse resolution.
cv::Mat soft_shadow(cv::Size coarse, double strength, std::mt19937_64& rng) {
  cv::Mat shade(coarse, CV_32F, cv::Scalar(0));
  const double width = coarse.width, height = coarse.height;
  const int edge = uniform_int(rng, 0, 3);
  const double along = uniform(rng, 0, 1);
  const cv::Point2d centre = edge == 0   ? cv::Point2d(along * width, -0.1 * height)
                             : edge == 1 ? cv::Point2d(1.1 * width, along * height)
                             : edge == 2 ? cv::Point2d(along * width, 1.1 * height)
                                         : cv::Point2d(-0.1 * width, along * height);
  const cv::Size axes(static_cast<int>(uniform(rng, 0.25, 0.6) * width),
                      static_cast<int>(uniform(rng, 0.2, 0.45) * width));
  cv::ellipse(shade, cv::Point(centre), axes, uniform(rng, 0, 180), 0, 360, cv::Scalar(1),
              cv::FILLED, cv::LINE_AA);
  cv::GaussianBlur(shade, shade, cv::Size(), uniform(rng, 0.05, 0.1) * width);
  return 1 - shade * strength;
}

// Gaussian noise of unit deviation, blurred by `sigma_px` (and scaled back to unit deviation).
cv::Mat correlated_noise(cv::Size size, int channels, double sigma_px, cv::RNG& rng) {
  cv::Mat noise(size, CV_32FC(channels));
  rng.fill(noise, cv::RNG::NORMAL, 0, 1);
  const cv::Mat kernel =
      cv::getGaussianKernel(2 * static_cast<int>(std::ceil(3 * sigma_px)) + 1, sigma_px, CV_64F);
  // Blurring by the separable kernel k scales the deviation by the sum of k's squares.
  const double kept = cv::sum(kernel.mul(kernel))[0];
  cv::sepFilter2D(noise, noise, CV_32F, kernel, kernel, cv::Point(-1, -1), 0, cv::BORDER_REFLECT);
  return noise / kept;
}

}  // namespace

cv::Mat illumination(const CaptureConditions& conditions, std::mt19937_64& rng) {
  const cv::Size size = conditions.image_size;
  const cv::Size coarse(size.width / kLightDownscale + 2, size.height / kLightDownscale + 2);
  const double direction = conditions.falloff_direction_deg * std::numbers::pi / 180;
  const cv::Point2d towards_dark(std::cos(direction), std::sin(direction));
  const cv::Point2d middle(0.5 * (size.width - 1), 0.5 * (size.height - 1));
  const double corner_squared = middle.dot(middle);
  const double half_extent =
      std::abs(towards_dark.x) * middle.x + std::abs(towards_dark.y) * middle.y;
  cv::Mat falling(coarse, CV_32F);
  for (int row = 0; row < coarse.height; ++row) {
    for (int col = 0; col < coarse.width; ++col) {
      // Coarse cell (col, row) lies at pixel (8 col - 0.5, 8 row - 0.5): see the crop below.
      const cv::Point2d pixel =
          cv::Point2d(col, row) * kLightDownscale - cv::Point2d(0.5, 0.5) - middle;
      const double ramp = 0.5 + 0.5 * pixel.dot(towards_dark) / half_extent;
      const double radial = pixel.dot(pixel) / corner_squared;
      falling.at<float>(row, col) =
          static_cast<float>((1 - conditions.vignetting) * ramp + conditions.vignetting * radial);
    }
  }
  double low = 0, high = 1;
  cv::minMaxLoc(falling, &low, &high);
  cv::Mat light;
  cv::exp(-(falling - low) / std::max(high - low, 1e-9) * std::log(conditions.falloff_ratio),
          light);
  light *= conditions.exposure;
  if (conditions.soft_shadow_strength > 0) {
    light = light.mul(soft_shadow(coarse, conditions.soft_shadow_strength, rng));
  }
  cv::Mat full;
  cv::resize(light, full, coarse * kLightDownscale, 0, 0, cv::INTER_LINEAR);
  return full(cv::Rect(kLightDownscale / 2, kLightDownscale / 2, size.width, size.height)).clone();
}

cv::Vec3f lamp_colour_gains(double kelvin) {
  const cv::Vec3d lamp = planckian_linear_rgb(kelvin);
  const cv::Vec3d white = planckian_linear_rgb(kCameraWhiteKelvin);
  cv::Vec3d gains_rgb;
  for (int c = 0; c < 3; ++c)
    gains_rgb[c] = std::pow(std::max(lamp[c], 1e-6) / white[c], kWhiteBalanceResidual);
  const double luminance = 0.2126 * gains_rgb[0] + 0.7152 * gains_rgb[1] + 0.0722 * gains_rgb[2];
  gains_rgb /= luminance;
  return {static_cast<float>(gains_rgb[2]), static_cast<float>(gains_rgb[1]),
          static_cast<float>(gains_rgb[0])};
}

std::vector<GlareSpot> place_glare(const CaptureConditions& conditions,
                                   std::span<const std::vector<cv::Point2d>> piece_outlines_mm,
                                   std::mt19937_64& rng) {
  std::vector<GlareSpot> spots;
  if (piece_outlines_mm.empty()) return spots;
  for (int index = 0; index < conditions.glare_count; ++index) {
    const auto& outline = piece_outlines_mm[std::uniform_int_distribution<std::size_t>(
        0, piece_outlines_mm.size() - 1)(rng)];
    std::vector<cv::Point2f> polygon(outline.begin(), outline.end());
    const double area = cv::contourArea(polygon);
    cv::Point2d centre(0, 0);
    for (const cv::Point2d& corner : outline) centre += corner;
    centre /= static_cast<double>(outline.size());
    const cv::Point2d corner =
        outline[std::uniform_int_distribution<std::size_t>(0, outline.size() - 1)(rng)];
    GlareSpot spot;
    spot.centre_mm = centre + (corner - centre) * uniform(rng, 0, 0.6);
    const double aspect = uniform(rng, 1, 2);
    const double washed_area = conditions.glare_card_fraction * area;
    const double long_axis = std::sqrt(washed_area * aspect / std::numbers::pi);
    spot.washed_axes_mm = {long_axis, washed_area / (std::numbers::pi * long_axis)};
    spot.angle_deg = uniform(rng, 0, 180);
    spot.peak = uniform(rng, 1.6, 3.0);
    spots.push_back(spot);
  }
  return spots;
}

nlohmann::json to_json(const GlareSpot& spot) {
  return {{"centre_mm", {spot.centre_mm.x, spot.centre_mm.y}},
          {"washed_axes_mm", {spot.washed_axes_mm.width, spot.washed_axes_mm.height}},
          {"angle_deg", spot.angle_deg},
          {"peak", spot.peak}};
}

cv::Mat glare_intensity(std::span<const GlareSpot> spots, const cv::Mat& table_points_mm) {
  cv::Mat intensity(table_points_mm.size(), CV_32F, cv::Scalar(0));
  for (const GlareSpot& spot : spots) {
    // A Gaussian highlight whose contour at kWashedOutGlare is the washed-out ellipse.
    const double washed_radius = std::sqrt(2 * std::log(spot.peak / kWashedOutGlare));
    const double sigma_long = spot.washed_axes_mm.width / washed_radius;
    const double sigma_short = spot.washed_axes_mm.height / washed_radius;
    const double angle = spot.angle_deg * std::numbers::pi / 180;
    const double cos_angle = std::cos(angle), sin_angle = std::sin(angle);
    for (int row = 0; row < intensity.rows; ++row) {
      const auto* points = table_points_mm.ptr<cv::Vec3f>(row);
      float* out = intensity.ptr<float>(row);
      for (int col = 0; col < intensity.cols; ++col) {
        const double dx = points[col][0] - spot.centre_mm.x, dy = points[col][1] - spot.centre_mm.y;
        const double u = (dx * cos_angle + dy * sin_angle) / sigma_long;
        const double v = (-dx * sin_angle + dy * cos_angle) / sigma_short;
        const double squared = u * u + v * v;
        if (squared < 40) out[col] += static_cast<float>(spot.peak * std::exp(-squared / 2));
      }
    }
  }
  return intensity;
}

cv::Mat sensor_output(const cv::Mat& linear_bgr, const CaptureConditions& conditions,
                      std::mt19937_64& rng) {
  cv::Mat blurred = linear_bgr;
  if (conditions.blur_sigma_px > 0.05) {
    cv::GaussianBlur(linear_bgr, blurred, cv::Size(), conditions.blur_sigma_px);
  }
  cv::Mat srgb = srgb_from_linear_image(blurred);
  if (conditions.noise_sigma > 0) {
    // Luma noise shared by the channels plus chroma noise, per channel of deviation sigma in
    // all. Demosaicing spreads a sensor's noise over neighbouring pixels (chroma more than
    // luma), so it is not white.
    cv::RNG noise_rng(rng());
    const cv::Mat luma = correlated_noise(srgb.size(), 1, 0.6, noise_rng);
    const cv::Mat chroma = correlated_noise(srgb.size(), 3, 1.0, noise_rng);
    cv::Mat luma3;
    cv::merge(std::vector<cv::Mat>{luma, luma, luma}, luma3);
    srgb += (0.8 * luma3 + 0.6 * chroma) * conditions.noise_sigma;
  }
  cv::Mat image;
  srgb.convertTo(image, CV_8UC3);
  if (conditions.jpeg_quality > 0) {
    std::vector<std::uint8_t> encoded;
    cv::imencode(".jpg", image, encoded, {cv::IMWRITE_JPEG_QUALITY, conditions.jpeg_quality});
    image = cv::imdecode(encoded, cv::IMREAD_COLOR);
  }
  return image;
}

}  // namespace tableref::samples
