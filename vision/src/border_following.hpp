#pragma once
// The outer border of one component of a mask, followed from the component's first pixel as
// cv::findContours follows it (Suzuki and Abe's border following, every point kept: the same
// points in the same order as CHAIN_APPROX_NONE), without scanning the mask for borders.

#include <opencv2/core.hpp>
#include <vector>

namespace tableref::vision {

// The outer border of the 8-connected component of `mask` (CV_8U, set where not 0) whose first
// pixel in raster order is `start`. Nothing beyond the mask's edges is set.
std::vector<cv::Point> outer_border(const cv::Mat& mask, cv::Point start);

}  // namespace tableref::vision
