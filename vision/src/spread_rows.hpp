#pragma once
// Rows of a map kept a pixel for each `step` by `step` pixels of a picture, spread back to a value
// for each of the picture's pixels as a row of them is needed: a smooth map (a local white, a
// threshold) costs a fraction of its size at full resolution to make and to keep.

#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

namespace tableref::vision {

// The values for the picture's pixels `from` to `from + count - 1` of one row, each of `channels`
// (1 or 3) bytes, from the map's row `coarse_row` kept at `step` (1, 2 or 4): in that row itself
// where the step is 1, else spread into `buffer`.
const std::uint8_t* spread_row(const std::uint8_t* coarse_row, int from, int count, int channels,
                               int step, std::vector<std::uint8_t>& buffer);

// A smooth map of a picture (a local white, a threshold) kept a pixel for each `step` by `step`
// pixels of the picture: each of the picture's pixels takes the value of the one it lies in.
// `values` covers the picture: (cols + step - 1) / step columns and as many more rows.
struct CoarseMap {
  cv::Mat values;
  int step = 1;

  // The value of the picture's pixel `at`.
  const std::uint8_t* at(cv::Point at) const {
    return values.ptr<std::uint8_t>(at.y / step, at.x / step);
  }
  // The values of the picture's pixels `from` to `from + count - 1` of its row `y`, each of
  // values.channels() bytes: in `values` itself where the step is 1, else spread into `buffer`.
  const std::uint8_t* row(int y, int from, int count, std::vector<std::uint8_t>& buffer) const;
};

}  // namespace tableref::vision
