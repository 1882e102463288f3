#pragma once
// The capture pipeline, the same for every game: flat pieces (cards, tiles) lying on a table are
// drawn in table space with their drop shadows, seen through the camera, lit, partly covered by
// hands, and degraded by the sensor. Games only say what their pieces look like.

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <span>
#include <vector>

#include "samples/camera.hpp"
#include "samples/level.hpp"

namespace tableref::samples {

// The drawing surface of one piece, in piece-local millimetres: origin at the top-left of the
// piece's drawing area, x right, y down as the piece lies unturned. Colours are sRGB 0..255 as
// (r, g, b). Every fill makes its area opaque (anti-aliased); cut_circle punches a hole through.
class PieceCanvas {
 public:
  PieceCanvas(cv::Size pixels, const cv::Matx23d& pixel_from_local, double px_per_mm);

  // The colour that anti-aliased outer edges blend with; leaves the canvas transparent.
  void fill_background(const cv::Vec3d& rgb);
  void fill_polygon(std::span<const cv::Point2d> points_mm, const cv::Vec3d& rgb);
  void fill_rounded_rect(const cv::Rect2d& rect_mm, double radius_mm, const cv::Vec3d& rgb);
  void fill_circle(cv::Point2d centre_mm, double diameter_mm, const cv::Vec3d& rgb);
  // A line of constant width with round ends.
  void stroke_polyline(std::span<const cv::Point2d> points_mm, double width_mm,
                       const cv::Vec3d& rgb);
  void cut_circle(cv::Point2d centre_mm, double diameter_mm);

  double px_per_mm() const { return px_per_mm_; }
  const cv::Mat& colour_bgr() const {
    return colour_bgr_;
  }                                                // CV_8UC3, straight (not premultiplied)
  const cv::Mat& alpha() const { return alpha_; }  // CV_8UC1

 private:
  cv::Point to_fixed_point(cv::Point2d local_mm) const;

  cv::Matx23d pixel_from_local_;
  double px_per_mm_;
  cv::Mat colour_bgr_;
  cv::Mat alpha_;
};

// A convex polygon with its corners rounded to `radius_mm`, as a dense outline.
std::vector<cv::Point2d> rounded_polygon(std::span<const cv::Point2d> corners_mm, double radius_mm);

// A flat piece lying on the table.
struct FlatPiece {
  cv::Size2d size_mm;                   // local drawing area; its middle is the piece's centre
  std::vector<cv::Point2d> outline_mm;  // the piece's corners (local mm), clockwise
  cv::Point2d centre_mm;                // where the piece's centre lies on the table
  double angle_deg = 0;                 // turn on the table, clockwise as seen from above
  double height_mm = 0;                 // of its underside above the table (pieces below it)
  double thickness_mm = 0.4;
  std::function<void(PieceCanvas&)> paint;
};

cv::Point2d table_from_piece(const FlatPiece& piece, cv::Point2d local_mm);
std::vector<cv::Point2d> outline_on_table(const FlatPiece& piece);

// The pieces on the table, in drawing order: lower pieces first.
struct TableLayout {
  std::vector<FlatPiece> pieces;
  std::vector<std::vector<cv::Point2d>> outlines_on_table() const;
};

struct Photo {
  cv::Mat image_bgr;  // CV_8UC3, the image as the camera delivers it
  TableCamera camera;
  // CV_32F in [0, 1] at image size: how much a hand, a sleeve or washed-out glare hides a pixel.
  cv::Mat occlusion;
  nlohmann::json details;  // the hands and glare spots drawn
};

// Photographs `layout` under `conditions` with `camera` (see fit_camera); every random detail
// (hand poses, glare spots, paper grain, noise) comes from `seed`.
Photo capture_photo(const TableLayout& layout, const CaptureConditions& conditions,
                    const TableCamera& camera, std::uint64_t seed);

}  // namespace tableref::samples
