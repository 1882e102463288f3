#include "samples/camera.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "bounds.hpp"
#include "plane.hpp"

namespace tableref::samples {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double radians(double degrees) {
  return degrees * std::numbers::pi / 180.0;
}

// Rotates `v` about the unit axis `axis` by `angle` (Rodrigues).
cv::Vec3d rotate(const cv::Vec3d& v, const cv::Vec3d& axis, double angle) {
  return v * std::cos(angle) + axis.cross(v) * std::sin(angle) +
         axis * (axis.dot(v) * (1 - std::cos(angle)));
}

// Radius factor of the radial model at undistorted radius squared `r2`.
double distortion_factor(double k1, double k2, double r2) {
  return 1 + k1 * r2 + k2 * r2 * r2;
}

// The largest undistorted radius up to which the distorted radius keeps growing with a margin
// (its slope 1 + 3 k1 r^2 + 5 k2 r^4 stays above 0.05), capped at 3, far beyond any image corner.
double monotonic_radius(double k1, double k2) {
  constexpr double kCap = 3.0;
  // Smallest positive root s = r^2 of 5 k2 s^2 + 3 k1 s + 0.95 = 0.
  double root = kCap * kCap;
  if (std::abs(k2) < 1e-12) {
    if (k1 < 0) root = 0.95 / (-3 * k1);
  } else {
    const double discriminant = 9 * k1 * k1 - 4 * 5 * k2 * 0.95;
    if (discriminant >= 0) {
      for (const double sign : {-1.0, 1.0}) {
        const double s = (-3 * k1 + sign * std::sqrt(discriminant)) / (10 * k2);
        if (s > 0) root = std::min(root, s);
      }
    }
  }
  return std::min(kCap, std::sqrt(root));
}

}  // namespace

TableCamera TableCamera::looking_at(const CaptureConditions& conditions, cv::Point2d target_mm,
                                    double height_mm) {
  TableCamera camera;
  camera.image_size = conditions.image_size;
  camera.focal_px =
      0.5 * conditions.image_size.width / std::tan(radians(conditions.horizontal_fov_deg) / 2);
  camera.principal_point = {(conditions.image_size.width - 1) / 2.0,
                            (conditions.image_size.height - 1) / 2.0};
  camera.k1 = conditions.k1;
  camera.k2 = conditions.k2;

  const double tilt = radians(conditions.tilt_deg);
  const double azimuth = radians(conditions.tilt_azimuth_deg);
  const cv::Vec3d forward{std::sin(tilt) * std::cos(azimuth), std::sin(tilt) * std::sin(azimuth),
                          std::cos(tilt)};
  cv::Vec3d right{1, 0, 0};
  cv::Vec3d down{0, 1, 0};
  if (tilt > 1e-12) {
    // The smallest rotation that takes the vertical onto the optical axis.
    const cv::Vec3d axis = cv::normalize(cv::Vec3d(0, 0, 1).cross(forward));
    right = rotate(right, axis, tilt);
    down = rotate(down, axis, tilt);
  }
  const double yaw = radians(conditions.yaw_deg);
  const cv::Vec3d turned_right = right * std::cos(yaw) + down * std::sin(yaw);
  const cv::Vec3d turned_down = down * std::cos(yaw) - right * std::sin(yaw);
  camera.camera_from_table =
      cv::Matx33d(turned_right[0], turned_right[1], turned_right[2], turned_down[0], turned_down[1],
                  turned_down[2], forward[0], forward[1], forward[2]);
  const cv::Vec3d target{target_mm.x, target_mm.y, 0};
  camera.position_mm = target - forward * (height_mm / std::cos(tilt));
  return camera;
}

cv::Point2d TableCamera::image_from_table(cv::Point2d table_mm) const {
  const cv::Vec3d in_camera =
      camera_from_table * (cv::Vec3d(table_mm.x, table_mm.y, 0) - position_mm);
  if (in_camera[2] <= 1e-9) return {kNaN, kNaN};
  const double x = in_camera[0] / in_camera[2];
  const double y = in_camera[1] / in_camera[2];
  const double factor = distortion_factor(k1, k2, x * x + y * y);
  return {principal_point.x + focal_px * x * factor, principal_point.y + focal_px * y * factor};
}

cv::Point2d TableCamera::table_from_image(cv::Point2d pixel) const {
  const double xd = (pixel.x - principal_point.x) / focal_px;
  const double yd = (pixel.y - principal_point.y) / focal_px;
  const double rd = std::hypot(xd, yd);
  double scale = 1;
  if (rd > 0) {
    const double r_limit = monotonic_radius(k1, k2);
    if (rd > r_limit * distortion_factor(k1, k2, r_limit * r_limit)) return {kNaN, kNaN};
    // Newton on r * factor(r^2) = rd, from the distorted radius.
    double r = std::min(rd, r_limit);
    for (int iteration = 0; iteration < 30; ++iteration) {
      const double r2 = r * r;
      const double residual = r * distortion_factor(k1, k2, r2) - rd;
      const double slope = 1 + 3 * k1 * r2 + 5 * k2 * r2 * r2;
      const double step = residual / slope;
      r = std::clamp(r - step, 0.0, r_limit);
      if (std::abs(step) < 1e-14) break;
    }
    scale = r / rd;
  }
  const cv::Vec3d ray = camera_from_table.t() * cv::Vec3d(xd * scale, yd * scale, 1);
  if (ray[2] <= 1e-9) return {kNaN, kNaN};
  const double distance = -position_mm[2] / ray[2];
  return {position_mm[0] + distance * ray[0], position_mm[1] + distance * ray[1]};
}

double TableCamera::scale_px_per_mm(cv::Point2d table_mm) const {
  constexpr double kStepMm = 1.0;
  const cv::Point2d at = image_from_table(table_mm);
  const cv::Point2d along_x = image_from_table(table_mm + cv::Point2d(kStepMm, 0)) - at;
  const cv::Point2d along_y = image_from_table(table_mm + cv::Point2d(0, kStepMm)) - at;
  return std::sqrt(std::abs(along_x.cross(along_y))) / kStepMm;
}

cv::Matx33d TableCamera::camera_matrix() const {
  return {focal_px, 0, principal_point.x, 0, focal_px, principal_point.y, 0, 0, 1};
}

cv::Vec<double, 5> TableCamera::distortion_coefficients() const {
  return {k1, k2, 0, 0, 0};
}

nlohmann::json TableCamera::to_json() const {
  nlohmann::json rotation = nlohmann::json::array();
  for (int row = 0; row < 3; ++row) {
    rotation.push_back(
        {camera_from_table(row, 0), camera_from_table(row, 1), camera_from_table(row, 2)});
  }
  const cv::Matx33d matrix = camera_matrix();
  const cv::Vec<double, 5> distortion = distortion_coefficients();
  return {{"image_size", {image_size.width, image_size.height}},
          {"focal_px", focal_px},
          {"principal_point", {principal_point.x, principal_point.y}},
          {"camera_matrix", std::vector<double>(matrix.val, matrix.val + 9)},
          {"distortion_coefficients", std::vector<double>(distortion.val, distortion.val + 5)},
          {"camera_from_table", rotation},
          {"position_mm", {position_mm[0], position_mm[1], position_mm[2]}},
          {"height_mm", height_mm()}};
}

double shortest_side_px(const TableCamera& camera,
                        std::span<const std::vector<cv::Point2d>> outlines_mm) {
  double shortest = std::numeric_limits<double>::infinity();
  for (const auto& outline : outlines_mm) {
    for (std::size_t i = 0; i < outline.size(); ++i) {
      const cv::Point2d from = camera.image_from_table(outline[i]);
      const cv::Point2d to = camera.image_from_table(outline[(i + 1) % outline.size()]);
      const double length = cv::norm(to - from);
      shortest = std::isfinite(length) ? std::min(shortest, length) : 0.0;
    }
  }
  return shortest;
}

namespace {

struct Framing {
  std::span<const std::vector<cv::Point2d>> outlines_mm;
  cv::Point2d layout_centre_mm;

  cv::Rect2d projected_bounds(const TableCamera& camera) const {
    Bounds bounds;
    for (const auto& outline : outlines_mm) {
      for (const cv::Point2d& corner : outline) {
        const cv::Point2d pixel = camera.image_from_table(corner);
        if (!finite(pixel)) return {};
        bounds.add(pixel);
      }
    }
    return bounds.rect();
  }

  // The camera at `height_mm`, aimed so that the layout's projection is centred in the image.
  TableCamera centred(const CaptureConditions& conditions, double height_mm) const {
    cv::Point2d target = layout_centre_mm;
    TableCamera camera = TableCamera::looking_at(conditions, target, height_mm);
    for (int pass = 0; pass < 4; ++pass) {
      const cv::Rect2d bounds = projected_bounds(camera);
      if (bounds.area() <= 0) break;
      const cv::Point2d seen = camera.table_from_image((bounds.tl() + bounds.br()) * 0.5);
      const cv::Point2d aimed = camera.table_from_image(camera.principal_point);
      if (!finite(seen) || !finite(aimed)) break;
      target += seen - aimed;
      camera = TableCamera::looking_at(conditions, target, height_mm);
    }
    return camera;
  }

  bool in_view(const TableCamera& camera) const {
    const cv::Rect2d bounds = projected_bounds(camera);
    if (bounds.area() <= 0) return false;
    const double margin = 0.04 * std::min(camera.image_size.width, camera.image_size.height);
    return bounds.x >= margin && bounds.y >= margin &&
           bounds.br().x <= camera.image_size.width - 1 - margin &&
           bounds.br().y <= camera.image_size.height - 1 - margin;
  }
};

// The height where `holds` flips, given that it holds at `low_mm` or at `high_mm` but not both.
template <typename Predicate>
double flip_height(double low_mm, double high_mm, Predicate holds) {
  const bool holds_low = holds(low_mm);
  for (int iteration = 0; iteration < 50; ++iteration) {
    const double middle = 0.5 * (low_mm + high_mm);
    (holds(middle) == holds_low ? low_mm : high_mm) = middle;
  }
  return holds_low ? low_mm : high_mm;
}

}  // namespace

std::optional<TableCamera> fit_camera(const CaptureConditions& conditions,
                                      std::span<const std::vector<cv::Point2d>> outlines_mm,
                                      double min_side_px) {
  Bounds extent;
  for (const auto& outline : outlines_mm) {
    for (const cv::Point2d& corner : outline) extent.add(corner);
  }
  if (extent.empty()) return std::nullopt;
  const Framing framing{outlines_mm, extent.centre()};
  // A few pixels to spare: the truth must hold for every edge, not only on average.
  const double side_goal_px = min_side_px + 2;
  constexpr double kLowestMm = 60, kHighestMm = 6000;
  const auto in_view = [&](double height) {
    return framing.in_view(framing.centred(conditions, height));
  };
  const auto large_enough = [&](double height) {
    return shortest_side_px(framing.centred(conditions, height), outlines_mm) >= side_goal_px;
  };
  if (!in_view(kHighestMm)) return std::nullopt;
  // Lower than this the layout leaves the frame; if its cards are too small even here, no
  // height frames it.
  const double lowest_in_view = flip_height(kLowestMm, kHighestMm, in_view);
  if (!large_enough(lowest_in_view)) return std::nullopt;
  const double highest_large = flip_height(lowest_in_view, kHighestMm, large_enough);
  const double height = std::clamp(conditions.camera_height_mm, lowest_in_view, highest_large);
  return framing.centred(conditions, height);
}

}  // namespace tableref::samples
