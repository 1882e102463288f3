#pragma once
// The 8- or 4-connected components of a binary mask found from its rows' runs of set pixels, joined
// where they touch. For a mask that is mostly empty this costs a fraction of labelling every pixel
// (cv::connectedComponentsWithStats), and each component's pixels can be walked without a picture
// of labels.

#include <cstddef>
#include <opencv2/core.hpp>
#include <vector>

namespace tableref::vision {

// The set pixels [first, last] of `row`.
struct PixelRun {
  int row = 0, first = 0, last = 0;
};

struct RunComponent {
  std::size_t first_run = 0, end_run = 0;  // its runs in RunComponents::runs, in raster order
  cv::Rect box;
  long long area = 0;    // pixels
  cv::Point2d centroid;  // the mean of its pixels' coordinates, as cv::connectedComponentsWithStats
};

struct RunComponents {
  std::vector<PixelRun> runs;            // grouped by component
  std::vector<RunComponent> components;  // in the raster order of their first pixels
};

// Whether pixels that touch only at a corner are joined.
enum class Connectivity { four, eight };

// The components of `mask` (CV_8U, set where not 0).
RunComponents run_components(const cv::Mat& mask, Connectivity connectivity = Connectivity::eight);

// Sets the pixels of `component` (one of `found`) to 255 in `mask`, whose first pixel is pixel
// `origin` of the mask they were found in.
void set_pixels_of(const RunComponents& found, const RunComponent& component, cv::Mat& mask,
                   cv::Point origin = {0, 0});

}  // namespace tableref::vision
