#include "large_components.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <opencv2/imgproc.hpp>

#include "byte_lanes.hpp"
#include "run_components.hpp"

namespace tableref::vision {

namespace {

constexpr int kBlock = 4;

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
      brighten(any_row.data(), mask.ptr<std::uint8_t>(row), mask.cols);
    auto* out = pooled.ptr<std::uint8_t>(y);
    for (int x = 0; x < size.width; ++x) {
      std::uint32_t block = 0;
      std::memcpy(&block, any_row.data() + static_cast<std::size_t>(x) * kBlock, sizeof block);
      out[x] = block != 0 ? 255 : 0;
    }
  }
  return pooled;
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
  std::vector<cv::Rect> boxes;
  for (const RunComponent& blocks : run_components(blocks_set(mask)).components) {
    // The component's box in the mask is at most as large as its blocks'.
    const cv::Rect box(blocks.box.tl() * kBlock, blocks.box.size() * kBlock);
    if (box.area() < min_box_area) continue;
    // A pixel more on every side, so that nothing within the blocks touches the part's edge.
    boxes.push_back(grown_within(box, 1, mask.size()));
  }
  return whole_when_covering_most(merged(std::move(boxes)), mask.size());
}

std::vector<cv::Rect> whole_when_covering_most(std::vector<cv::Rect> areas, cv::Size picture) {
  double covered = 0;
  for (const cv::Rect& area : areas) covered += area.area();
  if (covered > 0.5 * picture.area()) return {cv::Rect(cv::Point(0, 0), picture)};
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
