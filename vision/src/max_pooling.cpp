#include "max_pooling.hpp"

#include <algorithm>
#include <opencv2/imgproc.hpp>
#include <vector>

#include "byte_lanes.hpp"

namespace tableref::vision {

namespace {

// The pixel cv::resize's INTER_NEAREST samples for each of `samples` along `length`.
std::vector<int> nearest_sources(int length, int samples) {
  const double step = 1.0 / (static_cast<double>(samples) / length);
  std::vector<int> sources;
  for (int i = 0; i < samples; ++i) sources.push_back(std::min(cvFloor(i * step), length - 1));
  return sources;
}

}  // namespace

BandedMaxPooling::BandedMaxPooling(const cv::Mat& image, int block)
    : image_(image),
      block_(block),
      size_(std::max(1, image.cols / block), std::max(1, image.rows / block)) {
  CV_Assert(image.depth() == CV_8U && (image.channels() == 1 || image.channels() == 3) &&
            block >= 1);
  rows_ = nearest_sources(image.rows, size_.height);
  cols_ = nearest_sources(image.cols, size_.width);
  brightest_of_rows_.create(size_.height, image.cols, image.type());
}

// A rectangle anchored at its centre reaches block / 2 before its anchor and the rest after it.
int BandedMaxPooling::first_row(int pooled_row) const {
  return std::max(0, rows_[static_cast<std::size_t>(pooled_row)] - block_ / 2);
}

int BandedMaxPooling::last_row(int pooled_row) const {
  return std::min(image_.rows - 1,
                  rows_[static_cast<std::size_t>(pooled_row)] + block_ - 1 - block_ / 2);
}

int BandedMaxPooling::image_rows_before(int pooled_row) const {
  return pooled_row <= 0 ? 0 : last_row(std::min(pooled_row, size_.height) - 1) + 1;
}

void BandedMaxPooling::pool(int from, int to) {
  // The rectangle is separable: the brightest of the rows each sample needs here, then along
  // them once every row is pooled.
  const int row_bytes = image_.cols * image_.channels();
  for (int y = from; y < to; ++y) {
    const int top = first_row(y), bottom = last_row(y);
    auto* brightest = brightest_of_rows_.ptr<std::uint8_t>(y);
    std::copy_n(image_.ptr<std::uint8_t>(top), row_bytes, brightest);
    for (int row = top + 1; row <= bottom; ++row)
      brighten(brightest, image_.ptr<std::uint8_t>(row), row_bytes);
  }
}

cv::Mat BandedMaxPooling::pooled() const {
  cv::Mat along;
  cv::dilate(brightest_of_rows_, along, cv::getStructuringElement(cv::MORPH_RECT, {block_, 1}));
  const int channels = image_.channels();
  cv::Mat pooled(size_, image_.type());
  for (int y = 0; y < size_.height; ++y) {
    const auto* row = along.ptr<std::uint8_t>(y);
    auto* out = pooled.ptr<std::uint8_t>(y);
    // A byte at a time: copying a pixel through std::copy_n calls memmove for each.
    if (channels == 1) {
      for (int x = 0; x < size_.width; ++x) out[x] = row[cols_[static_cast<std::size_t>(x)]];
    } else {
      for (int x = 0; x < size_.width; ++x) {
        const std::uint8_t* pixel = row + 3 * cols_[static_cast<std::size_t>(x)];
        out[3 * x] = pixel[0];
        out[3 * x + 1] = pixel[1];
        out[3 * x + 2] = pixel[2];
      }
    }
  }
  return pooled;
}

cv::Mat max_pooled(const cv::Mat& image, int block) {
  BandedMaxPooling pooling(image, block);
  pooling.pool(0, pooling.pooled_rows());
  return pooling.pooled();
}

}  // namespace tableref::vision
