#include "vision/relative_luminance.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <opencv2/imgproc.hpp>

#include "byte_lanes.hpp"
#include "level_cuts.hpp"
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

namespace {

// A pixel's luminance over its local white (at least 1): the same IEEE division as cv::divide of
// the two planes made floats.
float ratio_of(std::uint8_t grey, std::uint8_t white) {
  return static_cast<float>(grey) / std::max(static_cast<float>(white), 1.0f);
}

#if CV_SIMD
constexpr int kStep = cv::v_uint8::nlanes;

// ratio_of for kStep pixels, in four vectors.
std::array<cv::v_float32, 4> ratios_of(const std::uint8_t* grey, const std::uint8_t* white) {
  const cv::v_float32 one = cv::vx_setall_f32(1.0f);
  const auto grey_f = floats_of(cv::vx_load(grey));
  const auto white_f = floats_of(cv::vx_load(white));
  std::array<cv::v_float32, 4> ratios;
  for (std::size_t q = 0; q < 4; ++q) ratios[q] = grey_f[q] / cv::v_max(white_f[q], one);
  return ratios;
}
#endif

}  // namespace

cv::Mat RelativeLuminance::above(double ratio, const cv::Rect& area) const {
  // Compared in whole grey levels, each white level's cut found once.
  const auto cut = static_cast<float>(ratio);
  const LevelCuts cuts = cuts_of([cut](int grey, int white) {
    return ratio_of(static_cast<std::uint8_t>(grey), static_cast<std::uint8_t>(white)) > cut;
  });
  const std::uint16_t factor = proportional_factor(cuts);
  cv::Mat mask(area.size(), CV_8U);
  for (int y = 0; y < area.height; ++y) {
    const std::uint8_t* grey = gray_.ptr<std::uint8_t>(area.y + y) + area.x;
    const std::uint8_t* white = white_.ptr<std::uint8_t>(area.y + y) + area.x;
    std::uint8_t* set = mask.ptr<std::uint8_t>(y);
    int x = 0;
#if CV_SIMD
    const cv::v_uint16 factors = cv::vx_setall_u16(factor);
    for (; factor != 0 && x + kStep <= area.width; x += kStep) {
      cv::v_uint16 grey_low, grey_high, white_low, white_high;
      cv::v_expand(cv::vx_load(grey + x), grey_low, grey_high);
      cv::v_expand(cv::vx_load(white + x), white_low, white_high);
      // All ones or none, kept through the saturating pack.
      cv::v_store(set + x, cv::v_pack(above_cuts(grey_low, white_low, factors),
                                      above_cuts(grey_high, white_high, factors)));
    }
#endif
    for (; x < area.width; ++x) set[x] = grey[x] > cuts[white[x]] ? 255 : 0;
  }
  return mask;
}

cv::Mat RelativeLuminance::ratios() const {
  cv::Mat relative(gray_.size(), CV_32F);
  for (int y = 0; y < gray_.rows; ++y) {
    const std::uint8_t* grey = gray_.ptr<std::uint8_t>(y);
    const std::uint8_t* white = white_.ptr<std::uint8_t>(y);
    float* ratio = relative.ptr<float>(y);
    int x = 0;
#if CV_SIMD
    constexpr int kFloats = cv::v_float32::nlanes;
    for (; x + kStep <= gray_.cols; x += kStep) {
      const auto ratios = ratios_of(grey + x, white + x);
      for (std::size_t q = 0; q < 4; ++q)
        cv::v_store(ratio + x + static_cast<int>(q) * kFloats, ratios[q]);
    }
#endif
    for (; x < gray_.cols; ++x) ratio[x] = ratio_of(grey[x], white[x]);
  }
  return relative;
}

cv::Mat RelativeLuminance::above_halved(double ratio) const {
  // The size cv::resize halves the picture to.
  const cv::Size half(cvRound(gray_.cols * 0.5), cvRound(gray_.rows * 0.5));
  if (gray_.cols % 2 != 0 || gray_.rows % 2 != 0) {
    // An odd side is not halved by whole pairs of pixels: resampled as the picture is.
    cv::Mat halved;
    cv::resize(ratios(), halved, half, 0, 0, cv::INTER_AREA);
    return halved > ratio;
  }
  // Each mean summed in cv::resize's order: four means at a time of pairs across, the row's last
  // few (fewer than four) one pixel after another. The same floats.
  const float cut = static_cast<float>(ratio);
  const int by_pairs = half.width / 4 * 4;
  cv::Mat mask(half, CV_8U);
  for (int y = 0; y < half.height; ++y) {
    const std::array<const std::uint8_t*, 2> grey = {gray_.ptr<std::uint8_t>(2 * y),
                                                     gray_.ptr<std::uint8_t>(2 * y + 1)};
    const std::array<const std::uint8_t*, 2> white = {white_.ptr<std::uint8_t>(2 * y),
                                                      white_.ptr<std::uint8_t>(2 * y + 1)};
    std::uint8_t* set = mask.ptr<std::uint8_t>(y);
    for (int x = 0; x < half.width; ++x) {
      const auto at = [&](std::size_t row, int column) {
        return ratio_of(grey[row][column], white[row][column]);
      };
      const float sum = x < by_pairs
                            ? (at(0, 2 * x) + at(0, 2 * x + 1)) + (at(1, 2 * x) + at(1, 2 * x + 1))
                            : at(0, 2 * x) + at(0, 2 * x + 1) + at(1, 2 * x) + at(1, 2 * x + 1);
      set[x] = sum * 0.25f > cut ? 255 : 0;
    }
  }
  return mask;
}

}  // namespace tableref::vision
