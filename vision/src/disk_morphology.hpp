#pragma once
// Dilation and erosion of 8-bit pictures by a disk (cv::getStructuringElement's MORPH_ELLIPSE,
// odd size, anchored at its centre): the same pictures as cv::dilate and cv::erode make, at a
// fraction of their cost for a disk more than a few pixels across. A region of interest is taken
// as a picture of its own: nothing beyond its edges counts (cv::dilate would read the pixels of
// the picture around it).

#include <opencv2/core.hpp>

namespace tableref::vision {

// `image` dilated by a disk `diameter` pixels across (made odd: diameter | 1).
cv::Mat dilated_by_disk(const cv::Mat& image, int diameter);
// `image` eroded by a disk `diameter` pixels across (made odd: diameter | 1).
cv::Mat eroded_by_disk(const cv::Mat& image, int diameter);

}  // namespace tableref::vision
