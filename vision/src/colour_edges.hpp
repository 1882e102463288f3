#pragma once
// Canny's edges of a colour picture: the same pixels as cv::Canny(bgr, edges, low, high, 3, true)
// (3×3 Sobel on each channel with the picture's edge replicated, at each pixel the channel of the
// largest gradient, L2 magnitudes, non-maximum suppression, hysteresis), for a fraction of its
// cost: the gradients are found row by row as they are needed and the suppression is made a vector
// of pixels at a time, where OpenCV keeps two whole pictures of gradients and picks each pixel's
// channel and peak one by one.

#include <opencv2/core.hpp>

namespace tableref::vision {

// Edges of the 8-bit, 3-channel `bgr` (255 on an edge, 0 elsewhere) between the hysteresis
// thresholds `low` and `high` of the gradient's magnitude.
cv::Mat colour_edges(const cv::Mat& bgr, double low, double high);

}  // namespace tableref::vision
