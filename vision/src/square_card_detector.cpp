#include "vision/square_card_detector.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>
#include <optional>

#include "large_components.hpp"
#include "vision/quad_geometry.hpp"
#include "vision/relative_luminance.hpp"

namespace tableref::vision {

namespace {

double distance(const cv::Point2d& a, const cv::Point2d& b) {
  return std::hypot(a.x - b.x, a.y - b.y);
}

// The face components: bright relative to their surroundings, thin bridges cut.
cv::Mat face_mask(const RelativeLuminance& relative, double threshold, const cv::Rect& area) {
  cv::Mat mask = relative.above(threshold, area);
  cv::morphologyEx(mask, mask, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3)));
  return mask;
}

bool plausible_shape(const std::array<cv::Point2d, 4>& corners,
                     const SquareCardDetectorParams& params, double max_side_px) {
  std::array<double, 4> sides{};
  for (std::size_t i = 0; i < 4; ++i) sides[i] = distance(corners[i], corners[(i + 1) % 4]);
  const auto [shortest, longest] = std::minmax_element(sides.begin(), sides.end());
  if (*shortest < params.min_side_px * 0.9 || *longest > max_side_px) return false;
  if (*longest / *shortest > params.max_side_ratio) return false;
  std::vector<cv::Point2f> polygon(corners.begin(), corners.end());
  return cv::isContourConvex(polygon);
}

// Grows the face quadrilateral (inside the border) to the card's outer edge, in perspective.
std::array<cv::Point2d, 4> outer_corners(const std::array<cv::Point2d, 4>& face,
                                         const SquareCardSpec& spec) {
  const double lo = spec.border_mm;
  const double hi = spec.side_mm - spec.border_mm;
  const std::vector<cv::Point2f> face_mm = {{float(lo), float(lo)},
                                            {float(hi), float(lo)},
                                            {float(hi), float(hi)},
                                            {float(lo), float(hi)}};
  const std::vector<cv::Point2f> face_px(face.begin(), face.end());
  const cv::Mat image_from_card = cv::getPerspectiveTransform(face_mm, face_px);
  const float side = static_cast<float>(spec.side_mm);
  const std::vector<cv::Point2f> outer_mm = {{0, 0}, {side, 0}, {side, side}, {0, side}};
  std::vector<cv::Point2f> outer_px;
  cv::perspectiveTransform(outer_mm, outer_px, image_from_card);
  std::array<cv::Point2d, 4> outer;
  for (std::size_t i = 0; i < 4; ++i) outer[i] = outer_px[i];
  return outer;
}

}  // namespace

std::array<cv::Point2d, 4> canonical_corner_order(std::array<cv::Point2d, 4> corners) {
  double signed_area = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    const cv::Point2d& a = corners[i];
    const cv::Point2d& b = corners[(i + 1) % 4];
    signed_area += a.x * b.y - b.x * a.y;
  }
  // With y down, a positive shoelace sum runs clockwise on screen.
  if (signed_area < 0) std::reverse(corners.begin(), corners.end());
  std::size_t best = 0;
  double best_alignment = -2;
  for (std::size_t i = 0; i < 4; ++i) {
    const cv::Point2d side = corners[(i + 1) % 4] - corners[i];
    const double alignment = side.x / std::hypot(side.x, side.y);
    if (alignment > best_alignment) {
      best_alignment = alignment;
      best = i;
    }
  }
  std::rotate(corners.begin(), corners.begin() + static_cast<long>(best), corners.end());
  return corners;
}

namespace {

std::optional<DetectedSquareCard> card_from_outline(const std::vector<cv::Point>& outline,
                                                    double area, const SquareCardSpec& spec,
                                                    const SquareCardDetectorParams& params,
                                                    double max_side_px, cv::Size image_size) {
  const auto rough = quadrilateral_of(outline);
  if (!rough) return std::nullopt;
  const std::vector<cv::Point2f> rough_polygon(rough->begin(), rough->end());
  const double fill = area / cv::contourArea(rough_polygon);
  if (fill < params.min_fill || fill > 1.08) return std::nullopt;
  const auto outer = outer_corners(refine_corners(outline, *rough), spec);
  if (!plausible_shape(outer, params, max_side_px)) return std::nullopt;
  // A card cut by the frame cannot be read whole.
  const cv::Rect image_area(0, 0, image_size.width, image_size.height);
  for (const cv::Point2d& corner : outer) {
    if (!image_area.contains(cv::Point(cvRound(corner.x), cvRound(corner.y)))) return std::nullopt;
  }
  return DetectedSquareCard{canonical_corner_order(outer), fill};
}

cv::Point2d centre_of(const DetectedSquareCard& card) {
  return (card.corners[0] + card.corners[1] + card.corners[2] + card.corners[3]) * 0.25;
}

// Keeps one detection per card: the squarest of those found at different thresholds.
void add_unless_found(std::vector<DetectedSquareCard>& cards, const DetectedSquareCard& card) {
  const double side = cv::norm(card.corners[1] - card.corners[0]);
  for (DetectedSquareCard& known : cards) {
    if (cv::norm(centre_of(known) - centre_of(card)) < side / 4) {
      if (card.fill > known.fill) known = card;
      return;
    }
  }
  cards.push_back(card);
}

// The outlines of the face components within `area` of the picture (the whole picture, or a part
// of it: then a component cut by the part's edge, part of something outside, is left out): every
// one whose bounding box may enclose `min_face_area`.
std::vector<ComponentOutline> face_outlines(const RelativeLuminance& relative, double threshold,
                                            const cv::Rect& area, cv::Size picture,
                                            double min_face_area, cv::Mat& debug_mask) {
  const cv::Mat mask = face_mask(relative, threshold, area);
  if (!debug_mask.empty()) mask.copyTo(debug_mask(area));
  return outlines_of_large_components_in_part(mask, area.tl(), picture, min_face_area);
}

// Where the next, higher threshold looks: around each component large enough for a face (its
// components lie within those of the lower one); the whole picture when those parts cover most
// of it.
std::vector<cv::Rect> areas_to_look_again(const std::vector<cv::Rect>& large_enough,
                                          cv::Size picture) {
  constexpr int kMargin = 3;  // beyond the reach of the face mask's opening
  std::vector<cv::Rect> areas;
  for (const cv::Rect& box : large_enough) areas.push_back(grown_within(box, kMargin, picture));
  return whole_when_covering_most(std::move(areas), picture);
}

}  // namespace

std::vector<DetectedSquareCard> detect_square_cards(const cv::Mat& bgr, const SquareCardSpec& spec,
                                                    const SquareCardDetectorParams& params,
                                                    StageLog& log) {
  StageTimer white_stage(log, "local white");
  const RelativeLuminance relative(bgr, params.white_downscale, params.white_floor);
  white_stage.finish();

  const double max_side_px = params.max_side_fraction * std::min(bgr.cols, bgr.rows);
  const double face_fraction = (spec.side_mm - 2 * spec.border_mm) / spec.side_mm;
  const double min_face_area = std::pow(params.min_side_px * face_fraction * 0.8, 2) * 0.5;
  std::vector<DetectedSquareCard> cards;
  // On a light table a blurred border may not part the face from the table at the lower
  // threshold; the higher one parts them, at the price of a noisier face. It looks only where the
  // lower one found something large enough for a face: not at the grain of a patterned table.
  std::vector<cv::Rect> areas = {cv::Rect(cv::Point(0, 0), bgr.size())};
  for (const double threshold : params.face_ratio_thresholds) {
    const std::string name = std::to_string(threshold).substr(0, 4);
    StageTimer mask_stage(log, "face mask " + name);
    cv::Mat debug_mask;
    if (log.wants_debug_images()) debug_mask = cv::Mat::zeros(bgr.size(), CV_8U);
    std::vector<ComponentOutline> outlines;
    for (const cv::Rect& area : areas) {
      for (auto& outline :
           face_outlines(relative, threshold, area, bgr.size(), min_face_area, debug_mask))
        outlines.push_back(std::move(outline));
    }
    mask_stage.finish(static_cast<int>(outlines.size()));
    log.debug_image("face-mask-" + name, debug_mask);

    StageTimer quad_stage(log, "quadrilaterals");
    int found = 0;
    std::vector<cv::Rect> large_enough;
    for (const ComponentOutline& outline : outlines) {
      if (outline.area < min_face_area) continue;
      large_enough.push_back(cv::boundingRect(outline.points));
      if (const auto card = card_from_outline(outline.points, outline.area, spec, params,
                                              max_side_px, bgr.size())) {
        add_unless_found(cards, *card);
        ++found;
      }
    }
    areas = areas_to_look_again(large_enough, bgr.size());
    quad_stage.finish(found);
  }
  return cards;
}

}  // namespace tableref::vision
