#pragma once
// The borders of a mask's regions followed one at a time from their first pixels, as
// cv::findContours follows them (Suzuki and Abe's border following, every point kept: the same
// points in the same order as CHAIN_APPROX_NONE), without scanning the mask for borders: a
// patterned cloth leaves thousands of specks and holes a frame, each of which findContours would
// trace to be told too small.

#include <opencv2/core.hpp>
#include <vector>

namespace tableref::vision {

// The outer border of the 8-connected component of `mask` (CV_8U, set where not 0) whose first
// pixel in raster order is `start`. Nothing beyond the mask's edges is set.
std::vector<cv::Point> outer_border(const cv::Mat& mask, cv::Point start);

// What the outline of a hole encloses: as cv::findContours (CHAIN_APPROX_NONE) lists it, its point
// count, cv::contourArea and cv::boundingRect.
struct HoleOutline {
  int points = 0;
  double area = 0;
  cv::Rect box;
};

// The outline around the hole (a 4-connected region of zero pixels of `mask`) whose first pixel in
// raster order is `first`; the hole does not reach the mask's edges.
HoleOutline hole_outline(const cv::Mat& mask, cv::Point first);

// That outline's points, as cv::findContours lists them (from the same first point, in the same
// order).
std::vector<cv::Point> hole_outline_points(const cv::Mat& mask, cv::Point first);

}  // namespace tableref::vision
