#include "vision/quad_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <opencv2/imgproc.hpp>

namespace tableref::vision {

std::vector<ComponentOutline> component_outlines(const cv::Mat& mask, cv::Point offset) {
  // Every border, listed without a hierarchy: on a light, speckled table the table's component
  // has tens of thousands of holes, and linking them into one (RETR_CCOMP) cost three times as
  // much as tracing them.
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(mask, contours, cv::RETR_LIST, cv::CHAIN_APPROX_NONE, offset);
  std::vector<ComponentOutline> outlines;
  for (std::vector<cv::Point>& contour : contours) {
    if (auto outline = outline_of_border(std::move(contour)))
      outlines.push_back(std::move(*outline));
  }
  return outlines;
}

std::optional<ComponentOutline> outline_of_border(std::vector<cv::Point> border) {
  // Outer borders are told from holes by their turn: their signed area is negative.
  const double signed_area = cv::contourArea(border, true);
  if (signed_area >= 0) return std::nullopt;
  return ComponentOutline{std::move(border), -signed_area};
}

cv::Rect grown_within(const cv::Rect& box, int margin, cv::Size picture) {
  return (box + cv::Size(2 * margin, 2 * margin) - cv::Point(margin, margin)) &
         cv::Rect(cv::Point(0, 0), picture);
}

std::vector<cv::Point> outline_hull(const std::vector<cv::Point>& outline) {
  std::vector<cv::Point> hull;
  if (outline.empty()) return hull;
  const auto [top, bottom] = std::minmax_element(
      outline.begin(), outline.end(), [](cv::Point a, cv::Point b) { return a.y < b.y; });
  const auto rows = static_cast<std::size_t>(bottom->y - top->y + 1);
  std::vector<int> first(rows, std::numeric_limits<int>::max());
  std::vector<int> last(rows, std::numeric_limits<int>::min());
  for (const cv::Point& point : outline) {
    const auto row = static_cast<std::size_t>(point.y - top->y);
    first[row] = std::min(first[row], point.x);
    last[row] = std::max(last[row], point.x);
  }
  // Kept in the outline's order, every visit: cv::convexHull starts the hull by the points' order
  // and breaks ties between visits of one point by it.
  std::vector<cv::Point> ends;
  ends.reserve(2 * rows);
  for (const cv::Point& point : outline) {
    const auto row = static_cast<std::size_t>(point.y - top->y);
    if (point.x == first[row] || point.x == last[row]) ends.push_back(point);
  }
  cv::convexHull(ends, hull);
  return hull;
}

std::optional<std::array<cv::Point2d, 4>> quadrilateral_of(const std::vector<cv::Point>& outline) {
  const std::vector<cv::Point> hull = outline_hull(outline);
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

namespace {

// The corners where consecutive lines (cv::fitLine's form) cross; nullopt when two are parallel
// or corner i lies farther than max_shift[i] from its place in `rough`.
std::optional<std::array<cv::Point2d, 4>> corners_of_lines(const std::array<cv::Vec4f, 4>& lines,
                                                           const std::array<cv::Point2d, 4>& rough,
                                                           const std::array<double, 4>& max_shift) {
  std::array<cv::Point2d, 4> corners;
  for (std::size_t i = 0; i < 4; ++i) {
    const cv::Vec4f& l1 = lines[(i + 3) % 4];
    const cv::Vec4f& l2 = lines[i];
    const double cross = l1[0] * l2[1] - l1[1] * l2[0];
    if (std::abs(cross) < 1e-6) return std::nullopt;
    const double dx = l2[2] - l1[2];
    const double dy = l2[3] - l1[3];
    const double t = (dx * l2[1] - dy * l2[0]) / cross;
    corners[i] = {l1[2] + t * l1[0], l1[3] + t * l1[1]};
    if (cv::norm(corners[i] - rough[i]) > max_shift[i]) return std::nullopt;
  }
  return corners;
}

cv::Vec4f line_through(cv::Point2d a, cv::Point2d b) {
  const cv::Point2d along = (b - a) / cv::norm(b - a);
  return {static_cast<float>(along.x), static_cast<float>(along.y), static_cast<float>(a.x),
          static_cast<float>(a.y)};
}

// The picture's colour at a point between pixels (bilinear; the border repeated).
cv::Vec3f colour_at(const cv::Mat& bgr, cv::Point2d point) {
  const double x = std::clamp(point.x, 0.0, bgr.cols - 1.001);
  const double y = std::clamp(point.y, 0.0, bgr.rows - 1.001);
  const int x0 = static_cast<int>(x), y0 = static_cast<int>(y);
  const auto fx = static_cast<float>(x - x0), fy = static_cast<float>(y - y0);
  const auto at = [&](int row, int col) { return cv::Vec3f(bgr.at<cv::Vec3b>(row, col)); };
  return (at(y0, x0) * (1 - fx) + at(y0, x0 + 1) * fx) * (1 - fy) +
         (at(y0 + 1, x0) * (1 - fx) + at(y0 + 1, x0 + 1) * fx) * fy;
}

// Where the colour changes most along `normal` within `reach_px` of `base` (pixels from `base`,
// to a fraction of one); nullopt when nothing there changes more than noise does.
std::optional<double> strongest_step(const cv::Mat& bgr, cv::Point2d base, cv::Point2d normal,
                                     int reach_px) {
  constexpr double kMinStep = 6.0;  // colour distance between neighbouring samples
  std::vector<cv::Vec3f> profile;
  for (int k = -reach_px; k <= reach_px; ++k) profile.push_back(colour_at(bgr, base + normal * k));
  std::vector<double> step(profile.size() - 1);
  for (std::size_t j = 0; j < step.size(); ++j) step[j] = cv::norm(profile[j + 1] - profile[j]);
  std::vector<double> smooth(step.size());
  for (std::size_t j = 0; j < step.size(); ++j) {
    const double before = j > 0 ? step[j - 1] : step[j];
    const double after = j + 1 < step.size() ? step[j + 1] : step[j];
    smooth[j] = (before + 2 * step[j] + after) / 4;
  }
  const auto best =
      static_cast<std::size_t>(std::max_element(smooth.begin(), smooth.end()) - smooth.begin());
  if (smooth[best] < kMinStep) return std::nullopt;
  double offset = 0;  // the parabola's vertex through the peak and its neighbours
  if (best > 0 && best + 1 < smooth.size()) {
    const double curvature = smooth[best - 1] - 2 * smooth[best] + smooth[best + 1];
    if (curvature < 0) offset = 0.5 * (smooth[best - 1] - smooth[best + 1]) / curvature;
  }
  return -reach_px + static_cast<double>(best) + 0.5 + offset;
}

// The line through `points` (cv::fitLine's form) by least squares weighted with `weights`:
// through the weighted mean, along the weighted scatter's main axis.
cv::Vec4f weighted_line(const std::vector<cv::Point2f>& points,
                        const std::vector<double>& weights) {
  double total = 0, x = 0, y = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    total += weights[i];
    x += weights[i] * points[i].x;
    y += weights[i] * points[i].y;
  }
  x /= total;
  y /= total;
  double xx = 0, xy = 0, yy = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const double dx = points[i].x - x, dy = points[i].y - y;
    xx += weights[i] * dx * dx;
    xy += weights[i] * dx * dy;
    yy += weights[i] * dy * dy;
  }
  const double angle = 0.5 * std::atan2(2 * xy, xx - yy);
  return {static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle)),
          static_cast<float>(x), static_cast<float>(y)};
}

constexpr double kHuberC = 1.345;  // pixels, as cv::fitLine's DIST_HUBER
// Pixels: Tukey's biweight leaves out points further off than this. A lens's distortion bends a
// long side by a few pixels from its chord, which must still count.
constexpr double kTukeyC = 8.0;

// The distance of `point` from `line` (cv::fitLine's form).
double distance_to(const cv::Vec4f& line, const cv::Point2f& point) {
  return std::abs((point.x - line[2]) * line[1] - (point.y - line[3]) * line[0]);
}

// How badly `line` fits `points`: Huber's loss of their distances to it.
double huber_loss(const std::vector<cv::Point2f>& points, const cv::Vec4f& line) {
  double loss = 0;
  for (const cv::Point2f& point : points) {
    const double off = distance_to(line, point);
    loss += off < kHuberC ? off * off / 2 : kHuberC * (off - kHuberC / 2);
  }
  return loss;
}

double huber_weight(double off) {
  return off < kHuberC ? 1.0 : kHuberC / off;
}

double tukey_weight(double off) {
  if (off >= kTukeyC) return 0.0;
  const double share = 1 - (off / kTukeyC) * (off / kTukeyC);
  return share * share;
}

// `line` refitted with weights of the points' distances to it (`weight`), until it stops moving
// (a hundredth of a pixel at the side's ends).
template <class Weight>
cv::Vec4f reweighted(const std::vector<cv::Point2f>& points, cv::Vec4f line, Weight weight) {
  constexpr int kMaxRounds = 30;
  const double reach = cv::norm(points.back() - points.front()) + 1;
  std::vector<double> weights(points.size());
  for (int round = 0; round < kMaxRounds; ++round) {
    for (std::size_t i = 0; i < points.size(); ++i)
      weights[i] = weight(distance_to(line, points[i]));
    const cv::Vec4f before = line;
    line = weighted_line(points, weights);
    const double turn = std::abs(before[0] * line[1] - before[1] * line[0]);
    const double shift = distance_to(before, cv::Point2f(line[2], line[3]));
    if (turn * reach + shift < 0.01) break;
  }
  return line;
}

// A side's line, robust to what the outline holds beside the edge (a rounded corner, table leaking
// into the mask). It starts from the best, by Huber's loss, of a few lines through pairs of points
// half the side apart and the plain least-squares line; is reweighted with Huber's weights
// (cv::fitLine's DIST_HUBER), then with Tukey's, which leave out the points a few pixels off the
// edge. cv::fitLine restarts from twenty random samples, which on a long side costs milliseconds.
cv::Vec4f robust_line(const std::vector<cv::Point2f>& points) {
  constexpr std::size_t kPairs = 8;
  cv::Vec4f line = weighted_line(points, std::vector<double>(points.size(), 1.0));
  double loss = huber_loss(points, line);
  const std::size_t half = points.size() / 2;
  for (std::size_t pair = 0; pair < kPairs; ++pair) {
    const cv::Point2f& a = points[pair * half / kPairs];
    const cv::Point2f& b = points[pair * half / kPairs + half];
    if (cv::norm(b - a) < 1) continue;
    const cv::Vec4f candidate = line_through(a, b);
    const double candidate_loss = huber_loss(points, candidate);
    if (candidate_loss < loss) {
      line = candidate;
      loss = candidate_loss;
    }
  }
  return reweighted(points, reweighted(points, line, huber_weight), tukey_weight);
}

}  // namespace

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
    lines[side] = robust_line(points);
  }
  std::array<double, 4> max_shift;  // a tenth of the side that starts at each corner
  for (std::size_t i = 0; i < 4; ++i) max_shift[i] = 0.1 * cv::norm(rough[i] - rough[(i + 1) % 4]);
  return corners_of_lines(lines, rough, max_shift).value_or(rough);
}

std::array<cv::Point2d, 4> snap_sides_to_edges(const cv::Mat& bgr,
                                               const std::array<cv::Point2d, 4>& corners,
                                               double reach_px) {
  constexpr int kSamples = 16;  // per side, away from the rounded corners
  const int reach = std::max(2, static_cast<int>(std::lround(reach_px)));
  const cv::Point2d centre = (corners[0] + corners[1] + corners[2] + corners[3]) * 0.25;
  std::array<cv::Vec4f, 4> lines;
  for (std::size_t side = 0; side < 4; ++side) {
    const cv::Point2d a = corners[side], b = corners[(side + 1) % 4];
    const double length = cv::norm(b - a);
    if (length < 1) return corners;
    cv::Point2d normal((a.y - b.y) / length, (b.x - a.x) / length);
    if (normal.dot((a + b) * 0.5 - centre) < 0) normal = -normal;  // outwards
    std::vector<cv::Point2f> points;
    for (int i = 0; i < kSamples; ++i) {
      const cv::Point2d base = a + (b - a) * (0.15 + 0.7 * (i + 0.5) / kSamples);
      if (const auto shift = strongest_step(bgr, base, normal, reach))
        points.emplace_back(base + normal * *shift);
    }
    if (points.size() >= kSamples / 2)
      cv::fitLine(points, lines[side], cv::DIST_HUBER, 0, 0.01, 0.01);
    else
      lines[side] = line_through(a, b);  // too faint to move: the side stays
  }
  const double max_shift = 1.5 * reach;
  return corners_of_lines(lines, corners, {max_shift, max_shift, max_shift, max_shift})
      .value_or(corners);
}

cv::Matx33d image_from_square(const std::array<cv::Point2d, 4>& corners_px, double side_mm) {
  const auto side = static_cast<float>(side_mm);
  const std::vector<cv::Point2f> square_mm = {{0, 0}, {side, 0}, {side, side}, {0, side}};
  const std::vector<cv::Point2f> image_px(corners_px.begin(), corners_px.end());
  return cv::Matx33d(cv::getPerspectiveTransform(square_mm, image_px));
}

std::array<cv::Point2d, 4> square_on_face(const std::array<cv::Point2d, 4>& face_px, double face_mm,
                                          cv::Point2d origin_mm, double side_mm) {
  const cv::Matx33d image_from_face = image_from_square(face_px, face_mm);
  const std::array<cv::Point2d, 4> square_mm = {origin_mm, origin_mm + cv::Point2d(side_mm, 0),
                                                origin_mm + cv::Point2d(side_mm, side_mm),
                                                origin_mm + cv::Point2d(0, side_mm)};
  std::array<cv::Point2d, 4> square_px;
  for (std::size_t i = 0; i < 4; ++i)
    square_px[i] = apply_homography(image_from_face, square_mm[i]);
  return square_px;
}

std::array<cv::Point2d, 4> grow_square(const std::array<cv::Point2d, 4>& inner_px, double inner_mm,
                                       double outer_mm) {
  const double margin = (outer_mm - inner_mm) / 2;
  return square_on_face(inner_px, inner_mm, {-margin, -margin}, outer_mm);
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

double median_side(const std::vector<std::array<cv::Point2d, 4>>& quadrilaterals) {
  if (quadrilaterals.empty()) return 0;
  std::vector<double> sides;
  for (const auto& corners : quadrilaterals) sides.push_back(mean_side(corners));
  std::nth_element(sides.begin(), sides.begin() + static_cast<long>(sides.size() / 2), sides.end());
  return sides[sides.size() / 2];
}

cv::Point2d centre_of(const std::array<cv::Point2d, 4>& corners) {
  return (corners[0] + corners[1] + corners[2] + corners[3]) * 0.25;
}

}  // namespace tableref::vision
