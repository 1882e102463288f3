// A colour profile learnt from Monster Freeze cards: each card is balanced by its own face, as
// the Freeze reader balances it, and each monster the reader recognised lends its colour.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <opencv2/imgproc.hpp>
#include <string>

#include "calibration/colour_profile.hpp"
#include "vision/colour_space.hpp"

namespace tableref::calibration {

namespace {

// components.md: a 65 mm card, positions centred 13.5, 32.5 and 51.5 mm from its edges.
constexpr double kCardSideMm = 65.0;
constexpr std::array<double, 3> kPositionCentresMm = {13.5, 32.5, 51.5};
// The points the Freeze reader (vision/src/freeze_reader.cpp) samples, so that the profile
// describes the colours as the reader measures them: the face between the positions (its
// margins and the gaps between disks), each a small cross averaged against noise, and a ring
// inside each disk, clear of most of the eyes and mouth.
constexpr std::array<double, 4> kFaceLinesMm = {3.75, 23.0, 42.0, 61.25};
constexpr double kCrossArmMm = 0.7;
constexpr std::array<double, 3> kRingRadiiMm = {5.9, 6.5, 7.1};
constexpr int kRingSamples = 24;
constexpr float kGlareOrEyeWhiteSrgb = 250.0f;  // glare, or the white of an eye
constexpr float kEyeLightness = 4.0f;  // balanced samples this much lighter than the face: an eye

using Samples = std::vector<cv::Vec3f>;

// One stack as read, with its card plane.
class ReadCard {
 public:
  ReadCard(const cv::Mat& photo, const vision::FreezeStackReading& stack) : photo_(photo) {
    const float side = static_cast<float>(kCardSideMm);
    const std::vector<cv::Point2f> card_mm = {{0, 0}, {side, 0}, {side, side}, {0, side}};
    const std::vector<cv::Point2f> image_px(stack.corners.begin(), stack.corners.end());
    image_from_card_ = cv::getPerspectiveTransform(card_mm, image_px);
  }

  // Linear RGB of the face: the brighter half of the points between positions, where a shadow
  // or a finger is least likely.
  std::optional<cv::Vec3f> face_linear() const {
    Samples face;
    for (const double y : kFaceLinesMm) {
      for (const double x : kFaceLinesMm) {
        if (const auto value = averaged_rgb(x, y)) face.push_back(vision::linear_from_srgb(*value));
      }
    }
    if (face.size() < 8) return std::nullopt;
    std::sort(face.begin(), face.end(), [](const cv::Vec3f& a, const cv::Vec3f& b) {
      return a[0] + a[1] + a[2] > b[0] + b[1] + b[2];
    });
    face.resize((face.size() + 1) / 2);
    return vision::channel_median(face);
  }

  // Balanced Lab of the ink of the ring of position (row, col), without glare and eyes.
  std::optional<cv::Vec3f> disk_lab(std::size_t row, std::size_t col, const cv::Vec3f& gains,
                                    float face_lightness) const {
    Samples ring;
    for (const double radius : kRingRadiiMm) {
      const double offset = radius > 6.0 ? 0.5 : 0.0;  // the rings' samples interleave
      for (int i = 0; i < kRingSamples; ++i) {
        const double angle = 2 * std::numbers::pi * (i + offset) / kRingSamples;
        const auto value = rgb(kPositionCentresMm[col] + radius * std::cos(angle),
                               kPositionCentresMm[row] + radius * std::sin(angle));
        if (!value || std::max({(*value)[0], (*value)[1], (*value)[2]}) > kGlareOrEyeWhiteSrgb)
          continue;
        const cv::Vec3f lab = vision::lab_from_linear(vision::linear_from_srgb(*value).mul(gains));
        if (lab[0] <= face_lightness + kEyeLightness) ring.push_back(lab);
      }
    }
    if (ring.size() < 8) return std::nullopt;  // mostly outside the picture or washed out
    return vision::ink_lab(ring);              // as the reader names a disk
  }

 private:
  // 8-bit RGB at a point of the card (mm); nullopt outside the picture.
  std::optional<cv::Vec3f> rgb(double x_mm, double y_mm) const {
    const cv::Vec3d p = image_from_card_ * cv::Vec3d(x_mm, y_mm, 1.0);
    cv::Vec3f rgb;
    if (!vision::sample_rgb(photo_, {p[0] / p[2], p[1] / p[2]}, rgb)) return std::nullopt;
    return rgb;
  }

  std::optional<cv::Vec3f> averaged_rgb(double x_mm, double y_mm) const {
    cv::Vec3f sum(0, 0, 0);
    int count = 0;
    for (const auto& [dx, dy] : {std::pair{0.0, 0.0},
                                 {kCrossArmMm, 0.0},
                                 {-kCrossArmMm, 0.0},
                                 {0.0, kCrossArmMm},
                                 {0.0, -kCrossArmMm}}) {
      if (const auto value = rgb(x_mm + dx, y_mm + dy)) {
        sum += *value;
        ++count;
      }
    }
    if (count < 3) return std::nullopt;
    return sum / static_cast<float>(count);
  }

  const cv::Mat& photo_;
  cv::Matx33d image_from_card_;
};

struct Collected {
  std::array<Samples, referee::kAllColours.size()> monster_lab;
  Samples face_linear;
};

void collect(const cv::Mat& photo, const vision::FreezeReading& reading,
             const cv::Vec3f& face_reference_linear, Collected& collected) {
  for (const vision::FreezeStackReading& stack : reading.stacks) {
    if (!stack.consistent) continue;  // the deck cannot show this: some position was misread
    const ReadCard card(photo, stack);
    const std::optional<cv::Vec3f> face = card.face_linear();
    if (!face) continue;
    collected.face_linear.push_back(*face);
    const cv::Vec3f gains = vision::white_balance_gains(*face, face_reference_linear);
    const float face_lightness = vision::lab_from_linear(face_reference_linear)[0];
    for (std::size_t cell = 0; cell < 9; ++cell) {
      const referee::freeze::ViewCell& seen = stack.cells[cell];
      if (seen.kind != referee::freeze::ViewCell::Kind::monster) continue;
      if (const auto disk = card.disk_lab(cell / 3, cell % 3, gains, face_lightness)) {
        collected.monster_lab[static_cast<std::size_t>(seen.colour)].push_back(*disk);
      }
    }
  }
}

Collected read_and_collect(std::span<const cv::Mat> photos, const referee::FreezeDeck& deck,
                           const vision::ColourReferences& references,
                           const vision::FreezeReaderParams& params) {
  Collected collected;
  for (const cv::Mat& photo : photos) {
    vision::StageLog log;
    const vision::FreezeReading reading = vision::read_freeze(photo, deck, references, params, log);
    collect(photo, reading, references.freeze_face_linear, collected);
  }
  return collected;
}

std::string missing_colours(const Collected& collected, int min_cells) {
  std::string missing;
  for (const referee::Colour colour : referee::kMonsterColours) {
    if (static_cast<int>(collected.monster_lab[static_cast<std::size_t>(colour)].size()) <
        min_cells) {
      missing += (missing.empty() ? "" : ", ") + std::string(referee::colour_name(colour));
    }
  }
  return missing;
}

// The median of each colour's cells (every colour has some); black stays absent (the palette's).
ColourProfile profile_of(const Collected& collected, const cv::Vec3f& face_reference_linear) {
  ColourProfile profile;
  profile.source = ColourProfile::Source::cards;
  profile.white_balance_gains = vision::white_balance_gains(
      vision::channel_median(collected.face_linear), face_reference_linear);
  for (const referee::Colour colour : referee::kMonsterColours) {
    profile.lab[static_cast<std::size_t>(patch_of(colour))] =
        vision::channel_median(collected.monster_lab[static_cast<std::size_t>(colour)]);
  }
  // Every card was balanced to this face: it is the face's colour in this profile.
  profile.lab[static_cast<std::size_t>(Patch::freeze_face)] =
      vision::lab_from_linear(face_reference_linear);
  return profile;
}

}  // namespace

referee::Result<ColourProfile> profile_from_cards(std::span<const cv::Mat> photos_bgr,
                                                  const referee::FreezeDeck& deck,
                                                  const CardsProfileOptions& options) {
  const vision::ColourReferences palette = vision::palette_references();
  const Collected collected = read_and_collect(photos_bgr, deck, palette, options.reader);
  if (collected.face_linear.empty()) {
    return referee::Error{"no Monster Freeze card could be read in the photo(s)"};
  }
  const std::string missing = missing_colours(collected, options.min_cells_per_colour);
  if (!missing.empty()) {
    return referee::Error{"too few monsters read in " + missing +
                          ": show at least one card with a monster of each colour (yellow, "
                          "green, red, blue, purple)"};
  }
  return profile_of(collected, palette.freeze_face_linear);
}

}  // namespace tableref::calibration
