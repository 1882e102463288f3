#pragma once
// The direct least-squares ellipse fit (Fitzgibbon, Pilu and Fisher; the reduced system of Halir
// and Flusser) as cv::fitEllipseDirect makes it, with its 3x3 eigenproblem solved in closed form
// and every matrix on the stack. OpenCV 4.6 tests its system for singularity on coordinates scaled
// down by the points' count: more than half the body-sized holes of rendered Trio tables fail the
// test and get cv::fitEllipse's general conic fit (a singular value decomposition) instead. This
// fit is the direct one throughout, at a sixth of the cost: a frame fits tens to hundreds.

#include <opencv2/core.hpp>
#include <vector>

namespace tableref::vision {

// The ellipse fitted to `points` (at least 5), in cv::fitEllipseDirect's terms (the shorter axis
// as its width, the angle of that axis). Where the fit is ill-conditioned (a singular system, an
// ellipse far larger than its points), cv::fitEllipseDirect's answer.
cv::RotatedRect fit_ellipse_direct(const std::vector<cv::Point>& points);

}  // namespace tableref::vision
