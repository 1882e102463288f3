#pragma once
// A vector of bytes widened to vectors of floats (OpenCV's universal intrinsics): the loops that
// compute in floats a vector of 8-bit pixels at a time.

#include <array>
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

}  // namespace tableref::vision
