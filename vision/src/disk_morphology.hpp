#pragma once
// Dilation and erosion of masks (CV_8U, 0 or 255) by a disk (cv::getStructuringElement's
// MORPH_ELLIPSE of a square size, anchored at its middle: for an even size, the pixel right of and
// below it): the same masks as cv::dilate and cv::erode make, at a fraction of their cost, the
// mask's rows packed as bits. A region of interest is taken as a mask of its own: nothing beyond
// its edges counts (cv::dilate would read the pixels of the picture around it).

#include <opencv2/core.hpp>

namespace tableref::vision {

// `mask` dilated by a disk `diameter` pixels across (at least 1); any value other than 0 counts
// as 255.
cv::Mat dilated_mask_by_disk(const cv::Mat& mask, int diameter);
// `mask` eroded by a disk `diameter` pixels across (at least 1).
cv::Mat eroded_mask_by_disk(const cv::Mat& mask, int diameter);
// `mask` opened by a disk `diameter` pixels across: eroded, then dilated (cv::MORPH_OPEN).
cv::Mat opened_mask_by_disk(const cv::Mat& mask, int diameter);

}  // namespace tableref::vision
