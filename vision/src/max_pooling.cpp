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

cv::Mat max_pooled(const cv::Mat& image, int block) {
  CV_Assert(image.depth() == CV_8U && block >= 1);
  const int channels = image.channels();
  const cv::Size size(std::max(1, image.cols / block), std::max(1, image.rows / block));
  // A rectangle anchored at its centre reaches this far before and after its anchor.
  const int before = block / 2, after = block - 1 - block / 2;
  const std::vector<int> rows = nearest_sources(image.rows, size.height);
  const std::vector<int> cols = nearest_sources(image.cols, size.width);
  // The rectangle is separable: the brightest of the rows each sample needs, then along them.
  cv::Mat brightest_of_rows(size.height, image.cols, image.type());
  const int row_bytes = image.cols * channels;
  for (int y = 0; y < size.height; ++y) {
    const int top = std::max(0, rows[y] - before);
    const int bottom = std::min(image.rows - 1, rows[y] + after);
    auto* brightest = brightest_of_rows.ptr<std::uint8_t>(y);
    std::copy_n(image.ptr<std::uint8_t>(top), row_bytes, brightest);
    for (int row = top + 1; row <= bottom; ++row)
      brighten(brightest, image.ptr<std::uint8_t>(row), row_bytes);
  }
  cv::dilate(brightest_of_rows, brightest_of_rows,
             cv::getStructuringElement(cv::MORPH_RECT, {block, 1}));
  cv::Mat pooled(size, image.type());
  for (int y = 0; y < size.height; ++y) {
    const auto* row = brightest_of_rows.ptr<std::uint8_t>(y);
    auto* out = pooled.ptr<std::uint8_t>(y);
    if (channels == 1) {
      // A byte at a time: copying one through std::copy_n calls memmove for each.
      for (int x = 0; x < size.width; ++x) out[x] = row[cols[x]];
    } else {
      for (int x = 0; x < size.width; ++x)
        std::copy_n(row + cols[x] * channels, channels, out + x * channels);
    }
  }
  return pooled;
}

}  // namespace tableref::vision
