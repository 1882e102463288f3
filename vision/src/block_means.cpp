#include "block_means.hpp"

#include <algorithm>
#include <cstdint>
#include <opencv2/core/hal/intrin.hpp>
#include <opencv2/imgproc.hpp>
#include <vector>

namespace tableref::vision {

namespace {

// Blocks of up to 16 × 16 pixels: a column of 16 bytes sums to at most 4 080 (16 bits).
constexpr int kMostFactor = 16;

// The whole factor `picture` is shrunk by to `size`, if its blocks are summed here (0 if not).
int summed_factor(const cv::Mat& picture, cv::Size size) {
  if (picture.depth() != CV_8U || (picture.channels() != 1 && picture.channels() != 3)) return 0;
  if (size.width <= 0 || size.height <= 0 || picture.cols % size.width != 0) return 0;
  const int factor = picture.cols / size.width;
  // OpenCV rounds a 2 × 2 block its own way (half up), and fast.
  if (picture.rows != factor * size.height || factor < 3 || factor > kMostFactor) return 0;
  return factor;
}

// `rows` rows of `width` bytes from `first` on (`step` bytes apart), summed column by column.
void add_rows(const std::uint8_t* first, std::size_t step, int rows, int width,
              std::uint16_t* sums) {
  int x = 0;
#if CV_SIMD
  constexpr int kLanes = cv::v_uint8::nlanes;
  for (; x + kLanes <= width; x += kLanes) {
    cv::v_uint16 low = cv::vx_setzero_u16(), high = cv::vx_setzero_u16();
    for (int r = 0; r < rows; ++r) {
      cv::v_uint16 row_low, row_high;
      cv::v_expand(cv::vx_load(first + r * step + x), row_low, row_high);
      low += row_low;
      high += row_high;
    }
    cv::v_store(sums + x, low);
    cv::v_store(sums + x + kLanes / 2, high);
  }
#endif
  for (; x < width; ++x) {
    std::uint16_t sum = 0;
    for (int r = 0; r < rows; ++r) sum = static_cast<std::uint16_t>(sum + first[r * step + x]);
    sums[x] = sum;
  }
}

// The sums of `blocks` blocks of `factor` columns of `column_sums`, each channel's, into `sums`.
template <int kChannels>
void add_blocks(const std::uint16_t* column_sums, int blocks, int factor, std::int32_t* sums) {
  for (int block = 0; block < blocks; ++block, column_sums += factor * kChannels) {
    for (int c = 0; c < kChannels; ++c) {
      std::int32_t sum = 0;
      for (int i = 0; i < factor; ++i) sum += column_sums[i * kChannels + c];
      *sums++ = sum;
    }
  }
}

// Each block's sum in `sums` (`count` of them) times `reciprocal`, rounded to the nearest byte
// (ties to even, as cvRound), into `out`.
void scaled_sums(const std::int32_t* sums, int count, float reciprocal, std::uint8_t* out) {
  int i = 0;
#if CV_SIMD
  constexpr int kLanes = cv::v_int32::nlanes;
  const cv::v_float32 factor = cv::vx_setall_f32(reciprocal);
  for (; i + 2 * kLanes <= count; i += 2 * kLanes) {
    const cv::v_int32 low = cv::v_round(cv::v_cvt_f32(cv::vx_load(sums + i)) * factor);
    const cv::v_int32 high = cv::v_round(cv::v_cvt_f32(cv::vx_load(sums + i + kLanes)) * factor);
    cv::v_pack_u_store(out + i, cv::v_pack(low, high));
  }
#endif
  for (; i < count; ++i)
    out[i] = cv::saturate_cast<std::uint8_t>(static_cast<float>(sums[i]) * reciprocal);
}

}  // namespace

cv::Mat block_means(const cv::Mat& picture, cv::Size size) {
  const int factor = summed_factor(picture, size);
  if (factor == 0) {
    cv::Mat shrunk;
    cv::resize(picture, shrunk, size, 0, 0, cv::INTER_AREA);
    return shrunk;
  }
  const int channels = picture.channels();
  const int width = picture.cols * channels, shrunk_width = size.width * channels;
  // OpenCV's own reciprocal of the area, its product with each sum rounded to a byte.
  const float reciprocal = 1.f / static_cast<float>(factor * factor);
  cv::Mat shrunk(size, picture.type());
  std::vector<std::uint16_t> column_sums(static_cast<std::size_t>(width));
  std::vector<std::int32_t> block_sums(static_cast<std::size_t>(shrunk_width));
  for (int y = 0; y < size.height; ++y) {
    add_rows(picture.ptr<std::uint8_t>(y * factor), picture.step, factor, width,
             column_sums.data());
    if (channels == 1) {
      add_blocks<1>(column_sums.data(), size.width, factor, block_sums.data());
    } else {
      add_blocks<3>(column_sums.data(), size.width, factor, block_sums.data());
    }
    scaled_sums(block_sums.data(), shrunk_width, reciprocal, shrunk.ptr<std::uint8_t>(y));
  }
  return shrunk;
}

cv::Mat block_means(const cv::Mat& picture, int factor) {
  CV_Assert(factor >= 1);
  if (factor == 1) return picture;
  const cv::Size size(std::max(1, picture.cols / factor), std::max(1, picture.rows / factor));
  const cv::Rect whole_blocks(0, 0, std::min(picture.cols, size.width * factor),
                              std::min(picture.rows, size.height * factor));
  return block_means(picture(whole_blocks), size);
}

}  // namespace tableref::vision
