#include "trio_face.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <opencv2/core/hal/intrin.hpp>
#include <opencv2/imgproc.hpp>

#include "block_means.hpp"
#include "byte_lanes.hpp"
#include "level_cuts.hpp"
#include "max_pooling.hpp"

namespace tableref::vision::trio {

namespace {

// The local white is measured on an image about this many rows high.
constexpr int kWhiteRows = 180;
// How far the local white reaches, as a share of the image height: across the largest body the
// envelope allows (a card side of about 0.45 image heights).
constexpr double kWhiteReach = 0.1;
// How far "the wider surroundings" reach.
constexpr double kBroadReach = 0.35;

// The brightest nearby value of each channel (CV_8UC3), smooth, on the picture shrunk by
// `downscale`: its max-pool (`pooled`), small bright specks removed, then dilated across the
// largest monster body.
cv::Mat local_white(const cv::Mat& pooled, int downscale, double reach_px) {
  cv::Mat small;
  cv::morphologyEx(pooled, small, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));
  const int radius = std::max(2, static_cast<int>(std::lround(reach_px / downscale)));
  // Square and cross steps in turn grow an octagon: round enough, and cheap at any radius.
  const cv::Mat square = cv::getStructuringElement(cv::MORPH_RECT, {3, 3});
  const cv::Mat cross = cv::getStructuringElement(cv::MORPH_CROSS, {3, 3});
  for (int step = 0; step < radius; ++step) cv::dilate(small, small, step % 2 ? cross : square);
  const int smoothing = std::max(3, 2 * radius / 3) | 1;
  cv::blur(small, small, {smoothing, smoothing});
  cv::max(small, cv::Scalar::all(8), small);
  return small;
}

// The brightness of the wider surroundings (CV_8U), on the picture shrunk by `downscale`: a dark
// table far from any card is not a face.
cv::Mat broad_brightness(const cv::Mat& bgr, int downscale, double reach_px) {
  cv::Mat grey;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  cv::Mat small = block_means(grey, downscale);
  const int radius = std::max(2, static_cast<int>(std::lround(reach_px / downscale)));
  cv::dilate(small, small,
             cv::getStructuringElement(cv::MORPH_RECT, {2 * radius + 1, 2 * radius + 1}));
  cv::blur(small, small, {radius | 1, radius | 1});
  return small;
}

// A smooth map made on a small image, at `size`.
cv::Mat enlarged(const cv::Mat& small, cv::Size size) {
  cv::Mat large;
  cv::resize(small, large, size, 0, 0, cv::INTER_LINEAR);
  return large;
}

// The picture the face mask is made on (`bgr` at step 1; at step 2 its even part halved, each
// pixel the mean of four) and `bgr` max-pooled by `block`.
struct SeenAndPooled {
  cv::Mat seen, pooled;
};

// Pooled rows per band: some hundred rows of the picture, well within a core's cache.
constexpr int kPooledBandRows = 8;

SeenAndPooled seen_and_pooled(const cv::Mat& bgr, int step, int block) {
  if (step == 1) return {bgr, max_pooled(bgr, block)};
  // Both read every row of the picture: made a band at a time, the rows halved are pooled while
  // still in the cache.
  const cv::Size half(bgr.cols / 2, bgr.rows / 2);
  const cv::Mat even = bgr(cv::Rect(0, 0, 2 * half.width, 2 * half.height));
  cv::Mat halved(half, bgr.type());
  int halved_rows = 0;
  const auto halve_until = [&](int rows) {
    rows = std::min(rows, half.height);
    if (rows <= halved_rows) return;
    cv::Mat band = halved.rowRange(halved_rows, rows);
    // Each row of the result is the mean of two of the picture's, whatever the band.
    cv::resize(even.rowRange(2 * halved_rows, 2 * rows), band, band.size(), 0, 0, cv::INTER_AREA);
    halved_rows = rows;
  };
  BandedMaxPooling pooling(bgr, block);
  for (int from = 0; from < pooling.pooled_rows(); from += kPooledBandRows) {
    const int to = std::min(from + kPooledBandRows, pooling.pooled_rows());
    halve_until((pooling.image_rows_before(to) + 1) / 2);
    pooling.pool(from, to);
  }
  halve_until(half.height);
  return {halved, pooling.pooled()};
}

constexpr float kMostRatio = 10;

// 1 / white for each white level, as float division gives it (infinity for 0): a product costs a
// fraction of a quotient, and each ratio is the same.
constexpr std::array<float, 256> kReciprocals = [] {
  std::array<float, 256> values{};
  values[0] = std::numeric_limits<float>::infinity();
  for (std::size_t white = 1; white < values.size(); ++white) values[white] = 1.0f / float(white);
  return values;
}();

// One channel's value over its local white.
float channel_ratio(int value, int white) {
  return float(value) * kReciprocals[static_cast<std::size_t>(white)];
}

// The face ratio of the pixel at `pixel`, whose local white is at `white`.
float ratio_of(const std::uint8_t* pixel, const std::uint8_t* white) {
  float smallest = kMostRatio;
  for (int c = 0; c < 3; ++c) smallest = std::min(smallest, channel_ratio(pixel[c], white[c]));
  return smallest;
}

#if CV_SIMD
constexpr int kStep = cv::v_uint8::nlanes;

// ratio_of for the `kStep` pixels from `pixel` on: the same products and minima of floats.
void ratios_of(const std::uint8_t* pixel, const std::uint8_t* white, float* ratio) {
  cv::v_uint8 pixels[3], whites[3];
  cv::v_load_deinterleave(pixel, pixels[0], pixels[1], pixels[2]);
  cv::v_load_deinterleave(white, whites[0], whites[1], whites[2]);
  std::array<std::array<cv::v_float32, 4>, 3> pixel_f, white_f;
  for (std::size_t c = 0; c < 3; ++c) {
    pixel_f[c] = floats_of(pixels[c]);
    white_f[c] = floats_of(whites[c]);
  }
  for (std::size_t q = 0; q < 4; ++q) {
    cv::v_float32 smallest = cv::vx_setall_f32(kMostRatio);
    for (std::size_t c = 0; c < 3; ++c)
      smallest = cv::v_min(smallest, pixel_f[c][q] * (cv::vx_setall_f32(1.0f) / white_f[c][q]));
    cv::v_store(ratio + static_cast<int>(q) * cv::v_float32::nlanes, smallest);
  }
}
#endif

constexpr std::uint16_t kBlue = 29, kGreen = 150, kRed = 77;  // grey weights in 256ths

#if CV_SIMD
// FaceTest::pixel for `kStep` pixels at a time, in 16-bit lanes.
struct FaceVectors {
  std::uint16_t factor;             // of the channels' cuts (proportional_factor)
  std::uint16_t brightness_factor;  // of the grey's cut, in halves of a 256th

  // 255 where the pixels from `bgr` on are face.
  cv::v_uint8 pixels(const std::uint8_t* bgr, const std::uint8_t* white,
                     const std::uint8_t* around) const {
    cv::v_uint8 pixel[3], whites[3];
    cv::v_load_deinterleave(bgr, pixel[0], pixel[1], pixel[2]);
    cv::v_load_deinterleave(white, whites[0], whites[1], whites[2]);
    std::array<cv::v_uint16, 3> pixel_low, pixel_high, white_low, white_high;
    for (std::size_t c = 0; c < 3; ++c) {
      cv::v_expand(pixel[c], pixel_low[c], pixel_high[c]);
      cv::v_expand(whites[c], white_low[c], white_high[c]);
    }
    cv::v_uint16 around_low, around_high;
    cv::v_expand(cv::vx_load(around), around_low, around_high);
    return cv::v_pack(half(pixel_low, white_low, around_low),
                      half(pixel_high, white_high, around_high));
  }

  // All ones where the pixels of one half of a vector are face.
  cv::v_uint16 half(const std::array<cv::v_uint16, 3>& pixel,
                    const std::array<cv::v_uint16, 3>& white, const cv::v_uint16& around) const {
    const cv::v_uint16 factors = cv::vx_setall_u16(factor);
    const cv::v_uint16 light = above_cuts(pixel[0], white[0], factors) &
                               above_cuts(pixel[1], white[1], factors) &
                               above_cuts(pixel[2], white[2], factors);
    // At most 255 * 256 each sum: no lane overflows.
    const cv::v_uint16 grey = cv::v_mul_wrap(pixel[0], cv::vx_setall_u16(kBlue)) +
                              cv::v_mul_wrap(pixel[1], cv::vx_setall_u16(kGreen)) +
                              cv::v_mul_wrap(pixel[2], cv::vx_setall_u16(kRed));
    const cv::v_uint16 needed =
        cv::v_mul_hi(cv::v_shl<8>(around), cv::vx_setall_u16(brightness_factor));
    return light & (cv::v_shr<1>(grey) >= needed);
  }
};
#endif

}  // namespace

FaceTest::FaceTest(const TrioReaderParams& params)
    : cuts_(cuts_of([ratio = params.face_ratio](int value, int white) {
        // No white is 0 (local_white); 0/0 would be no number.
        return white > 0 && channel_ratio(value, white) >= ratio;
      })),
      // The local white is never below 8 (local_white).
      factor_(proportional_factor(cuts_, 8)),
      brightness_factor_(static_cast<std::uint16_t>(
          std::lround(std::clamp(params.min_face_brightness, 0.0f, 1.99f) * 128 * 256))) {}

bool FaceTest::pixel(const std::uint8_t* bgr, const std::uint8_t* white,
                     std::uint8_t around) const {
  for (int c = 0; c < 3; ++c)
    if (bgr[c] <= cuts_[white[c]]) return false;
  const int grey_halves = (kBlue * bgr[0] + kGreen * bgr[1] + kRed * bgr[2]) >> 1;
  return grey_halves >= static_cast<int>((unsigned(around) << 8) * brightness_factor_ >> 16);
}

void FaceTest::row(const std::uint8_t* bgr, const std::uint8_t* white, const std::uint8_t* around,
                   std::uint8_t* face, int cols) const {
  int x = 0;
#if CV_SIMD
  const FaceVectors vectors{factor_, brightness_factor_};
  for (; factor_ != 0 && x + kStep <= cols; x += kStep)
    cv::v_store(face + x, vectors.pixels(bgr + 3 * x, white + 3 * x, around + x));
#endif
  for (; x < cols; ++x) face[x] = pixel(bgr + 3 * x, white + 3 * x, around[x]) ? 255 : 0;
}

float FaceMaps::ratio_at(cv::Point at) const {
  return ratio_of(bgr.ptr<std::uint8_t>(at.y, at.x), white.at(at));
}

cv::Mat FaceMaps::ratio_in(const cv::Rect& box) const {
  CV_Assert((box & bounds()) == box);
  cv::Mat ratio(box.size(), CV_32F);
  std::vector<std::uint8_t> white_row;
  for (int y = 0; y < box.height; ++y) {
    const std::uint8_t* pixel = bgr.ptr<std::uint8_t>(box.y + y, box.x);
    const std::uint8_t* local_white = white.row(box.y + y, box.x, box.width, white_row);
    float* row = ratio.ptr<float>(y);
    int x = 0;
#if CV_SIMD
    for (; x + kStep <= box.width; x += kStep)
      ratios_of(pixel + 3 * x, local_white + 3 * x, row + x);
#endif
    for (; x < box.width; ++x) row[x] = ratio_of(pixel + 3 * x, local_white + 3 * x);
  }
  return ratio;
}

namespace {

// The face mask of `box` of `bgr` (255 for face), against the local white and the brightness
// around of `bgr`'s pixels.
cv::Mat face_mask(const cv::Mat& bgr, const cv::Rect& box, const CoarseMap& white,
                  const CoarseMap& around, const FaceTest& test) {
  cv::Mat face(box.size(), CV_8U);
  cv::parallel_for_(cv::Range(0, box.height), [&](const cv::Range& rows) {
    std::vector<std::uint8_t> white_buffer, around_buffer;
    const std::uint8_t *white_row = nullptr, *around_row = nullptr;
    for (int y = box.y + rows.start; y < box.y + rows.end; ++y) {
      // Rows in one row of the maps share its values.
      if (white_row == nullptr || y % white.step == 0) {
        white_row = white.row(y, box.x, box.width, white_buffer);
        around_row = around.row(y, box.x, box.width, around_buffer);
      }
      test.row(bgr.ptr<std::uint8_t>(y, box.x), white_row, around_row,
               face.ptr<std::uint8_t>(y - box.y), box.width);
    }
  });
  return face;
}

}  // namespace

bool FaceMaps::face_at(cv::Point at) const {
  if (face_step == 1) return face.at<std::uint8_t>(at) != 0;
  return test.pixel(bgr.ptr<std::uint8_t>(at.y, at.x), white.at(at), *around.at(at));
}

cv::Mat FaceMaps::face_in(const cv::Rect& box) const {
  CV_Assert((box & bounds()) == box);
  if (face_step == 1) return face(box);
  return face_mask(bgr, box, white, around, test);
}

FaceMaps face_maps(const cv::Mat& bgr, const TrioReaderParams& params) {
  const int step = params.face_step;
  CV_Assert(step == 1 || step == 2);
  const int downscale = std::max(2, bgr.rows / kWhiteRows);
  // The mask made on the picture halved, where bodies are still tens of pixels across; the
  // bodies' holes are traced again at full size (find_bodies).
  const SeenAndPooled made = seen_and_pooled(bgr, step, downscale);
  const cv::Mat& seen = made.seen;
  // The smooth maps at a quarter of the picture's size whatever the mask's: their values change
  // little from pixel to pixel, and a picture reads alike at either step of the mask.
  constexpr int kMapStep = 4;
  const cv::Size coarse((bgr.cols + kMapStep - 1) / kMapStep, (bgr.rows + kMapStep - 1) / kMapStep);
  const CoarseMap white{
      enlarged(local_white(made.pooled, downscale, kWhiteReach * bgr.rows), coarse), kMapStep};
  const CoarseMap around{
      enlarged(broad_brightness(seen, std::max(1, downscale / step), kBroadReach * seen.rows),
               coarse),
      kMapStep};
  FaceMaps maps{bgr, white, around, FaceTest(params), {}, step};
  // The maps as the seen picture's.
  const CoarseMap seen_white{white.values, kMapStep / step};
  const CoarseMap seen_around{around.values, kMapStep / step};
  maps.face = face_mask(seen, cv::Rect({}, seen.size()), seen_white, seen_around, maps.test);
  return maps;
}

}  // namespace tableref::vision::trio
