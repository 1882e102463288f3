#pragma once
// One-to-one pairing of two sets of things seen on the table (cards, stacks), closest first:
// the greedy matching the trackers use to carry ids from one reading to the next.

#include <algorithm>
#include <cstddef>
#include <tuple>
#include <utility>
#include <vector>

namespace tableref::live {

struct PairCandidate {
  double distance = 0;
  std::size_t a = 0, b = 0;
};

// The candidates kept, closest first (ties in order of a, then b), each index of either side in
// one pair at most.
inline std::vector<std::pair<std::size_t, std::size_t>> nearest_pairs(
    std::vector<PairCandidate> candidates, std::size_t count_a, std::size_t count_b) {
  std::sort(candidates.begin(), candidates.end(),
            [](const PairCandidate& x, const PairCandidate& y) {
              return std::tie(x.distance, x.a, x.b) < std::tie(y.distance, y.a, y.b);
            });
  std::vector<bool> used_a(count_a, false), used_b(count_b, false);
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (const PairCandidate& candidate : candidates) {
    if (used_a[candidate.a] || used_b[candidate.b]) continue;
    used_a[candidate.a] = used_b[candidate.b] = true;
    pairs.emplace_back(candidate.a, candidate.b);
  }
  return pairs;
}

}  // namespace tableref::live
