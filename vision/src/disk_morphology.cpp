#include "disk_morphology.hpp"

#include <algorithm>
#include <opencv2/imgproc.hpp>
#include <vector>

namespace tableref::vision {

namespace {

// Each row of a disk is a run of pixels centred on its middle column: the run's half-width per
// row, from the top.
std::vector<int> half_widths_of_disk(int diameter) {
  const cv::Mat disk = cv::getStructuringElement(cv::MORPH_ELLIPSE, {diameter, diameter});
  const int middle = diameter / 2;
  std::vector<int> half_widths;
  for (int row = 0; row < disk.rows; ++row) {
    const auto* pixel = disk.ptr<std::uint8_t>(row);
    int half = -1;  // an empty row
    while (half < middle && pixel[middle + half + 1] != 0) ++half;
    half_widths.push_back(half);
  }
  return half_widths;
}

// cv::dilate (`dilate`) or cv::erode by the disk: each output row is the maximum (minimum) of the
// rows above and below it, each first widened by its disk row's run. The runs widen a pixel at a
// time from the narrowest to the widest, so a disk d pixels across costs about 1.5 d passes over
// the picture, where cv::dilate passes once per point of a kernel that is not a rectangle (about
// 0.8 d²). Beyond the picture's edge nothing counts, as with their default borders.
cv::Mat by_disk(const cv::Mat& image, int diameter, bool dilate) {
  CV_Assert(image.type() == CV_8UC1);
  diameter |= 1;
  const std::vector<int> half_widths = half_widths_of_disk(diameter);
  const int middle = diameter / 2;
  const int widest = *std::max_element(half_widths.begin(), half_widths.end());
  const cv::Mat step = cv::getStructuringElement(cv::MORPH_RECT, {3, 1});
  cv::Mat result(image.size(), CV_8U, cv::Scalar(dilate ? 0 : 255));
  cv::Mat widened = image.clone();  // each row widened by `half` pixels either side
  for (int half = 0; half <= widest; ++half) {
    if (half > 0) {
      if (dilate) {
        cv::dilate(widened, widened, step);
      } else {
        cv::erode(widened, widened, step);
      }
    }
    for (int row = 0; row < diameter; ++row) {
      if (half_widths[static_cast<std::size_t>(row)] != half) continue;
      // Output row y takes widened row y + shift.
      const int shift = row - middle;
      const int first = std::max(0, -shift), last = std::min(image.rows, image.rows - shift);
      if (first >= last) continue;
      cv::Mat out = result.rowRange(first, last);
      const cv::Mat in = widened.rowRange(first + shift, last + shift);
      if (dilate) {
        cv::max(out, in, out);
      } else {
        cv::min(out, in, out);
      }
    }
  }
  return result;
}

}  // namespace

cv::Mat dilated_by_disk(const cv::Mat& image, int diameter) {
  return by_disk(image, diameter, true);
}

cv::Mat eroded_by_disk(const cv::Mat& image, int diameter) {
  return by_disk(image, diameter, false);
}

}  // namespace tableref::vision
