#pragma once
// Finds light-faced square cards with a darker border (Monster Freeze): the face inside the border
// is brighter than everything around it, so each top card's face is a separate bright component
// even on a light table or on top of other cards.

#include <array>
#include <opencv2/core.hpp>
#include <vector>

#include "vision/stage_log.hpp"

namespace tableref::vision {

struct SquareCardSpec {
  double side_mm = 65.0;
  double border_mm = 2.0;  // the darker frame around the face
};

struct SquareCardDetectorParams {
  double min_side_px = 50.0;       // the envelope promises 70 px; margin for tilt
  double max_side_fraction = 0.7;  // of the image's shorter side
  // Face: luminance / local white at least this; each threshold is tried in turn.
  std::vector<double> face_ratio_thresholds = {0.86, 0.92};
  double min_fill = 0.92;       // component area / its quadrilateral's area
  double max_side_ratio = 1.9;  // longest / shortest side, allowing for tilt
  int white_downscale = 4;      // the local white is estimated on a smaller image
  // The local white is at least this fraction of the picture's brightest white: on a plain table
  // far from any card the table is its own local white, and its grain would pass for faces.
  double white_floor = 0.4;
};

struct DetectedSquareCard {
  // Outer corners in image pixels, clockwise in the image, corners[0]->corners[1] the side
  // closest to the image's +x direction.
  std::array<cv::Point2d, 4> corners;
  double fill = 0;  // how square the face component was (1 = perfect)
};

// The luminance of each pixel against the local white (the brightest nearby surface, estimated
// on a picture `downscale` times smaller, and at least `white_floor` times the picture's
// brightest): independent of illumination fall-off and of the light's colour.
class RelativeLuminance {
 public:
  RelativeLuminance(const cv::Mat& bgr, int downscale, double white_floor = 0);
  // CV_8U, 255 where the luminance is above `ratio` (at least 0) times the local white. Compared in
  // whole grey levels, with each white level's cut looked up: the same mask as ratios() > ratio, at
  // a fraction of its cost.
  cv::Mat above(double ratio) const;
  // The same for the pixels of `area` only.
  cv::Mat above(double ratio, const cv::Rect& area) const;
  // CV_32F, each pixel's luminance divided by its local white (at least 1).
  cv::Mat ratios() const;

 private:
  cv::Mat gray_, white_;
};

std::vector<DetectedSquareCard> detect_square_cards(const cv::Mat& bgr, const SquareCardSpec& spec,
                                                    const SquareCardDetectorParams& params,
                                                    StageLog& log);

// Orders four corners clockwise in the image with corners[0]->corners[1] closest to +x.
std::array<cv::Point2d, 4> canonical_corner_order(std::array<cv::Point2d, 4> corners);

}  // namespace tableref::vision
