#pragma once
// The brightest pixel around each block of a picture, as a smaller picture: the local white that
// the readers measure their faces against starts from it.

#include <opencv2/core.hpp>
#include <vector>

namespace tableref::vision {

// `image` (8-bit, one or three channels) dilated by a `block` × `block` rectangle (cv::dilate's,
// anchored at its centre) and sampled by cv::resize's INTER_NEAREST at (cols / block, rows /
// block), at least 1 × 1: the same picture, made in one pass over the rows each sample needs
// instead of a dilation of the whole picture.
cv::Mat max_pooled(const cv::Mat& image, int block);

// max_pooled made a band of the pooled rows at a time: a caller that reads the same rows of the
// image for something else reads each band while it is still in the cache, not the whole image
// twice.
class BandedMaxPooling {
 public:
  BandedMaxPooling(const cv::Mat& image, int block);

  int pooled_rows() const { return size_.height; }
  // How many of the image's first rows the pooled rows before `pooled_row` need.
  int image_rows_before(int pooled_row) const;
  // Takes pooled rows [from, to) from the image.
  void pool(int from, int to);
  // The pooled image (max_pooled's), once every row is pooled.
  cv::Mat pooled() const;

 private:
  int first_row(int pooled_row) const;
  int last_row(int pooled_row) const;

  cv::Mat image_;  // a header sharing the caller's pixels
  int block_;
  cv::Size size_;
  std::vector<int> rows_, cols_;  // the image's pixels sampled
  cv::Mat brightest_of_rows_;
};

}  // namespace tableref::vision
