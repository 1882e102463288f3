#pragma once
// A mask found on a smaller copy of a picture, brought to the picture's size.

#include <opencv2/core.hpp>

namespace tableref::vision {

// `mask` (CV_8U, 0 or 255) resampled linearly to `size` and thresholded at half (above 127): the
// mask of the picture. Enlarged exactly twice, each pixel is repeated: the pixel nearest a point
// weighs 9/16 in the four around it, the three others 7/16 together.
cv::Mat enlarged_mask(const cv::Mat& mask, cv::Size size);

}  // namespace tableref::vision
