#pragma once
// The brightest pixel around each block of a picture, as a smaller picture: the local white that
// the readers measure their faces against starts from it.

#include <opencv2/core.hpp>

namespace tableref::vision {

// `image` (8-bit, one or three channels) dilated by a `block` × `block` rectangle (cv::dilate's,
// anchored at its centre) and sampled by cv::resize's INTER_NEAREST at (cols / block, rows /
// block), at least 1 × 1: the same picture, made in one pass over the rows each sample needs
// instead of a dilation of the whole picture.
cv::Mat max_pooled(const cv::Mat& image, int block);

}  // namespace tableref::vision
