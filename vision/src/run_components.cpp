#include "run_components.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace tableref::vision {

namespace {

// Runs joined into sets, each named by its earliest run.
class RunSets {
 public:
  std::size_t add() {
    parent_.push_back(parent_.size());
    return parent_.size() - 1;
  }
  std::size_t root_of(std::size_t run) {
    while (parent_[run] != run) {
      parent_[run] = parent_[parent_[run]];  // halve the path as it is walked
      run = parent_[run];
    }
    return run;
  }
  void join(std::size_t a, std::size_t b) {
    const std::size_t root_a = root_of(a), root_b = root_of(b);
    parent_[std::max(root_a, root_b)] = std::min(root_a, root_b);
  }

 private:
  std::vector<std::size_t> parent_;
};

// The first set pixel of `pixels` from `x` on, or `width`; most of a sparse mask is skipped a
// word at a time.
int next_set(const std::uint8_t* pixels, int x, int width) {
  for (std::uint64_t word = 0; x + 8 <= width; x += 8) {
    std::memcpy(&word, pixels + x, sizeof word);
    if (word != 0) break;
  }
  while (x < width && pixels[x] == 0) ++x;
  return x;
}

// Every run of `mask` in raster order, those that touch (as `connectivity` says) joined in
// `sets`.
std::vector<PixelRun> joined_runs(const cv::Mat& mask, Connectivity connectivity, RunSets& sets) {
  // How far past its ends a run reaches into the row above: diagonally, or straight up only.
  const int reach = connectivity == Connectivity::eight ? 1 : 0;
  std::vector<PixelRun> runs;
  std::size_t previous_begin = 0, previous_end = 0;
  for (int y = 0; y < mask.rows; ++y) {
    const std::uint8_t* pixels = mask.ptr<std::uint8_t>(y);
    const std::size_t row_begin = runs.size();
    std::size_t above = previous_begin;
    for (int x = next_set(pixels, 0, mask.cols); x < mask.cols;
         x = next_set(pixels, x + 1, mask.cols)) {
      const int first = x;
      while (x + 1 < mask.cols && pixels[x + 1] != 0) ++x;
      const std::size_t run = sets.add();
      runs.push_back({y, first, x});
      // The runs of the row above that touch this one: each starts before this one ends, and
      // ends after this one starts (a pixel further each way when diagonals touch).
      while (above < previous_end && runs[above].last < first - reach) ++above;
      for (std::size_t other = above; other < previous_end && runs[other].first <= x + reach;
           ++other)
        sets.join(run, other);
    }
    previous_begin = row_begin;
    previous_end = runs.size();
  }
  return runs;
}

// Which component each run belongs to, the components numbered as their earliest runs come.
std::vector<std::size_t> components_of(std::size_t runs, RunSets& sets) {
  std::vector<std::size_t> component_of(runs);
  std::size_t components = 0;
  for (std::size_t run = 0; run < runs; ++run) {
    const std::size_t root = sets.root_of(run);
    component_of[run] = root == run ? components++ : component_of[root];
  }
  return component_of;
}

}  // namespace

RunComponents run_components(const cv::Mat& mask, Connectivity connectivity) {
  CV_Assert(mask.type() == CV_8U);
  RunSets sets;
  const std::vector<PixelRun> runs = joined_runs(mask, connectivity, sets);
  const std::vector<std::size_t> component_of = components_of(runs.size(), sets);
  RunComponents found;
  for (const std::size_t component : component_of) {
    if (component == found.components.size()) found.components.emplace_back();
    ++found.components[component].end_run;  // counted first, placed below
  }
  std::size_t begin = 0;
  for (RunComponent& component : found.components) {
    const std::size_t count = component.end_run;
    component.first_run = component.end_run = begin;
    begin += count;
  }
  // Each run put after its component's earlier ones, and counted into its statistics.
  found.runs.resize(runs.size());
  std::vector<long long> sum_x(found.components.size(), 0), sum_y(found.components.size(), 0);
  for (std::size_t run = 0; run < runs.size(); ++run) {
    const PixelRun& pixels = runs[run];
    const std::size_t index = component_of[run];
    RunComponent& component = found.components[index];
    found.runs[component.end_run++] = pixels;
    const long long length = pixels.last - pixels.first + 1;
    const cv::Rect span(pixels.first, pixels.row, static_cast<int>(length), 1);
    component.box = component.area == 0 ? span : component.box | span;
    component.area += length;
    sum_x[index] += length * (pixels.first + pixels.last) / 2;  // the run's columns summed
    sum_y[index] += length * pixels.row;
  }
  for (std::size_t index = 0; index < found.components.size(); ++index) {
    RunComponent& component = found.components[index];
    const auto area = static_cast<double>(component.area);
    component.centroid = {static_cast<double>(sum_x[index]) / area,
                          static_cast<double>(sum_y[index]) / area};
  }
  return found;
}

}  // namespace tableref::vision
