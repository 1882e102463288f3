#include "run_components.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

#include "row_bits.hpp"

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

// One row of a mask as bits, pixel x at bit x % 64 of word x / 64: a run's ends are then found a
// word at a time, however long it is and however sparse the row.
class RowBits {
 public:
  explicit RowBits(int width)
      : width_(width), words_(static_cast<std::size_t>(words_for(width)), 0) {}

  void load(const std::uint8_t* pixels) { pack_row(pixels, width_, words_.data()); }

  // The first pixel from `x` on that is set (or clear, as `set` says), or the row's width.
  int next(int x, bool set) const {
    if (x >= width_) return width_;
    std::size_t word = static_cast<std::size_t>(x / 64);
    std::uint64_t bits = (set ? words_[word] : ~words_[word]) & (~std::uint64_t{0} << (x % 64));
    while (bits == 0) {
      if (++word == words_.size()) return width_;
      bits = set ? words_[word] : ~words_[word];
    }
    return std::min(width_, static_cast<int>(word * 64) + std::countr_zero(bits));
  }

 private:
  int width_;
  std::vector<std::uint64_t> words_;
};

// Every run of `mask` in raster order, those that touch (as `connectivity` says) joined in
// `sets`.
std::vector<PixelRun> joined_runs(const cv::Mat& mask, Connectivity connectivity, RunSets& sets) {
  // How far past its ends a run reaches into the row above: diagonally, or straight up only.
  const int reach = connectivity == Connectivity::eight ? 1 : 0;
  std::vector<PixelRun> runs;
  std::size_t previous_begin = 0, previous_end = 0;
  RowBits bits(mask.cols);
  for (int y = 0; y < mask.rows; ++y) {
    bits.load(mask.ptr<std::uint8_t>(y));
    const std::size_t row_begin = runs.size();
    std::size_t above = previous_begin;
    for (int first = bits.next(0, true); first < mask.cols;) {
      const int last = bits.next(first, false) - 1;
      const std::size_t run = sets.add();
      runs.push_back({y, first, last});
      // The runs of the row above that touch this one: each starts before this one ends, and
      // ends after this one starts (a pixel further each way when diagonals touch).
      while (above < previous_end && runs[above].last < first - reach) ++above;
      for (std::size_t other = above; other < previous_end && runs[other].first <= last + reach;
           ++other)
        sets.join(run, other);
      first = bits.next(last + 1, true);
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

void set_pixels_of(const RunComponents& found, const RunComponent& component, cv::Mat& mask,
                   cv::Point origin) {
  for (std::size_t run = component.first_run; run < component.end_run; ++run) {
    const PixelRun& span = found.runs[run];
    std::uint8_t* row = mask.ptr<std::uint8_t>(span.row - origin.y) - origin.x;
    std::fill(row + span.first, row + span.last + 1, std::uint8_t{255});
  }
}

}  // namespace tableref::vision
