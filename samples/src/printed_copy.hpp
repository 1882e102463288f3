#pragma once
// A printed copy of a piece: real prints differ from the reference colours of components.md. The
// whole copy shifts by up to 3/4 of the variation (one press run), each ink by the rest.

#include <opencv2/core.hpp>
#include <random>

#include "referee/colour.hpp"

namespace tableref::samples {

cv::Vec3d rgb_of(referee::Rgb rgb);
cv::Vec3d hex_rgb(unsigned hex);  // 0xRRGGBB

class PrintedCopy {
 public:
  // Draws the copy's own shift from `rng`.
  PrintedCopy(double variation, std::mt19937_64& rng);

  // How one ink of this copy prints `reference_rgb` (sRGB 0..255); draws the ink's shift.
  cv::Vec3d ink(const cv::Vec3d& reference_rgb);

 private:
  std::mt19937_64& rng_;
  double ink_variation_;
  cv::Vec3d copy_shift_;
};

}  // namespace tableref::samples
