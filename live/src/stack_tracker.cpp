#include "live/stack_tracker.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "logged_state.hpp"
#include "nearest_pairs.hpp"

namespace tableref::live {

namespace {

using referee::freeze::View;
using referee::freeze::ViewCell;

// The positions of `view` after one clockwise quarter turn: (row, col) comes from (2 - col, row).
View turned_clockwise(const View& view) {
  View turned;
  for (std::size_t row = 0; row < 3; ++row) {
    for (std::size_t col = 0; col < 3; ++col) turned[row * 3 + col] = view[(2 - col) * 3 + row];
  }
  return turned;
}

bool readable(const ViewCell& cell) {
  return cell.kind != ViewCell::Kind::unknown;
}

int unknown_count(const View& view) {
  return static_cast<int>(std::count_if(view.begin(), view.end(),
                                        [](const ViewCell& cell) { return !readable(cell); }));
}

cv::Point2d centre_of(const std::array<cv::Point2d, 4>& corners) {
  return (corners[0] + corners[1] + corners[2] + corners[3]) / 4.0;
}

double side_of(const std::array<cv::Point2d, 4>& corners) {
  double total = 0;
  for (std::size_t i = 0; i < 4; ++i) total += cv::norm(corners[(i + 1) % 4] - corners[i]);
  return total / 4;
}

cv::Point2d rounded(cv::Point2d point) {
  return {std::round(point.x * 100) / 100, std::round(point.y * 100) / 100};
}

// The mean distance between the corners of two quadrilaterals, over the four ways to pair them.
double corner_shift(const std::array<cv::Point2d, 4>& a, const std::array<cv::Point2d, 4>& b) {
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t start = 0; start < 4; ++start) {
    double total = 0;
    for (std::size_t i = 0; i < 4; ++i) total += cv::norm(a[i] - b[(start + i) % 4]);
    best = std::min(best, total / 4);
  }
  return best;
}

// Pairs readings with known stacks, nearest first, each at most once.
template <typename Accept>
void pair_nearest(const std::vector<TrackedStack>& readings, const std::vector<TrackedStack>& known,
                  double max_shift_sides, Accept&& accept, std::vector<bool>& reading_taken,
                  std::vector<std::optional<std::size_t>>& match) {
  std::vector<PairCandidate> candidates;
  for (std::size_t r = 0; r < readings.size(); ++r) {
    if (reading_taken[r]) continue;
    for (std::size_t k = 0; k < known.size(); ++k) {
      const double shift =
          cv::norm(readings[r].centre() - known[k].centre()) / std::max(1.0, known[k].side_px());
      if (shift <= max_shift_sides && accept(compare_cells(known[k].cells, readings[r].cells))) {
        candidates.push_back({shift, r, k});
      }
    }
  }
  for (const auto& [reading, stack] : nearest_pairs(candidates, readings.size(), known.size())) {
    reading_taken[reading] = true;
    match[reading] = stack;
  }
}

TrackedStack tracked_from(const vision::FreezeStackReading& reading, const SeatOf& seat_of) {
  TrackedStack stack;
  for (std::size_t i = 0; i < 4; ++i) stack.corners[i] = rounded(reading.corners[i]);
  stack.cells = reading.cells;
  stack.tricks = reading.tricks;
  stack.aligned = reading.aligned;
  stack.consistent = reading.consistent;
  stack.seat = seat_of ? seat_of(stack.centre()) : -1;
  return stack;
}

}  // namespace

std::string_view claim_status_name(ClaimStatus status) {
  switch (status) {
    case ClaimStatus::none:
      return "";
    case ClaimStatus::trick:
      return "trick";
    case ClaimStatus::misaligned:
      return "misaligned";
    case ClaimStatus::refused:
      return "refused";
  }
  return "";
}

std::optional<ClaimStatus> parse_claim_status(std::string_view name) {
  for (const ClaimStatus status :
       {ClaimStatus::none, ClaimStatus::trick, ClaimStatus::misaligned, ClaimStatus::refused}) {
    if (claim_status_name(status) == name) return status;
  }
  return std::nullopt;
}

cv::Point2d TrackedStack::centre() const {
  return centre_of(corners);
}

double TrackedStack::side_px() const {
  return side_of(corners);
}

CellAgreement compare_cells(const View& a, const View& b) {
  CellAgreement best{10, 0, 0};
  View turned = b;
  for (int turns = 0; turns < 4; ++turns) {
    CellAgreement agreement{0, 0, turns};
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!readable(a[i]) || !readable(turned[i])) continue;
      ++agreement.compared;
      if (a[i] != turned[i]) ++agreement.conflicts;
    }
    if (agreement.conflicts < best.conflicts ||
        (agreement.conflicts == best.conflicts && agreement.compared > best.compared)) {
      best = agreement;
    }
    turned = turned_clockwise(turned);
  }
  return best;
}

StackTracker::StackTracker(TrackerParams params) : params_(params) {}

std::string StackTracker::new_id(int offset) const {
  return "S" + std::to_string(next_number_ + offset);
}

std::vector<TrackedStack> StackTracker::identify(
    const std::vector<vision::FreezeStackReading>& reading, const SeatOf& seat_of) const {
  std::vector<TrackedStack> stacks;
  for (const vision::FreezeStackReading& read : reading)
    stacks.push_back(tracked_from(read, seat_of));

  std::vector<bool> taken(stacks.size(), false);
  std::vector<std::optional<std::size_t>> committed_match(stacks.size());
  pair_nearest(
      stacks, committed_, params_.max_shift_sides,
      [&](const CellAgreement& agreement) { return agreement.conflicts <= params_.max_conflicts; },
      taken, committed_match);
  std::vector<std::optional<std::size_t>> lifted_match(stacks.size());
  pair_nearest(
      stacks, lifted_, params_.max_shift_sides,
      [&](const CellAgreement& agreement) {
        return agreement.conflicts <= params_.max_conflicts &&
               agreement.compared >= params_.min_compared_to_revive;
      },
      taken, lifted_match);

  int fresh = 0;
  for (std::size_t i = 0; i < stacks.size(); ++i) {
    const TrackedStack* known = committed_match[i] ? &committed_[*committed_match[i]]
                                : lifted_match[i]  ? &lifted_[*lifted_match[i]]
                                                   : nullptr;
    if (known != nullptr) {
      stacks[i].id = known->id;
      stacks[i].claim = known->claim;
    } else {
      stacks[i].id = new_id(fresh++);
    }
  }
  return stacks;
}

bool StackTracker::differs(const std::vector<TrackedStack>& stacks) const {
  if (stacks.size() != committed_.size()) return true;
  for (const TrackedStack& stack : stacks) {
    const auto before = std::find_if(committed_.begin(), committed_.end(),
                                     [&](const TrackedStack& old) { return old.id == stack.id; });
    if (before == committed_.end()) return true;
    if (before->aligned != stack.aligned || before->seat != stack.seat) return true;
    if (compare_cells(before->cells, stack.cells).conflicts > 0 ||
        unknown_count(before->cells) != unknown_count(stack.cells)) {
      return true;
    }
    if (corner_shift(before->corners, stack.corners) >
        params_.max_nudge_sides * std::max(1.0, before->side_px())) {
      return true;
    }
  }
  return false;
}

void StackTracker::commit(std::vector<TrackedStack> stacks) {
  const auto holds = [](const std::vector<TrackedStack>& list, const std::string& id) {
    return std::any_of(list.begin(), list.end(),
                       [&](const TrackedStack& stack) { return stack.id == id; });
  };
  for (TrackedStack& old : committed_) {
    if (holds(stacks, old.id)) continue;
    std::erase_if(lifted_, [&](const TrackedStack& lifted) { return lifted.id == old.id; });
    lifted_.push_back(std::move(old));
  }
  for (const TrackedStack& stack : stacks) {
    std::erase_if(lifted_, [&](const TrackedStack& lifted) { return lifted.id == stack.id; });
    next_number_ = std::max(next_number_, logged_id_number(stack.id, "S") + 1);
  }
  committed_ = std::move(stacks);
}

const TrackedStack* StackTracker::find(std::string_view id) const {
  for (const auto* list : {&committed_, &lifted_}) {
    for (const TrackedStack& stack : *list) {
      if (stack.id == id) return &stack;
    }
  }
  return nullptr;
}

bool readings_agree(const std::vector<vision::FreezeStackReading>& a,
                    const std::vector<vision::FreezeStackReading>& b) {
  constexpr double kSamePlaceSides = 0.1;
  if (a.size() != b.size()) return false;
  std::vector<bool> used(b.size(), false);
  for (const vision::FreezeStackReading& first : a) {
    const cv::Point2d centre = centre_of(first.corners);
    const double side = std::max(1.0, side_of(first.corners));
    bool found = false;
    for (std::size_t j = 0; j < b.size() && !found; ++j) {
      if (used[j] || b[j].aligned != first.aligned) continue;
      if (cv::norm(centre_of(b[j].corners) - centre) > kSamePlaceSides * side) continue;
      if (compare_cells(first.cells, b[j].cells).conflicts > 0) continue;
      used[j] = found = true;
    }
    if (!found) return false;
  }
  return true;
}

}  // namespace tableref::live
