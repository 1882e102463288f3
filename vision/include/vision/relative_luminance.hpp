#pragma once
// How light each pixel is against the brightest surface near it: the face masks of Monster
// Freeze's and Bugs & Co's readers, whatever the light's fall-off and colour.

#include <opencv2/core.hpp>

namespace tableref::vision {

// The luminance of each pixel against the local white (the brightest nearby surface, estimated
// on a picture `downscale` times smaller, and at least `white_floor` times the picture's
// brightest): independent of illumination fall-off and of the light's colour.
class RelativeLuminance {
 public:
  RelativeLuminance(const cv::Mat& bgr, int downscale, double white_floor = 0);
  // CV_8U, 255 where the luminance is above `ratio` (at least 0) times the local white: the same
  // mask as ratios() > ratio, at a fraction of its cost (no ratio is written).
  cv::Mat above(double ratio) const;
  // The same for the pixels of `area` only.
  cv::Mat above(double ratio, const cv::Rect& area) const;
  // CV_32F, each pixel's luminance divided by its local white (at least 1).
  cv::Mat ratios() const;
  // CV_8U, 255 where the ratios of the picture halved (cv::resize's INTER_AREA: each pixel the
  // mean of four) are above `ratio`: the same mask as thresholding them, no plane of ratios made.
  cv::Mat above_halved(double ratio) const;

 private:
  cv::Mat gray_, white_;
};

}  // namespace tableref::vision
