#pragma once
// A calibrated camera's lens distortion, undone before a picture is read.
//
// The readers fit straight lines to card edges and a regular grid or lattice to layouts; a
// webcam's barrel distortion bends both towards the picture's corners. Given the camera's
// intrinsics (a profile's camera part, made by `tableref calibrate camera`), a reader reads the
// picture a pinhole camera with the same camera matrix would have taken, then puts every point it
// reports back where it lies in the picture as given: interface.md's coordinates are those of the
// input, after no undistortion. Keeping the camera matrix keeps the scale, so the readers' sizes
// in pixels hold as they are.

#include <functional>
#include <opencv2/core.hpp>
#include <utility>
#include <vector>

namespace tableref::vision {

class LensCorrection {
 public:
  // `distortion_coefficients` in OpenCV's order (4, 5, 8, 12 or 14 values), for pictures of
  // `image_size`. Throws std::invalid_argument for anything else.
  LensCorrection(const cv::Matx33d& camera_matrix, std::vector<double> distortion_coefficients,
                 cv::Size image_size);

  cv::Size image_size() const { return image_size_; }
  // The picture a pinhole camera with the same matrix would take of what `raw` shows. `raw` must
  // be image_size() (std::invalid_argument otherwise); what no raw pixel reaches stays black.
  cv::Mat undistort(const cv::Mat& raw) const;
  // Where a pixel of the undistorted picture lies in the raw one.
  cv::Point2d raw_from_pinhole(cv::Point2d pinhole_px) const;

 private:
  cv::Matx33d camera_matrix_;
  std::vector<double> distortion_coefficients_;
  cv::Size image_size_;
  cv::Mat pinhole_to_raw_map1_, pinhole_to_raw_map2_;  // cv::remap's fixed-point maps
};

// Moves a point of a reading: every reader's result offers move_points(reading, map).
using PointMap = std::function<cv::Point2d(cv::Point2d)>;

// Moves the corners and the centre of every card of a reading whose cards have a `polygon` and a
// `center`.
template <class Card>
void move_card_points(std::vector<Card>& cards, const PointMap& map) {
  for (Card& card : cards) {
    for (cv::Point2d& corner : card.polygon) corner = map(corner);
    card.center = map(card.center);
  }
}

// Reads `raw` with `read(image)`, through `lens` when there is one: the picture is undistorted
// first, and the reading's points are moved back to raw pixels (move_points, found by argument-
// dependent lookup beside the reading's type).
template <class Read>
auto read_through_lens(const LensCorrection* lens, const cv::Mat& raw, Read&& read) {
  if (lens == nullptr) return std::forward<Read>(read)(raw);
  auto reading = std::forward<Read>(read)(lens->undistort(raw));
  move_points(reading,
              [lens](cv::Point2d pinhole_px) { return lens->raw_from_pinhole(pinhole_px); });
  return reading;
}

}  // namespace tableref::vision
