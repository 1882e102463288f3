#pragma once
// Square pieces (Punto cards, Bugs & Co tiles) on the capture pipeline: where they lie, framing
// and photographing a layout of them, and the parts of their truth they write the same way.

#include <array>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <optional>
#include <random>
#include <span>
#include <vector>

#include "printed_copy.hpp"
#include "samples/capture.hpp"
#include "truth_json.hpp"

namespace tableref::samples {

// Where a square piece lies on the table: its centre, and its turn clockwise as seen from above.
struct SquarePose {
  cv::Point2d centre_mm;
  double angle_deg = 0;
};
// Table point of a point of the piece (mm from its top-left corner as it lies, x along its top).
cv::Point2d table_from_square(const SquarePose& pose, double side_mm, cv::Point2d piece_mm);
// The piece's square corners (before rounding), clockwise from its top-left.
std::array<cv::Point2d, 4> square_corners(const SquarePose& pose, double side_mm);
// A point of the table in the piece's millimetres (the inverse of table_from_square).
cv::Point2d square_from_table(const SquarePose& pose, double side_mm, cv::Point2d table_mm);
// Whether the outlines of two turned squares overlap (their square corners, rounding ignored).
bool squares_overlap(const SquarePose& a, const SquarePose& b, double side_mm);

// A square flat piece, `paint` drawing it in its own millimetres.
FlatPiece square_piece(const SquarePose& pose, double side_mm, double height_mm,
                       double thickness_mm, std::function<void(PieceCanvas&)> paint);

// Frames `layout` with the camera of `conditions` and photographs it (details from `rng`);
// nullopt when the layout is too large to frame with every piece >= 70 px.
std::optional<Photo> frame_and_photograph(const TableLayout& layout,
                                          const CaptureConditions& conditions,
                                          std::mt19937_64& rng);

// interface.md polygons: the corners as the image shows them, clockwise, starting with the one
// whose next side points nearest to image +x.
nlohmann::json image_polygon_json(const Photo& photo, std::span<const cv::Point2d> corners_mm);

// The mean occlusion over a square piece's face, sampled every `step_mm`.
double square_occlusion(const Photo& photo, const SquarePose& pose, double side_mm,
                        double step_mm = 2.0);

// The facts of the photo every truth carries: image size, camera, hands and glare.
nlohmann::json photo_facts(const Photo& photo);

}  // namespace tableref::samples
