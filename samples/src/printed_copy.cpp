#include "printed_copy.hpp"

#include <algorithm>

namespace tableref::samples {

cv::Vec3d rgb_of(referee::Rgb rgb) {
  return {double(rgb.r), double(rgb.g), double(rgb.b)};
}

cv::Vec3d hex_rgb(unsigned hex) {
  return {double((hex >> 16) & 0xFF), double((hex >> 8) & 0xFF), double(hex & 0xFF)};
}

PrintedCopy::PrintedCopy(double variation, std::mt19937_64& rng)
    : rng_(rng), ink_variation_(0.25 * variation) {
  std::uniform_real_distribution<double> copy_shift(-0.75 * variation, 0.75 * variation);
  // Braced initialisers run left to right: red, green, blue.
  copy_shift_ = cv::Vec3d{copy_shift(rng_), copy_shift(rng_), copy_shift(rng_)};
}

cv::Vec3d PrintedCopy::ink(const cv::Vec3d& reference_rgb) {
  std::uniform_real_distribution<double> ink_shift(-ink_variation_, ink_variation_);
  cv::Vec3d printed;
  for (int c = 0; c < 3; ++c)
    printed[c] = std::clamp(reference_rgb[c] + copy_shift_[c] + ink_shift(rng_), 0.0, 255.0);
  return printed;
}

}  // namespace tableref::samples
