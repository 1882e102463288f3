#include "vision/colour_space.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "cube_root.hpp"

namespace tableref::vision {

namespace {
float computed_linear_channel(float value_8bit) {
  const float v = value_8bit / 255.0f;
  return v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f);
}
// Each 8-bit level's linear value, as computed.
const std::array<float, 256>& linear_levels() {
  static const std::array<float, 256> kLevels = [] {
    std::array<float, 256> levels{};
    for (std::size_t level = 0; level < levels.size(); ++level)
      levels[level] = computed_linear_channel(static_cast<float>(level));
    return levels;
  }();
  return kLevels;
}
float linear_channel(float value_8bit) {
  // Most values are a pixel's own level: looked up, the same value as computed.
  if (value_8bit >= 0.0f && value_8bit <= 255.0f) {
    const auto level = static_cast<std::size_t>(value_8bit);
    if (static_cast<float>(level) == value_8bit) return linear_levels()[level];
  }
  return computed_linear_channel(value_8bit);
}
float srgb_channel(float linear) {
  const float v = std::clamp(linear, 0.0f, 1.0f);
  return 255.0f * (v <= 0.0031308f ? 12.92f * v : 1.055f * std::pow(v, 1.0f / 2.4f) - 0.055f);
}
float lab_f(float t) {
  constexpr float kDelta = 6.0f / 29.0f;
  return t > kDelta * kDelta * kDelta ? cube_root(t) : t / (3 * kDelta * kDelta) + 4.0f / 29.0f;
}
}  // namespace

cv::Vec3f linear_from_srgb(const cv::Vec3f& rgb) {
  return {linear_channel(rgb[0]), linear_channel(rgb[1]), linear_channel(rgb[2])};
}

cv::Vec3f linear_from_bgr(const cv::Vec3b& bgr) {
  const std::array<float, 256>& levels = linear_levels();
  return {levels[bgr[2]], levels[bgr[1]], levels[bgr[0]]};
}

cv::Vec3f srgb_from_linear(const cv::Vec3f& linear) {
  return {srgb_channel(linear[0]), srgb_channel(linear[1]), srgb_channel(linear[2])};
}

cv::Vec3f lab_from_linear(const cv::Vec3f& rgb) {
  const float x = 0.4124f * rgb[0] + 0.3576f * rgb[1] + 0.1805f * rgb[2];
  const float y = 0.2126f * rgb[0] + 0.7152f * rgb[1] + 0.0722f * rgb[2];
  const float z = 0.0193f * rgb[0] + 0.1192f * rgb[1] + 0.9505f * rgb[2];
  const float fx = lab_f(x / 0.95047f);
  const float fy = lab_f(y);
  const float fz = lab_f(z / 1.08883f);
  return {116.0f * fy - 16.0f, 500.0f * (fx - fy), 200.0f * (fy - fz)};
}

cv::Vec3f lab_of(referee::Rgb rgb) {
  return lab_from_linear(linear_from_srgb(cv::Vec3f(rgb.r, rgb.g, rgb.b)));
}

cv::Vec3f white_balance_gains(const cv::Vec3f& measured, const cv::Vec3f& reference) {
  cv::Vec3f gains;
  for (int c = 0; c < 3; ++c) gains[c] = reference[c] / std::max(measured[c], 1e-4f);
  return gains;
}

cv::Vec3f channel_median(const std::vector<cv::Vec3f>& samples) {
  cv::Vec3f median;
  std::vector<float> channel(samples.size());
  for (int c = 0; c < 3; ++c) {
    for (std::size_t i = 0; i < samples.size(); ++i) channel[i] = samples[i][c];
    const auto middle = channel.begin() + static_cast<long>(channel.size() / 2);
    std::nth_element(channel.begin(), middle, channel.end());
    median[c] = *middle;
  }
  return median;
}

double median_level(const cv::Mat& plane, const cv::Mat& mask) {
  CV_Assert(plane.type() == CV_8UC1);
  const int channels[] = {0};
  const int bins[] = {256};
  const float range[] = {0, 256};
  const float* ranges[] = {range};
  cv::Mat histogram;
  cv::calcHist(&plane, 1, channels, mask, histogram, 1, bins, ranges);
  const double half = cv::sum(histogram)[0] / 2;
  double below = 0;
  for (int level = 0; level < 256; ++level) {
    below += histogram.at<float>(level);
    if (below > half) return level;
  }
  return 0;
}

cv::Vec3f ink_lab(std::vector<cv::Vec3f> lab_samples) {
  const auto chroma = [](const cv::Vec3f& lab) { return lab[1] * lab[1] + lab[2] * lab[2]; };
  std::sort(lab_samples.begin(), lab_samples.end(),
            [&](const cv::Vec3f& a, const cv::Vec3f& b) { return chroma(a) > chroma(b); });
  lab_samples.resize((lab_samples.size() + 1) / 2);
  return channel_median(lab_samples);
}

bool sample_rgb(const cv::Mat& bgr, cv::Point2d point, cv::Vec3f& rgb) {
  const int x0 = static_cast<int>(std::floor(point.x));
  const int y0 = static_cast<int>(std::floor(point.y));
  if (x0 < 0 || y0 < 0 || x0 + 1 >= bgr.cols || y0 + 1 >= bgr.rows) return false;
  const float fx = static_cast<float>(point.x - x0);
  const float fy = static_cast<float>(point.y - y0);
  const auto& p00 = bgr.at<cv::Vec3b>(y0, x0);
  const auto& p01 = bgr.at<cv::Vec3b>(y0, x0 + 1);
  const auto& p10 = bgr.at<cv::Vec3b>(y0 + 1, x0);
  const auto& p11 = bgr.at<cv::Vec3b>(y0 + 1, x0 + 1);
  for (int c = 0; c < 3; ++c) {
    const float top = (1 - fx) * p00[c] + fx * p01[c];
    const float bottom = (1 - fx) * p10[c] + fx * p11[c];
    rgb[2 - c] = (1 - fy) * top + fy * bottom;
  }
  return true;
}

}  // namespace tableref::vision
