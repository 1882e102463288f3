#include "referee/bugs/countdown.hpp"

#include <cassert>
#include <cmath>

namespace tableref::referee::bugs {

Countdown::Countdown(int from, double seconds_per_count)
    : from_(from), seconds_per_count_(seconds_per_count) {
  assert(from_ >= 1 && seconds_per_count_ > 0.0);
}

Countdown Countdown::advanced(double elapsed_s) const {
  assert(std::isfinite(elapsed_s) && elapsed_s >= 0.0);
  Countdown later = *this;
  later.elapsed_s_ += elapsed_s;
  return later;
}

int Countdown::number() const {
  const double counts_done = std::floor(elapsed_s_ / seconds_per_count_);
  if (counts_done >= from_) return 0;
  return from_ - static_cast<int>(counts_done);
}

std::string Countdown::word() const {
  return over() ? "STOP" : std::to_string(number());
}

}  // namespace tableref::referee::bugs
