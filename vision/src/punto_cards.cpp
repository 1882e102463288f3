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

// The outlines of each mask's components large enough for a face, each mask looked at only
// around those of the one before it in `order`, which holds it.
std::vector<std::vector<ComponentOutline>> nested_outlines(const std::vector<cv::Mat>& masks,
                                                           const std::vector<std::size_t>& order,
                                                           double min_face_area) {
  std::vector<std::vector<ComponentOutline>> outlines(masks.size());
  const std::vector<ComponentOutline>* enclosing = nullptr;
  for (const std::size_t level : order) {
    outlines[level] =
        enclosing ? outlines_of_large_components_within(masks[level], *enclosing, min_face_area)
                  : outlines_of_large_components(masks[level], min_face_area);
    enclosing = &outlines[level];
  }
  return outlines;
}

}  // namespace

cv::Mat levels_darker(const cv::Mat& gray, const cv::Mat& ridges, std::uint8_t most_ridge,
                      const std::vector<cv::Mat>& levels, int level_step) {
  cv::Mat count(gray.size(), CV_8U);
  std::vector<CoarseMap> coarse;
  for (const cv::Mat& level : levels) coarse.push_back({level, level_step});
  cv::parallel_for_(cv::Range(0, gray.rows), [&](const cv::Range& rows) {
    std::vector<std::vector<std::uint8_t>> buffers(levels.size());
    std::vector<const std::uint8_t*> level_rows(levels.size());
    for (int y = rows.start; y < rows.end; ++y) {
      // Rows in one row of the levels share its values.
      if (y == rows.start || y % level_step == 0) {
        for (std::size_t i = 0; i < coarse.size(); ++i)
          level_rows[i] = coarse[i].row(y, 0, gray.cols, buffers[i]);
      }
      const std::uint8_t* grey = gray.ptr<std::uint8_t>(y);
      const std::uint8_t* ridge = ridges.ptr<std::uint8_t>(y);
      std::uint8_t* out = count.ptr<std::uint8_t>(y);
      int x = 0;
#if CV_SIMD
      for (; x + cv::v_uint8::nlanes <= gray.cols; x += cv::v_uint8::nlanes) {
        const cv::v_uint8 pixels = cv::vx_load(grey + x), one = cv::vx_setall_u8(1);
        cv::v_uint8 darker = cv::vx_setzero_u8();
        for (const std::uint8_t* level : level_rows)
          darker += (pixels < cv::vx_load(level + x)) & one;
        cv::v_store(out + x, darker & (cv::vx_load(ridge + x) < cv::vx_setall_u8(most_ridge)));
      }
#endif
      for (; x < gray.cols; ++x) {
        int darker = 0;
        for (const std::uint8_t* level : level_rows) darker += grey[x] < level[x];
        out[x] = ridge[x] < most_ridge ? static_cast<std::uint8_t>(darker) : 0;
      }
    }
  });
  return count;
}

std::vector<cv::Mat> opened_dark_masks(const cv::Mat& gray, const cv::Mat& ridges,
                                       std::uint8_t most_ridge, const std::vector<cv::Mat>& levels,
                                       int level_step) {
  cv::Mat count = levels_darker(gray, ridges, most_ridge, levels, level_step);
  cv::morphologyEx(count, count, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3)));
  std::vector<cv::Mat> masks;
  // Darker than the i-th level (counting from 1) is darker than it and every level above it.
  for (std::size_t level = 0; level < levels.size(); ++level)
    masks.push_back(count > static_cast<double>(level));
  return masks;
}

std::vector<cv::Mat> dark_masks(const cv::Mat& gray, const std::vector<double>& thresholds,
                                int downscale) {
  // The brightest pixel of each block, then of the blocks around: a face pixel is never far from
  // its rim or its dots, so this is the white of what surrounds it.
  cv::Mat small = max_pooled(gray, downscale);
  cv::dilate(small, small, cv::getStructuringElement(cv::MORPH_ELLIPSE, {7, 7}));
  cv::Mat white;
  small.convertTo(white, CV_32F);
  cv::GaussianBlur(white, white, {0, 0}, 1.5);
  // A rim is a ridge a few pixels wide: what an opening takes away.
  cv::Mat ridges;
  cv::morphologyEx(gray, ridges, cv::MORPH_TOPHAT,
                   cv::getStructuringElement(cv::MORPH_RECT, {kRidgeWidthPx, kRidgeWidthPx}));
  // The levels from the highest threshold down: each at or below the one before it everywhere.
  const std::vector<std::size_t> order = loosest_first(thresholds);
  // Each level at half the picture's size: smooth, it changes little from pixel to pixel.
  constexpr int kLevelStep = 2;
  const cv::Size level_size((gray.cols + kLevelStep - 1) / kLevelStep,
                            (gray.rows + kLevelStep - 1) / kLevelStep);
  std::vector<cv::Mat> levels;
  for (const std::size_t index : order) {
    cv::Mat level_small, level;
    white.convertTo(level_small, CV_8U, thresholds[index]);
    cv::resize(level_small, level, level_size, 0, 0, cv::INTER_LINEAR);
    levels.push_back(level);
  }
  const std::vector<cv::Mat> ordered =
      opened_dark_masks(gray, ridges, kRidgeContrast, levels, kLevelStep);
  std::vector<cv::Mat> masks(thresholds.size());
  for (std::size_t i = 0; i < order.size(); ++i) masks[order[i]] = ordered[i];
  return masks;
}

std::vector<CardCandidate> find_card_faces(const cv::Mat& bgr, const cv::Mat& gray,
                                           const PuntoReaderParams& params, StageLog& log) {
  StageTimer mask_stage(log, "dark masks");
  const std::vector<cv::Mat> masks =
      dark_masks(gray, params.face_thresholds, params.white_downscale);
  mask_stage.finish();

  const double max_side_px = params.max_side_fraction * std::min(bgr.cols, bgr.rows);
  const double face_share = kFaceSideMm / kCardSideMm;
  const double min_face_area = std::pow(params.min_side_px * face_share * 0.8, 2) * 0.5;
  StageTimer quad_stage(log, "card faces");
  const std::vector<std::vector<ComponentOutline>> outlines =
      nested_outlines(masks, loosest_first(params.face_thresholds), min_face_area);
  std::vector<CardCandidate> found;
  int faces = 0;
  for (std::size_t level = 0; level < masks.size(); ++level) {
    log.debug_image("dark mask " + std::to_string(params.face_thresholds[level]).substr(0, 4),
                    masks[level]);
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
