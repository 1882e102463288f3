#include "vision/quad_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

namespace tableref::vision {

std::vector<std::vector<cv::Point>> component_outlines(const cv::Mat& mask) {
  std::vector<std::vector<cv::Point>> contours;
  std::vector<cv::Vec4i> hierarchy;
  // CCOMP lists every outer boundary, nested or not, at its top level.
  cv::findContours(mask, contours, hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_NONE);
  std::vector<std::vector<cv::Point>> outlines;
  for (std::size_t i = 0; i < contours.size(); ++i) {
    if (hierarchy[i][3] < 0) outlines.push_back(std::move(contours[i]));
  }
  return outlines;
}

std::optional<std::array<cv::Point2d, 4>> quadrilateral_of(const std::vector<cv::Point>& outline) {
  std::vector<cv::Point> hull;
  cv::convexHull(outline, hull);
  const double perimeter = cv::arcLength(hull, true);
  for (const double fraction : {0.02, 0.03, 0.045, 0.06}) {
    std::vector<cv::Point> polygon;
    cv::approxPolyDP(hull, polygon, fraction * perimeter, true);
    if (polygon.size() == 4) {
      std::array<cv::Point2d, 4> corners;
      for (std::size_t i = 0; i < 4; ++i) corners[i] = polygon[i];
      return corners;
    }
    if (polygon.size() < 4) break;
  }
  return std::nullopt;
}

std::array<cv::Point2d, 4> refine_corners(const std::vector<cv::Point>& outline,
                                          const std::array<cv::Point2d, 4>& rough) {
  std::array<cv::Vec4f, 4> lines;
  for (std::size_t side = 0; side < 4; ++side) {
    const cv::Point2d a = rough[side];
    const cv::Point2d b = rough[(side + 1) % 4];
    const double length = cv::norm(b - a);
    if (length < 1) return rough;
    const cv::Point2d along = (b - a) / length;
    const cv::Point2d normal(-along.y, along.x);
    std::vector<cv::Point2f> points;
    for (const cv::Point& p : outline) {
      const cv::Point2d offset = cv::Point2d(p) - a;
      const double t = offset.dot(along) / length;
      if (t > 0.15 && t < 0.85 && std::abs(offset.dot(normal)) < 0.06 * length + 2.0)
        points.emplace_back(static_cast<float>(p.x), static_cast<float>(p.y));
    }
    if (points.size() < 5) return rough;
    cv::fitLine(points, lines[side], cv::DIST_HUBER, 0, 0.01, 0.01);
  }
  std::array<cv::Point2d, 4> refined;
  for (std::size_t i = 0; i < 4; ++i) {
    const cv::Vec4f& l1 = lines[(i + 3) % 4];
    const cv::Vec4f& l2 = lines[i];
    const double cross = l1[0] * l2[1] - l1[1] * l2[0];
    if (std::abs(cross) < 1e-6) return rough;
    const double dx = l2[2] - l1[2];
    const double dy = l2[3] - l1[3];
    const double t = (dx * l2[1] - dy * l2[0]) / cross;
    refined[i] = {l1[2] + t * l1[0], l1[3] + t * l1[1]};
    if (cv::norm(refined[i] - rough[i]) > 0.1 * cv::norm(rough[i] - rough[(i + 1) % 4]))
      return rough;
  }
  return refined;
}

cv::Matx33d image_from_square(const std::array<cv::Point2d, 4>& corners_px, double side_mm) {
  const auto side = static_cast<float>(side_mm);
  const std::vector<cv::Point2f> square_mm = {{0, 0}, {side, 0}, {side, side}, {0, side}};
  const std::vector<cv::Point2f> image_px(corners_px.begin(), corners_px.end());
  return cv::Matx33d(cv::getPerspectiveTransform(square_mm, image_px));
}

cv::Point2d apply_homography(const cv::Matx33d& h, cv::Point2d p) {
  const double w = h(2, 0) * p.x + h(2, 1) * p.y + h(2, 2);
  return {(h(0, 0) * p.x + h(0, 1) * p.y + h(0, 2)) / w,
          (h(1, 0) * p.x + h(1, 1) * p.y + h(1, 2)) / w};
}

std::array<cv::Point2d, 4> grow_square(const std::array<cv::Point2d, 4>& inner_px, double inner_mm,
                                       double outer_mm) {
  const cv::Matx33d image_from_inner = image_from_square(inner_px, inner_mm);
  const double margin = (outer_mm - inner_mm) / 2;
  const std::array<cv::Point2d, 4> outer_in_inner = {
      cv::Point2d(-margin, -margin), cv::Point2d(inner_mm + margin, -margin),
      cv::Point2d(inner_mm + margin, inner_mm + margin), cv::Point2d(-margin, inner_mm + margin)};
  std::array<cv::Point2d, 4> outer;
  for (std::size_t i = 0; i < 4; ++i)
    outer[i] = apply_homography(image_from_inner, outer_in_inner[i]);
  return outer;
}

std::array<cv::Point2d, 4> rotate_corners(const std::array<cv::Point2d, 4>& corners, int steps) {
  std::array<cv::Point2d, 4> turned;
  for (std::size_t i = 0; i < 4; ++i)
    turned[i] = corners[(i + static_cast<std::size_t>(((steps % 4) + 4) % 4)) % 4];
  return turned;
}

double side_ratio(const std::array<cv::Point2d, 4>& corners) {
  std::array<double, 4> sides{};
  for (std::size_t i = 0; i < 4; ++i) sides[i] = cv::norm(corners[(i + 1) % 4] - corners[i]);
  const auto [shortest, longest] = std::minmax_element(sides.begin(), sides.end());
  return *longest / std::max(1e-9, *shortest);
}

double mean_side(const std::array<cv::Point2d, 4>& corners) {
  double total = 0;
  for (std::size_t i = 0; i < 4; ++i) total += cv::norm(corners[(i + 1) % 4] - corners[i]);
  return total / 4;
}

}  // namespace tableref::vision
