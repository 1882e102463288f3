#pragma once
// The reads of one still view since the table last moved: the last, and the two before it. The
// view is confirmed when the last read agrees with one of those before it, so that one read spoilt
// by a flicker (glare, an edge misread) between two that agree does not hold the view back.

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

namespace tableref::live {

template <typename Reading>
class RecentReads {
 public:
  void add(Reading reading) {
    earlier_[1] = std::move(earlier_[0]);
    earlier_[0] = std::move(last_);
    last_ = std::move(reading);
  }
  void clear() {
    last_.reset();
    for (std::optional<Reading>& before : earlier_) before.reset();
  }
  const std::optional<Reading>& last() const { return last_; }

  // Whether `agree(before, last)` holds for one of the reads before the last.
  template <typename Agree>
  bool last_agrees(const Agree& agree) const {
    return last_ &&
           std::any_of(earlier_.begin(), earlier_.end(), [&](const std::optional<Reading>& before) {
             return before && agree(*before, *last_);
           });
  }

 private:
  std::optional<Reading> last_;
  std::array<std::optional<Reading>, 2> earlier_;  // the one just before the last first
};

}  // namespace tableref::live
