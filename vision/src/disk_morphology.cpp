#include "disk_morphology.hpp"

#include <algorithm>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <vector>

#include "row_bits.hpp"

namespace tableref::vision {

namespace {

// How far a row of a disk reaches left and right of the disk's anchor (its middle, or for an even
// diameter the pixel right of and below the middle): an even disk reaches a pixel less to the
// right on its widest rows. An empty row reaches nowhere (-1).
struct RowReach {
  int left = -1, right = -1;
};

std::vector<RowReach> row_reaches_of_disk(int diameter) {
  const cv::Mat disk = cv::getStructuringElement(cv::MORPH_ELLIPSE, {diameter, diameter});
  const int anchor = diameter / 2;
  std::vector<RowReach> reaches;
  for (int row = 0; row < disk.rows; ++row) {
    const auto* pixel = disk.ptr<std::uint8_t>(row);
    int first = 0, last = disk.cols - 1;
    while (first < disk.cols && pixel[first] == 0) ++first;
    while (last >= 0 && pixel[last] == 0) --last;
    const RowReach reach = first > last ? RowReach{} : RowReach{anchor - first, last - anchor};
    CV_Assert(reach.right == reach.left || reach.right + 1 == reach.left);
    reaches.push_back(reach);
  }
  return reaches;
}

// A mask's rows packed as bits, and the disk's morphology on them: each output row is the union
// (dilation) or intersection (erosion) of the rows above and below it, each first widened by its
// disk row's run (an even disk's widest rows a pixel less to the right). The runs widen a pixel at
// a time from the narrowest to the widest, so a disk d pixels across costs about 1.5 d passes over
// the packed mask, 64 pixels a word, where cv::dilate passes over every byte once per point of a
// kernel that is not a rectangle (about 0.8 d²). Bits past a row's end stand for what lies beyond
// the mask's edge: nothing for a dilation (clear), everything for an erosion (set), so that it
// counts for nothing, as with OpenCV's default border.
class PackedMask {
 public:
  PackedMask(cv::Size size, bool dilate)
      : rows_(size.height),
        words_per_row_(words_for(size.width)),
        dilate_(dilate),
        past_end_(size.width % 64 == 0 ? 0 : ~std::uint64_t{0} << (size.width % 64)),
        words_(static_cast<std::size_t>(rows_) * static_cast<std::size_t>(words_per_row_),
               dilate ? 0 : ~std::uint64_t{0}) {}

  std::uint64_t* row(int y) {
    return words_.data() + static_cast<std::ptrdiff_t>(y) * words_per_row_;
  }
  const std::uint64_t* row(int y) const {
    return words_.data() + static_cast<std::ptrdiff_t>(y) * words_per_row_;
  }

  void pack(const cv::Mat& mask) {
    for (int y = 0; y < rows_; ++y) {
      pack_row(mask.ptr<std::uint8_t>(y), mask.cols, row(y));
      if (!dilate_) row(y)[words_per_row_ - 1] |= past_end_;
    }
  }

  // `from` with each row widened by a pixel either side, or only to the left.
  enum class Sides { both, left };
  void widen(const PackedMask& from, Sides sides = Sides::both) {
    const std::uint64_t beyond = dilate_ ? 0 : ~std::uint64_t{0};
    for (int y = 0; y < rows_; ++y) {
      const std::uint64_t* in = from.row(y);
      std::uint64_t* out = row(y);
      for (int i = 0; i < words_per_row_; ++i) {
        const std::uint64_t before = i > 0 ? in[i - 1] : beyond;
        const std::uint64_t after = i + 1 < words_per_row_ ? in[i + 1] : beyond;
        const std::uint64_t left = (in[i] << 1) | (before >> 63);  // each pixel's left neighbour
        const std::uint64_t right =
            sides == Sides::both ? (in[i] >> 1) | (after << 63) : in[i];  // ... its right one
        out[i] = dilate_ ? (in[i] | left | right) : (in[i] & left & right);
      }
      out[words_per_row_ - 1] =
          dilate_ ? out[words_per_row_ - 1] & ~past_end_ : out[words_per_row_ - 1] | past_end_;
    }
  }

  // Row y joined with row y + shift of `from`, for every y where that row exists.
  void join_shifted(const PackedMask& from, int shift) {
    const int first = std::max(0, -shift), last = std::min(rows_, rows_ - shift);
    for (int y = first; y < last; ++y) {
      std::uint64_t* out = row(y);
      const std::uint64_t* in = from.row(y + shift);
      for (int i = 0; i < words_per_row_; ++i) out[i] = dilate_ ? out[i] | in[i] : out[i] & in[i];
    }
  }

  cv::Mat unpacked(int cols) const {
    cv::Mat mask(rows_, cols, CV_8U);
    for (int y = 0; y < rows_; ++y) unpack_row(row(y), cols, mask.ptr<std::uint8_t>(y));
    return mask;
  }

 private:
  int rows_, words_per_row_;
  bool dilate_;
  std::uint64_t past_end_;  // the bits of a row's last word past its end
  std::vector<std::uint64_t> words_;
};

cv::Mat mask_by_disk(const cv::Mat& mask, int diameter, bool dilate) {
  CV_Assert(mask.type() == CV_8UC1 && diameter > 0);
  if (mask.empty()) return mask.clone();
  const std::vector<RowReach> reaches = row_reaches_of_disk(diameter);
  const int anchor = diameter / 2;
  int widest = 0;
  for (const RowReach& reach : reaches) widest = std::max(widest, reach.left);
  PackedMask result(mask.size(), dilate), widened(mask.size(), dilate), wider(mask.size(), dilate);
  std::optional<PackedMask> leaning;  // `widened` a pixel further left, for an even disk's rows
  widened.pack(mask);
  for (int half = 0; half <= widest; ++half) {
    if (half > 0) {
      wider.widen(widened);
      std::swap(widened, wider);
    }
    bool leaned = false;
    for (int row = 0; row < diameter; ++row) {
      const RowReach& reach = reaches[static_cast<std::size_t>(row)];
      if (reach.right != half) continue;
      if (reach.left == half) {
        result.join_shifted(widened, row - anchor);
        continue;
      }
      if (!leaning) leaning.emplace(mask.size(), dilate);
      if (!leaned) leaning->widen(widened, PackedMask::Sides::left);
      leaned = true;
      result.join_shifted(*leaning, row - anchor);
    }
  }
  return result.unpacked(mask.cols);
}

}  // namespace

cv::Mat dilated_mask_by_disk(const cv::Mat& mask, int diameter) {
  return mask_by_disk(mask, diameter, true);
}

cv::Mat eroded_mask_by_disk(const cv::Mat& mask, int diameter) {
  return mask_by_disk(mask, diameter, false);
}

cv::Mat opened_mask_by_disk(const cv::Mat& mask, int diameter) {
  return dilated_mask_by_disk(eroded_mask_by_disk(mask, diameter), diameter);
}

}  // namespace tableref::vision
