#include "colour_edges.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <opencv2/core/hal/intrin.hpp>
#include <vector>

namespace tableref::vision {

namespace {

// A gradient's direction is told from tan(22.5°) in fixed point, as cv::Canny does.
constexpr int kTangentShift = 15;
constexpr int kTan22 = 13573;  // tan(22.5°) · 2^15, rounded

// A pixel's state in the edge map: as cv::Canny's, an edge's neighbours that may be edges join it.
constexpr std::uint8_t kMaybeEdge = 0, kNoEdge = 1, kEdge = 2;

// One row's gradients by 3×3 Sobel, each channel interleaved as the picture's, and the buffers
// they are found in.
class RowGradients {
 public:
  explicit RowGradients(int cols)
      : cols_(cols),
        smooth_(3 * cols + 6),
        step_(3 * cols + 6),
        dx_(static_cast<std::size_t>(3 * cols)),
        dy_(static_cast<std::size_t>(3 * cols)) {}

  // The gradients of the row `middle` between `upper` and `lower` (the picture's edge rows
  // replicated): each column's vertical sums first (upper + 2 middle + lower, lower − upper), then
  // their differences and sums across, a pixel's neighbours lying a pixel (3 bytes) either side.
  void find(const std::uint8_t* upper, const std::uint8_t* middle, const std::uint8_t* lower) {
    const int n = 3 * cols_;
    std::int16_t* smooth = smooth_.data() + 3;
    std::int16_t* step = step_.data() + 3;
    int i = 0;
#if CV_SIMD
    constexpr int kHalf = cv::v_uint16::nlanes;
    for (; i + cv::v_uint8::nlanes <= n; i += cv::v_uint8::nlanes) {
      cv::v_uint16 a0, a1, b0, b1, c0, c1;
      cv::v_expand(cv::vx_load(upper + i), a0, a1);
      cv::v_expand(cv::vx_load(middle + i), b0, b1);
      cv::v_expand(cv::vx_load(lower + i), c0, c1);
      cv::v_store(smooth + i, cv::v_reinterpret_as_s16(a0 + (b0 << 1) + c0));
      cv::v_store(smooth + i + kHalf, cv::v_reinterpret_as_s16(a1 + (b1 << 1) + c1));
      cv::v_store(step + i, cv::v_reinterpret_as_s16(c0) - cv::v_reinterpret_as_s16(a0));
      cv::v_store(step + i + kHalf, cv::v_reinterpret_as_s16(c1) - cv::v_reinterpret_as_s16(a1));
    }
#endif
    for (; i < n; ++i) {
      smooth[i] = static_cast<std::int16_t>(upper[i] + 2 * middle[i] + lower[i]);
      step[i] = static_cast<std::int16_t>(lower[i] - upper[i]);
    }
    for (int channel = 0; channel < 3; ++channel) {  // the first and last pixels replicated
      smooth[channel - 3] = smooth[channel];
      step[channel - 3] = step[channel];
      smooth[n + channel] = smooth[n - 3 + channel];
      step[n + channel] = step[n - 3 + channel];
    }
    std::int16_t* dx = dx_.data();
    std::int16_t* dy = dy_.data();
    i = 0;
#if CV_SIMD
    for (; i + cv::v_int16::nlanes <= n; i += cv::v_int16::nlanes) {
      cv::v_store(dx + i, cv::vx_load(smooth + i + 3) - cv::vx_load(smooth + i - 3));
      cv::v_store(dy + i, cv::vx_load(step + i - 3) + (cv::vx_load(step + i) << 1) +
                              cv::vx_load(step + i + 3));
    }
#endif
    for (; i < n; ++i) {
      dx[i] = static_cast<std::int16_t>(smooth[i + 3] - smooth[i - 3]);
      dy[i] = static_cast<std::int16_t>(step[i - 3] + 2 * step[i] + step[i + 3]);
    }
  }

  const std::int16_t* dx() const {
    return dx_.data();
  }
  const std::int16_t* dy() const {
    return dy_.data();
  }

 private:
  int cols_;
  std::vector<std::int16_t> smooth_, step_;  // a pixel's worth of padding at either end
  std::vector<std::int16_t> dx_, dy_;
};

// Each pixel's strongest channel: its squared magnitude (`magnitude`), its dx and dy. Ties go to
// the first channel, as in cv::Canny.
void strongest_channel(const RowGradients& gradients, int cols, int* magnitude, std::int16_t* dx,
                       std::int16_t* dy) {
  const std::int16_t* all_dx = gradients.dx();
  const std::int16_t* all_dy = gradients.dy();
  int x = 0;
#if CV_SIMD
  constexpr int kLanes = cv::v_int16::nlanes, kHalf = cv::v_int32::nlanes;
  const auto squares = [](const cv::v_int16& a, const cv::v_int16& b, cv::v_int32& first,
                          cv::v_int32& second) {
    cv::v_int16 low, high;
    cv::v_zip(a, b, low, high);
    first = cv::v_dotprod(low, low);
    second = cv::v_dotprod(high, high);
  };
  for (; x + kLanes <= cols; x += kLanes) {
    std::array<cv::v_int16, 3> channel_dx, channel_dy;
    cv::v_load_deinterleave(all_dx + 3 * x, channel_dx[0], channel_dx[1], channel_dx[2]);
    cv::v_load_deinterleave(all_dy + 3 * x, channel_dy[0], channel_dy[1], channel_dy[2]);
    cv::v_int32 best_first, best_second;
    squares(channel_dx[0], channel_dy[0], best_first, best_second);
    cv::v_int16 best_dx = channel_dx[0], best_dy = channel_dy[0];
    for (std::size_t channel = 1; channel < 3; ++channel) {
      cv::v_int32 first, second;
      squares(channel_dx[channel], channel_dy[channel], first, second);
      const cv::v_int32 larger_first = first > best_first, larger_second = second > best_second;
      best_first = cv::v_select(larger_first, first, best_first);
      best_second = cv::v_select(larger_second, second, best_second);
      const cv::v_int16 larger = cv::v_pack(larger_first, larger_second);
      best_dx = cv::v_select(larger, channel_dx[channel], best_dx);
      best_dy = cv::v_select(larger, channel_dy[channel], best_dy);
    }
    cv::v_store(magnitude + x, best_first);
    cv::v_store(magnitude + x + kHalf, best_second);
    cv::v_store(dx + x, best_dx);
    cv::v_store(dy + x, best_dy);
  }
#endif
  for (; x < cols; ++x) {
    int strongest = 3 * x;
    int best = all_dx[strongest] * all_dx[strongest] + all_dy[strongest] * all_dy[strongest];
    for (int channel = 3 * x + 1; channel < 3 * x + 3; ++channel) {
      const int squared = all_dx[channel] * all_dx[channel] + all_dy[channel] * all_dy[channel];
      if (squared > best) {
        best = squared;
        strongest = channel;
      }
    }
    magnitude[x] = best;
    dx[x] = all_dx[strongest];
    dy[x] = all_dy[strongest];
  }
}

// Three rows of squared magnitudes around the row suppressed, each padded with a zero either side,
// and the strongest gradient of the middle and lower rows.
class MagnitudeRows {
 public:
  explicit MagnitudeRows(int cols)
      : cols_(cols),
        magnitudes_(static_cast<std::size_t>(3 * (cols + 2)), 0),
        gradients_(static_cast<std::size_t>(4 * cols)) {
    above_ = magnitudes_.data() + 1;
    here_ = above_ + cols + 2;
    below_ = here_ + cols + 2;
    here_dx_ = gradients_.data();
    here_dy_ = here_dx_ + cols;
    below_dx_ = here_dy_ + cols;
    below_dy_ = below_dx_ + cols;
  }

  // Moves a row down: the lower row becomes the middle one, and the new lower row is found from
  // `gradients` (none: beyond the picture's last row, zeros).
  void move_down(const RowGradients* gradients) {
    int* const oldest = above_;
    above_ = here_;
    here_ = below_;
    below_ = oldest;
    std::swap(here_dx_, below_dx_);
    std::swap(here_dy_, below_dy_);
    if (gradients != nullptr) {
      strongest_channel(*gradients, cols_, below_, below_dx_, below_dy_);
    } else {
      std::fill(below_, below_ + cols_, 0);
    }
  }

  // Marks the middle row's pixels in `state`: those whose magnitude is above `low` and a peak
  // across the edge may be edges, and are edges above `high` (their addresses pushed on `edges`).
  void suppress(int low, int high, std::uint8_t* state, std::vector<std::uint8_t*>& edges) const {
    int x = 0;
#if CV_SIMD
    constexpr int kLanes = cv::v_int32::nlanes;
    const cv::v_int32 low_lanes = cv::vx_setall_s32(low), high_lanes = cv::vx_setall_s32(high);
    const cv::v_int32 tan22 = cv::vx_setall_s32(kTan22), zero = cv::vx_setzero_s32();
    const cv::v_int32 no_edge = cv::vx_setall_s32(kNoEdge), edge = cv::vx_setall_s32(kEdge);
    for (; x + kLanes <= cols_; x += kLanes) {
      const cv::v_int32 m = cv::vx_load(here_ + x);
      const cv::v_int32 above_low = m > low_lanes;
      if (cv::v_check_all(~above_low)) continue;  // the map says no edge already
      const cv::v_int32 xs = cv::vx_load_expand(here_dx_ + x);
      const cv::v_int32 ys = cv::vx_load_expand(here_dy_ + x);
      const cv::v_int32 ax = cv::v_reinterpret_as_s32(cv::v_abs(xs));
      const cv::v_int32 ay = cv::v_reinterpret_as_s32(cv::v_abs(ys)) << kTangentShift;
      const cv::v_int32 tg22x = ax * tan22;
      const cv::v_int32 across = ay<tg22x, along = ay> tg22x + (ax << (kTangentShift + 1));
      const cv::v_int32 horizontal_peak =
          (m > cv::vx_load(here_ + x - 1)) & (m >= cv::vx_load(here_ + x + 1));
      const cv::v_int32 vertical_peak =
          (m > cv::vx_load(above_ + x)) & (m >= cv::vx_load(below_ + x));
      const cv::v_int32 diagonal_peak = cv::v_select(
          (xs ^ ys) >= zero, (m > cv::vx_load(above_ + x - 1)) & (m > cv::vx_load(below_ + x + 1)),
          (m > cv::vx_load(above_ + x + 1)) & (m > cv::vx_load(below_ + x - 1)));
      const cv::v_int32 peak =
          above_low &
          cv::v_select(across, horizontal_peak, cv::v_select(along, vertical_peak, diagonal_peak));
      alignas(64) std::array<int, kLanes> states{};
      cv::v_store_aligned(states.data(),
                          cv::v_select(peak, cv::v_select(m > high_lanes, edge, zero), no_edge));
      for (int lane = 0; lane < kLanes; ++lane) {
        state[x + lane] = static_cast<std::uint8_t>(states[static_cast<std::size_t>(lane)]);
        if (state[x + lane] == kEdge) edges.push_back(state + x + lane);
      }
    }
#endif
    for (; x < cols_; ++x) {
      const int m = here_[x];
      if (m <= low || !peak_across(x)) continue;
      state[x] = m > high ? kEdge : kMaybeEdge;
      if (state[x] == kEdge) edges.push_back(state + x);
    }
  }

 private:
  // Whether the middle row's pixel x is larger than its neighbours across its gradient's
  // direction (horizontal, vertical or diagonal, told by tan 22.5° and tan 67.5°).
  bool peak_across(int x) const {
    const int m = here_[x], xs = here_dx_[x], ys = here_dy_[x];
    const int ax = std::abs(xs), ay = std::abs(ys) << kTangentShift;
    const int tg22x = ax * kTan22;
    if (ay < tg22x) return m > here_[x - 1] && m >= here_[x + 1];
    if (ay > tg22x + (ax << (kTangentShift + 1))) return m > above_[x] && m >= below_[x];
    const int s = (xs ^ ys) < 0 ? -1 : 1;
    return m > above_[x - s] && m > below_[x + s];
  }

  int cols_;
  std::vector<int> magnitudes_;
  std::vector<std::int16_t> gradients_;
  int *above_, *here_, *below_;  // each row's first pixel, its padding before it
  std::int16_t *here_dx_, *here_dy_, *below_dx_, *below_dy_;
};

// Every pixel that may be an edge joined to an edge (8-connected) made one, from the edges on
// `edges`. The map's border (no edge) stops the walk at the picture's edge.
void follow_edges(std::vector<std::uint8_t*>& edges, std::ptrdiff_t map_step) {
  const std::array<std::ptrdiff_t, 8> neighbours = {-map_step - 1, -map_step, -map_step + 1, -1, 1,
                                                    map_step - 1,  map_step,  map_step + 1};
  while (!edges.empty()) {
    std::uint8_t* const pixel = edges.back();
    edges.pop_back();
    for (const std::ptrdiff_t offset : neighbours) {
      if (pixel[offset] != kMaybeEdge) continue;
      pixel[offset] = kEdge;
      edges.push_back(pixel + offset);
    }
  }
}

// The edges of the map (inside its one-pixel border) as 255, the rest 0.
cv::Mat edges_in(const cv::Mat& map) {
  cv::Mat edges(map.rows - 2, map.cols - 2, CV_8U);
  for (int y = 0; y < edges.rows; ++y) {
    const std::uint8_t* state = map.ptr<std::uint8_t>(y + 1) + 1;
    std::uint8_t* out = edges.ptr<std::uint8_t>(y);
    int x = 0;
#if CV_SIMD
    const cv::v_uint8 edge = cv::vx_setall_u8(kEdge);
    for (; x + cv::v_uint8::nlanes <= edges.cols; x += cv::v_uint8::nlanes)
      cv::v_store(out + x, cv::vx_load(state + x) == edge);
#endif
    for (; x < edges.cols; ++x) out[x] = state[x] == kEdge ? 255 : 0;
  }
  return edges;
}

// cv::Canny's thresholds for L2 magnitudes: squared, as the magnitudes are.
int squared_threshold(double threshold) {
  const double clamped = std::min(32767.0, threshold);
  return cvFloor(clamped > 0 ? clamped * clamped : clamped);
}

}  // namespace

cv::Mat colour_edges(const cv::Mat& bgr, double low, double high) {
  CV_Assert(bgr.type() == CV_8UC3 && !bgr.empty());
  if (low > high) std::swap(low, high);
  const int low_squared = squared_threshold(low), high_squared = squared_threshold(high);
  const int rows = bgr.rows, cols = bgr.cols;
  const auto row = [&](int y) { return bgr.ptr<std::uint8_t>(std::clamp(y, 0, rows - 1)); };
  RowGradients gradients(cols);
  MagnitudeRows magnitudes(cols);
  const auto gradients_of = [&](int y) {
    gradients.find(row(y - 1), row(y), row(y + 1));
    return &gradients;
  };
  cv::Mat map(rows + 2, cols + 2, CV_8U, cv::Scalar(kNoEdge));
  std::vector<std::uint8_t*> edges;
  magnitudes.move_down(gradients_of(0));
  for (int y = 0; y < rows; ++y) {
    magnitudes.move_down(y + 1 < rows ? gradients_of(y + 1) : nullptr);
    magnitudes.suppress(low_squared, high_squared, map.ptr<std::uint8_t>(y + 1) + 1, edges);
  }
  follow_edges(edges, static_cast<std::ptrdiff_t>(map.step));
  return edges_in(map);
}

}  // namespace tableref::vision
