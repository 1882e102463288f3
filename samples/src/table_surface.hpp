#pragma once
// Procedural table surfaces (wood, cloth, plain, patterned), evaluated at any table point and
// filtered to the size of the pixel that sees it, so that they never alias.

#include <cstdint>
#include <opencv2/core.hpp>

#include "samples/level.hpp"

namespace tableref::samples {

// Smooth tileable noise, zero mean and unit deviation, sampled with wrap-around.
class NoiseTile {
 public:
  NoiseTile(std::uint64_t seed, double correlation_texels);
  float at(double u, double v) const;  // bilinear, in texels

 private:
  static constexpr int kSize = 256;  // a power of two: wrapping is a mask
  cv::Mat values_;                   // CV_32F, kSize x kSize
};

class TableShader {
 public:
  explicit TableShader(const TableSurface& surface);

  // Linear BGR reflectance of the table around `table_mm`, averaged over a pixel footprint of
  // `footprint_mm`.
  cv::Vec3f shade(cv::Point2d table_mm, double footprint_mm) const;

 private:
  // How far a point's colour goes from the base towards the accent colour, and its brightness.
  struct Tint {
    double towards_accent = 0;
    double brightness = 1;
  };
  Tint wood(double along, double across, double footprint_mm, cv::Point2d table_mm) const;
  double cloth_relief(double along, double across, double footprint_mm, cv::Point2d table_mm) const;
  double pattern_ink(double along, double across, double footprint_mm) const;

  TableSurface surface_;
  cv::Vec3f base_linear_, accent_linear_;
  double cos_angle_, sin_angle_;
  double ring_spacing_mm_;
  NoiseTile smooth_, fine_;
};

}  // namespace tableref::samples
