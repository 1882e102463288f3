#include "trio_bodies.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <numbers>
#include <opencv2/core/hal/intrin.hpp>
#include <opencv2/imgproc.hpp>

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

// The brightest nearby value of each channel (CV_8UC3), smooth and at image size: a max-pool to a
// small image, small bright specks removed, then dilated across the largest monster body.
cv::Mat local_white(const cv::Mat& bgr, int downscale, double reach_px) {
  cv::Mat small = max_pooled(bgr, downscale);
  cv::morphologyEx(small, small, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));
  const int radius = std::max(2, static_cast<int>(std::lround(reach_px / downscale)));
  // Square and cross steps in turn grow an octagon: round enough, and cheap at any radius.
  const cv::Mat square = cv::getStructuringElement(cv::MORPH_RECT, {3, 3});
  const cv::Mat cross = cv::getStructuringElement(cv::MORPH_CROSS, {3, 3});
  for (int step = 0; step < radius; ++step) cv::dilate(small, small, step % 2 ? cross : square);
  const int smoothing = std::max(3, 2 * radius / 3) | 1;
  cv::blur(small, small, {smoothing, smoothing});
  cv::max(small, cv::Scalar::all(8), small);
  cv::Mat white;
  cv::resize(small, white, bgr.size(), 0, 0, cv::INTER_LINEAR);
  return white;
}

// The brightness of the wider surroundings (CV_8U): a dark table far from any card is not a face.
cv::Mat broad_brightness(const cv::Mat& bgr, int downscale, double reach_px) {
  cv::Mat grey, small;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  cv::resize(grey, small,
             cv::Size(std::max(1, bgr.cols / downscale), std::max(1, bgr.rows / downscale)), 0, 0,
             cv::INTER_AREA);
  const int radius = std::max(2, static_cast<int>(std::lround(reach_px / downscale)));
  cv::dilate(small, small,
             cv::getStructuringElement(cv::MORPH_RECT, {2 * radius + 1, 2 * radius + 1}));
  cv::blur(small, small, {radius | 1, radius | 1});
  cv::Mat broad;
  cv::resize(small, broad, bgr.size(), 0, 0, cv::INTER_LINEAR);
  return broad;
}

// A hole in the face mask (a body is a hole in its card's face): its outline and area.
struct Hole {
  std::vector<cv::Point> outline;
  double area = 0;
};

// The holes of the face mask whose size a body's can be: from the smallest body (params'
// min_body_px, squashed to the smallest axis ratio) to a round one `max_body_px` across.
std::vector<Hole> body_sized_holes(const cv::Mat& face, const TrioReaderParams& params,
                                   double max_body_px) {
  std::vector<std::vector<cv::Point>> contours;
  std::vector<cv::Vec4i> hierarchy;
  cv::findContours(face, contours, hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_NONE);
  constexpr double kQuarterPi = std::numbers::pi / 4;
  const double min_area =
      kQuarterPi * params.min_body_px * params.min_body_px * params.min_body_axis_ratio;
  const double max_area = kQuarterPi * max_body_px * max_body_px;
  std::vector<Hole> holes;
  for (std::size_t i = 0; i < contours.size(); ++i) {
    if (hierarchy[i][3] < 0 || contours[i].size() < 12) continue;
    const double area = cv::contourArea(contours[i]);
    if (area >= min_area && area <= max_area) holes.push_back({std::move(contours[i]), area});
  }
  return holes;
}

cv::Matx22d rectifier(const cv::RotatedRect& ellipse) {
  const double angle = ellipse.angle * std::numbers::pi / 180;
  const cv::Vec2d u(std::cos(angle), std::sin(angle)), v(-std::sin(angle), std::cos(angle));
  const double along_u = kBodyDiameterMm / std::max(1.0f, ellipse.size.width);
  const double along_v = kBodyDiameterMm / std::max(1.0f, ellipse.size.height);
  return along_u * (u * u.t()) + along_v * (v * v.t());
}

// The face ratio inside the body's ellipse shrunk to `shrink` and inside the hole itself (not in
// a bite glare took out of it), with where each value lies.
struct InsideSample {
  cv::Point2d offset_px;
  float ratio;
};
std::vector<InsideSample> inside_samples(const FaceRatio& ratio, const cv::RotatedRect& ellipse,
                                         double shrink, const std::vector<cv::Point>& hole) {
  std::vector<InsideSample> samples;
  const cv::Rect box = cv::Rect(ellipse.boundingRect()) & ratio.bounds();
  if (box.empty()) return samples;
  const cv::Mat ratio_in_box = ratio.in(box);
  cv::Mat in_hole(box.size(), CV_8U, cv::Scalar(0));
  cv::drawContours(in_hole, std::vector<std::vector<cv::Point>>{hole}, 0, cv::Scalar(255),
                   cv::FILLED, cv::LINE_8, cv::noArray(), 0, -box.tl());
  const double angle = ellipse.angle * std::numbers::pi / 180;
  const double cos_a = std::cos(angle), sin_a = std::sin(angle);
  const double half_u = ellipse.size.width / 2 * shrink, half_v = ellipse.size.height / 2 * shrink;
  for (int y = box.y; y < box.y + box.height; ++y) {
    const float* row = ratio_in_box.ptr<float>(y - box.y);
    const std::uint8_t* inside = in_hole.ptr<std::uint8_t>(y - box.y);
    for (int x = box.x; x < box.x + box.width; ++x) {
      if (inside[x - box.x] == 0) continue;
      const cv::Point2d offset(x - double(ellipse.center.x), y - double(ellipse.center.y));
      const double u = (offset.x * cos_a + offset.y * sin_a) / half_u;
      const double v = (-offset.x * sin_a + offset.y * cos_a) / half_v;
      if (u * u + v * v <= 1) samples.push_back({offset, row[x - box.x]});
    }
  }
  return samples;
}

// Whether what the convex hull adds to the hole is mostly blown-out light: glare took a bite out
// of the body's edge.
bool bite_is_glare(const FaceRatio& ratio, const std::vector<cv::Point>& hole,
                   const std::vector<cv::Point>& hull) {
  const cv::Rect box = cv::boundingRect(hull) & ratio.bounds();
  if (box.empty()) return false;
  cv::Mat bite(box.size(), CV_8U, cv::Scalar(0));
  cv::drawContours(bite, std::vector<std::vector<cv::Point>>{hull}, 0, cv::Scalar(255), cv::FILLED,
                   cv::LINE_8, cv::noArray(), 0, -box.tl());
  cv::drawContours(bite, std::vector<std::vector<cv::Point>>{hole}, 0, cv::Scalar(0), cv::FILLED,
                   cv::LINE_8, cv::noArray(), 0, -box.tl());
  cv::Mat blown;
  cv::compare(ratio.in(box), 0.95, blown, cv::CMP_GE);
  const int bitten = cv::countNonZero(bite);
  return bitten > 0 && cv::countNonZero(blown & bite) * 10 >= bitten * 6;
}

float quantile(std::vector<float> values, double q) {
  const auto at =
      values.begin() + static_cast<std::ptrdiff_t>(q * static_cast<double>(values.size() - 1));
  std::nth_element(values.begin(), at, values.end());
  return *at;
}

// The eyes: the white inside the body. Their contrast over the body, and where they sit: a pair
// side by side, 6 mm from the centre towards the card's tip and 6.8 mm either side of that line
// (components.md puts them in the body's upper half). The pair is searched for in every
// direction, so glare elsewhere on the body does not hide it; a dark spot of a patterned table
// has no such pair.
// A hole whose white stands less than `min_contrast` over the rest (a spot of a dotted table) is
// no body: the search is not made.
void find_eyes(const FaceRatio& ratio, const std::vector<cv::Point>& hole, float min_contrast,
               MonsterBody& body) {
  const std::vector<InsideSample> samples = inside_samples(ratio, body.ellipse, 0.85, hole);
  if (samples.size() < 20) return;
  std::vector<float> values;
  values.reserve(samples.size());
  for (const InsideSample& sample : samples) values.push_back(sample.ratio);
  const float body_level = quantile(values, 0.5);
  const float eye_level = quantile(values, 0.96);
  if (eye_level - body_level < min_contrast) return;
  const float cut = body_level + 0.5f * (eye_level - body_level);
  std::vector<cv::Point2d> bright_mm;
  for (const InsideSample& sample : samples) {
    if (sample.ratio <= cut) continue;
    const cv::Vec2d mm = body.mm_from_px * cv::Vec2d(sample.offset_px.x, sample.offset_px.y);
    bright_mm.emplace_back(mm[0], mm[1]);
  }
  constexpr double kEyeAlongMm = 6.0, kEyeAcrossMm = 6.8, kEyeReachMm = 4.2;
  constexpr int kDirections = 72;
  // Only points within reach of the circle the eyes' centres turn on can count for an eye.
  const double eye_circle_mm = std::hypot(kEyeAlongMm, kEyeAcrossMm);
  std::vector<cv::Point2d> near_circle;
  std::copy_if(bright_mm.begin(), bright_mm.end(), std::back_inserter(near_circle),
               [&](const cv::Point2d& point) {
                 return std::abs(cv::norm(point) - eye_circle_mm) < kEyeReachMm;
               });
  const double reach_squared = kEyeReachMm * kEyeReachMm;
  int best_count = 0;
  cv::Point2d best_along(0, 0);
  for (int i = 0; i < kDirections; ++i) {
    const double angle = 2 * std::numbers::pi * i / kDirections;
    const cv::Point2d along(std::cos(angle), std::sin(angle)), across(-along.y, along.x);
    const cv::Point2d left = along * kEyeAlongMm - across * kEyeAcrossMm;
    const cv::Point2d right = along * kEyeAlongMm + across * kEyeAcrossMm;
    int on_left = 0, on_right = 0;
    for (const cv::Point2d& point : near_circle) {
      on_left += (point - left).dot(point - left) < reach_squared;
      on_right += (point - right).dot(point - right) < reach_squared;
    }
    if (std::min(on_left, on_right) > best_count) {
      best_count = std::min(on_left, on_right);
      best_along = along;
    }
  }
  // An eye's white ring covers about 31 mm^2: a good part of it must show as bright pixels, and
  // most bright pixels must be eyes (glare may add some).
  const double px_per_mm2 = 1.0 / std::abs(cv::determinant(body.mm_from_px));
  if (best_count < 0.4 * 31.4 * px_per_mm2 || 4 * best_count < static_cast<int>(bright_mm.size())) {
    return;
  }
  // Each eye lies on the body: dark all round it.
  const cv::Matx22d px_from_mm = body.mm_from_px.inv();
  const cv::Point2d best_across(-best_along.y, best_along.x);
  for (const double side : {-1.0, 1.0}) {
    const cv::Point2d eye = best_along * kEyeAlongMm + best_across * (side * kEyeAcrossMm);
    int dark = 0;
    constexpr int kAround = 8;
    for (int i = 0; i < kAround; ++i) {
      const double angle = 2 * std::numbers::pi * i / kAround;
      const cv::Vec2d offset =
          px_from_mm * cv::Vec2d(eye.x + 5.5 * std::cos(angle), eye.y + 5.5 * std::sin(angle));
      const cv::Point at(static_cast<int>(std::lround(body.centre.x + offset[0])),
                         static_cast<int>(std::lround(body.centre.y + offset[1])));
      dark += ratio.bounds().contains(at) && ratio.at(at) <= cut;
    }
    if (dark < 6) return;
  }
  body.eye_contrast = eye_level - body_level;
  body.eyes_mm = best_along * kEyeAlongMm;
}

// Just outside the body lies the card's cream field, then its white border: light all round.
bool enclosed_by_face(const FaceRatio& ratio, const MonsterBody& body, float face_ratio) {
  const cv::Matx22d px_from_mm = body.mm_from_px.inv();
  constexpr int kAngles = 32;
  int light = 0, seen = 0;
  for (int i = 0; i < kAngles; ++i) {
    const double angle = 2 * std::numbers::pi * i / kAngles;
    const cv::Vec2d offset = px_from_mm * cv::Vec2d(20.5 * std::cos(angle), 20.5 * std::sin(angle));
    const cv::Point at(static_cast<int>(std::lround(body.centre.x + offset[0])),
                       static_cast<int>(std::lround(body.centre.y + offset[1])));
    if (!ratio.bounds().contains(at)) continue;
    ++seen;
    light += ratio.at(at) >= face_ratio;
  }
  return seen >= kAngles / 2 && light * 4 >= seen * 3;
}

// What a hole of a body's size turned out to be; the debug image colours each.
enum class HoleVerdict { body, shape, not_enclosed, no_eyes };

cv::Scalar verdict_colour(HoleVerdict verdict) {
  switch (verdict) {
    case HoleVerdict::body:
      return {0, 255, 0};
    case HoleVerdict::shape:
      return {0, 0, 255};
    case HoleVerdict::not_enclosed:
      return {0, 165, 255};
    case HoleVerdict::no_eyes:
      return {255, 0, 255};
  }
  return {255, 255, 255};
}

HoleVerdict judge_hole(const Hole& hole, const FaceMaps& maps, const TrioReaderParams& params,
                       MonsterBody& body) {
  const std::vector<cv::Point>& outline = hole.outline;
  const double area = hole.area;
  std::vector<cv::Point> hull;
  cv::convexHull(outline, hull);
  const double hull_area = cv::contourArea(hull);
  const bool bitten = area < params.min_body_solidity * hull_area;
  if (bitten &&
      (area < 0.65 * hull_area || hull.size() < 8 || !bite_is_glare(maps.ratio, outline, hull))) {
    return HoleVerdict::shape;
  }
  // The direct fit is ellipse-specific and costs a quarter of cv::fitEllipse, whose general conic
  // is solved by a singular value decomposition (LAPACK's, for a 5-column system): a frame fits
  // hundreds of holes.
  body.ellipse = cv::fitEllipseDirect(bitten ? hull : outline);
  body.centre = body.ellipse.center;
  body.mm_from_px = rectifier(body.ellipse);
  const double major = std::max(body.ellipse.size.width, body.ellipse.size.height);
  const double minor = std::min(body.ellipse.size.width, body.ellipse.size.height);
  if (minor < params.min_body_axis_ratio * major || major < params.min_body_px) {
    return HoleVerdict::shape;
  }
  const double ellipse_area = std::numbers::pi / 4 * major * minor;
  const double filled = bitten ? hull_area : area;
  if (filled < 0.88 * ellipse_area || filled > 1.1 * ellipse_area) return HoleVerdict::shape;
  if (!enclosed_by_face(maps.ratio, body, params.face_ratio)) return HoleVerdict::not_enclosed;
  find_eyes(maps.ratio, outline, params.min_eye_contrast, body);
  if (!body.eyes_mm || body.eye_contrast < params.min_eye_contrast) return HoleVerdict::no_eyes;
  return HoleVerdict::body;
}

}  // namespace

namespace {

constexpr float kMostRatio = 10;

// One channel's value over its local white.
float channel_ratio(int value, int white) {
  return float(value) * (1.0f / float(white));
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

// Whether a pixel is light enough for face: each channel at least `face_ratio` of its local white
// (the face ratio's own test, exactly: each white level's cut found once), and its grey at least
// `min_face_brightness` of its wider surroundings' (in whole numbers: grey weights in 256ths).
class FaceTest {
 public:
  explicit FaceTest(const TrioReaderParams& params)
      : cuts_(cuts_of([ratio = params.face_ratio](int value, int white) {
          // No white is 0 (local_white); 0/0 would be no number.
          return white > 0 && channel_ratio(value, white) >= ratio;
        })),
        // The local white is never below 8 (local_white).
        factor_(proportional_factor(cuts_, 8)),
        brightness_factor_(static_cast<std::uint16_t>(
            std::lround(std::clamp(params.min_face_brightness, 0.0f, 1.99f) * 128 * 256))) {}

  // One row: `bgr` and `white` CV_8UC3, `around` and `face` CV_8U.
  void row(const std::uint8_t* bgr, const std::uint8_t* white, const std::uint8_t* around,
           std::uint8_t* face, int cols) const {
    int x = 0;
#if CV_SIMD
    for (; factor_ != 0 && x + kStep <= cols; x += kStep)
      cv::v_store(face + x, pixels(bgr + 3 * x, white + 3 * x, around + x));
#endif
    for (; x < cols; ++x) face[x] = pixel(bgr + 3 * x, white + 3 * x, around[x]) ? 255 : 0;
  }

 private:
  static constexpr std::uint16_t kBlue = 29, kGreen = 150, kRed = 77;  // 256ths

  bool pixel(const std::uint8_t* bgr, const std::uint8_t* white, std::uint8_t around) const {
    for (int c = 0; c < 3; ++c)
      if (bgr[c] <= cuts_[white[c]]) return false;
    const int grey_halves = (kBlue * bgr[0] + kGreen * bgr[1] + kRed * bgr[2]) >> 1;
    return grey_halves >= static_cast<int>((unsigned(around) << 8) * brightness_factor_ >> 16);
  }

#if CV_SIMD
  // pixel() for the `kStep` pixels from `bgr` on, 255 for face.
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

  // All ones where the pixels of one half of a vector are face (16-bit lanes).
  cv::v_uint16 half(const std::array<cv::v_uint16, 3>& pixel,
                    const std::array<cv::v_uint16, 3>& white, const cv::v_uint16& around) const {
    const cv::v_uint16 factors = cv::vx_setall_u16(factor_);
    cv::v_uint16 face = above_cuts(pixel[0], white[0], factors) &
                        above_cuts(pixel[1], white[1], factors) &
                        above_cuts(pixel[2], white[2], factors);
    // At most 255 * 256 each sum: no lane overflows.
    const cv::v_uint16 grey = cv::v_mul_wrap(pixel[0], cv::vx_setall_u16(kBlue)) +
                              cv::v_mul_wrap(pixel[1], cv::vx_setall_u16(kGreen)) +
                              cv::v_mul_wrap(pixel[2], cv::vx_setall_u16(kRed));
    const cv::v_uint16 needed =
        cv::v_mul_hi(cv::v_shl<8>(around), cv::vx_setall_u16(brightness_factor_));
    return face & (cv::v_shr<1>(grey) >= needed);
  }
#endif

  LevelCuts cuts_;
  std::uint16_t factor_;
  std::uint16_t brightness_factor_;
};

}  // namespace

FaceRatio::FaceRatio(cv::Mat bgr, cv::Mat white) : bgr_(std::move(bgr)), white_(std::move(white)) {
  CV_Assert(bgr_.type() == CV_8UC3 && white_.type() == CV_8UC3 && bgr_.size() == white_.size());
}

float FaceRatio::at(cv::Point pixel) const {
  return ratio_of(bgr_.ptr<std::uint8_t>(pixel.y, pixel.x),
                  white_.ptr<std::uint8_t>(pixel.y, pixel.x));
}

cv::Mat FaceRatio::in(const cv::Rect& box) const {
  CV_Assert((box & bounds()) == box);
  cv::Mat ratio(box.size(), CV_32F);
  for (int y = 0; y < box.height; ++y) {
    const std::uint8_t* pixel = bgr_.ptr<std::uint8_t>(box.y + y, box.x);
    const std::uint8_t* white = white_.ptr<std::uint8_t>(box.y + y, box.x);
    float* row = ratio.ptr<float>(y);
    int x = 0;
#if CV_SIMD
    for (; x + kStep <= box.width; x += kStep) ratios_of(pixel + 3 * x, white + 3 * x, row + x);
#endif
    for (; x < box.width; ++x) row[x] = ratio_of(pixel + 3 * x, white + 3 * x);
  }
  return ratio;
}

FaceMaps face_maps(const cv::Mat& bgr, const TrioReaderParams& params) {
  const int downscale = std::max(2, bgr.rows / kWhiteRows);
  FaceMaps maps;
  maps.white = local_white(bgr, downscale, kWhiteReach * bgr.rows);
  maps.ratio = FaceRatio(bgr, maps.white);
  maps.around = broad_brightness(bgr, downscale, kBroadReach * bgr.rows);
  maps.face.create(bgr.size(), CV_8U);
  const FaceTest test(params);
  cv::parallel_for_(cv::Range(0, bgr.rows), [&](const cv::Range& rows) {
    for (int y = rows.start; y < rows.end; ++y) {
      test.row(bgr.ptr<std::uint8_t>(y), maps.white.ptr<std::uint8_t>(y),
               maps.around.ptr<std::uint8_t>(y), maps.face.ptr<std::uint8_t>(y), bgr.cols);
    }
  });
  return maps;
}

std::vector<MonsterBody> find_bodies(const FaceMaps& maps, const TrioReaderParams& params,
                                     StageLog& log) {
  StageTimer holes_stage(log, "face holes");
  const double max_body_px = params.max_body_fraction * std::min(maps.face.cols, maps.face.rows);
  const std::vector<Hole> holes = body_sized_holes(maps.face, params, max_body_px);
  holes_stage.finish(static_cast<int>(holes.size()));

  StageTimer bodies_stage(log, "bodies");
  std::vector<MonsterBody> bodies;
  cv::Mat picture;
  if (log.wants_debug_images()) cv::cvtColor(maps.face, picture, cv::COLOR_GRAY2BGR);
  for (const Hole& hole : holes) {
    MonsterBody body;
    const HoleVerdict verdict = judge_hole(hole, maps, params, body);
    if (verdict == HoleVerdict::body) bodies.push_back(body);
    if (!picture.empty())
      cv::ellipse(picture, body.ellipse, verdict_colour(verdict), 2, cv::LINE_AA);
  }
  log.debug_image("bodies", picture);
  // Bodies of one layout have about one size; a hole far smaller than the larger ones is a
  // pattern of the table or a speck.
  if (bodies.size() >= 3) {
    std::vector<double> sizes;
    for (const MonsterBody& body : bodies) sizes.push_back(body.diameter_px());
    std::sort(sizes.begin(), sizes.end());
    const double typical = sizes[3 * (sizes.size() - 1) / 4];
    std::erase_if(bodies,
                  [&](const MonsterBody& body) { return body.diameter_px() < 0.55 * typical; });
  }
  bodies_stage.finish(static_cast<int>(bodies.size()));
  return bodies;
}

}  // namespace tableref::vision::trio
