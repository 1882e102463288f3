// Cards partly hidden: their dots show where no whole card was found.

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <opencv2/core/hal/intrin.hpp>
#include <opencv2/imgproc.hpp>
#include <optional>

#include "block_means.hpp"
#include "punto_cards.hpp"
#include "run_components.hpp"

namespace tableref::vision::punto {

namespace {

// Dots are searched on an image up to this many times smaller, where the smallest the scale
// allows stay about 6 px across (a picture read at 2 px/mm, whose cards measure it at 1.97 to 2,
// is searched halved).
constexpr int kMaxDownscale = 2;
constexpr double kMinDotPx = 5.8;
// components.md: a card's side spans at least 70 px; above the table a card spans at most about
// a third of the picture's height.
constexpr double kMinPxPerMm = 60.0 / kCardSideMm;
constexpr double kMaxPxPerMm = 400.0 / kCardSideMm;
// A dot's colour is saturated and brighter than the face; its surround is black face. A blue dot
// in a hand's shadow is about 65 grey levels: its contrast with the face tells it.
constexpr int kMinDotGray = 45;
constexpr double kMinDotMeanGray = 55;
constexpr double kMinDotMeanSaturation = 0.5;
constexpr double kMinDarkSurround = 0.6;
// A finger may lie over most of a dot's surround: what it leaves must be a quarter of it at least.
constexpr double kMinSeenSurround = 0.25;
constexpr double kMaxSurroundGray = 70;
constexpr double kMinSurroundContrast = 40;

// The cards found, as polygons with their bounding boxes grown by the margin within which a dot
// counts as a card's own.
constexpr double kCardMarginPx = 2.0;
struct CardPolygons {
  explicit CardPolygons(const std::vector<std::array<cv::Point2d, 4>>& cards) {
    for (const auto& card : cards) {
      polygons.emplace_back(card.begin(), card.end());
      const cv::Rect2d box = cv::boundingRect(polygons.back());
      boxes.emplace_back(box.x - kCardMarginPx, box.y - kCardMarginPx,
                         box.width + 2 * kCardMarginPx, box.height + 2 * kCardMarginPx);
    }
  }
  // Whether `point` lies on a card or within the margin of one.
  bool hold(cv::Point2d point) const {
    for (std::size_t card = 0; card < polygons.size(); ++card) {
      if (boxes[card].contains(point) &&
          cv::pointPolygonTest(polygons[card], point, true) > -kCardMarginPx)
        return true;
    }
    return false;
  }
  std::vector<std::vector<cv::Point2f>> polygons;
  std::vector<cv::Rect2d> boxes;
};

struct Ring {
  double dark_share = 0;   // of the ring's pixels not of skin
  double seen_share = 0;   // of the ring not of skin
  double mean_gray = 255;  // of the ring's pixels not of skin
};

// About three fifths of `value`, 19/32 of it, as the sum of its half, sixteenth and thirty-second
// (each rounded down): a byte holds it, so a vector of bytes computes the same.
int nineteen_32nds(int value) {
  return value / 2 + value / 16 + value / 32;
}

// Whether a pixel has skin's hue: red above green above blue, green a fifth to about three fifths
// of the way from blue to red, and a fifth of red at least between red and blue. No dot's colour
// has it: a red dot's green lies near its blue, a yellow dot's near its red.
bool skin_hued(const cv::Vec3b& pixel) {
  const int blue = pixel[0], green = pixel[1], red = pixel[2];
  if (!(red > green && green > blue) || 5 * (red - blue) < red) return false;
  const int span = red - blue, rise = green - blue;
  return 5 * rise >= span && rise <= nineteen_32nds(span);
}

// The offset (dx, dy) against a circle of `radius`, as a squared distance against a squared radius.
bool within(int dx, int dy, double radius) {
  return double(dx * dx + dy * dy) <= radius * radius;
}
bool inside(int dx, int dy, double radius) {
  return double(dx * dx + dy * dy) < radius * radius;
}

// The largest dx >= 0 with (dx, dy) within `radius`; -1 where none is.
int widest_within(int dy, double radius) {
  const double room = radius * radius - double(dy * dy);
  if (room < 0) return -1;
  // The square root rounds: settled on the exact test's side.
  int dx = static_cast<int>(std::sqrt(room));
  while (within(dx + 1, dy, radius)) ++dx;
  while (dx >= 0 && !within(dx, dy, radius)) --dx;
  return dx;
}

// The least dx >= 0 with (dx, dy) not inside `radius`.
int least_not_inside(int dy, double radius) {
  int dx = static_cast<int>(std::ceil(std::sqrt(std::max(0.0, radius * radius - double(dy * dy)))));
  while (dx > 0 && !inside(dx - 1, dy, radius)) --dx;
  while (inside(dx, dy, radius)) ++dx;
  return dx;
}

// One row of a ring: its pixels from `first` to `last` on either side of the centre, dx = 0
// too when `through_middle`.
struct RingRow {
  int y = 0, first = 0, last = 0;
  bool through_middle = false;
};

// How dark a ring around `centre` is (radii in pixels of `gray`) where no skin covers it: the
// pixels between `inner` and `outer` from it, both included, each row's two spans solved first.
// Nothing when so many of its pixels are light that the ring cannot be dark enough for a dot's
// surround (kMinDarkSurround of the pixels seen): a ring on a light table is left there.
std::optional<Ring> dark_ring_around(const cv::Mat& gray, const cv::Mat& bgr, cv::Point2d centre,
                                     double inner, double outer) {
  const int reach = static_cast<int>(std::ceil(outer));
  const cv::Point middle(static_cast<int>(std::lround(centre.x)),
                         static_cast<int>(std::lround(centre.y)));
  std::vector<RingRow> rows;
  int total = 0;
  const auto in_picture = [&](int from, int to) {
    return std::max(0, std::min(to, gray.cols - 1) - std::max(from, 0) + 1);
  };
  for (int dy = -reach; dy <= reach; ++dy) {
    const int y = middle.y + dy;
    const int widest = widest_within(dy, outer);
    if (widest < 0 || y < 0 || y >= gray.rows) continue;
    // |dx| from `from` to `widest`: the inner disk's pixels (strictly inside) left out.
    const int from = least_not_inside(dy, inner);
    const RingRow row{y, std::max(from, 1), widest, from == 0};
    total += in_picture(middle.x - row.last, middle.x - row.first) +
             in_picture(middle.x + row.first, middle.x + row.last) +
             (row.through_middle ? in_picture(middle.x, middle.x) : 0);
    rows.push_back(row);
  }
  // Light past this many pixels, the share dark of those seen is below kMinDarkSurround.
  const double most_light = (1.0 - kMinDarkSurround) * total;
  int dark = 0, seen = 0;
  double sum = 0;
  const auto count = [&](int x, int y) {
    if (x < 0 || x >= gray.cols || skin_hued(bgr.at<cv::Vec3b>(y, x))) return;
    ++seen;
    const std::uint8_t level = gray.at<std::uint8_t>(y, x);
    sum += level;
    dark += level <= kMaxSurroundGray ? 1 : 0;
  };
  for (const RingRow& row : rows) {
    for (int dx = -row.last; dx <= -row.first; ++dx) count(middle.x + dx, row.y);
    if (row.through_middle) count(middle.x, row.y);
    for (int dx = row.first; dx <= row.last; ++dx) count(middle.x + dx, row.y);
    if (seen - dark > most_light) return std::nullopt;
  }
  if (seen == 0) return Ring{};
  return Ring{double(dark) / seen, double(seen) / total, sum / seen};
}

// A pixel's brightest and darkest channels, what its saturation is made of.
struct ChannelRange {
  int high = 0, low = 0;
};

ChannelRange channel_range(const cv::Vec3b& pixel) {
  return {std::max({pixel[0], pixel[1], pixel[2]}), std::min({pixel[0], pixel[1], pixel[2]})};
}

// The mean grey level and saturation of one component.
std::pair<double, double> blob_colour(const cv::Mat& bgr, const cv::Mat& gray,
                                      const RunComponents& blobs, const RunComponent& blob) {
  double gray_sum = 0, saturation_sum = 0;
  for (std::size_t run = blob.first_run; run < blob.end_run; ++run) {
    const PixelRun& pixels = blobs.runs[run];
    for (int x = pixels.first; x <= pixels.last; ++x) {
      const auto [high, low] = channel_range(bgr.at<cv::Vec3b>(pixels.row, x));
      gray_sum += gray.at<std::uint8_t>(pixels.row, x);
      saturation_sum += high == 0 ? 0.0 : double(high - low) / high;
    }
  }
  const auto count = static_cast<double>(blob.area);
  return {gray_sum / count, saturation_sum / count};
}

// Whether a pixel is saturated and light enough for a dot: its lowest channel at most about three
// fifths of its highest (a saturation of about 0.4 at least).
bool saturated(const cv::Vec3b& pixel, std::uint8_t grey) {
  const auto [high, low] = channel_range(pixel);
  return low <= nineteen_32nds(high) && grey >= kMinDotGray;
}

// Whether a pixel may be a dot's: saturated and light enough, and not of skin's hue (skin is
// saturated too: a dot beside a finger would be one component with the hand).
bool dot_coloured(const cv::Vec3b& pixel, std::uint8_t grey) {
  return saturated(pixel, grey) && !skin_hued(pixel);
}

#if CV_SIMD
// Each byte shifted right by `bits`, through 16-bit lanes (there is no byte shift).
template <int bits>
cv::v_uint8 bytes_shifted_right(const cv::v_uint8& lanes) {
  return cv::v_reinterpret_as_u8(cv::v_reinterpret_as_u16(lanes) >> bits) &
         cv::vx_setall_u8(static_cast<uchar>(0xFF >> bits));
}

// nineteen_32nds() of each byte.
cv::v_uint8 nineteen_32nds(const cv::v_uint8& lanes) {
  return bytes_shifted_right<1>(lanes) + bytes_shifted_right<4>(lanes) +
         bytes_shifted_right<5>(lanes);
}

// Five times each byte, 255 where that is more (byte sums saturate): exact for comparing with a
// byte.
cv::v_uint8 five_times_at_most_255(const cv::v_uint8& lanes) {
  const cv::v_uint8 twice = lanes + lanes;
  return twice + twice + lanes;
}

// dot_coloured() for a vector of pixels from `pixel` on: the same integer tests, in bytes, all
// bits set where they hold.
cv::v_uint8 dot_coloured_lanes(const std::uint8_t* pixel, const std::uint8_t* grey) {
  cv::v_uint8 blue, green, red;
  cv::v_load_deinterleave(pixel, blue, green, red);
  const cv::v_uint8 high = cv::v_max(cv::v_max(blue, green), red);
  const cv::v_uint8 low = cv::v_min(cv::v_min(blue, green), red);
  const cv::v_uint8 saturated =
      (low <= nineteen_32nds(high)) &
      (cv::vx_load(grey) >= cv::vx_setall_u8(static_cast<uchar>(kMinDotGray)));
  // skin_hued(): where red > green > blue, red - blue and green - blue do not wrap.
  const cv::v_uint8 span = red - blue, rise = green - blue;
  const cv::v_uint8 skin = (red > green) & (green > blue) & (five_times_at_most_255(span) >= red) &
                           (five_times_at_most_255(rise) >= span) & (rise <= nineteen_32nds(span));
  return saturated & ~skin;
}
#endif

// The pixels that may be a dot's (dot_coloured), in one pass over the picture.
cv::Mat dot_colour_mask(const cv::Mat& bgr, const cv::Mat& gray) {
  cv::Mat mask(bgr.size(), CV_8U);
  cv::parallel_for_(cv::Range(0, bgr.rows), [&](const cv::Range& rows) {
    for (int y = rows.start; y < rows.end; ++y) {
      const auto* pixel = bgr.ptr<cv::Vec3b>(y);
      const std::uint8_t* grey = gray.ptr<std::uint8_t>(y);
      std::uint8_t* out = mask.ptr<std::uint8_t>(y);
      int x = 0;
#if CV_SIMD
      constexpr int kStep = cv::v_uint8::nlanes;
      for (; x + kStep <= bgr.cols; x += kStep)
        cv::v_store(out + x, dot_coloured_lanes(bgr.ptr<std::uint8_t>(y) + 3 * x, grey + x));
#endif
      for (; x < bgr.cols; ++x) out[x] = dot_coloured(pixel[x], grey[x]) ? 255 : 0;
    }
  });
  return mask;
}

}  // namespace

std::vector<cv::Point2d> orphan_dots(const cv::Mat& bgr, const cv::Mat& picture_gray,
                                     const std::vector<std::array<cv::Point2d, 4>>& cards,
                                     double px_per_mm) {
  const double low_scale = px_per_mm > 0 ? 0.75 * px_per_mm : kMinPxPerMm;
  const double high_scale = px_per_mm > 0 ? 1.35 * px_per_mm : kMaxPxPerMm;
  const int downscale =
      std::clamp(static_cast<int>(kDotDiameterMm * low_scale / kMinDotPx), 1, kMaxDownscale);
  cv::Mat small = bgr, gray = picture_gray;
  if (downscale > 1) {
    small = block_means(bgr, downscale);
    cv::cvtColor(small, gray, cv::COLOR_BGR2GRAY);
  }
  const cv::Mat dot_coloured = dot_colour_mask(small, gray);
  const double radius_mm = kDotDiameterMm / 2;
  const double min_area = std::numbers::pi * std::pow(0.8 * radius_mm * low_scale / downscale, 2);
  const double max_area = std::numbers::pi * std::pow(1.2 * radius_mm * high_scale / downscale, 2);

  const RunComponents blobs = run_components(dot_coloured);
  const CardPolygons card_polygons(cards);
  std::vector<cv::Point2d> orphans;
  for (const RunComponent& blob : blobs.components) {
    const auto area = static_cast<double>(blob.area);
    if (area < std::max(min_area, 6.0) || area > max_area) continue;
    const double width = blob.box.width, height = blob.box.height;
    // Round: fills about pi/4 of its box, and a tilted view squeezes it by 1.8 at most.
    const double fill = area / (width * height);
    if (fill < 0.55 || fill > 0.95 || std::max(width, height) > 1.8 * std::min(width, height))
      continue;
    const cv::Point2d centre = blob.centroid;
    const cv::Point2d in_image =
        (centre + cv::Point2d(0.5, 0.5)) * downscale - cv::Point2d(0.5, 0.5);
    if (card_polygons.hold(in_image)) continue;
    const double radius = std::sqrt(area / std::numbers::pi);
    const auto ring = dark_ring_around(gray, small, centre, 1.5 * radius, 1.9 * radius);
    if (!ring || ring->seen_share < kMinSeenSurround || ring->dark_share < kMinDarkSurround)
      continue;
    const auto [mean_gray, mean_saturation] = blob_colour(small, gray, blobs, blob);
    if (mean_gray < kMinDotMeanGray || mean_saturation < kMinDotMeanSaturation ||
        mean_gray < ring->mean_gray + kMinSurroundContrast)
      continue;
    orphans.push_back(in_image);
  }
  return orphans;
}

}  // namespace tableref::vision::punto
