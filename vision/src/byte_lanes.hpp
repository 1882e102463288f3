#pragma once
// Rows of bytes worked a vector at a time (OpenCV's universal intrinsics): widened to floats for
// the loops that compute in floats, or made the brighter of two rows.

#include <algorithm>
#include <array>
#include <cstdint>
#include <opencv2/core/hal/intrin.hpp>

namespace tableref::vision {

#if CV_SIMD
// The bytes of `bytes` as floats, in order, four vectors of them.
inline std::array<cv::v_float32, 4> floats_of(const cv::v_uint8& bytes) {
  cv::v_uint16 low, high;
  cv::v_expand(bytes, low, high);
  std::array<cv::v_uint32, 4> words;
  cv::v_expand(low, words[0], words[1]);
  cv::v_expand(high, words[2], words[3]);
  std::array<cv::v_float32, 4> floats;
  for (std::size_t i = 0; i < 4; ++i) floats[i] = cv::v_cvt_f32(cv::v_reinterpret_as_s32(words[i]));
  return floats;
}
#endif

// `into` made the brighter of itself and `from`, byte by byte (on masks of 0 and 255, their
// union): a call of cv::max costs more than the few thousand bytes of one row.
inline void brighten(std::uint8_t* into, const std::uint8_t* from, int bytes) {
  int i = 0;
#if CV_SIMD
  for (; i + cv::v_uint8::nlanes <= bytes; i += cv::v_uint8::nlanes)
    cv::v_store(into + i, cv::v_max(cv::vx_load(into + i), cv::vx_load(from + i)));
#endif
  for (; i < bytes; ++i) into[i] = std::max(into[i], from[i]);
}

}  // namespace tableref::vision
