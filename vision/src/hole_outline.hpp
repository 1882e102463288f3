#pragma once
// The outline cv::findContours traces around one hole of a mask, measured without tracing the
// rest: a patterned cloth leaves hundreds of small holes a frame, each of which findContours would
// copy out, pad and trace in its own box to be told too small.

#include <opencv2/core.hpp>
#include <vector>

namespace tableref::vision {

// What the outline of a hole encloses: as cv::findContours (CHAIN_APPROX_NONE) lists it, its point
// count, cv::contourArea and cv::boundingRect.
struct HoleOutline {
  int points = 0;
  double area = 0;
  cv::Rect box;
};

// The outline around the hole (a 4-connected region of zero pixels of the 8-bit `mask`) whose
// first pixel in raster order is `first`; the hole does not reach the mask's edges.
HoleOutline hole_outline(const cv::Mat& mask, cv::Point first);

// That outline's points, as cv::findContours lists them (from the same first point, in the same
// order).
std::vector<cv::Point> hole_outline_points(const cv::Mat& mask, cv::Point first);

}  // namespace tableref::vision
