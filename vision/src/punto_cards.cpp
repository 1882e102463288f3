#include "punto_cards.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <opencv2/core/hal/intrin.hpp>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <string>

#include "large_components.hpp"
#include "max_pooling.hpp"
#include "run_components.hpp"
#include "spread_rows.hpp"
#include "vision/quad_geometry.hpp"
#include "vision/square_card_detector.hpp"

namespace tableref::vision::punto {

namespace {

// Rims: ridges narrower than this, brighter than their surroundings by this many grey levels.
constexpr int kRidgeWidthPx = 9;
constexpr std::uint8_t kRidgeContrast = 16;

bool plausible(const std::array<cv::Point2d, 4>& corners, const PuntoReaderParams& params,
               double max_side_px) {
  std::array<double, 4> sides{};
  for (std::size_t i = 0; i < 4; ++i) sides[i] = cv::norm(corners[(i + 1) % 4] - corners[i]);
  const auto [shortest, longest] = std::minmax_element(sides.begin(), sides.end());
  if (*shortest < 0.9 * params.min_side_px || *longest > max_side_px) return false;
  if (*longest / *shortest > params.max_side_ratio) return false;
  const std::vector<cv::Point2f> polygon(corners.begin(), corners.end());
  return cv::isContourConvex(polygon);
}

std::optional<CardCandidate> card_from_outline(const ComponentOutline& component,
                                               const PuntoReaderParams& params,
                                               double min_face_area, double max_side_px) {
  const double area = component.area;
  if (area < min_face_area) return std::nullopt;
  const std::vector<cv::Point>& outline = component.points;
  const auto rough = quadrilateral_of(outline);
  if (!rough) return std::nullopt;
  const std::vector<cv::Point2f> rough_polygon(rough->begin(), rough->end());
  const double fill = area / std::max(1.0, cv::contourArea(rough_polygon));
  if (fill < params.min_fill || fill > 1.08) return std::nullopt;
  const auto outer = grow_square(refine_corners(outline, *rough), kFaceSideMm, kCardSideMm);
  if (!plausible(outer, params, max_side_px)) return std::nullopt;
  return CardCandidate{canonical_corner_order(outer), fill};
}

// One detection per card: the squarest of those found at different thresholds. A much larger
// square around a card (a patch of dark table) is another candidate, not the same card.
void add_unless_found(std::vector<CardCandidate>& cards, const CardCandidate& card) {
  const double side = mean_side(card.corners);
  for (CardCandidate& known : cards) {
    const double size_ratio = mean_side(known.corners) / side;
    if (size_ratio > 0.8 && size_ratio < 1.25 &&
        cv::norm(centre_of(known.corners) - centre_of(card.corners)) < side / 4) {
      if (card.fill > known.fill) known = card;
      return;
    }
  }
  cards.push_back(card);
}

// The thresholds' indices from the highest down: the mask darker than each lies within the one
// before it.
std::vector<std::size_t> loosest_first(const std::vector<double>& thresholds) {
  std::vector<std::size_t> order(thresholds.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return thresholds[a] > thresholds[b]; });
  return order;
}

// The outlines of the components large enough for a face of each of `masks`, a part of the
// picture at `offset` (outlines_of_large_components_in_part), each mask looked at only around
// those of the one before it in `order`, which holds it.
std::vector<std::vector<ComponentOutline>> nested_outlines(const std::vector<cv::Mat>& masks,
                                                           const std::vector<std::size_t>& order,
                                                           cv::Point offset, cv::Size picture,
                                                           double min_face_area) {
  std::vector<std::vector<ComponentOutline>> outlines(masks.size());
  const std::vector<ComponentOutline>* enclosing = nullptr;
  for (const std::size_t level : order) {
    outlines[level] = enclosing ? outlines_of_large_components_within(masks[level], offset, picture,
                                                                      *enclosing, min_face_area)
                                : outlines_of_large_components_in_part(masks[level], offset,
                                                                       picture, min_face_area);
    enclosing = &outlines[level];
  }
  return outlines;
}

}  // namespace

cv::Mat levels_darker(const cv::Mat& gray, const cv::Rect& area, const cv::Mat& ridges,
                      std::uint8_t most_ridge, const std::vector<cv::Mat>& levels, int level_step) {
  CV_Assert(ridges.size() == area.size() && (area & cv::Rect({}, gray.size())) == area);
  cv::Mat count(area.size(), CV_8U);
  std::vector<CoarseMap> coarse;
  for (const cv::Mat& level : levels) coarse.push_back({level, level_step});
  cv::parallel_for_(cv::Range(0, area.height), [&](const cv::Range& rows) {
    std::vector<std::vector<std::uint8_t>> buffers(levels.size());
    std::vector<const std::uint8_t*> level_rows(levels.size());
    for (int row = rows.start; row < rows.end; ++row) {
      const int y = area.y + row;
      // Rows in one row of the levels share its values.
      if (row == rows.start || y % level_step == 0) {
        for (std::size_t i = 0; i < coarse.size(); ++i)
          level_rows[i] = coarse[i].row(y, area.x, area.width, buffers[i]);
      }
      const std::uint8_t* grey = gray.ptr<std::uint8_t>(y, area.x);
      const std::uint8_t* ridge = ridges.ptr<std::uint8_t>(row);
      std::uint8_t* out = count.ptr<std::uint8_t>(row);
      int x = 0;
#if CV_SIMD
      for (; x + cv::v_uint8::nlanes <= area.width; x += cv::v_uint8::nlanes) {
        const cv::v_uint8 pixels = cv::vx_load(grey + x), one = cv::vx_setall_u8(1);
        cv::v_uint8 darker = cv::vx_setzero_u8();
        for (const std::uint8_t* level : level_rows)
          darker += (pixels < cv::vx_load(level + x)) & one;
        cv::v_store(out + x, darker & (cv::vx_load(ridge + x) < cv::vx_setall_u8(most_ridge)));
      }
#endif
      for (; x < area.width; ++x) {
        int darker = 0;
        for (const std::uint8_t* level : level_rows) darker += grey[x] < level[x];
        out[x] = ridge[x] < most_ridge ? static_cast<std::uint8_t>(darker) : 0;
      }
    }
  });
  return count;
}

cv::Mat levels_darker(const cv::Mat& gray, const cv::Mat& ridges, std::uint8_t most_ridge,
                      const std::vector<cv::Mat>& levels, int level_step) {
  return levels_darker(gray, cv::Rect({}, gray.size()), ridges, most_ridge, levels, level_step);
}

namespace {

// levels_darker of `area`, opened by a 3 x 3 square.
cv::Mat opened_counts(const cv::Mat& gray, const cv::Rect& area, const cv::Mat& ridges,
                      std::uint8_t most_ridge, const std::vector<cv::Mat>& levels, int level_step) {
  cv::Mat count = levels_darker(gray, area, ridges, most_ridge, levels, level_step);
  cv::morphologyEx(count, count, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3)));
  return count;
}

// Darker than the i-th level (counting from 1) is darker than it and every level above it.
std::vector<cv::Mat> masks_of_counts(const cv::Mat& count, std::size_t levels) {
  std::vector<cv::Mat> masks;
  for (std::size_t level = 0; level < levels; ++level)
    masks.push_back(count > static_cast<double>(level));
  return masks;
}

// Each level at half the picture's size: smooth, it changes little from pixel to pixel.
constexpr int kLevelStep = 2;

// The darkest pixel of each block of 2 x 2 of `gray` (of the pixels it holds, at an odd edge).
cv::Mat darkest_of_blocks(const cv::Mat& gray) {
  cv::Mat darkest((gray.rows + 1) / 2, (gray.cols + 1) / 2, CV_8U);
  std::vector<std::uint8_t> pair(static_cast<std::size_t>(gray.cols) + 1);
  for (int y = 0; y < darkest.rows; ++y) {
    const std::uint8_t* upper = gray.ptr<std::uint8_t>(2 * y);
    const std::uint8_t* lower = gray.ptr<std::uint8_t>(std::min(2 * y + 1, gray.rows - 1));
    int x = 0;
#if CV_SIMD
    for (; x + cv::v_uint8::nlanes <= gray.cols; x += cv::v_uint8::nlanes)
      cv::v_store(pair.data() + x, cv::v_min(cv::vx_load(upper + x), cv::vx_load(lower + x)));
#endif
    for (; x < gray.cols; ++x) pair[static_cast<std::size_t>(x)] = std::min(upper[x], lower[x]);
    pair[static_cast<std::size_t>(gray.cols)] = pair[static_cast<std::size_t>(gray.cols) - 1];
    std::uint8_t* out = darkest.ptr<std::uint8_t>(y);
    int i = 0;
#if CV_SIMD
    const cv::v_uint16 low_byte = cv::vx_setall_u16(0x00ff);
    for (; 2 * (i + cv::v_uint8::nlanes) <= gray.cols; i += cv::v_uint8::nlanes) {
      const auto pairs = [&](int from) {
        const cv::v_uint16 both = cv::v_reinterpret_as_u16(cv::vx_load(pair.data() + from));
        return cv::v_min(both & low_byte, cv::v_shr<8>(both));
      };
      cv::v_store(out + i, cv::v_pack(pairs(2 * i), pairs(2 * i + cv::v_uint8::nlanes)));
    }
#endif
    for (; i < darkest.cols; ++i)
      out[i] = std::min(pair[2 * static_cast<std::size_t>(i)],
                        pair[2 * static_cast<std::size_t>(i) + 1]);
  }
  return darkest;
}

}  // namespace

std::vector<cv::Mat> opened_dark_masks(const cv::Mat& gray, const cv::Mat& ridges,
                                       std::uint8_t most_ridge, const std::vector<cv::Mat>& levels,
                                       int level_step) {
  return masks_of_counts(
      opened_counts(gray, cv::Rect({}, gray.size()), ridges, most_ridge, levels, level_step),
      levels.size());
}

DarkMasks::DarkMasks(const cv::Mat& gray, const std::vector<double>& thresholds, int downscale)
    : gray_(gray), order_(loosest_first(thresholds)) {
  // The brightest pixel of each block, then of the blocks around: a face pixel is never far from
  // its rim or its dots, so this is the white of what surrounds it.
  cv::Mat small = max_pooled(gray, downscale);
  cv::dilate(small, small, cv::getStructuringElement(cv::MORPH_ELLIPSE, {7, 7}));
  cv::Mat white;
  small.convertTo(white, CV_32F);
  cv::GaussianBlur(white, white, {0, 0}, 1.5);
  // The levels from the highest threshold down: each at or below the one before it everywhere.
  const cv::Size level_size((gray.cols + kLevelStep - 1) / kLevelStep,
                            (gray.rows + kLevelStep - 1) / kLevelStep);
  for (const std::size_t index : order_) {
    cv::Mat level_small, level;
    white.convertTo(level_small, CV_8U, thresholds[index]);
    cv::resize(level_small, level, level_size, 0, 0, cv::INTER_LINEAR);
    levels_.push_back(level);
  }
}

std::vector<cv::Mat> DarkMasks::in(const cv::Rect& area) const {
  // Made on the area grown by what reaches into it: the ridges' opening (an erosion and a
  // dilation) and the masks' (another of each).
  constexpr int kReach = 2 * (kRidgeWidthPx / 2) + 2;
  const cv::Rect grown = grown_within(area, kReach, gray_.size());
  // A rim is a ridge a few pixels wide: what an opening takes away.
  cv::Mat ridges;
  cv::morphologyEx(gray_(grown), ridges, cv::MORPH_TOPHAT,
                   cv::getStructuringElement(cv::MORPH_RECT, {kRidgeWidthPx, kRidgeWidthPx}));
  const cv::Mat count =
      opened_counts(gray_, grown, ridges, kRidgeContrast, levels_, kLevelStep)(area - grown.tl());
  const std::vector<cv::Mat> ordered = masks_of_counts(count, levels_.size());
  std::vector<cv::Mat> masks(order_.size());
  for (std::size_t i = 0; i < order_.size(); ++i) masks[order_[i]] = ordered[i];
  return masks;
}

std::vector<cv::Rect> DarkMasks::areas_holding_large_components(double min_box_area) const {
  // Every mask lies within the pixels darker than the highest level, and each of those pixels'
  // blocks is darker than the level there: a component of a mask lies within a component of the
  // blocks, and within its box.
  cv::Mat dark_blocks;
  cv::compare(darkest_of_blocks(gray_), levels_.front(), dark_blocks, cv::CMP_LT);
  const cv::Rect picture({}, gray_.size());
  std::vector<cv::Rect> areas;
  for (const RunComponent& component : run_components(dark_blocks).components) {
    const cv::Rect& blocks = component.box;
    const cv::Rect box = cv::Rect(blocks.tl() * kLevelStep, blocks.size() * kLevelStep) & picture;
    // Grown by a pixel: a component cut by an area's edge is left out.
    if (box.area() >= min_box_area) areas.push_back(grown_within(box, 1, gray_.size()));
  }
  return joined_areas(std::move(areas), gray_.size());
}

std::vector<CardCandidate> find_card_faces(const cv::Mat& bgr, const cv::Mat& gray,
                                           const PuntoReaderParams& params, StageLog& log) {
  const double face_share = kFaceSideMm / kCardSideMm;
  const double min_face_area = std::pow(params.min_side_px * face_share * 0.8, 2) * 0.5;
  StageTimer mask_stage(log, "dark masks");
  const DarkMasks dark(gray, params.face_thresholds, params.white_downscale);
  std::vector<std::pair<cv::Rect, std::vector<cv::Mat>>> parts;
  for (const cv::Rect& area : dark.areas_holding_large_components(min_face_area))
    parts.emplace_back(area, dark.in(area));
  mask_stage.finish(static_cast<int>(parts.size()));
  if (log.wants_debug_images()) {
    for (std::size_t level = 0; level < params.face_thresholds.size(); ++level) {
      cv::Mat whole = cv::Mat::zeros(gray.size(), CV_8U);
      for (const auto& [area, masks] : parts) masks[level].copyTo(whole(area));
      log.debug_image("dark mask " + std::to_string(params.face_thresholds[level]).substr(0, 4),
                      whole);
    }
  }

  const double max_side_px = params.max_side_fraction * std::min(bgr.cols, bgr.rows);
  StageTimer quad_stage(log, "card faces");
  const std::vector<std::size_t> order = loosest_first(params.face_thresholds);
  std::vector<std::vector<ComponentOutline>> outlines(order.size());
  for (const auto& [area, masks] : parts) {
    auto in_part = nested_outlines(masks, order, area.tl(), gray.size(), min_face_area);
    for (std::size_t level = 0; level < order.size(); ++level)
      std::move(in_part[level].begin(), in_part[level].end(), std::back_inserter(outlines[level]));
  }
  for (auto& found_at_level : outlines) in_listing_order_once(found_at_level);
  std::vector<CardCandidate> found;
  int faces = 0;
  for (std::size_t level = 0; level < order.size(); ++level) {
    for (const ComponentOutline& outline : outlines[level]) {
      if (const auto card = card_from_outline(outline, params, min_face_area, max_side_px)) {
        add_unless_found(found, *card);
        ++faces;
      }
    }
  }
  quad_stage.finish(faces);
  // A card never holds another: a square around cards is a patch of table between them.
  std::vector<CardCandidate> cards;
  for (const CardCandidate& card : found) {
    const std::vector<cv::Point2f> polygon(card.corners.begin(), card.corners.end());
    const bool holds_other =
        std::any_of(found.begin(), found.end(), [&](const CardCandidate& other) {
          return &other != &card && mean_side(other.corners) < mean_side(card.corners) &&
                 cv::pointPolygonTest(polygon, centre_of(other.corners), false) >= 0;
        });
    if (!holds_other) cards.push_back(card);
  }
  return cards;
}

}  // namespace tableref::vision::punto
