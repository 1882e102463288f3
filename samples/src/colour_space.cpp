#include "colour_space.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace tableref::samples {

double linear_from_srgb(double srgb_255) {
  const double v = std::clamp(srgb_255 / 255.0, 0.0, 1.0);
  return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}

double srgb_from_linear(double linear) {
  const double v = std::clamp(linear, 0.0, 1.0);
  return 255.0 * (v <= 0.0031308 ? 12.92 * v : 1.055 * std::pow(v, 1 / 2.4) - 0.055);
}

cv::Vec3f linear_bgr_from_rgb(const cv::Vec3d& srgb_rgb) {
  return {static_cast<float>(linear_from_srgb(srgb_rgb[2])),
          static_cast<float>(linear_from_srgb(srgb_rgb[1])),
          static_cast<float>(linear_from_srgb(srgb_rgb[0]))};
}

cv::Mat linear_from_srgb8(const cv::Mat& srgb8) {
  CV_Assert(srgb8.type() == CV_8UC3);
  static const std::array<float, 256> table = [] {
    std::array<float, 256> values{};
    for (int i = 0; i < 256; ++i)
      values[static_cast<std::size_t>(i)] = static_cast<float>(linear_from_srgb(i));
    return values;
  }();
  cv::Mat linear(srgb8.size(), CV_32FC3);
  for (int row = 0; row < srgb8.rows; ++row) {
    const std::uint8_t* in = srgb8.ptr<std::uint8_t>(row);
    float* out = linear.ptr<float>(row);
    for (int i = 0; i < srgb8.cols * 3; ++i) out[i] = table[in[i]];
  }
  return linear;
}

cv::Mat srgb_from_linear_image(const cv::Mat& linear) {
  CV_Assert(linear.type() == CV_32FC3);
  // 16384 steps with linear interpolation: far finer than 8-bit output needs.
  constexpr int kSteps = 16384;
  static const std::vector<float> table = [] {
    std::vector<float> values(kSteps + 2);
    for (int i = 0; i <= kSteps + 1; ++i) {
      values[static_cast<std::size_t>(i)] =
          static_cast<float>(srgb_from_linear(static_cast<double>(i) / kSteps));
    }
    return values;
  }();
  cv::Mat srgb(linear.size(), CV_32FC3);
  for (int row = 0; row < linear.rows; ++row) {
    const float* in = linear.ptr<float>(row);
    float* out = srgb.ptr<float>(row);
    for (int i = 0; i < linear.cols * 3; ++i) {
      const float position = std::clamp(in[i], 0.0f, 1.0f) * kSteps;
      const int index = static_cast<int>(position);
      const float fraction = position - static_cast<float>(index);
      const auto at = static_cast<std::size_t>(index);
      out[i] = table[at] + fraction * (table[at + 1] - table[at]);
    }
  }
  return srgb;
}

}  // namespace tableref::samples
