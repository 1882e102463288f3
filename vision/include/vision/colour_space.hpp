#pragma once
// Colour conversions for small numbers of samples, and the white-balance that makes colours
// comparable under any light: divide by a surface whose printed colour is known (von Kries).

#include <cmath>
#include <opencv2/core.hpp>
#include <vector>

#include "referee/colour.hpp"

namespace tableref::vision {

// Linear-light RGB in [0, 1] from 8-bit sRGB, and back.
cv::Vec3f linear_from_srgb(const cv::Vec3f& srgb_8bit_rgb);
cv::Vec3f srgb_from_linear(const cv::Vec3f& linear_rgb);
// linear_from_srgb of an 8-bit BGR pixel (as RGB), each channel looked up.
cv::Vec3f linear_from_bgr(const cv::Vec3b& bgr);
// CIE L*a*b* (D65) of a linear RGB colour.
cv::Vec3f lab_from_linear(const cv::Vec3f& linear_rgb);
cv::Vec3f lab_of(referee::Rgb rgb);

// Per-channel gains that turn `measured` (linear RGB of a known surface) into `reference`.
cv::Vec3f white_balance_gains(const cv::Vec3f& measured_linear, const cv::Vec3f& reference_linear);

// Distance between Lab colours with lightness counting for less than hue and chroma: shading and
// print darkness move L far more than they move a*b*. Inline: tables of samples are searched with
// it thousands of times a frame.
constexpr float kLabLightnessWeight = 0.5f;
inline float lab_distance(const cv::Vec3f& a, const cv::Vec3f& b) {
  const float dl = kLabLightnessWeight * (a[0] - b[0]);
  return std::sqrt(dl * dl + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

// The per-channel median of colour samples (not empty).
cv::Vec3f channel_median(const std::vector<cv::Vec3f>& samples);

// The median level of an 8-bit single-channel `plane` where `mask` is set; 0 where it is nowhere.
double median_level(const cv::Mat& plane, const cv::Mat& mask);

// The ink of a printed area from Lab samples of it (not empty): blur mixes in its edges, eyes
// and shadows, all of which wash the colour out, so the more colourful half of the samples is
// the ink itself (their per-channel median).
cv::Vec3f ink_lab(std::vector<cv::Vec3f> lab_samples);

// Bilinear sample of an 8-bit BGR image at a sub-pixel point, as RGB; false outside the image.
bool sample_rgb(const cv::Mat& bgr, cv::Point2d point, cv::Vec3f& rgb);

}  // namespace tableref::vision
