#pragma once
// Reading a picture at a working scale: fewer pixels, the same cards.
//
// A reader's cost grows with the picture's pixels, while what it reads needs only so many pixels
// per millimetre of card. When the table's scale is known (the live referee knows it from the
// frames before), a picture whose cards are drawn larger than the reader needs is shrunk to that
// scale first, read, and every point of the reading is put back where it lies in the picture as
// given. The same idea as AprilTag's decimation, applied to the whole reading.

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <utility>
#include <vector>

#include "vision/lens_correction.hpp"
#include "vision/quad_geometry.hpp"
#include "vision/stage_log.hpp"

namespace tableref::vision {

// The factor (at most 1) a picture whose table shows `table_px_per_mm` is shrunk by so that it
// shows `wanted_px_per_mm`; 1 when the table's scale is unknown (0) or already at most wanted.
// Shrinking by less than a tenth saves too little to be worth the resampling.
double working_scale(double table_px_per_mm, double wanted_px_per_mm);

// The table's scale shown by square `cards` of `side_mm`, whose corners are `corners_of(card)`:
// their median side over side_mm, in pixels per millimetre (0 for no card).
template <class Card, class CornersOf>
double scale_of_squares(const std::vector<Card>& cards, CornersOf corners_of, double side_mm) {
  std::vector<std::array<cv::Point2d, 4>> outlines;
  for (const Card& card : cards) outlines.push_back(corners_of(card));
  return median_side(outlines) / side_mm;
}

// The size of a picture of `picture` pixels shrunk by `scale`.
cv::Size shrunk_size(cv::Size picture, double scale);
// `picture` shrunk to `size`: halved by averaging while it is at least twice as large, then each
// pixel taken from the nearest (cv::resize's INTER_NEAREST_EXACT, pixel centres kept in place;
// INTER_AREA costs twenty times more at other factors than halves).
cv::Mat shrunk_picture(const cv::Mat& picture, cv::Size size);
// Where a pixel of a picture shrunk to `shrunk` (cv::resize's pixel centres) lies in the picture
// of `picture` pixels.
cv::Point2d unshrunk(cv::Point2d shrunk_px, cv::Size shrunk, cv::Size picture);

// Reads `picture` with `read(image)` at `scale` (working_scale): shrunk first when it is below 1,
// and the reading's points moved back to the picture's pixels (move_points, found by argument-
// dependent lookup beside the reading's type).
template <class Read>
auto read_at_scale(double scale, const cv::Mat& picture, StageLog& log, Read&& read) {
  if (scale >= 1.0) return std::forward<Read>(read)(picture);
  const cv::Size picture_size = picture.size();
  const cv::Size working_size = shrunk_size(picture_size, scale);
  StageTimer shrink_stage(log, "shrink");
  const cv::Mat shrunk = shrunk_picture(picture, working_size);
  shrink_stage.finish();
  auto reading = std::forward<Read>(read)(shrunk);
  move_points(reading, [working_size, picture_size](cv::Point2d shrunk_px) {
    return unshrunk(shrunk_px, working_size, picture_size);
  });
  return reading;
}

// read_at_scale on the picture `raw` seen through `lens` (read_through_lens): undone first.
template <class Read>
auto read_pinhole_at_scale(const LensCorrection* lens, double scale, const cv::Mat& raw,
                           StageLog& log, Read&& read) {
  return read_through_lens(lens, raw, [&](const cv::Mat& pinhole) {
    return read_at_scale(scale, pinhole, log, std::forward<Read>(read));
  });
}

}  // namespace tableref::vision
