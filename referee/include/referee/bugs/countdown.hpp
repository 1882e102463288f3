#pragma once
// Bugs & Co: the countdown after the last trophy is taken: everyone counts "10", "9", ... "1",
// then "STOP". A value type advanced by the seconds the caller measured; no clock inside.

#include <string>

namespace tableref::referee::bugs {

class Countdown {
 public:
  // Counts down from `from` (10 in the rules), one number per `seconds_per_count`.
  explicit Countdown(int from = 10, double seconds_per_count = 1.0);

  // This countdown `elapsed_s` seconds later (elapsed_s >= 0).
  Countdown advanced(double elapsed_s) const;

  double elapsed_s() const { return elapsed_s_; }
  // The number being called, from `from` down to 1; 0 once it is over.
  int number() const;
  // "10" ... "1", then "STOP".
  std::string word() const;
  bool over() const { return number() == 0; }

 private:
  int from_;
  double seconds_per_count_;
  double elapsed_s_ = 0.0;
};

}  // namespace tableref::referee::bugs
