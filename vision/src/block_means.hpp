#pragma once
// A picture shrunk by a whole factor, each pixel the mean of a block of the picture's.

#include <opencv2/core.hpp>

namespace tableref::vision {

// `picture` (CV_8UC1 or CV_8UC3) shrunk to `size`, as cv::resize with INTER_AREA gives it. Where
// `size` is the picture's divided by a whole factor from 3 to 16, each pixel is its block's sum
// times the reciprocal of the block's area, rounded: the columns summed a vector at a time, where
// OpenCV adds each block's pixels one by one.
cv::Mat block_means(const cv::Mat& picture, cv::Size size);

// `picture` shrunk by a whole `factor`: each pixel the mean of a block of `factor` × `factor`, as
// block_means to that size gives it, from the blocks the picture holds whole (the last few rows
// and columns of a picture no multiple of the factor left out, where cv::resize would weigh every
// pixel of it by general area weights, ten times as slowly).
cv::Mat block_means(const cv::Mat& picture, int factor);

}  // namespace tableref::vision
