#include "vision/freeze_reader.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <opencv2/imgproc.hpp>
#include <tuple>

#include "vision/colour_space.hpp"
#include "vision/quad_geometry.hpp"
#include "vision/working_scale.hpp"

namespace tableref::vision {

namespace {

using referee::Colour;
using referee::freeze::View;
using referee::freeze::ViewCell;

constexpr double kFreezeCardSideMm = 65.0;
constexpr double kBorderMm = 2.0;
constexpr std::array<double, 3> kPositionCentresMm = {13.5, 32.5, 51.5};
// Face points between the positions: the margins and the gaps between disks.
constexpr std::array<double, 4> kFaceLinesMm = {3.75, 23.0, 42.0, 61.25};

// Colours sampled on one card, white-balanced by the card's own face.
class CardSampler {
 public:
  CardSampler(const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners) {
    image_from_card_ = image_from_square(corners, kFreezeCardSideMm);
    double perimeter_px = 0;
    for (std::size_t i = 0; i < 4; ++i) perimeter_px += cv::norm(corners[i] - corners[(i + 1) % 4]);
    px_per_mm_ = perimeter_px / (4 * kFreezeCardSideMm);
    const cv::Rect around = sampled_area(bgr.size());
    // Samples fall on scattered rows of the picture: copied whole, the part they fall in is
    // read once in order and stays in the cache.
    around_ = bgr(around).clone();
    origin_ = around.tl();
  }

  double px_per_mm() const { return px_per_mm_; }

  cv::Point2d to_image(double x_mm, double y_mm) const {
    return apply_homography(image_from_card_, {x_mm, y_mm});
  }

  // Raw 8-bit RGB at a point of the card's plane (mm); false outside the image.
  bool raw(double x_mm, double y_mm, cv::Vec3f& rgb) const {
    return sample_rgb(around_, to_image(x_mm, y_mm) - cv::Point2d(origin_), rgb);
  }

  void set_gains(const cv::Vec3f& gains) { gains_ = gains; }
  cv::Vec3f balanced_lab(const cv::Vec3f& raw_rgb) const {
    return lab_from_linear(linear_from_srgb(raw_rgb).mul(gains_));
  }

 private:
  // The picture's pixels within reach of every sample (kReachMm beyond the card's edges, the
  // table beyond a card below included); the whole picture if that square reaches the horizon.
  cv::Rect sampled_area(cv::Size picture) const {
    constexpr double kReachMm = 40.0;
    const cv::Rect whole(cv::Point(0, 0), picture);
    const cv::Matx33d& h = image_from_card_;
    cv::Point2d lowest(picture.width, picture.height);
    cv::Point2d highest(0, 0);
    for (const double x : {-kReachMm, kFreezeCardSideMm + kReachMm}) {
      for (const double y : {-kReachMm, kFreezeCardSideMm + kReachMm}) {
        if (h(2, 0) * x + h(2, 1) * y + h(2, 2) <= 0) return whole;
        const cv::Point2d corner = to_image(x, y);
        if (!std::isfinite(corner.x) || !std::isfinite(corner.y)) return whole;
        lowest = {std::min(lowest.x, corner.x), std::min(lowest.y, corner.y)};
        highest = {std::max(highest.x, corner.x), std::max(highest.y, corner.y)};
      }
    }
    // Clamped before rounding (a steep view reaches far), then a pixel more each way: a sample
    // reads the pixel after the one it falls in.
    const auto pixel = [](double value, int limit) {
      return static_cast<int>(std::clamp(value, 0.0, static_cast<double>(limit)));
    };
    const cv::Rect box(cv::Point(pixel(std::floor(lowest.x), picture.width),
                                 pixel(std::floor(lowest.y), picture.height)),
                       cv::Point(pixel(std::ceil(highest.x) + 1, picture.width),
                                 pixel(std::ceil(highest.y) + 1, picture.height)));
    return grown_within(box, 1, picture);
  }

  cv::Mat around_;
  cv::Point origin_;
  cv::Matx33d image_from_card_;
  double px_per_mm_ = 1;
  cv::Vec3f gains_{1, 1, 1};
};

float median_of(std::vector<float> values) {
  std::nth_element(values.begin(), values.begin() + static_cast<long>(values.size() / 2),
                   values.end());
  return values[values.size() / 2];
}

// A small cross of samples around a point, averaged against noise.
bool averaged_raw(const CardSampler& sampler, double x_mm, double y_mm, cv::Vec3f& rgb) {
  constexpr double kArmMm = 0.7;
  cv::Vec3f sum(0, 0, 0);
  int count = 0;
  for (const auto& [dx, dy] :
       {std::pair{0.0, 0.0}, {kArmMm, 0.0}, {-kArmMm, 0.0}, {0.0, kArmMm}, {0.0, -kArmMm}}) {
    cv::Vec3f value;
    if (sampler.raw(x_mm + dx, y_mm + dy, value)) {
      sum += value;
      ++count;
    }
  }
  if (count < 3) return false;
  rgb = sum / static_cast<float>(count);
  return true;
}

struct FaceSamples {
  std::array<std::array<std::optional<cv::Vec3f>, 4>, 4> raw;  // [row line][column line]
  cv::Vec3f white_linear{0, 0, 0};
  bool usable = false;
};

FaceSamples sample_face(const CardSampler& sampler) {
  FaceSamples face;
  std::vector<cv::Vec3f> linear;
  for (std::size_t r = 0; r < 4; ++r) {
    for (std::size_t c = 0; c < 4; ++c) {
      cv::Vec3f rgb;
      if (!averaged_raw(sampler, kFaceLinesMm[c], kFaceLinesMm[r], rgb)) continue;
      face.raw[r][c] = rgb;
      linear.push_back(linear_from_srgb(rgb));
    }
  }
  if (linear.size() < 8) return face;
  // The face is the brightest large surface of the card: the upper half of the points by
  // brightness is the least likely to be shadowed or covered.
  std::sort(linear.begin(), linear.end(), [](const cv::Vec3f& a, const cv::Vec3f& b) {
    return a[0] + a[1] + a[2] > b[0] + b[1] + b[2];
  });
  linear.resize((linear.size() + 1) / 2);
  face.white_linear = channel_median(linear);
  face.usable = true;
  return face;
}

// White-balanced samples of the table around a card, and the box in Lab that holds them.
class TableModel {
 public:
  void add(const cv::Vec3f& lab) {
    if (samples_.empty()) lowest_ = highest_ = lab;
    for (int c = 0; c < 3; ++c) {
      lowest_[c] = std::min(lowest_[c], lab[c]);
      highest_[c] = std::max(highest_[c], lab[c]);
    }
    samples_.push_back(lab);
  }

  // Whether a sample lies within `distance` (lab_distance) of `lab`.
  bool near(const cv::Vec3f& lab, float distance) const {
    // A colour that far from the box along one axis is that far from every sample: most colours
    // a card shows are told without a search. The margin covers the distance's rounding.
    const float reach = distance * 1.001f;
    constexpr std::array<float, 3> kAxisWeights = {kLabLightnessWeight, 1.0f, 1.0f};
    for (int c = 0; c < 3; ++c) {
      const float outside = std::max(lowest_[c] - lab[c], lab[c] - highest_[c]);
      if (kAxisWeights[static_cast<std::size_t>(c)] * outside >= reach) return false;
    }
    return std::any_of(samples_.begin(), samples_.end(),
                       [&](const cv::Vec3f& t) { return lab_distance(t, lab) < distance; });
  }

 private:
  std::vector<cv::Vec3f> samples_;
  cv::Vec3f lowest_;
  cv::Vec3f highest_;
};

// The table on rings this far outside the card's edges.
TableModel sample_table(const CardSampler& sampler, const std::array<double, 2>& rings_mm) {
  TableModel table;
  for (const double outside_mm : rings_mm) {
    for (double t = 4.0; t <= kFreezeCardSideMm - 4.0; t += 4.0) {
      const std::array<cv::Point2d, 4> points = {cv::Point2d{t, -outside_mm},
                                                 {kFreezeCardSideMm + outside_mm, t},
                                                 {t, kFreezeCardSideMm + outside_mm},
                                                 {-outside_mm, t}};
      for (const cv::Point2d& p : points) {
        cv::Vec3f rgb;
        if (sampler.raw(p.x, p.y, rgb)) table.add(sampler.balanced_lab(rgb));
      }
    }
  }
  return table;
}

// The face and border of this card, as its own border shows under this light: what a card
// below shows beyond the top card's edge or through its holes.
class CardMaterial {
 public:
  // ink: a monster's print (told by the alignment check, which knows the table beyond).
  enum class Kind { border, face, ink, other };

  CardMaterial(const CardSampler& sampler, const ColourReferences& references,
               const FreezeReaderParams& params)
      : params_(params) {
    std::vector<cv::Vec3f> border;
    constexpr double kInsideMm = 1.0;
    for (double t = 8.0; t <= kFreezeCardSideMm - 8.0; t += 6.0) {
      for (const cv::Point2d& p : {cv::Point2d{t, kInsideMm},
                                   {kFreezeCardSideMm - kInsideMm, t},
                                   {kFreezeCardSideMm - t, kFreezeCardSideMm - kInsideMm},
                                   {kInsideMm, kFreezeCardSideMm - t}}) {
        cv::Vec3f rgb;
        if (sampler.raw(p.x, p.y, rgb)) border.push_back(sampler.balanced_lab(rgb));
      }
    }
    usable_ = border.size() >= 8;
    if (usable_) border_lab_ = channel_median(border);
    face_lab_ = lab_from_linear(references.freeze_face_linear);
  }

  bool usable() const { return usable_; }

  // Hue and chroma decide; lightness barely, since the top card shades the one below.
  Kind of(const cv::Vec3f& lab) const {
    if (!usable_) return Kind::other;
    const float to_border = shade_tolerant_distance(lab, border_lab_);
    const float to_face = shade_tolerant_distance(lab, face_lab_);
    if (std::min(to_border, to_face) >= params_.material_distance) return Kind::other;
    if (to_border <= to_face) return Kind::border;
    // The face is far lighter than the border: a border-coloured table's mottling is not face.
    return lab[0] > border_lab_[0] + 8.0f ? Kind::face : Kind::other;
  }

  // Face or border, however shaded.
  bool is_card(const cv::Vec3f& lab) const {
    return usable_ && std::min(shade_tolerant_distance(lab, border_lab_),
                               shade_tolerant_distance(lab, face_lab_)) < params_.material_distance;
  }

 private:
  static float shade_tolerant_distance(const cv::Vec3f& lab, const cv::Vec3f& reference) {
    const float dl = 0.2f * (lab[0] - reference[0]);
    const float da = lab[1] - reference[1];
    const float db = lab[2] - reference[2];
    return std::sqrt(dl * dl + da * da + db * db);
  }

  const FreezeReaderParams& params_;
  bool usable_ = false;
  cv::Vec3f border_lab_;
  cv::Vec3f face_lab_;
};

class CellReader {
 public:
  CellReader(const CardSampler& sampler, const FaceSamples& face, const TableModel& table,
             const CardMaterial& material, const ColourReferences& references,
             const FreezeReaderParams& params, bool stack_aligned)
      : sampler_(sampler),
        face_(face),
        table_(table),
        material_(material),
        references_(references),
        params_(params),
        stack_aligned_(stack_aligned) {
    face_lab_ = lab_from_linear(references.freeze_face_linear);
  }

  ViewCell read(std::size_t row, std::size_t col) const {
    if (occluded(row, col)) return ViewCell::unknown();
    std::vector<cv::Vec3f> samples;
    int glare = 0;
    int total = 0;
    sample_disk(row, col, samples, glare, total);
    if (total == 0 || samples.size() < 8 ||
        static_cast<float>(glare) > params_.max_glare_fraction * static_cast<float>(total)) {
      return ViewCell::unknown();
    }
    const cv::Vec3f median = channel_median(samples);
    std::vector<float> deviations;
    int table_like = 0;
    int card_like = 0;  // the face or border of a card below, seen through the hole
    for (const cv::Vec3f& s : samples) {
      deviations.push_back(lab_distance(s, median));
      if (table_.near(s, params_.table_match_distance)) {
        ++table_like;
      } else if (material_.is_card(s)) {
        ++card_like;
      }
    }
    const float spread = median_of(deviations);
    const bool is_table = static_cast<float>(table_like) >=
                          params_.min_table_fraction * static_cast<float>(samples.size());

    // A position unlike the table is read by its ink, which must name the same colour as the
    // whole: a pale card below or a mixed hole has a colourful half too, but not a monster's.
    const NearestColour whole = nearest_colour(median);
    const NearestColour ink = is_table ? whole : nearest_colour(ink_lab(samples));
    const Colour best = ink.colour;
    const bool named = std::max(whole.distance, ink.distance) < params_.max_colour_distance &&
                       whole.colour == ink.colour &&
                       ink.second - ink.distance > params_.min_colour_margin;
    // Seen small, a monster of a card below that lies a little off mixes its eyes into the
    // samples: not uniform, yet its eyes show where a monster's are, and no table shows.
    const bool no_table_seen = table_like * 10 <= static_cast<int>(samples.size());
    const bool is_monster =
        named && (spread < params_.max_monster_spread ||
                  (stack_aligned_ && no_table_seen &&
                   eye_contrast(row, col, median[0]) > params_.min_eye_contrast));
    if (is_monster && !is_table) return ViewCell::monster(best);
    if (is_table && !is_monster) return ViewCell::empty();
    if (is_monster && is_table) {
      // The table has this monster's colour: only a monster has eyes.
      const float contrast = eye_contrast(row, col, median[0]);
      if (contrast > params_.min_eye_contrast) return ViewCell::monster(best);
      // In a stack that is not aligned, a monster below may lie too far off for its eyes to be
      // found: no eyes there is no proof of a hole.
      if (contrast < params_.min_eye_contrast / 3 && stack_aligned_) return ViewCell::empty();
    }
    // A hole over a card below that lies off shows the table and that card's face or border:
    // no monster shows there either, unless its most colourful half has a monster's colour.
    const bool table_or_card = static_cast<float>(table_like + card_like) >=
                               params_.min_table_fraction * static_cast<float>(samples.size());
    if (!is_monster && !is_table && table_or_card && ink.distance > params_.min_hole_ink_distance) {
      return ViewCell::empty();
    }
    return ViewCell::unknown();
  }

 private:
  // A hand or sleeve over a position also hides the face around it.
  bool occluded(std::size_t row, std::size_t col) const {
    int hidden = 0;
    for (std::size_t r = row; r <= row + 1; ++r) {
      for (std::size_t c = col; c <= col + 1; ++c) {
        const auto& raw = face_.raw[r][c];
        if (!raw ||
            lab_distance(sampler_.balanced_lab(*raw), face_lab_) > params_.max_face_deviation) {
          ++hidden;
        }
      }
    }
    return hidden >= 2;
  }

  // An annulus inside the disk, clear of the eyes and mouth whichever way the card below is
  // turned. Blown-out samples (glare, eyes) are counted, not kept.
  void sample_disk(std::size_t row, std::size_t col, std::vector<cv::Vec3f>& samples, int& glare,
                   int& total) const {
    const double cx = kPositionCentresMm[col];
    const double cy = kPositionCentresMm[row];
    constexpr int kAngles = 24;
    for (const double radius : {0.0, 1.2, 5.9, 6.4}) {
      for (int i = 0; i < kAngles; ++i) {
        const double angle = 2 * std::numbers::pi * (i + 0.5 * (radius > 6.0)) / kAngles;
        if (radius == 0.0 && i > 0) break;
        cv::Vec3f rgb;
        if (!sampler_.raw(cx + radius * std::cos(angle), cy + radius * std::sin(angle), rgb))
          continue;
        ++total;
        const cv::Vec3f lab = sampler_.balanced_lab(rgb);
        // Glare and eye whites are white and brighter than the face; a saturated yellow is not,
        // nor a white table seen through a hole.
        const bool blown_out =
            (std::min({rgb[0], rgb[1], rgb[2]}) > 235.0f || lab[0] > face_lab_[0] + 4.0f) &&
            !table_.near(lab, params_.table_match_distance);
        if (blown_out) {
          ++glare;
        } else {
          samples.push_back(lab);
        }
      }
    }
  }

  // How clearly two eyes show, for the best of the four ways the monster may face (a card below
  // can be turned against the top card) and of small shifts (it can lie a little off). An eye is
  // a white ring brighter than the body between the eyes, or around a pupil darker than the
  // ring: on a light yellow body the white barely stands out, but the pupil does.
  float eye_contrast(std::size_t row, std::size_t col, float body_lightness) const {
    const double cx = kPositionCentresMm[col];
    const double cy = kPositionCentresMm[row];
    const auto lightness = [&](double x, double y) {
      cv::Vec3f rgb;
      return sampler_.raw(cx + x, cy + y, rgb) ? sampler_.balanced_lab(rgb)[0] : body_lightness;
    };
    const auto ring = [&](double ex, double ey) {
      float total = 0;
      for (int i = 0; i < 8; ++i) {
        const double angle = i * std::numbers::pi / 4;
        total += lightness(ex + 1.25 * std::cos(angle), ey + 1.25 * std::sin(angle));
      }
      return total / 8;
    };
    // A pupil or the body between the eyes, averaged against noise.
    const auto spot = [&](double x, double y) {
      constexpr double kArmMm = 0.3;
      return (lightness(x, y) + lightness(x + kArmMm, y) + lightness(x - kArmMm, y) +
              lightness(x, y + kArmMm) + lightness(x, y - kArmMm)) /
             5;
    };
    constexpr double kShiftMm = 0.75;
    float best = -1e9f;
    for (int turn = 0; turn < 4; ++turn) {
      // Eyes 3 mm above the centre and 3 mm either side, turned by quarter turns.
      const auto turned = [turn](double x, double y) {
        for (int i = 0; i < turn; ++i) std::tie(x, y) = std::pair{-y, x};
        return std::pair{x, y};
      };
      for (const double sx : {-kShiftMm, 0.0, kShiftMm}) {
        for (const double sy : {-kShiftMm, 0.0, kShiftMm}) {
          const auto eye = [&](double x, double y, float between) {
            const auto [ex, ey] = turned(x, y);
            const float white = ring(ex + sx, ey + sy);
            return std::max(white - between, white - spot(ex + sx, ey + sy));
          };
          const auto [mx, my] = turned(0.0, -3.0);
          const float between = std::max(spot(mx + sx, my + sy), body_lightness);
          best = std::max(best, std::min(eye(-3.0, -3.0, between), eye(3.0, -3.0, between)));
        }
      }
    }
    return best;
  }

  NearestColour nearest_colour(const cv::Vec3f& lab) const {
    return references_.nearest(lab, referee::kMonsterColours);
  }

  const CardSampler& sampler_;
  const FaceSamples& face_;
  const TableModel& table_;
  const CardMaterial& material_;
  const ColourReferences& references_;
  const FreezeReaderParams& params_;
  bool stack_aligned_;
  cv::Vec3f face_lab_;
};

// A card below that is offset or turned shows beyond the top card's edge: how far it shows, along
// each side, says by how much it is offset (a constant protrusion) or turned (one that grows
// along the side). components.md: more than 3 mm or 4 degrees is not aligned.
class AlignmentCheck {
 public:
  // A turn this many times the limit, seen on one side alone, is no noise.
  static constexpr double kClearTurnFactor = 1.5;

  AlignmentCheck(const CardSampler& sampler, const CardMaterial& material,
                 const FreezeReaderParams& params)
      : sampler_(sampler),
        material_(material),
        params_(params),
        // Beyond the reach of any card below that still lies on the stack.
        table_beyond_(sample_table(sampler, {24.0, 30.0})) {
    // The top card's own edge blurs outwards by a pixel or two.
    blur_mm_ = 2.5 / sampler.px_per_mm();
    if (material.usable()) table_like_border_ = border_share_around() >= 0.25;
  }

  bool aligned() const {
    if (!material_.usable()) return true;
    // A card below turned against the top card peeks out on every side, growing the same way
    // round: a slope just past the limit on one side alone is the table or noise.
    std::array<int, 2> turned_sides = {0, 0};  // counter-clockwise, clockwise
    for (int side = 0; side < 4; ++side) {
      const SideReading reading = read_side(side);
      if (reading.offset ||
          std::abs(reading.turn_deg) > kClearTurnFactor * params_.max_aligned_turn_deg)
        return false;
      // A turn read from afar, on a blurred edge, counts only with a second side turning the same
      // way.
      const double turn = std::abs(reading.turn_deg) >= std::abs(reading.band_turn_deg)
                              ? reading.turn_deg
                              : reading.band_turn_deg;
      if (std::abs(turn) > params_.max_aligned_turn_deg) {
        if (++turned_sides[turn > 0 ? 1 : 0] >= 2) return false;
      }
    }
    return true;
  }

 private:
  // (along the side from its first corner, outward) to card millimetres, sides clockwise from
  // the top edge.
  static cv::Point2d point(int side, double along, double outward) {
    switch (side) {
      case 0:
        return {along, -outward};
      case 1:
        return {kFreezeCardSideMm + outward, along};
      case 2:
        return {kFreezeCardSideMm - along, kFreezeCardSideMm + outward};
      default:
        return {-outward, kFreezeCardSideMm - along};
    }
  }

  using Material = CardMaterial::Kind;

  // What lies at a point beyond the top card's edge. Something colourful and unlike the table
  // beyond is a monster's print: a card below slid far shows its monsters there first, then its
  // face and border, and the walk outwards must not take them for table.
  Material material_at(const cv::Point2d& card_mm) const {
    constexpr float kMinInkChroma = 20.0f;
    cv::Vec3f rgb;
    if (!sampler_.raw(card_mm.x, card_mm.y, rgb)) return Material::other;
    const cv::Vec3f lab = sampler_.balanced_lab(rgb);
    const Material material = material_.of(lab);
    if (material != Material::other) return material;
    const bool colourful = std::hypot(lab[1], lab[2]) >= kMinInkChroma;
    return colourful && !table_beyond_.near(lab, params_.table_match_distance) ? Material::ink
                                                                               : Material::other;
  }

  // The share of the table around the card, beyond most cards below, that reads as border.
  double border_share_around() const {
    int border = 0;
    int total = 0;
    for (const double outward : {16.0, 22.0}) {
      for (double along = 4.0; along <= kFreezeCardSideMm - 4.0; along += 4.0) {
        for (int side = 0; side < 4; ++side) {
          ++total;
          border += material_at(point(side, along, outward)) == Material::border ? 1 : 0;
        }
      }
    }
    return static_cast<double>(border) / total;
  }

  // How far a card below reaches on from the edge at `along`. A card below offset by d shows
  // its face for d - 2 mm, then its 2 mm border: the border band marks its edge whatever the
  // table looks like (a white table passes for face, a blue-grey one for border). The top card
  // shades the card below next to its edge, so the face there may not read as face. The reach
  // includes the top card's own edge, blurred outwards (read_side takes it off).
  double protrusion(int side, double along) const {
    constexpr double kStepMm = 0.25;
    constexpr double kReachMm = 20.0;
    constexpr double kMinBandMm = 1.0;  // shorter border runs are noise
    constexpr double kMaxBandMm = 4.0;  // the 2 mm border, blurred; longer is table
    // Table for this long in a row: whatever lay beyond the edge has ended, so the walk stops.
    // A monster's print is no table.
    constexpr double kTableRunMm = 3.0;
    std::vector<Material> walk;
    walk.reserve(static_cast<std::size_t>(kReachMm / kStepMm));
    std::size_t table_run = 0;
    for (double outward = kStepMm; outward <= kReachMm; outward += kStepMm) {
      walk.push_back(material_at(point(side, along, outward)));
      table_run = walk.back() == Material::other ? table_run + 1 : 0;
      if (!table_like_border_ && kStepMm * static_cast<double>(table_run) >= kTableRunMm) break;
    }
    const auto outward_at = [&](std::size_t index) {
      return kStepMm * static_cast<double>(index + 1);
    };
    // Card up to the table, ending in a border band: the card below reaches that far, though
    // at a low resolution its shaded face reads as border too.
    const std::size_t card_end = walk.size() - table_run;
    std::size_t band = 0;
    while (band < card_end && walk[card_end - 1 - band] == Material::border) ++band;
    if (!table_like_border_ && table_run > 0 && kStepMm * static_cast<double>(band) >= kMinBandMm) {
      return outward_at(card_end - 1);
    }
    // From afar, a card slid far shows a monster's print at the edge, then its face, but its
    // thin border is lost in the blur: the face ending in table marks where it ends.
    if (!table_like_border_ && table_run > 0 && face_after_print(walk, card_end, kStepMm)) {
      return outward_at(card_end - 1) + kBorderMm / 2;
    }
    double reach = 0.0;
    for (std::size_t start = 0; start < walk.size();) {
      if (walk[start] != Material::border) {
        ++start;
        continue;
      }
      std::size_t end = start;
      while (end < walk.size() && walk[end] == Material::border) ++end;
      const double length_mm = kStepMm * static_cast<double>(end - start);
      const bool at_edge = outward_at(start) <= blur_mm_ + kStepMm;
      // Beyond the edge, the card below's own face lies just inside its border.
      const bool face_inside = start >= 1 && (walk[start - 1] == Material::face ||
                                              (start >= 2 && walk[start - 2] == Material::face));
      if (end == walk.size() && length_mm > kMaxBandMm) {
        // Table like the border: the band merges into it; the face before it says how far.
        // Without that face, the gap before it is the top card's shadow or the table's
        // mottling, not a card below.
        if (!at_edge && face_inside) reach = outward_at(start) + 2.0;
        break;
      }
      // From the edge, a low-resolution card below may read as border all the way to its own
      // edge: it ends where no border follows for a while.
      const auto clear_after = [&] {
        const std::size_t until = end + static_cast<std::size_t>(kTableRunMm / kStepMm);
        if (until > walk.size()) return false;
        return std::none_of(walk.begin() + static_cast<long>(end),
                            walk.begin() + static_cast<long>(until),
                            [](Material m) { return m == Material::border; });
      };
      if ((length_mm <= kMaxBandMm || (at_edge && !table_like_border_ && clear_after())) &&
          (at_edge || (face_inside && length_mm >= kMinBandMm))) {
        reach = outward_at(end - 1);
      }
      start = end;
    }
    return reach;
  }

  // Whether the walk, up to `card_end`, is a monster's print from the edge followed by a card's
  // margin of face (the 5.5 mm between a disk and the card's edge, less what blur takes).
  bool face_after_print(const std::vector<Material>& walk, std::size_t card_end,
                        double step_mm) const {
    constexpr double kMinFaceMm = 1.5;
    constexpr double kMaxFaceMm = 6.0;
    constexpr double kMinPrintMm = 1.0;
    std::size_t face = 0;
    while (face < card_end && walk[card_end - 1 - face] == Material::face) ++face;
    const double face_mm = step_mm * static_cast<double>(face);
    if (face_mm < kMinFaceMm || face_mm > kMaxFaceMm) return false;
    const auto before_face = walk.begin() + static_cast<long>(card_end - face);
    const auto first_print = std::find(walk.begin(), before_face, Material::ink);
    if (first_print == before_face) return false;
    const double print_starts_mm =
        step_mm * static_cast<double>(std::distance(walk.begin(), first_print));
    const double print_mm =
        step_mm * static_cast<double>(std::count(first_print, before_face, Material::ink));
    return print_starts_mm <= blur_mm_ + kBorderMm && print_mm >= kMinPrintMm;
  }

  struct SideReading {
    bool offset = false;       // the card below shows beyond this side further than an aligned one
    double turn_deg = 0;       // how its protrusion grows along the side, clockwise positive
    double band_turn_deg = 0;  // the same, read from afar (band_turn)
  };

  // Protrusions are measured this far from the corners, whose rounding hides small turns, at
  // this pitch along the side.
  static constexpr double kFirstMm = 7.0;
  static constexpr double kPitchMm = 1.5;
  // A slope over a shorter stretch is a spike of the table or a hand, not a turn.
  static constexpr double kMinTurnStretchMm = 9.0;

  SideReading read_side(int side) const {
    // How far the walk outwards finds card, the top card's own blurred edge included.
    std::vector<float> extents;
    for (double along = kFirstMm; along <= kFreezeCardSideMm - kFirstMm; along += kPitchMm) {
      extents.push_back(static_cast<float>(protrusion(side, along)));
    }
    std::vector<float> reaches;
    for (const float extent : extents)
      reaches.push_back(std::max(0.0f, extent - static_cast<float>(blur_mm_)));
    SideReading reading;
    reading.band_turn_deg = band_turn(extents);
    const std::vector<cv::Point2f> protruding = protruding_points(reaches);
    if (protruding.size() < 4) return reading;
    std::vector<float> shown;
    for (const auto& p : protruding) shown.push_back(p.y);
    reading.offset =
        median_of(shown) > params_.max_aligned_offset_mm && protruding.size() * 4 >= reaches.size();
    if (unbroken_stretch(protruding)) reading.turn_deg = turn_of(protruding);
    return reading;
  }

  // (along - middle, reach) where the card below shows along the side, each reach the median of
  // it and its neighbours: a lone spike is the table or a hand.
  static std::vector<cv::Point2f> protruding_points(const std::vector<float>& reaches) {
    constexpr float kMinReachMm = 0.5f;
    std::vector<cv::Point2f> protruding;
    for (std::size_t i = 0; i < reaches.size(); ++i) {
      const std::size_t first = i == 0 ? 0 : i - 1;
      const std::size_t last = std::min(i + 1, reaches.size() - 1);
      const float reach = median_of({reaches.begin() + static_cast<long>(first),
                                     reaches.begin() + static_cast<long>(last) + 1});
      if (reach > kMinReachMm) {
        const double along = kFirstMm + kPitchMm * static_cast<double>(i);
        protruding.emplace_back(static_cast<float>(along - kFreezeCardSideMm / 2), reach);
      }
    }
    return protruding;
  }

  // A turned card below shows along one unbroken stretch from a corner (a missed point aside):
  // scattered spikes of the table or a hand, however far apart, are no turn.
  static bool unbroken_stretch(const std::vector<cv::Point2f>& protruding) {
    std::size_t longest = 0;
    for (std::size_t first = 0; first < protruding.size();) {
      std::size_t end = first + 1;
      while (end < protruding.size() &&
             protruding[end].x - protruding[end - 1].x <= 2 * kPitchMm + 0.01)
        ++end;
      longest = std::max(longest, end - first);
      first = end;
    }
    return longest > 0 && static_cast<double>(longest - 1) * kPitchMm >= kMinTurnStretchMm;
  }

  // The turn of the line through the protrusions, clockwise positive.
  static double turn_of(const std::vector<cv::Point2f>& protruding) {
    cv::Vec4f line;
    cv::fitLine(protruding, line, cv::DIST_HUBER, 0, 0.01, 0.01);
    // The line's direction may point either way along the side: turn it to point forwards.
    const float forward = line[0] < 0 ? -1.0f : 1.0f;
    return std::atan2(forward * line[1], forward * line[0]) * 180.0 / std::numbers::pi;
  }

  // From afar the blur of the top card's edge is as wide as a card below peeks out, and taking it
  // off leaves almost nothing. How far the walk reaches above its lowest along the side still
  // grows like a turned card below: its turn, or 0.
  static double band_turn(const std::vector<float>& extents) {
    std::vector<float> sorted = extents;
    std::sort(sorted.begin(), sorted.end());
    const float lowest = sorted[sorted.size() / 4];  // a quartile: spikes of shade aside
    std::vector<float> above;
    for (const float extent : extents) above.push_back(std::max(0.0f, extent - lowest));
    const std::vector<cv::Point2f> protruding = protruding_points(above);
    if (protruding.size() < 4 || !unbroken_stretch(protruding)) return 0;
    return turn_of(protruding);
  }

  const CardSampler& sampler_;
  const CardMaterial& material_;
  const FreezeReaderParams& params_;
  const TableModel table_beyond_;
  double blur_mm_ = 0;
  // A table that reads as border hides where a card below ends: only a band of border just
  // beyond the card below's face tells.
  bool table_like_border_ = false;
};

FreezeStackReading read_stack(const cv::Mat& bgr, const DetectedSquareCard& card,
                              const referee::FreezeDeck& deck, const ColourReferences& references,
                              const FreezeReaderParams& params) {
  FreezeStackReading reading;
  reading.corners = card.corners;
  CardSampler sampler(bgr, card.corners);
  const FaceSamples face = sample_face(sampler);
  if (!face.usable) {
    reading.cells.fill(ViewCell::unknown());
    return reading;
  }
  sampler.set_gains(white_balance_gains(face.white_linear, references.freeze_face_linear));
  const double margin_mm = 3.0 / sampler.px_per_mm();
  const TableModel table = sample_table(sampler, {5.0 + margin_mm, 9.0 + margin_mm});
  const CardMaterial material(sampler, references, params);
  const AlignmentCheck alignment(sampler, material, params);
  reading.aligned = alignment.aligned();
  const CellReader cells(sampler, face, table, material, references, params, reading.aligned);
  for (std::size_t row = 0; row < 3; ++row) {
    for (std::size_t col = 0; col < 3; ++col) reading.cells[row * 3 + col] = cells.read(row, col);
  }
  reading.consistent =
      !referee::freeze::fewest_card_explanations(deck, reading.cells, 3, 1).empty();
  // interface.md: the colours with a line of three, none for a misaligned stack. Whether the
  // player holds three cards is for the game's referee, which knows their hand.
  if (reading.aligned && reading.consistent) {
    reading.tricks = referee::freeze::readable_line_colours(reading.cells);
  }
  return reading;
}

}  // namespace

namespace {

FreezeReading read_freeze_pinhole(const cv::Mat& bgr, const referee::FreezeDeck& deck,
                                  const ColourReferences& references,
                                  const FreezeReaderParams& params, StageLog& log) {
  FreezeReading reading;
  const auto cards =
      detect_square_cards(bgr, SquareCardSpec{kFreezeCardSideMm, kBorderMm}, params.detector, log);
  StageTimer cells_stage(log, "cells");
  // A light square of a chequered cloth, framed by its darker neighbours, looks like a card's
  // face; a stack shows the table only through its top card's holes.
  const int most_table = referee::freeze::most_table_positions(deck);
  int unknown = 0;
  for (const DetectedSquareCard& card : cards) {
    FreezeStackReading stack = read_stack(bgr, card, deck, references, params);
    if (referee::freeze::table_positions(stack.cells) > most_table) continue;
    for (const ViewCell& cell : stack.cells)
      unknown += cell.kind == ViewCell::Kind::unknown ? 1 : 0;
    reading.stacks.push_back(std::move(stack));
  }
  cells_stage.finish(static_cast<int>(9 * reading.stacks.size()));
  const auto positions = static_cast<int>(9 * reading.stacks.size());
  reading.unstable = positions > 0 && unknown * 3 > positions;
  return reading;
}

}  // namespace

void move_points(FreezeReading& reading, const PointMap& map) {
  for (FreezeStackReading& stack : reading.stacks) {
    for (cv::Point2d& corner : stack.corners) corner = map(corner);
  }
}

double table_px_per_mm(const FreezeReading& reading) {
  return scale_of_squares(
      reading.stacks, [](const FreezeStackReading& stack) { return stack.corners; },
      kFreezeCardSideMm);
}

FreezeReading read_freeze(const cv::Mat& bgr, const referee::FreezeDeck& deck,
                          const ColourReferences& references, const FreezeReaderParams& params,
                          StageLog& log) {
  const double scale = working_scale(params.table_px_per_mm, params.working_px_per_mm);
  return read_pinhole_at_scale(params.lens.get(), scale, bgr, log, [&](const cv::Mat& picture) {
    return read_freeze_pinhole(picture, deck, references, params, log);
  });
}

}  // namespace tableref::vision
