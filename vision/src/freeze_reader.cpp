#include "vision/freeze_reader.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <opencv2/imgproc.hpp>

#include "vision/colour_space.hpp"

namespace tableref::vision {

namespace {

using referee::Colour;
using referee::freeze::View;
using referee::freeze::ViewCell;

constexpr double kCardSideMm = 65.0;
constexpr double kBorderMm = 2.0;
constexpr std::array<double, 3> kPositionCentresMm = {13.5, 32.5, 51.5};
// Face points between the positions: the margins and the gaps between disks.
constexpr std::array<double, 4> kFaceLinesMm = {3.75, 23.0, 42.0, 61.25};

// Colours sampled on one card, white-balanced by the card's own face.
class CardSampler {
 public:
  CardSampler(const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners) : bgr_(bgr) {
    const float side = static_cast<float>(kCardSideMm);
    const std::vector<cv::Point2f> card_mm = {{0, 0}, {side, 0}, {side, side}, {0, side}};
    const std::vector<cv::Point2f> image_px(corners.begin(), corners.end());
    image_from_card_ = cv::getPerspectiveTransform(card_mm, image_px);
    double perimeter_px = 0;
    for (std::size_t i = 0; i < 4; ++i) perimeter_px += cv::norm(corners[i] - corners[(i + 1) % 4]);
    px_per_mm_ = perimeter_px / (4 * kCardSideMm);
  }

  double px_per_mm() const { return px_per_mm_; }

  cv::Point2d to_image(double x_mm, double y_mm) const {
    const cv::Matx33d& h = image_from_card_;
    const double w = h(2, 0) * x_mm + h(2, 1) * y_mm + h(2, 2);
    return {(h(0, 0) * x_mm + h(0, 1) * y_mm + h(0, 2)) / w,
            (h(1, 0) * x_mm + h(1, 1) * y_mm + h(1, 2)) / w};
  }

  // Raw 8-bit RGB at a point of the card's plane (mm); false outside the image.
  bool raw(double x_mm, double y_mm, cv::Vec3f& rgb) const {
    return sample_rgb(bgr_, to_image(x_mm, y_mm), rgb);
  }

  void set_gains(const cv::Vec3f& gains) { gains_ = gains; }
  cv::Vec3f balanced_lab(const cv::Vec3f& raw_rgb) const {
    return lab_from_linear(linear_from_srgb(raw_rgb).mul(gains_));
  }

 private:
  const cv::Mat& bgr_;
  cv::Matx33d image_from_card_;
  double px_per_mm_ = 1;
  cv::Vec3f gains_{1, 1, 1};
};

cv::Vec3f channel_median(std::vector<cv::Vec3f> values) {
  cv::Vec3f median;
  for (int c = 0; c < 3; ++c) {
    std::vector<float> channel;
    channel.reserve(values.size());
    for (const auto& v : values) channel.push_back(v[c]);
    std::nth_element(channel.begin(), channel.begin() + static_cast<long>(channel.size() / 2), channel.end());
    median[c] = channel[channel.size() / 2];
  }
  return median;
}

float median_of(std::vector<float> values) {
  std::nth_element(values.begin(), values.begin() + static_cast<long>(values.size() / 2), values.end());
  return values[values.size() / 2];
}

// A small cross of samples around a point, averaged against noise.
bool averaged_raw(const CardSampler& sampler, double x_mm, double y_mm, cv::Vec3f& rgb) {
  constexpr double kArmMm = 0.7;
  cv::Vec3f sum(0, 0, 0);
  int count = 0;
  for (const auto& [dx, dy] : {std::pair{0.0, 0.0}, {kArmMm, 0.0}, {-kArmMm, 0.0}, {0.0, kArmMm}, {0.0, -kArmMm}}) {
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

struct TableModel {
  std::vector<cv::Vec3f> lab;  // white-balanced samples of the table around the card
};

TableModel sample_table(const CardSampler& sampler) {
  TableModel table;
  const double margin_px = 3.0 / sampler.px_per_mm();
  for (const double outside_mm : {5.0 + margin_px, 9.0 + margin_px}) {
    for (double t = 4.0; t <= kCardSideMm - 4.0; t += 4.0) {
      const std::array<cv::Point2d, 4> points = {cv::Point2d{t, -outside_mm},
                                                 {kCardSideMm + outside_mm, t},
                                                 {t, kCardSideMm + outside_mm},
                                                 {-outside_mm, t}};
      for (const cv::Point2d& p : points) {
        cv::Vec3f rgb;
        if (sampler.raw(p.x, p.y, rgb)) table.lab.push_back(sampler.balanced_lab(rgb));
      }
    }
  }
  return table;
}

bool looks_like_table(const TableModel& table, const cv::Vec3f& lab, float distance) {
  return std::any_of(table.lab.begin(), table.lab.end(),
                     [&](const cv::Vec3f& t) { return lab_distance(t, lab) < distance; });
}

class CellReader {
 public:
  CellReader(const CardSampler& sampler, const FaceSamples& face, const TableModel& table,
             const ColourReferences& references, const FreezeReaderParams& params)
      : sampler_(sampler), face_(face), table_(table), references_(references), params_(params) {
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
    for (const cv::Vec3f& s : samples) {
      deviations.push_back(lab_distance(s, median));
      table_like += looks_like_table(table_, s, params_.table_match_distance) ? 1 : 0;
    }
    const float spread = median_of(deviations);
    const bool is_table = static_cast<float>(table_like) >=
                          params_.min_table_fraction * static_cast<float>(samples.size());

    const auto [best, best_distance, second_distance] = nearest_colour(median);
    const bool is_monster = best_distance < params_.max_colour_distance &&
                            second_distance - best_distance > params_.min_colour_margin &&
                            spread < params_.max_monster_spread;
    if (is_monster && !is_table) return ViewCell::monster(best);
    if (is_table && !is_monster) return ViewCell::empty();
    return ViewCell::unknown();  // neither, or a table the colour of a monster
  }

 private:
  // A hand or sleeve over a position also hides the face around it.
  bool occluded(std::size_t row, std::size_t col) const {
    int hidden = 0;
    for (std::size_t r = row; r <= row + 1; ++r) {
      for (std::size_t c = col; c <= col + 1; ++c) {
        const auto& raw = face_.raw[r][c];
        if (!raw || lab_distance(sampler_.balanced_lab(*raw), face_lab_) > params_.max_face_deviation) {
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
    for (const double radius : {5.9, 6.5, 7.1}) {
      for (int i = 0; i < kAngles; ++i) {
        const double angle = 2 * std::numbers::pi * (i + 0.5 * (radius > 6.0)) / kAngles;
        cv::Vec3f rgb;
        if (!sampler_.raw(cx + radius * std::cos(angle), cy + radius * std::sin(angle), rgb)) continue;
        ++total;
        const cv::Vec3f lab = sampler_.balanced_lab(rgb);
        const bool blown_out = std::max({rgb[0], rgb[1], rgb[2]}) > 250.0f || lab[0] > face_lab_[0] + 4.0f;
        if (blown_out) {
          ++glare;
        } else {
          samples.push_back(lab);
        }
      }
    }
  }

  struct Nearest {
    Colour colour;
    float distance;
    float second;
  };
  Nearest nearest_colour(const cv::Vec3f& lab) const {
    Nearest nearest{Colour::yellow, 1e9f, 1e9f};
    for (const Colour colour : referee::kMonsterColours) {
      const float d = lab_distance(lab, references_.lab(colour));
      if (d < nearest.distance) {
        nearest.second = nearest.distance;
        nearest.distance = d;
        nearest.colour = colour;
      } else if (d < nearest.second) {
        nearest.second = d;
      }
    }
    return nearest;
  }

  const CardSampler& sampler_;
  const FaceSamples& face_;
  const TableModel& table_;
  const ColourReferences& references_;
  const FreezeReaderParams& params_;
  cv::Vec3f face_lab_;
};

// A card below that is offset or turned shows its face or border just outside the top card's
// edge, where an aligned stack shows the table.
bool looks_aligned(const CardSampler& sampler, const FreezeReaderParams& params) {
  std::vector<cv::Vec3f> border;
  for (double t = 8.0; t <= kCardSideMm - 8.0; t += 6.0) {
    for (const cv::Point2d& p : {cv::Point2d{t, 1.0}, {kCardSideMm - 1.0, t}, {t, kCardSideMm - 1.0}, {1.0, t}}) {
      cv::Vec3f rgb;
      if (sampler.raw(p.x, p.y, rgb)) border.push_back(sampler.balanced_lab(rgb));
    }
  }
  if (border.size() < 8) return true;
  const cv::Vec3f border_lab = channel_median(border);
  const cv::Vec3f face_lab = lab_from_linear(linear_from_srgb(cv::Vec3f(0xDC, 0xEA, 0xF5)));
  const auto is_card_material = [&](double x, double y) {
    cv::Vec3f rgb;
    if (!sampler.raw(x, y, rgb)) return false;
    const cv::Vec3f lab = sampler.balanced_lab(rgb);
    return lab_distance(lab, border_lab) < params.material_distance ||
           lab_distance(lab, face_lab) < params.material_distance;
  };
  const double blur_margin_mm = 2.5 / sampler.px_per_mm();
  const double near_start = std::max(1.5, blur_margin_mm);
  for (int side = 0; side < 4; ++side) {
    int run = 0;
    for (double t = 2.0; t <= kCardSideMm - 2.0; t += 2.5) {
      // (along, outward) to card coordinates for this side.
      const auto point = [&](double outward) -> cv::Point2d {
        switch (side) {
          case 0: return {t, -outward};
          case 1: return {kCardSideMm + outward, t};
          case 2: return {kCardSideMm - t, kCardSideMm + outward};
          default: return {-outward, kCardSideMm - t};
        }
      };
      bool near_card = false;
      for (double outward = near_start; outward <= near_start + 2.0; outward += 0.7) {
        const cv::Point2d p = point(outward);
        near_card = near_card || is_card_material(p.x, p.y);
      }
      const cv::Point2d far1 = point(near_start + 6.0);
      const cv::Point2d far2 = point(near_start + 9.0);
      const bool far_card = is_card_material(far1.x, far1.y) || is_card_material(far2.x, far2.y);
      run = (near_card && !far_card) ? run + 1 : 0;
      if (run >= params.min_protrusion_run) return false;
    }
  }
  return true;
}

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
  const TableModel table = sample_table(sampler);
  const CellReader cells(sampler, face, table, references, params);
  for (std::size_t row = 0; row < 3; ++row) {
    for (std::size_t col = 0; col < 3; ++col) reading.cells[row * 3 + col] = cells.read(row, col);
  }
  reading.aligned = looks_aligned(sampler, params);
  const auto explanations = referee::freeze::fewest_card_explanations(deck, reading.cells);
  reading.cards = explanations.empty() ? 0 : static_cast<int>(explanations.front().top_first.size());
  // A trick needs three aligned cards; a view no stack of the deck can show earns nothing.
  if (reading.aligned && reading.cards == 3) {
    reading.tricks = referee::freeze::readable_line_colours(reading.cells);
  }
  return reading;
}

}  // namespace

FreezeReading read_freeze(const cv::Mat& bgr, const referee::FreezeDeck& deck,
                          const ColourReferences& references, const FreezeReaderParams& params,
                          StageLog& log) {
  FreezeReading reading;
  const auto cards = detect_square_cards(bgr, SquareCardSpec{kCardSideMm, kBorderMm}, params.detector, log);
  StageTimer cells_stage(log, "cells");
  int unknown = 0;
  for (const DetectedSquareCard& card : cards) {
    reading.stacks.push_back(read_stack(bgr, card, deck, references, params));
    for (const ViewCell& cell : reading.stacks.back().cells) {
      unknown += cell.kind == ViewCell::Kind::unknown ? 1 : 0;
    }
  }
  cells_stage.finish(static_cast<int>(9 * cards.size()));
  reading.unstable = !cards.empty() && unknown * 3 > static_cast<int>(9 * cards.size());
  return reading;
}

}  // namespace tableref::vision
