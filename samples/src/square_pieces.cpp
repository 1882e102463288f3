#include "square_pieces.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "plane.hpp"

namespace tableref::samples {

cv::Point2d table_from_square(const SquarePose& pose, double side_mm, cv::Point2d piece_mm) {
  const double half = side_mm / 2;
  return pose.centre_mm + rotated(piece_mm - cv::Point2d(half, half), pose.angle_deg);
}

std::array<cv::Point2d, 4> square_corners(const SquarePose& pose, double side_mm) {
  return {table_from_square(pose, side_mm, {0, 0}), table_from_square(pose, side_mm, {side_mm, 0}),
          table_from_square(pose, side_mm, {side_mm, side_mm}),
          table_from_square(pose, side_mm, {0, side_mm})};
}

cv::Point2d square_from_table(const SquarePose& pose, double side_mm, cv::Point2d table_mm) {
  const double half = side_mm / 2;
  return rotated(table_mm - pose.centre_mm, -pose.angle_deg) + cv::Point2d(half, half);
}

bool squares_overlap(const SquarePose& a, const SquarePose& b, double side_mm) {
  if (cv::norm(a.centre_mm - b.centre_mm) >= side_mm * std::sqrt(2.0)) return false;
  const auto to_float = [side_mm](const SquarePose& pose) {
    const auto corners = square_corners(pose, side_mm);
    return std::vector<cv::Point2f>(corners.begin(), corners.end());
  };
  std::vector<cv::Point2f> common;
  // Touching squares share an edge of zero area: only a real overlap counts.
  return cv::intersectConvexConvex(to_float(a), to_float(b), common, true) > 1e-3;
}

FlatPiece square_piece(const SquarePose& pose, double side_mm, double height_mm,
                       double thickness_mm, std::function<void(PieceCanvas&)> paint) {
  FlatPiece piece;
  piece.size_mm = {side_mm, side_mm};
  piece.outline_mm = {{0, 0}, {side_mm, 0}, {side_mm, side_mm}, {0, side_mm}};
  piece.centre_mm = pose.centre_mm;
  piece.angle_deg = pose.angle_deg;
  piece.height_mm = height_mm;
  piece.thickness_mm = thickness_mm;
  piece.paint = std::move(paint);
  return piece;
}

std::optional<Photo> frame_and_photograph(const TableLayout& layout,
                                          const CaptureConditions& conditions,
                                          std::mt19937_64& rng) {
  const auto outlines = layout.outlines_on_table();
  const std::optional<TableCamera> camera = fit_camera(conditions, outlines);
  if (!camera) return std::nullopt;
  return capture_photo(layout, conditions, *camera, rng());
}

nlohmann::json image_polygon_json(const Photo& photo, std::span<const cv::Point2d> corners_mm) {
  std::vector<cv::Point2d> corners_px;
  for (const cv::Point2d& corner : corners_mm)
    corners_px.push_back(photo.camera.image_from_table(corner));
  // The table frame and the image have the same handedness: clockwise stays clockwise.
  std::size_t start = 0;
  double best_cosine = -2;
  for (std::size_t i = 0; i < corners_px.size(); ++i) {
    const cv::Point2d side = corners_px[(i + 1) % corners_px.size()] - corners_px[i];
    const double cosine = side.x / std::max(1e-12, cv::norm(side));
    if (cosine > best_cosine) {
      best_cosine = cosine;
      start = i;
    }
  }
  nlohmann::json polygon = nlohmann::json::array();
  for (std::size_t i = 0; i < corners_px.size(); ++i)
    polygon.push_back(pixel_json(corners_px[(start + i) % corners_px.size()]));
  return polygon;
}

double square_occlusion(const Photo& photo, const SquarePose& pose, double side_mm,
                        double step_mm) {
  double total = 0;
  int samples = 0;
  for (double y = step_mm / 2; y < side_mm; y += step_mm) {
    for (double x = step_mm / 2; x < side_mm; x += step_mm) {
      total += occlusion_at(
          photo, photo.camera.image_from_table(table_from_square(pose, side_mm, {x, y})));
      ++samples;
    }
  }
  return samples == 0 ? 0.0 : total / samples;
}

nlohmann::json photo_facts(const Photo& photo) {
  return {{"image_size", {photo.image_bgr.cols, photo.image_bgr.rows}},
          {"camera", photo.camera.to_json()},
          {"hands", photo.details.at("hands")},
          {"glare", photo.details.at("glare")}};
}

}  // namespace tableref::samples
