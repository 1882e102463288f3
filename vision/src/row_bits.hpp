#pragma once
// A mask's row as bits, pixel x at bit x % 64 of word x / 64: 64 pixels worked at once.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <opencv2/core/hal/intrin.hpp>

namespace tableref::vision {

// Words needed for a row `width` pixels wide.
inline int words_for(int width) {
  return (width + 63) / 64;
}

// Packs the row: a bit set where the pixel is not 0. Bits past the row's end are left clear.
inline void pack_row(const std::uint8_t* pixels, int width, std::uint64_t* words) {
  std::fill(words, words + words_for(width), std::uint64_t{0});
  int x = 0;
#if CV_SIMD
  constexpr int kLanes = cv::v_uint8::nlanes;  // divides 64
  for (; x + kLanes <= width; x += kLanes) {
    const auto set = static_cast<std::uint64_t>(
        static_cast<std::uint32_t>(cv::v_signmask(cv::vx_load(pixels + x) != cv::vx_setzero_u8())));
    words[x / 64] |= set << (x % 64);
  }
#endif
  for (; x < width; ++x)
    if (pixels[x] != 0) words[x / 64] |= std::uint64_t{1} << (x % 64);
}

// Unpacks the row: 255 where the bit is set, 0 elsewhere; eight pixels at a time from a table of
// their bytes.
inline void unpack_row(const std::uint64_t* words, int width, std::uint8_t* pixels) {
  static const std::array<std::uint64_t, 256> kBytesOfBits = [] {
    std::array<std::uint64_t, 256> table{};
    for (std::size_t bits = 0; bits < table.size(); ++bits) {
      std::array<std::uint8_t, 8> bytes{};
      for (std::size_t k = 0; k < 8; ++k) bytes[k] = (bits >> k) & 1U ? 255 : 0;
      std::memcpy(&table[bits], bytes.data(), bytes.size());
    }
    return table;
  }();
  int x = 0;
  for (; x + 8 <= width; x += 8) {
    const auto bits = static_cast<std::size_t>((words[x / 64] >> (x % 64)) & 0xFFU);
    std::memcpy(pixels + x, &kBytesOfBits[bits], 8);
  }
  for (; x < width; ++x) pixels[x] = (words[x / 64] >> (x % 64)) & 1U ? 255 : 0;
}

}  // namespace tableref::vision
