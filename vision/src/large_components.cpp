#include "large_components.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <opencv2/core/hal/intrin.hpp>
#include <opencv2/imgproc.hpp>

#include "border_following.hpp"
#include "run_components.hpp"

namespace tableref::vision {

namespace {

constexpr int kBlock = 4;

// 255 for each kBlock-wide block of `rows` (kBlock rows of `cols` pixels; the last block cut by
// their end) holding a set pixel, into `out`.
void blocks_of_rows(const std::array<const std::uint8_t*, kBlock>& rows, int cols,
                    std::uint8_t* out) {
  static_assert(kBlock == 4, "a block's row is read as one 32-bit word");
  int x = 0;
#if CV_SIMD
  // A vector of blocks from four vectors of pixels: each block's word tested, the tests packed.
  constexpr int kLanes = cv::v_uint8::nlanes;
  const cv::v_uint32 none = cv::vx_setzero_u32();
  for (; x + kBlock * kLanes <= cols; x += kBlock * kLanes) {
    std::array<cv::v_uint32, kBlock> any;
    for (std::size_t part = 0; part < any.size(); ++part) {
      const int at = x + static_cast<int>(part) * kLanes;
      const cv::v_uint8 pixels = cv::vx_load(rows[0] + at) | cv::vx_load(rows[1] + at) |
                                 cv::vx_load(rows[2] + at) | cv::vx_load(rows[3] + at);
      any[part] = cv::v_reinterpret_as_u32(pixels) != none;
    }
    cv::v_store(out + x / kBlock,
                cv::v_pack(cv::v_pack(any[0], any[1]), cv::v_pack(any[2], any[3])));
  }
#endif
  for (; x < cols; x += kBlock) {
    bool set = false;
    for (const std::uint8_t* row : rows)
      for (int column = x; column < std::min(cols, x + kBlock); ++column) set = set || row[column];
    out[x / kBlock] = set ? 255 : 0;
  }
}

// 255 for each kBlock x kBlock block of `mask` (the last ones cut by its edge) holding a set pixel.
cv::Mat blocks_set(const cv::Mat& mask) {
  const cv::Size size((mask.cols + kBlock - 1) / kBlock, (mask.rows + kBlock - 1) / kBlock);
  cv::Mat pooled(size, CV_8U);
  for (int y = 0; y < size.height; ++y) {
    // Rows past the mask's last are its last again: they add nothing.
    std::array<const std::uint8_t*, kBlock> rows;
    for (int row = 0; row < kBlock; ++row)
      rows[static_cast<std::size_t>(row)] =
          mask.ptr<std::uint8_t>(std::min(mask.rows - 1, y * kBlock + row));
    blocks_of_rows(rows, mask.cols, pooled.ptr<std::uint8_t>(y));
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

// Outer outlines put in the order component_outlines lists them: last found first, each beginning
// at its component's first pixel in raster order.
void in_listing_order(std::vector<ComponentOutline>& outlines) {
  std::sort(outlines.begin(), outlines.end(), [](const auto& a, const auto& b) {
    const cv::Point& p = a.points.front();
    const cv::Point& q = b.points.front();
    return p.y != q.y ? p.y > q.y : p.x > q.x;
  });
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
  in_listing_order(outlines);
  return outlines;
}

std::vector<ComponentOutline> outlines_of_large_components(const cv::Mat& mask,
                                                           double min_box_area) {
  std::vector<ComponentOutline> outlines;
  const RunComponents found = run_components(mask, Connectivity::eight);
  for (const RunComponent& component : found.components) {
    if (component.box.area() < min_box_area) continue;
    // Only the component's outer border is followed, from its first pixel: its holes, by the
    // thousand on a speckled table, are not traced, nor is the mask scanned for borders.
    const PixelRun& first = found.runs[component.first_run];
    if (auto outline = outline_of_border(outer_border(mask, {first.first, first.row})))
      outlines.push_back(std::move(*outline));
  }
  in_listing_order(outlines);
  return outlines;
}

}  // namespace tableref::vision
