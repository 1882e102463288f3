#include <algorithm>
#include <cmath>
#include <numbers>
#include <opencv2/imgproc.hpp>

#include "samples/capture.hpp"

namespace tableref::samples {

namespace {

constexpr int kShiftBits = 4;  // sub-pixel precision of OpenCV's drawing: 1/16 px
constexpr double kFixedPointScale = 1 << kShiftBits;

cv::Scalar bgr(const cv::Vec3d& rgb) {
  return {rgb[2], rgb[1], rgb[0]};
}

}  // namespace

PieceCanvas::PieceCanvas(cv::Size pixels, const cv::Matx23d& pixel_from_local, double px_per_mm)
    : pixel_from_local_(pixel_from_local),
      px_per_mm_(px_per_mm),
      colour_bgr_(pixels, CV_8UC3, cv::Scalar::all(0)),
      alpha_(pixels, CV_8UC1, cv::Scalar(0)) {}

cv::Point PieceCanvas::to_fixed_point(cv::Point2d local_mm) const {
  const cv::Vec3d local{local_mm.x, local_mm.y, 1};
  const cv::Vec2d pixel = pixel_from_local_ * local;
  return {static_cast<int>(std::lround(pixel[0] * kFixedPointScale)),
          static_cast<int>(std::lround(pixel[1] * kFixedPointScale))};
}

void PieceCanvas::fill_background(const cv::Vec3d& rgb) {
  colour_bgr_.setTo(bgr(rgb));
}

void PieceCanvas::fill_polygon(std::span<const cv::Point2d> points_mm, const cv::Vec3d& rgb) {
  std::vector<cv::Point> fixed;
  fixed.reserve(points_mm.size());
  for (const cv::Point2d& point : points_mm) fixed.push_back(to_fixed_point(point));
  const std::vector<std::vector<cv::Point>> polygons{fixed};
  cv::fillPoly(colour_bgr_, polygons, bgr(rgb), cv::LINE_AA, kShiftBits);
  cv::fillPoly(alpha_, polygons, cv::Scalar(255), cv::LINE_AA, kShiftBits);
}

void PieceCanvas::fill_rounded_rect(const cv::Rect2d& rect_mm, double radius_mm,
                                    const cv::Vec3d& rgb) {
  const std::vector<cv::Point2d> corners{
      rect_mm.tl(), {rect_mm.br().x, rect_mm.y}, rect_mm.br(), {rect_mm.x, rect_mm.br().y}};
  fill_polygon(rounded_polygon(corners, radius_mm), rgb);
}

void PieceCanvas::fill_circle(cv::Point2d centre_mm, double diameter_mm, const cv::Vec3d& rgb) {
  const cv::Point centre = to_fixed_point(centre_mm);
  const int radius = static_cast<int>(std::lround(diameter_mm / 2 * px_per_mm_ * kFixedPointScale));
  cv::circle(colour_bgr_, centre, radius, bgr(rgb), cv::FILLED, cv::LINE_AA, kShiftBits);
  cv::circle(alpha_, centre, radius, cv::Scalar(255), cv::FILLED, cv::LINE_AA, kShiftBits);
}

void PieceCanvas::stroke_polyline(std::span<const cv::Point2d> points_mm, double width_mm,
                                  const cv::Vec3d& rgb) {
  // Drawn as round-ended capsules so that the width is exact at any scale.
  const double radius = width_mm / 2;
  for (std::size_t i = 0; i + 1 < points_mm.size(); ++i) {
    const cv::Point2d from = points_mm[i], to = points_mm[i + 1];
    const cv::Point2d along = to - from;
    const double length = std::hypot(along.x, along.y);
    if (length <= 1e-9) continue;
    const cv::Point2d side = cv::Point2d(-along.y, along.x) * (radius / length);
    const std::vector<cv::Point2d> band{from + side, to + side, to - side, from - side};
    fill_polygon(band, rgb);
    fill_circle(from, width_mm, rgb);
  }
  if (!points_mm.empty()) fill_circle(points_mm.back(), width_mm, rgb);
}

void PieceCanvas::cut_circle(cv::Point2d centre_mm, double diameter_mm) {
  const int radius = static_cast<int>(std::lround(diameter_mm / 2 * px_per_mm_ * kFixedPointScale));
  cv::circle(alpha_, to_fixed_point(centre_mm), radius, cv::Scalar(0), cv::FILLED, cv::LINE_AA,
             kShiftBits);
}

std::vector<cv::Point2d> rounded_polygon(std::span<const cv::Point2d> corners_mm,
                                         double radius_mm) {
  std::vector<cv::Point2d> outline;
  const std::size_t count = corners_mm.size();
  constexpr int kArcSteps = 12;
  for (std::size_t i = 0; i < count; ++i) {
    const cv::Point2d previous = corners_mm[(i + count - 1) % count];
    const cv::Point2d corner = corners_mm[i];
    const cv::Point2d next = corners_mm[(i + 1) % count];
    const cv::Point2d to_previous = (previous - corner) / cv::norm(previous - corner);
    const cv::Point2d to_next = (next - corner) / cv::norm(next - corner);
    const double half_angle = std::acos(std::clamp(to_previous.dot(to_next), -1.0, 1.0)) / 2;
    // The arc's centre lies on the bisector, `radius` away from both edges.
    const cv::Point2d bisector = (to_previous + to_next) / cv::norm(to_previous + to_next);
    const cv::Point2d centre = corner + bisector * (radius_mm / std::sin(half_angle));
    const cv::Point2d start = corner + to_previous * (radius_mm / std::tan(half_angle));
    const cv::Point2d end = corner + to_next * (radius_mm / std::tan(half_angle));
    const double start_angle = std::atan2(start.y - centre.y, start.x - centre.x);
    double sweep = std::atan2(end.y - centre.y, end.x - centre.x) - start_angle;
    while (sweep > std::numbers::pi) sweep -= 2 * std::numbers::pi;
    while (sweep < -std::numbers::pi) sweep += 2 * std::numbers::pi;
    for (int step = 0; step <= kArcSteps; ++step) {
      const double angle = start_angle + sweep * step / kArcSteps;
      outline.push_back(centre + cv::Point2d(std::cos(angle), std::sin(angle)) * radius_mm);
    }
  }
  return outline;
}

cv::Point2d table_from_piece(const FlatPiece& piece, cv::Point2d local_mm) {
  const double angle = piece.angle_deg * std::numbers::pi / 180;
  const cv::Point2d from_centre =
      local_mm - cv::Point2d(piece.size_mm.width / 2, piece.size_mm.height / 2);
  return piece.centre_mm +
         cv::Point2d(from_centre.x * std::cos(angle) - from_centre.y * std::sin(angle),
                     from_centre.x * std::sin(angle) + from_centre.y * std::cos(angle));
}

std::vector<cv::Point2d> outline_on_table(const FlatPiece& piece) {
  std::vector<cv::Point2d> outline;
  outline.reserve(piece.outline_mm.size());
  for (const cv::Point2d& corner : piece.outline_mm)
    outline.push_back(table_from_piece(piece, corner));
  return outline;
}

std::vector<std::vector<cv::Point2d>> TableLayout::outlines_on_table() const {
  std::vector<std::vector<cv::Point2d>> outlines;
  outlines.reserve(pieces.size());
  for (const FlatPiece& piece : pieces) outlines.push_back(outline_on_table(piece));
  return outlines;
}

}  // namespace tableref::samples
