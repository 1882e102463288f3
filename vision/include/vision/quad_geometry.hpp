#pragma once
// Square pieces in an image: the components of a mask that outline them, their four corners to a
// fraction of a pixel, and the perspective map between a piece's millimetres and the image.

#include <array>
#include <opencv2/core.hpp>
#include <optional>
#include <vector>

namespace tableref::vision {

// A component's outer boundary and the area it encloses (cv::contourArea's, px²): found anyway to
// tell a boundary from a hole's, and every caller leaves out the outlines too small for a card.
struct ComponentOutline {
  std::vector<cv::Point> points;
  double area = 0;
};

// The outer boundary of every component of a binary mask, nested components included (a card's
// face lies in a hole of the table's component); no hole's boundary. A component that encloses no
// area (a line one pixel wide) has none. Each point is moved by `offset` (the mask's place in a
// larger picture).
std::vector<ComponentOutline> component_outlines(const cv::Mat& mask, cv::Point offset = {});

// A border traced around a component (cv::findContours's points) as its outline: none for a hole's
// border, nor for a border enclosing nothing (a line one pixel wide).
std::optional<ComponentOutline> outline_of_border(std::vector<cv::Point> border);

// `box` grown by `margin` pixels on every side, cut to a picture of size `picture`.
cv::Rect grown_within(const cv::Rect& box, int margin, cv::Size picture);

// The convex hull of a traced outline (or any points), exactly as cv::convexHull gives it, found
// from each row's first and last point only: no other point of a row can be a corner of the hull,
// and the hull's sort costs by the number of points.
std::vector<cv::Point> outline_hull(const std::vector<cv::Point>& outline);

// Four corners of the outline's convex hull, when it simplifies to a quadrilateral.
std::optional<std::array<cv::Point2d, 4>> quadrilateral_of(const std::vector<cv::Point>& outline);

// Lines fitted to the outline points along each side (away from the rounded corners),
// intersected: corners to a fraction of a pixel. `rough` when a side has too few points.
std::array<cv::Point2d, 4> refine_corners(const std::vector<cv::Point>& outline,
                                          const std::array<cv::Point2d, 4>& rough);

// Each side moved onto the strongest change of colour across it within `reach_px` (lines fitted
// through those points, intersected): corners of a face whose mask was rough, on the picture's
// own edges. A side with too little contrast along it stays where it was.
std::array<cv::Point2d, 4> snap_sides_to_edges(const cv::Mat& bgr,
                                               const std::array<cv::Point2d, 4>& corners,
                                               double reach_px);

// The perspective map from a square's millimetres (origin at corners[0], x towards corners[1],
// y towards corners[3]) to the image.
cv::Matx33d image_from_square(const std::array<cv::Point2d, 4>& corners_px, double side_mm);
// Inline: samplers map thousands of points a card.
inline cv::Point2d apply_homography(const cv::Matx33d& h, cv::Point2d p) {
  const double w = h(2, 0) * p.x + h(2, 1) * p.y + h(2, 2);
  return {(h(0, 0) * p.x + h(0, 1) * p.y + h(0, 2)) / w,
          (h(1, 0) * p.x + h(1, 1) * p.y + h(1, 2)) / w};
}

// The image corners of the square of side `side_mm` whose top-left corner lies at `origin_mm` on
// the face seen at `face_px` (a square of side `face_mm`, measured from face_px[0]), in
// perspective.
std::array<cv::Point2d, 4> square_on_face(const std::array<cv::Point2d, 4>& face_px, double face_mm,
                                          cv::Point2d origin_mm, double side_mm);

// The corners of a square of side `outer_mm` concentric with a square of side `inner_mm` whose
// corners are seen at `inner_px`, in perspective.
std::array<cv::Point2d, 4> grow_square(const std::array<cv::Point2d, 4>& inner_px, double inner_mm,
                                       double outer_mm);

// Clockwise turn of the polygon's corner list by `steps` places: corners[steps] comes first.
std::array<cv::Point2d, 4> rotate_corners(const std::array<cv::Point2d, 4>& corners, int steps);

// Longest side over shortest side.
double side_ratio(const std::array<cv::Point2d, 4>& corners);
double mean_side(const std::array<cv::Point2d, 4>& corners);
// The median of the quadrilaterals' mean sides, in pixels; 0 when there are none.
double median_side(const std::vector<std::array<cv::Point2d, 4>>& quadrilaterals);
// The mean of the four corners.
cv::Point2d centre_of(const std::array<cv::Point2d, 4>& corners);

}  // namespace tableref::vision
