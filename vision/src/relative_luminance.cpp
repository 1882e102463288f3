#include "vision/relative_luminance.hpp"

#include <algorithm>
#include <cstdint>
#include <opencv2/imgproc.hpp>

#include "byte_lanes.hpp"
#include "max_pooling.hpp"

namespace tableref::vision {

RelativeLuminance::RelativeLuminance(const cv::Mat& bgr, int downscale, double white_floor) {
  cv::cvtColor(bgr, gray_, cv::COLOR_BGR2GRAY);
  // Max-pool to a smaller image: a block's brightest pixel is the face wherever a face shows,
  // however many monsters and holes the block also holds.
  cv::Mat small = max_pooled(gray_, downscale);
  // Opening removes what is bright but small (eyes, specks) from the local white; dilation then
  // lends each dark surface the white of the surfaces beside it.
  cv::morphologyEx(small, small, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));
  cv::dilate(small, small, cv::getStructuringElement(cv::MORPH_ELLIPSE, {5, 5}));
  if (white_floor > 0) {
    double brightest = 0;
    cv::minMaxLoc(small, nullptr, &brightest);
    cv::max(small, white_floor * brightest, small);
  }
  cv::GaussianBlur(small, small, {0, 0}, 1.0);
  cv::resize(small, white_, gray_.size(), 0, 0, cv::INTER_LINEAR);
}

cv::Mat RelativeLuminance::above(double ratio) const {
  return above(ratio, cv::Rect(cv::Point(0, 0), gray_.size()));
}

cv::Mat RelativeLuminance::above(double ratio, const cv::Rect& area) const {
  // For each white level, the brightest grey level whose ratio to it is not above `ratio`: the
  // ratio divided as ratios() divides and compared as cv::threshold compares a CV_32F picture.
  const auto cut = static_cast<float>(ratio);
  cv::Mat brightest_below(1, 256, CV_8U);
  for (int white = 0; white < 256; ++white) {
    const auto divisor = static_cast<float>(std::max(white, 1));
    int level = std::clamp(static_cast<int>(cut * divisor), 0, 255);
    while (level < 255 && static_cast<float>(level + 1) / divisor <= cut) ++level;
    while (level > 0 && static_cast<float>(level) / divisor > cut) --level;
    brightest_below.at<std::uint8_t>(white) = static_cast<std::uint8_t>(level);
  }
  cv::Mat cuts, mask;
  cv::LUT(white_(area), brightest_below, cuts);
  cv::compare(gray_(area), cuts, mask, cv::CMP_GT);
  return mask;
}

cv::Mat RelativeLuminance::ratios() const {
  // One pass, the same IEEE division as cv::divide of the two planes made floats (the white at
  // least 1), without writing those planes.
  cv::Mat relative(gray_.size(), CV_32F);
  for (int y = 0; y < gray_.rows; ++y) {
    const std::uint8_t* grey = gray_.ptr<std::uint8_t>(y);
    const std::uint8_t* white = white_.ptr<std::uint8_t>(y);
    float* ratio = relative.ptr<float>(y);
    int x = 0;
#if CV_SIMD
    constexpr int kStep = cv::v_uint8::nlanes, kFloats = cv::v_float32::nlanes;
    const cv::v_float32 one = cv::vx_setall_f32(1.0f);
    for (; x + kStep <= gray_.cols; x += kStep) {
      const auto grey_f = floats_of(cv::vx_load(grey + x));
      const auto white_f = floats_of(cv::vx_load(white + x));
      for (std::size_t q = 0; q < 4; ++q)
        cv::v_store(ratio + x + static_cast<int>(q) * kFloats,
                    grey_f[q] / cv::v_max(white_f[q], one));
    }
#endif
    for (; x < gray_.cols; ++x)
      ratio[x] = static_cast<float>(grey[x]) / std::max(static_cast<float>(white[x]), 1.0f);
  }
  return relative;
}

}  // namespace tableref::vision
