#include "large_components.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <opencv2/core/hal/intrin.hpp>
#include <opencv2/imgproc.hpp>

namespace tableref::vision {

namespace {

constexpr int kBlock = 4;

// `into` made the bitwise or of itself and `from`.
void add_pixels(std::uint8_t* into, const std::uint8_t* from, int bytes) {
  int i = 0;
#if CV_SIMD
  for (; i + cv::v_uint8::nlanes <= bytes; i += cv::v_uint8::nlanes)
    cv::v_store(into + i, cv::vx_load(into + i) | cv::vx_load(from + i));
#endif
  for (; i < bytes; ++i) into[i] |= from[i];
}

// 255 for each kBlock x kBlock block of `mask` (the last ones cut by its edge) holding a set pixel.
cv::Mat blocks_set(const cv::Mat& mask) {
  const cv::Size size((mask.cols + kBlock - 1) / kBlock, (mask.rows + kBlock - 1) / kBlock);
  cv::Mat pooled(size, CV_8U);
  // A row padded to whole blocks, so that each block's four bytes are read as one word.
  std::vector<std::uint8_t> any_row(static_cast<std::size_t>(size.width * kBlock), 0);
  for (int y = 0; y < size.height; ++y) {
    const int top = y * kBlock, bottom = std::min(mask.rows, top + kBlock);
    std::copy_n(mask.ptr<std::uint8_t>(top), mask.cols, any_row.begin());
    for (int row = top + 1; row < bottom; ++row)
      add_pixels(any_row.data(), mask.ptr<std::uint8_t>(row), mask.cols);
    auto* out = pooled.ptr<std::uint8_t>(y);
    for (int x = 0; x < size.width; ++x) {
      std::uint32_t block = 0;
      std::memcpy(&block, any_row.data() + static_cast<std::size_t>(x) * kBlock, sizeof block);
      out[x] = block != 0 ? 255 : 0;
    }
  }
  return pooled;
}

// A row's run of set pixels, [first, last], and the run it is joined to (itself at a component's
// root).
struct Run {
  int row, first, last;
  std::size_t parent;
};

std::size_t root_of(std::vector<Run>& runs, std::size_t run) {
  while (runs[run].parent != run) {
    runs[run].parent = runs[runs[run].parent].parent;  // halve the path as it is walked
    run = runs[run].parent;
  }
  return run;
}

// The bounding box of each 8-connected component of a binary mask, from its rows' runs joined
// where they touch (the mask is small and sparse: a run per row of a component).
std::vector<cv::Rect> component_boxes(const cv::Mat& mask) {
  std::vector<Run> runs;
  std::size_t previous_begin = 0, previous_end = 0;
  for (int y = 0; y < mask.rows; ++y) {
    const std::uint8_t* pixels = mask.ptr<std::uint8_t>(y);
    const std::size_t row_begin = runs.size();
    std::size_t above = previous_begin;
    for (int x = 0; x < mask.cols; ++x) {
      // Most of a sparse mask is empty: skipped a word at a time.
      for (std::uint64_t word = 0; x + 8 <= mask.cols; x += 8) {
        std::memcpy(&word, pixels + x, sizeof word);
        if (word != 0) break;
      }
      if (x >= mask.cols || pixels[x] == 0) continue;
      const int first = x;
      while (x + 1 < mask.cols && pixels[x + 1] != 0) ++x;
      const std::size_t run = runs.size();
      runs.push_back({y, first, x, run});
      // Runs of the row above touching this one diagonally or more: each starts before this one
      // ends, and ends after this one starts.
      while (above < previous_end && runs[above].last < first - 1) ++above;
      for (std::size_t other = above; other < previous_end && runs[other].first <= x + 1; ++other) {
        const std::size_t a = root_of(runs, run), b = root_of(runs, other);
        runs[std::max(a, b)].parent = std::min(a, b);
      }
    }
    previous_begin = row_begin;
    previous_end = runs.size();
  }
  std::vector<cv::Rect> boxes;
  std::vector<std::size_t> box_of_root(runs.size());
  for (std::size_t run = 0; run < runs.size(); ++run) {
    const Run& pixels = runs[run];
    const cv::Rect span(pixels.first, pixels.row, pixels.last - pixels.first + 1, 1);
    const std::size_t root = root_of(runs, run);
    if (root == run) {
      box_of_root[run] = boxes.size();
      boxes.push_back(span);
    } else {
      boxes[box_of_root[root]] |= span;
    }
  }
  return boxes;
}

// `boxes` with every two that overlap replaced by the box around both, until none overlap.
std::vector<cv::Rect> merged(std::vector<cv::Rect> boxes) {
  for (bool merging = true; merging;) {
    merging = false;
    for (std::size_t i = 0; i < boxes.size() && !merging; ++i) {
      for (std::size_t j = i + 1; j < boxes.size() && !merging; ++j) {
        if ((boxes[i] & boxes[j]).empty()) continue;
        boxes[i] |= boxes[j];
        boxes.erase(boxes.begin() + static_cast<long>(j));
        merging = true;
      }
    }
  }
  return boxes;
}

}  // namespace

std::vector<cv::Rect> areas_of_large_components(const cv::Mat& mask, double min_box_area) {
  const cv::Rect whole(cv::Point(0, 0), mask.size());
  std::vector<cv::Rect> boxes;
  for (const cv::Rect& blocks : component_boxes(blocks_set(mask))) {
    // The component's box in the mask is at most as large as its blocks'.
    const cv::Rect box(blocks.tl() * kBlock, blocks.size() * kBlock);
    if (box.area() < min_box_area) continue;
    // A pixel more on every side, so that nothing within the blocks touches the part's edge.
    boxes.push_back(grown_within(box, 1, mask.size()));
  }
  std::vector<cv::Rect> areas = merged(std::move(boxes));
  double covered = 0;
  for (const cv::Rect& area : areas) covered += area.area();
  if (covered > 0.5 * whole.area()) return {whole};
  return areas;
}

std::vector<ComponentOutline> large_component_outlines(const cv::Mat& mask, cv::Point offset,
                                                       cv::Size picture, double min_box_area) {
  std::vector<ComponentOutline> outlines;
  for (const cv::Rect& part : areas_of_large_components(mask, min_box_area)) {
    const cv::Rect area = part + offset;
    const auto cut_by_edge = [&](const cv::Rect& box) {
      return (box.x == area.x && area.x > 0) || (box.y == area.y && area.y > 0) ||
             (box.br().x == area.br().x && area.br().x < picture.width) ||
             (box.br().y == area.br().y && area.br().y < picture.height);
    };
    for (ComponentOutline& outline : component_outlines(mask(part), area.tl())) {
      if (!cut_by_edge(cv::boundingRect(outline.points))) outlines.push_back(std::move(outline));
    }
  }
  // component_outlines lists outer outlines last found first; each begins at its component's
  // first pixel in raster order.
  std::sort(outlines.begin(), outlines.end(), [](const auto& a, const auto& b) {
    const cv::Point& p = a.points.front();
    const cv::Point& q = b.points.front();
    return p.y != q.y ? p.y > q.y : p.x > q.x;
  });
  return outlines;
}

}  // namespace tableref::vision
