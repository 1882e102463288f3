#include "spread_rows.hpp"

#include <algorithm>
#include <array>
#include <opencv2/core.hpp>
#include <opencv2/core/hal/intrin.hpp>

namespace tableref::vision {

namespace {

// Each of `pixels` pixels of `channels` (1 or 3) bytes from `from` on written twice from `into`
// on, side by side.
void doubled(const std::uint8_t* from, int pixels, int channels, std::uint8_t* into) {
  int i = 0;
#if CV_SIMD
  constexpr int kLanes = cv::v_uint8::nlanes;
  cv::v_uint8 first, second;
  if (channels == 1) {
    for (; i + kLanes <= pixels; i += kLanes) {
      const cv::v_uint8 values = cv::vx_load(from + i);
      cv::v_zip(values, values, first, second);
      cv::v_store(into + 2 * i, first);
      cv::v_store(into + 2 * i + kLanes, second);
    }
  } else if (channels == 3) {
    for (; i + kLanes <= pixels; i += kLanes) {
      std::array<cv::v_uint8, 3> values, firsts, seconds;
      cv::v_load_deinterleave(from + 3 * i, values[0], values[1], values[2]);
      for (std::size_t c = 0; c < 3; ++c) cv::v_zip(values[c], values[c], firsts[c], seconds[c]);
      cv::v_store_interleave(into + 6 * i, firsts[0], firsts[1], firsts[2]);
      cv::v_store_interleave(into + 6 * i + 3 * kLanes, seconds[0], seconds[1], seconds[2]);
    }
  }
#endif
  for (; i < pixels; ++i) {
    std::copy_n(from + i * channels, channels, into + 2 * i * channels);
    std::copy_n(from + i * channels, channels, into + (2 * i + 1) * channels);
  }
}

}  // namespace

const std::uint8_t* spread_row(const std::uint8_t* coarse_row, int from, int count, int channels,
                               int step, std::vector<std::uint8_t>& buffer) {
  if (step == 1) return coarse_row + from * channels;
  CV_Assert(step == 2 || step == 4);
  // The coarse pixels from the one `from` lies in to the one the last lies in, doubled once or
  // twice: the twice doubled ones from the buffer's start, the once doubled after them.
  const int skip = from % step, pixels = (skip + count + step - 1) / step;
  const std::size_t spread = static_cast<std::size_t>(step * pixels * channels);
  buffer.resize(step == 2 ? spread : spread + spread / 2);
  if (step == 2) {
    doubled(coarse_row + from / step * channels, pixels, channels, buffer.data());
  } else {
    doubled(coarse_row + from / step * channels, pixels, channels, buffer.data() + spread);
    doubled(buffer.data() + spread, 2 * pixels, channels, buffer.data());
  }
  return buffer.data() + skip * channels;
}

const std::uint8_t* CoarseMap::row(int y, int from, int count,
                                   std::vector<std::uint8_t>& buffer) const {
  return spread_row(values.ptr<std::uint8_t>(y / step), from, count, values.channels(), step,
                    buffer);
}

}  // namespace tableref::vision
