#pragma once
// The camera over the table: a pinhole with radial distortion looking at the table plane.
//
// Table frame: millimetres, x right and y down as seen from above, z into the table (so the
// frame is right-handed and a camera looking straight down has the identity rotation). The table
// surface is z = 0; the camera stands at z = -height.

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <optional>
#include <span>
#include <vector>

#include "samples/level.hpp"

namespace tableref::samples {

// components.md: a card's shortest side spans at least 70 px.
inline constexpr double kMinPieceSidePx = 70.0;

struct TableCamera {
  cv::Size image_size{1280, 720};
  double focal_px = 1000;
  cv::Point2d principal_point{640, 360};
  double k1 = 0, k2 = 0;
  cv::Matx33d camera_from_table = cv::Matx33d::eye();  // rotation, table axes to camera axes
  cv::Vec3d position_mm{0, 0, -600};                   // camera centre in the table frame

  // A camera `height_mm` above the table whose optical axis, tilted by `tilt_deg` from vertical
  // towards `tilt_azimuth_deg`, meets the table at `target_mm`; `yaw_deg` turns the image.
  static TableCamera looking_at(const CaptureConditions& conditions, cv::Point2d target_mm,
                                double height_mm);

  // Pixel (x right, y down, origin at the top-left pixel's centre) where the camera sees a table
  // point, distortion included; NaN when the point is behind the camera.
  cv::Point2d image_from_table(cv::Point2d table_mm) const;
  // The table point seen at a pixel: undistortion, then the ray's intersection with z = 0; NaN
  // when the ray misses the table or the pixel lies outside the lens model's monotonic range.
  cv::Point2d table_from_image(cv::Point2d pixel) const;

  double height_mm() const { return -position_mm[2]; }
  // Image pixels per table millimetre around a table point (geometric mean of both directions).
  double scale_px_per_mm(cv::Point2d table_mm) const;
  // OpenCV's camera matrix and distortion coefficients (k1, k2, p1, p2, k3).
  cv::Matx33d camera_matrix() const;
  cv::Vec<double, 5> distortion_coefficients() const;

  nlohmann::json to_json() const;
};

// The camera of `conditions` that frames a layout, given as the corner outlines of its pieces in
// table mm: the layout centred and in view with a margin, every outline edge at least
// `min_side_px` long, at the height nearest to conditions.camera_height_mm that allows both;
// nullopt when no height does (the layout is too large for the image).
std::optional<TableCamera> fit_camera(const CaptureConditions& conditions,
                                      std::span<const std::vector<cv::Point2d>> outlines_mm,
                                      double min_side_px = kMinPieceSidePx);

// Shortest projected edge of the outlines, in pixels.
double shortest_side_px(const TableCamera& camera,
                        std::span<const std::vector<cv::Point2d>> outlines_mm);

}  // namespace tableref::samples
