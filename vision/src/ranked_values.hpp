#pragma once
// The values at two ranks of a set of non-negative floats without ordering them all: their bit
// patterns order as unsigned integers do, so a count of the patterns' top bits finds the stretch
// of patterns each rank lies in, and only the values there are ordered. A few passes over the
// values instead of std::nth_element's partitions, whose branches the values' order decides.

#include <cstddef>
#include <utility>
#include <vector>

namespace tableref::vision {

// The values `values` would hold at `lower` and `upper` (lower <= upper < values.size()) once
// sorted; every value non-negative and no NaN.
std::pair<float, float> values_at_ranks(const std::vector<float>& values, std::size_t lower,
                                        std::size_t upper);

}  // namespace tableref::vision
