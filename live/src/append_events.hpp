#pragma once
// The followers gather the events of one frame from several steps, in order.

#include <utility>
#include <vector>

#include "referee/events.hpp"

namespace tableref::live {

inline void append(std::vector<referee::Event>& to, std::vector<referee::Event> more) {
  for (referee::Event& event : more) to.push_back(std::move(event));
}

}  // namespace tableref::live
