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

std::vector<DetectedSquareCard> detect_square_cards(const cv::Mat& bgr, const SquareCardSpec& spec,
                                                    const SquareCardDetectorParams& params,
                                                    StageLog& log);

// Orders four corners clockwise in the image with corners[0]->corners[1] closest to +x.
std::array<cv::Point2d, 4> canonical_corner_order(std::array<cv::Point2d, 4> corners);

}  // namespace tableref::vision
