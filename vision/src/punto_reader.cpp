#include "vision/punto_reader.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <opencv2/imgproc.hpp>
#include <set>

#include "laid_out_once.hpp"
#include "punto_cards.hpp"
#include "referee/punto/card_face.hpp"
#include "vision/colour_space.hpp"
#include "vision/quad_geometry.hpp"
#include "vision/square_card_detector.hpp"
#include "vision/working_scale.hpp"

namespace tableref::vision {

namespace {

using referee::Colour;
using referee::punto::Cell;
using namespace punto;

constexpr std::array<Colour, 4> kPuntoColours = {Colour::red, Colour::green, Colour::blue,
                                                 Colour::yellow};
constexpr double kCoreRadiusMm = 2.8;  // the middle of a dot, clear of its blurred edge
constexpr double kRingInnerMm = 6.0;   // the black face around a dot position
constexpr double kRingOuterMm = 7.5;
constexpr double kFaceSampleRadiusMm = 1.5;
constexpr double kSearchRadiusMm = 7.0;  // a dot a little off its place is still near it
// The dark face between the dots, clear of every dot position's ring and of the rim.
const std::array<cv::Point2d, 8> kFaceSamplesMm = {
    {{20, 20}, {35, 20}, {20, 35}, {35, 35}, {27.5, 5.5}, {5.5, 27.5}, {49.5, 27.5}, {27.5, 49.5}}};
// Brighter than the face by this many grey levels: not black face. Every dot colour is far
// brighter, even in the dark corner of a dim picture.
constexpr double kDotContrast = 22.0;
// A dot's colour is saturated: (max - min) / max of its sRGB channels. Glare, fingers and the
// rim are not.
constexpr double kMinDotSaturation = 0.4;
// Glare washes a pixel out towards white; one this bright whose linear channels still differ this
// much is a dot under glare (black face under glare stays neutral).
constexpr int kWashedGray = 190;
constexpr int kGlaredGray = 100;
constexpr double kMinWashedTint = 0.15;
constexpr double kWashedTintCosine = 0.9;
// Below this tint and not blown out, a glared pixel is black face: a dot would show its tint.
constexpr double kMaxGreyTint = 0.06;
constexpr int kBlownOut = 250;
// Glare may wash out this share of the face around a position, and of its middle, and leave it
// readable.
constexpr double kMaxNeutralShare = 0.5;
constexpr double kMaxGlaredCore = 0.6;
// More than this share of the face away from the dots bright or coloured: something covers it.
constexpr double kMaxCoveredShare = 0.25;
// A dot is located where at least half of a dot's worth of dot pixels are found near it.
constexpr double kMinCentredShare = 0.5;
constexpr double kDotToCoreArea =
    (kDotDiameterMm / 2) * (kDotDiameterMm / 2) / (kCoreRadiusMm * kCoreRadiusMm);
constexpr double kMaxRegistrationMm = 4.0;
// A dot further than this from its place (after registration): the card is not where its outline
// says, or a hand cut the outline short.
constexpr double kMaxDotOffsetMm = 2.5;

cv::Point2d dot_position_mm(std::size_t index) {
  const double col = static_cast<double>(index % 3), row = static_cast<double>(index / 3);
  return {kCardSideMm / 2 + (col - 1) * kDotPitchMm, kCardSideMm / 2 + (row - 1) * kDotPitchMm};
}

std::array<bool, 9> quarter_turned(const std::array<bool, 9>& dots) {
  std::array<bool, 9> turned{};
  for (std::size_t index = 0; index < 9; ++index) {
    const std::size_t row = index / 3, col = index % 3;
    turned[col * 3 + (2 - row)] = dots[index];
  }
  return turned;
}

enum class Position { absent, present, uncertain };

// The values whose dots, in some quarter turn, agree with every decided position.
std::vector<int> matching_values(const std::array<Position, 9>& positions) {
  std::vector<int> values;
  for (int value = 1; value <= 9; ++value) {
    std::array<bool, 9> dots = referee::punto::printed_dots(value);
    for (int turn = 0; turn < 4; ++turn, dots = quarter_turned(dots)) {
      bool agrees = true;
      for (std::size_t i = 0; i < 9 && agrees; ++i) {
        if (positions[i] == Position::uncertain) continue;
        agrees = (positions[i] == Position::present) == dots[i];
      }
      if (agrees) {
        values.push_back(value);
        break;
      }
    }
  }
  return values;
}

// Lightness counts for little: shading, exposure and print darkness move it far more than they
// move hue and chroma, which tell the four colours apart.
float chroma_distance(const cv::Vec3f& a, const cv::Vec3f& b) {
  const float dl = 0.25f * (a[0] - b[0]);
  return std::sqrt(dl * dl + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

float luminance(const cv::Vec3f& linear_rgb) {
  return 0.2126f * linear_rgb[0] + 0.7152f * linear_rgb[1] + 0.0722f * linear_rgb[2];
}

// The regions of a card's face that are sampled, as pixel indices of its resampled image; the
// same for every card, so computed once.
struct FaceRegions {
  int side = 0;
  std::array<std::vector<int>, 9> cores;     // the middle of each dot position
  std::array<std::vector<int>, 9> rings;     // the black face around each dot position
  std::array<std::vector<int>, 9> searches;  // where each position's dot may lie off its place
  std::array<std::vector<int>, 8> face;      // small disks of black face between the positions
  std::vector<int> open_face;                // the face away from every position
  std::vector<int> rim;                      // the rim's band along the middle of each side

  explicit FaceRegions(double px_per_mm)
      : side(static_cast<int>(std::lround(kCardSideMm * px_per_mm))) {
    const auto within = [&](cv::Point2d centre_mm, double inner_mm, double outer_mm,
                            std::vector<int>& out) {
      for (int y = 0; y < side; ++y) {
        for (int x = 0; x < side; ++x) {
          const double r =
              std::hypot((x + 0.5) / px_per_mm - centre_mm.x, (y + 0.5) / px_per_mm - centre_mm.y);
          if (r >= inner_mm && r <= outer_mm) out.push_back(y * side + x);
        }
      }
    };
    for (std::size_t i = 0; i < 9; ++i) {
      within(dot_position_mm(i), 0, kCoreRadiusMm, cores[i]);
      within(dot_position_mm(i), kRingInnerMm, kRingOuterMm, rings[i]);
    }
    for (std::size_t i = 0; i < face.size(); ++i)
      within(kFaceSamplesMm[i], 0, kFaceSampleRadiusMm, face[i]);
    for (std::size_t i = 0; i < 9; ++i) within(dot_position_mm(i), 0, kSearchRadiusMm, searches[i]);
    const double inset = kRimMm + 1.5;
    for (int y = 0; y < side; ++y) {
      for (int x = 0; x < side; ++x) {
        const cv::Point2d at((x + 0.5) / px_per_mm, (y + 0.5) / px_per_mm);
        if (at.x < inset || at.y < inset || at.x > kCardSideMm - inset ||
            at.y > kCardSideMm - inset)
          continue;
        bool near_position = false;
        for (std::size_t i = 0; i < 9 && !near_position; ++i)
          near_position = cv::norm(at - dot_position_mm(i)) < kRingOuterMm;
        if (!near_position) open_face.push_back(y * side + x);
      }
    }
    const int near = static_cast<int>(std::lround(0.3 * px_per_mm));
    const int far = std::max(near + 1, static_cast<int>(std::lround(1.2 * px_per_mm)));
    const int from = static_cast<int>(8 * px_per_mm), to = side - from, last = side - 1;
    for (int along = from; along < to; ++along) {
      for (int in = near; in <= far; ++in) {
        for (const cv::Point p : {cv::Point(along, in), cv::Point(along, last - in),
                                  cv::Point(in, along), cv::Point(last - in, along)}) {
          rim.push_back(p.y * side + p.x);
        }
      }
    }
  }
};

// The regions for faces resampled at `px_per_mm`: they take tens of milliseconds to lay out, and a
// reader keeps one scale, so they are laid out once per scale and shared.
const FaceRegions& face_regions(double px_per_mm) {
  return laid_out_once<FaceRegions>(px_per_mm, [&] { return FaceRegions(px_per_mm); });
}

// One card's face, resampled square.
class CardFace {
 public:
  CardFace(const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners, double px_per_mm,
           int side_px) {
    const cv::Matx33d image_from_mm = image_from_square(corners, kCardSideMm);
    const cv::Matx33d mm_from_face(1 / px_per_mm, 0, 0, 0, 1 / px_per_mm, 0, 0, 0, 1);
    cv::warpPerspective(bgr, bgr_, cv::Mat(image_from_mm * mm_from_face),
                        cv::Size(side_px, side_px), cv::INTER_LINEAR | cv::WARP_INVERSE_MAP,
                        cv::BORDER_REPLICATE);
    cv::cvtColor(bgr_, gray_, cv::COLOR_BGR2GRAY);
  }

  int gray(int index) const { return gray_.ptr<std::uint8_t>()[index]; }
  const cv::Vec3b& bgr(int index) const { return bgr_.ptr<cv::Vec3b>()[index]; }

  double mean_gray(const std::vector<int>& region) const {
    double total = 0;
    for (const int index : region) total += gray(index);
    return region.empty() ? 0 : total / static_cast<double>(region.size());
  }

  // The rim's colour: the brightest samples of its band (blur spreads it into face and table).
  std::optional<cv::Vec3f> rim_linear(const std::vector<int>& band) const {
    if (band.size() < 20) return std::nullopt;
    std::vector<int> sorted = band;
    const auto brightest = sorted.begin() + static_cast<long>(sorted.size() * 7 / 10);
    std::nth_element(sorted.begin(), brightest, sorted.end(),
                     [&](int a, int b) { return gray(a) < gray(b); });
    cv::Vec3f total(0, 0, 0);
    int count = 0;
    for (auto it = brightest; it != sorted.end(); ++it, ++count) {
      const cv::Vec3b& pixel = bgr(*it);
      total += linear_from_bgr(pixel);
    }
    return total / static_cast<float>(count);
  }

 private:
  cv::Mat bgr_;
  cv::Mat gray_;
};

// What one pixel of a face shows: the black face, a dot's colour, a dot washed out by glare (it
// keeps a tint: glare adds the same light to every channel), black face under glare (grey, not
// blown out), or something else bright without a dot's colour (a finger, the rim, blown-out
// glare).
enum class Seen { dark, dot, washed_dot, glared_face, neutral };

// How a colour departs from grey, in white-balanced linear light: each channel above the lowest.
cv::Vec3f tint(const cv::Vec3f& balanced_linear) {
  const float low = std::min({balanced_linear[0], balanced_linear[1], balanced_linear[2]});
  return balanced_linear - cv::Vec3f(low, low, low);
}

// Classifies the pixels of one card's face. Glare adds the lamp's light to every channel, so a
// dot under glare keeps a tint of the dot's colour once the lamp's colour is divided out, while
// the black face under glare turns grey.
class PixelClassifier {
 public:
  PixelClassifier(double dark_below, const cv::Vec3f& gains,
                  const std::optional<cv::Vec3f>& dot_tint)
      : dark_below_(dark_below), gains_(gains), dot_tint_(dot_tint) {}

  Seen operator()(int gray, const cv::Vec3b& bgr) const {
    if (gray < dark_below_) return Seen::dark;
    if (saturated(bgr)) return Seen::dot;
    if (gray < kGlaredGray) return Seen::neutral;
    const cv::Vec3f seen = tint(linear_from_bgr(bgr).mul(gains_));
    const double size = cv::norm(seen);
    if (size < kMaxGreyTint && std::max({bgr[0], bgr[1], bgr[2]}) < kBlownOut)
      return Seen::glared_face;
    if (gray < kWashedGray || size < kMinWashedTint || !dot_tint_) return Seen::neutral;
    return seen.dot(*dot_tint_) / size >= kWashedTintCosine ? Seen::washed_dot : Seen::neutral;
  }

  static bool saturated(const cv::Vec3b& bgr) {
    const int high = std::max({bgr[0], bgr[1], bgr[2]}), low = std::min({bgr[0], bgr[1], bgr[2]});
    return high > 0 && (high - low) >= kMinDotSaturation * high;
  }

 private:
  double dark_below_;
  cv::Vec3f gains_;
  std::optional<cv::Vec3f> dot_tint_;  // unit vector
};

struct SeenCounts {
  std::array<int, 5> count{};
  void add(Seen seen) { ++count[static_cast<std::size_t>(seen)]; }
  int of(Seen seen) const { return count[static_cast<std::size_t>(seen)]; }
  int total() const { return count[0] + count[1] + count[2] + count[3] + count[4]; }
  int dots() const { return of(Seen::dot) + of(Seen::washed_dot); }
  int face() const { return of(Seen::dark) + of(Seen::glared_face); }
  int seen() const { return face() + dots(); }  // all but neutral
  double neutral_share() const { return total() == 0 ? 1.0 : double(of(Seen::neutral)) / total(); }
};

struct DotReading {
  std::array<Position, 9> positions{};
  cv::Vec3f dot_linear{0, 0, 0};  // mean colour of the dots' cores (linear RGB)
  int dot_samples = 0;
  // Where each clearly seen dot lies on the face (mm): the card's outline may be a little off.
  std::array<std::optional<cv::Point2d>, 9> dot_centres_mm;
  bool covered = false;   // something other than glare lies over the face
  bool off_grid = false;  // a dot lies off its place: the outline found is not the card's

  int uncertain() const {
    return static_cast<int>(std::count(positions.begin(), positions.end(), Position::uncertain));
  }
  bool clear() const { return uncertain() == 0 && !off_grid; }
};

// The tint of the card's dots, from the pixels of its clearest dots (a unit vector).
std::optional<cv::Vec3f> dot_tint(const CardFace& face, const FaceRegions& regions,
                                  double dark_below, const cv::Vec3f& gains) {
  cv::Vec3f total(0, 0, 0);
  for (const std::vector<int>& core : regions.cores) {
    cv::Vec3f colour(0, 0, 0);
    int saturated = 0;
    for (const int index : core) {
      if (face.gray(index) < dark_below || !PixelClassifier::saturated(face.bgr(index))) continue;
      colour += linear_from_bgr(face.bgr(index));
      ++saturated;
    }
    if (saturated * 2 >= static_cast<int>(core.size())) total += colour;
  }
  const cv::Vec3f seen = tint(total.mul(gains));
  const double size = cv::norm(seen);
  if (size <= 0) return std::nullopt;
  return seen / static_cast<float>(size);
}

DotReading read_dots(const CardFace& face, const FaceRegions& regions,
                     const PuntoReaderParams& params, const cv::Vec3f& gains) {
  DotReading reading;
  std::vector<double> face_levels;
  for (const std::vector<int>& disk : regions.face) face_levels.push_back(face.mean_gray(disk));
  std::nth_element(face_levels.begin(), face_levels.begin() + 3, face_levels.end());
  const double dark_below = face_levels[3] + kDotContrast;  // lower median: glare lifts a few
  const PixelClassifier classify(dark_below, gains, dot_tint(face, regions, dark_below, gains));

  for (std::size_t i = 0; i < 9; ++i) {
    SeenCounts core, ring;
    cv::Vec3f colour(0, 0, 0);
    for (const int index : regions.cores[i]) {
      const Seen seen = classify(face.gray(index), face.bgr(index));
      core.add(seen);
      if (seen == Seen::dot) colour += linear_from_bgr(face.bgr(index));
    }
    for (const int index : regions.rings[i]) ring.add(classify(face.gray(index), face.bgr(index)));
    Position& position = reading.positions[i];
    position = Position::uncertain;
    // Glare may wash out a little of a position and of the face around it; anything else
    // bright around it (a finger, a card's edge) leaves it undecided.
    const bool clear_around = ring.neutral_share() <= kMaxNeutralShare && ring.seen() > 0 &&
                              double(ring.face()) / ring.seen() >= params.min_face_share;
    const bool readable_core = core.seen() > 0 && core.neutral_share() <= kMaxGlaredCore;
    if (clear_around && readable_core) {
      const double dot_share = double(core.dots()) / core.seen();
      if (dot_share >= params.dot_present_share) position = Position::present;
      if (dot_share <= params.dot_absent_share) position = Position::absent;
    }
    cv::Point2d centre_sum(0, 0);
    int dot_pixels = 0;
    for (const int index : regions.searches[i]) {
      const Seen seen = classify(face.gray(index), face.bgr(index));
      if (seen != Seen::dot && seen != Seen::washed_dot) continue;
      centre_sum += cv::Point2d(index % regions.side + 0.5, index / regions.side + 0.5);
      ++dot_pixels;
    }
    if (dot_pixels >=
        kMinCentredShare * static_cast<double>(regions.cores[i].size()) * kDotToCoreArea) {
      reading.dot_centres_mm[i] = centre_sum / (dot_pixels * params.card_px_per_mm);
      reading.off_grid = reading.off_grid || cv::norm(*reading.dot_centres_mm[i] -
                                                      dot_position_mm(i)) > kMaxDotOffsetMm;
    }
    if (position == Position::present) {
      reading.dot_linear += colour;
      reading.dot_samples += core.of(Seen::dot);
    }
  }
  if (reading.dot_samples > 0) reading.dot_linear /= static_cast<float>(reading.dot_samples);
  // Glare covers a few percent of a card at most: a face covered further is under a hand or a
  // sleeve, whatever its dots seem to say.
  SeenCounts open;
  for (const int index : regions.open_face) open.add(classify(face.gray(index), face.bgr(index)));
  if (open.total() == 0 ||
      double(open.of(Seen::neutral) + open.dots()) / open.total() > kMaxCoveredShare) {
    reading.covered = true;
    reading.positions.fill(Position::uncertain);
  }
  return reading;
}

// The card's corners moved so that its dot grid lies on the dots seen: a finger or a shadow at
// the edge of a face shifts the outline found, not the dots. Scale and shift only (the outline's
// directions are right); nullopt when no dot is clear or the move is implausibly large.
std::optional<std::array<cv::Point2d, 4>> registered_corners(
    const std::array<cv::Point2d, 4>& corners, const DotReading& dots) {
  std::vector<std::pair<cv::Point2d, cv::Point2d>> pairs;  // (expected, seen) in mm
  for (std::size_t i = 0; i < 9; ++i) {
    if (dots.dot_centres_mm[i]) pairs.emplace_back(dot_position_mm(i), *dots.dot_centres_mm[i]);
  }
  if (pairs.empty()) return std::nullopt;
  cv::Point2d expected_mean(0, 0), seen_mean(0, 0);
  for (const auto& [expected, seen] : pairs) {
    expected_mean += expected;
    seen_mean += seen;
  }
  expected_mean /= static_cast<double>(pairs.size());
  seen_mean /= static_cast<double>(pairs.size());
  double covariance = 0, spread = 0;
  for (const auto& [expected, seen] : pairs) {
    covariance += (expected - expected_mean).dot(seen - seen_mean);
    spread += (expected - expected_mean).dot(expected - expected_mean);
  }
  const double scale = spread > 1 ? covariance / spread : 1.0;
  const cv::Point2d shift = seen_mean - expected_mean * scale;
  if (scale < 0.9 || scale > 1.1 || cv::norm(seen_mean - expected_mean) > kMaxRegistrationMm)
    return std::nullopt;
  const cv::Matx33d image_from_mm = image_from_square(corners, kCardSideMm);
  std::array<cv::Point2d, 4> moved;
  const std::array<cv::Point2d, 4> square = {cv::Point2d(0, 0), cv::Point2d(kCardSideMm, 0),
                                             cv::Point2d(kCardSideMm, kCardSideMm),
                                             cv::Point2d(0, kCardSideMm)};
  for (std::size_t i = 0; i < 4; ++i)
    moved[i] = apply_homography(image_from_mm, square[i] * scale + shift);
  return moved;
}

struct CardRead {
  std::array<cv::Point2d, 4> corners;
  DotReading dots;
  std::optional<int> value;
  std::optional<Colour> colour;
};

// The light's colour, from the rims of all cards: gains that make them neutral, at unchanged
// luminance. Rims are thin, so each card's estimate is rough; their median is not.
cv::Vec3f rim_gains(const std::vector<std::optional<cv::Vec3f>>& rims) {
  std::array<std::vector<float>, 3> channels;
  for (const auto& rim : rims) {
    if (!rim) continue;
    const float y = luminance(*rim);
    if (y <= 1e-4f) continue;
    for (int c = 0; c < 3; ++c) channels[static_cast<std::size_t>(c)].push_back((*rim)[c] / y);
  }
  if (channels[0].empty()) return {1, 1, 1};
  cv::Vec3f chromaticity;
  for (int c = 0; c < 3; ++c) {
    auto& values = channels[static_cast<std::size_t>(c)];
    std::nth_element(values.begin(), values.begin() + static_cast<long>(values.size() / 2),
                     values.end());
    chromaticity[c] = values[values.size() / 2];
  }
  // A neutral has equal channels: divide the light's tint out, keep the luminance.
  cv::Vec3f gains;
  for (int c = 0; c < 3; ++c) gains[c] = 1.0f / std::max(chromaticity[c], 1e-3f);
  return gains / luminance(gains);
}

std::optional<Colour> classify_colour(const cv::Vec3f& dot_linear, const cv::Vec3f& gains,
                                      const ColourReferences& references,
                                      const PuntoReaderParams& params) {
  const cv::Vec3f lab = lab_from_linear(dot_linear.mul(gains));
  Colour best = Colour::red;
  float best_distance = 1e9f, second = 1e9f;
  for (const Colour colour : kPuntoColours) {
    const float distance = chroma_distance(lab, references.lab(colour));
    if (distance < best_distance) {
      second = best_distance;
      best_distance = distance;
      best = colour;
    } else if (distance < second) {
      second = distance;
    }
  }
  if (best_distance > params.max_colour_distance) return std::nullopt;
  if (second - best_distance < params.min_colour_margin) return std::nullopt;
  return best;
}

// ---- The grid -------------------------------------------------------------------------------

double axis_angle_deg(const std::array<cv::Point2d, 4>& corners) {
  const cv::Point2d along = (corners[1] - corners[0]) + (corners[2] - corners[3]);
  return std::atan2(along.y, along.x) * 180 / std::numbers::pi;
}

// interface.md: the image's grid axes are the layout's axes nearest to the image's. Every card's
// corners are renamed so that its first side runs along the layout's axis nearest to image +x
// (a card alone would pick its own, and cards near 45 degrees would disagree).
std::vector<std::array<cv::Point2d, 4>> grid_corners(const std::vector<CardRead>& cards) {
  double sum_cos = 0, sum_sin = 0;
  for (const CardRead& card : cards) {
    const double angle = 4 * axis_angle_deg(card.corners) * std::numbers::pi / 180;
    sum_cos += std::cos(angle);
    sum_sin += std::sin(angle);
  }
  const double layout_deg = std::atan2(sum_sin, sum_cos) * 180 / std::numbers::pi / 4;
  std::vector<std::array<cv::Point2d, 4>> renamed;
  for (const CardRead& card : cards) {
    int best_turn = 0;
    double best_off = 1e9;
    for (int turn = 0; turn < 4; ++turn) {
      const double off = std::abs(
          std::remainder(axis_angle_deg(rotate_corners(card.corners, turn)) - layout_deg, 360.0));
      if (off < best_off) {
        best_off = off;
        best_turn = turn;
      }
    }
    renamed.push_back(rotate_corners(card.corners, best_turn));
  }
  return renamed;
}

struct GridFit {
  std::vector<Cell> cells;
  double worst_residual = 0;  // of a pitch
};

// Each card's cell, found card by card from the nearest card already placed: the offset between
// two cards, measured in both cards' own millimetres, rounded to whole cells.
GridFit fit_grid(const std::vector<std::array<cv::Point2d, 4>>& corners, double pitch_mm) {
  const std::size_t count = corners.size();
  std::vector<cv::Matx33d> mm_from_image;
  std::vector<cv::Point2d> centres;
  for (const auto& card : corners) {
    mm_from_image.push_back(image_from_square(card, kCardSideMm).inv());
    centres.push_back((card[0] + card[1] + card[2] + card[3]) * 0.25);
  }
  const cv::Point2d middle(kCardSideMm / 2, kCardSideMm / 2);
  const auto offset = [&](std::size_t from, std::size_t to) {
    const cv::Point2d forward = apply_homography(mm_from_image[from], centres[to]) - middle;
    const cv::Point2d backward = apply_homography(mm_from_image[to], centres[from]) - middle;
    return (forward - backward) * (0.5 / pitch_mm);
  };
  GridFit fit;
  fit.cells.assign(count, Cell{});
  std::vector<bool> placed(count, false);
  if (count == 0) return fit;
  placed[0] = true;
  for (std::size_t round = 1; round < count; ++round) {
    std::size_t best_from = 0, best_to = 0;
    double best_distance = 1e300;
    for (std::size_t from = 0; from < count; ++from) {
      if (!placed[from]) continue;
      for (std::size_t to = 0; to < count; ++to) {
        if (placed[to]) continue;
        const double distance = cv::norm(centres[to] - centres[from]);
        if (distance < best_distance) {
          best_distance = distance;
          best_from = from;
          best_to = to;
        }
      }
    }
    const cv::Point2d cells = offset(best_from, best_to);
    const Cell step{static_cast<int>(std::lround(cells.x)), static_cast<int>(std::lround(cells.y))};
    fit.worst_residual =
        std::max({fit.worst_residual, std::abs(cells.x - step.col), std::abs(cells.y - step.row)});
    fit.cells[best_to] = fit.cells[best_from] + step;
    placed[best_to] = true;
  }
  Cell lowest = fit.cells.front();
  for (const Cell cell : fit.cells)
    lowest = {std::min(lowest.col, cell.col), std::min(lowest.row, cell.row)};
  for (Cell& cell : fit.cells) cell = cell - lowest;
  return fit;
}

std::string cell_words(Cell cell) {
  return "[" + std::to_string(cell.col) + "," + std::to_string(cell.row) + "]";
}

}  // namespace

namespace {

PuntoReading read_punto_pinhole(const cv::Mat& bgr, const ColourReferences& references,
                                const PuntoReaderParams& params, StageLog& log) {
  PuntoReading reading;
  StageTimer grey_stage(log, "grey");
  cv::Mat gray;
  cv::cvtColor(bgr, gray, cv::COLOR_BGR2GRAY);
  grey_stage.finish();
  const std::vector<CardCandidate> candidates = find_card_faces(bgr, gray, params, log);

  StageTimer light_stage(log, "light");
  const FaceRegions& regions = face_regions(params.card_px_per_mm);
  std::vector<CardFace> faces;
  std::vector<std::optional<cv::Vec3f>> rims;
  for (const CardCandidate& candidate : candidates) {
    faces.emplace_back(bgr, candidate.corners, params.card_px_per_mm, regions.side);
    rims.push_back(faces.back().rim_linear(regions.rim));
  }
  const cv::Vec3f gains = rim_gains(rims);
  light_stage.finish();

  StageTimer dots_stage(log, "dots");
  std::vector<CardRead> cards;
  for (std::size_t i = 0; i < faces.size(); ++i) {
    CardRead card{candidates[i].corners, read_dots(faces[i], regions, params, gains), std::nullopt,
                  std::nullopt};
    if (!card.dots.clear()) {
      if (const auto moved = registered_corners(card.corners, card.dots)) {
        const CardFace again(bgr, *moved, params.card_px_per_mm, regions.side);
        DotReading second = read_dots(again, regions, params, gains);
        if (second.clear() || (!second.off_grid && second.uncertain() < card.dots.uncertain())) {
          card.corners = canonical_corner_order(*moved);
          card.dots = second;
        }
      }
    }
    // Dots off their places: what was read there is not a whole card's face.
    if (card.dots.off_grid) {
      card.dots.covered = true;
      card.dots.positions.fill(Position::uncertain);
    }
    // A dark square with no dot at any position is no Punto card; one whose dots cannot be told
    // (glare, a finger) is a card that cannot be read.
    const bool dotless =
        std::all_of(card.dots.positions.begin(), card.dots.positions.end(),
                    [](Position position) { return position == Position::absent; });
    if (dotless) continue;
    const std::vector<int> values = matching_values(card.dots.positions);
    if (values.size() == 1) card.value = values.front();
    if (card.dots.dot_samples > 0)
      card.colour = classify_colour(card.dots.dot_linear, gains, references, params);
    cards.push_back(card);
  }
  dots_stage.finish(static_cast<int>(cards.size()));

  StageTimer grid_stage(log, "grid");
  const GridFit fit = fit_grid(grid_corners(cards), params.pitch_mm);
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const CardRead& card = cards[i];
    reading.cards.push_back(
        {card.corners,
         (card.corners[0] + card.corners[1] + card.corners[2] + card.corners[3]) * 0.25,
         card.colour, card.value, fit.cells[i], card.dots.covered});
  }
  std::sort(reading.cards.begin(), reading.cards.end(), [](const auto& a, const auto& b) {
    return std::pair(a.cell.row, a.cell.col) < std::pair(b.cell.row, b.cell.col);
  });

  referee::punto::Grid grid;
  std::set<Cell> taken;
  std::optional<referee::punto::Bounds> bounds;
  for (const PuntoCardReading& card : reading.cards) {
    bounds = bounds ? bounds->including(card.cell) : referee::punto::Bounds{card.cell, card.cell};
    if (!taken.insert(card.cell).second)
      reading.doubts.push_back("two cards seen on cell " + cell_words(card.cell));
    if (!card.colour)
      reading.doubts.push_back("the colour of the card on " + cell_words(card.cell) +
                               " cannot be read");
    if (card.covered)
      reading.doubts.push_back("the card on " + cell_words(card.cell) + " is covered");
    if (card.colour)
      grid.lay(card.cell, referee::PuntoCard{"", *card.colour, card.value.value_or(0)});
  }
  if (fit.worst_residual > params.max_cell_residual)
    reading.doubts.push_back("the cards do not lie on one square grid");
  reading.lines = referee::punto::find_lines(grid, 3);
  reading.fits_6x6 = !bounds || bounds->fits_square();
  grid_stage.finish(static_cast<int>(reading.lines.size()));

  StageTimer hidden_stage(log, "hidden cards");
  std::vector<std::array<cv::Point2d, 4>> outlines;
  for (const PuntoCardReading& card : reading.cards) outlines.push_back(card.polygon);
  const std::vector<cv::Point2d> orphans =
      orphan_dots(bgr, gray, outlines, median_side(outlines) / kCardSideMm);
  if (!orphans.empty()) reading.doubts.push_back("a card is partly hidden or out of view");
  hidden_stage.finish(static_cast<int>(orphans.size()));
  reading.unstable = !reading.doubts.empty();
  return reading;
}

}  // namespace

void move_points(PuntoReading& reading, const PointMap& map) {
  move_card_points(reading.cards, map);
}

double table_px_per_mm(const PuntoReading& reading) {
  return scale_of_squares(
      reading.cards, [](const PuntoCardReading& card) { return card.polygon; }, kCardSideMm);
}

PuntoReading read_punto(const cv::Mat& bgr, const ColourReferences& references,
                        const PuntoReaderParams& params, StageLog& log) {
  const double scale = working_scale(params.table_px_per_mm, params.working_px_per_mm);
  return read_pinhole_at_scale(params.lens.get(), scale, bgr, log, [&](const cv::Mat& picture) {
    return read_punto_pinhole(picture, references, params, log);
  });
}

}  // namespace tableref::vision
