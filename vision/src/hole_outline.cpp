#include "hole_outline.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace tableref::vision {

namespace {

// The eight neighbours in the order cv::findContours turns through them (Suzuki and Abe's border
// following): east, then counter-clockwise on the screen.
constexpr std::array<int, 8> kStepX = {1, 1, 0, -1, -1, -1, 0, 1};
constexpr std::array<int, 8> kStepY = {0, -1, -1, -1, 0, 1, 1, 1};

cv::Point step(cv::Point from, int direction) {
  const auto index = static_cast<std::size_t>(direction & 7);
  return {from.x + kStepX[index], from.y + kStepY[index]};
}

}  // namespace

HoleOutline hole_outline(const cv::Mat& mask, cv::Point first) {
  CV_Assert(mask.type() == CV_8UC1);
  CV_Assert(first.x >= 1);
  // Beyond the mask's edges is no set pixel, as for cv::findContours.
  const cv::Rect inside(0, 0, mask.cols, mask.rows);
  const auto set = [&](cv::Point at) {
    return inside.contains(at) && mask.at<std::uint8_t>(at) != 0;
  };
  // The border starts at the set pixel left of the hole's first one; the hole lies east of it.
  const cv::Point start = first - cv::Point(1, 0);
  HoleOutline outline;
  int left = start.x, right = start.x, top = start.y, bottom = start.y;
  // Twice the signed area, summed as the shoelace formula over consecutive points.
  long long twice_area = 0;
  cv::Point previous = start;
  const auto add = [&](cv::Point point) {
    ++outline.points;
    left = std::min(left, point.x), right = std::max(right, point.x);
    top = std::min(top, point.y), bottom = std::max(bottom, point.y);
    twice_area +=
        static_cast<long long>(previous.x) * point.y - static_cast<long long>(point.x) * previous.y;
    previous = point;
  };
  // The border's last point: the first set neighbour clockwise from the hole's side.
  int direction = 0;
  do {
    direction = (direction - 1) & 7;
  } while (!set(step(start, direction)) && direction != 0);
  if (direction == 0) {  // no set pixel around the start: nothing to follow
    outline.points = 1;
    outline.box = cv::Rect(start, cv::Size(1, 1));
    return outline;
  }
  const cv::Point last = step(start, direction);
  cv::Point current = start;
  outline.points = 1;  // the start, added first
  for (;;) {
    // The next set neighbour counter-clockwise from the one after where the border came from.
    cv::Point next;
    do {
      ++direction;
      next = step(current, direction);
    } while (!set(next));
    direction &= 7;
    if (next == start && current == last) break;
    add(next);
    current = next;
    direction = (direction + 4) & 7;
  }
  // The last point closes on the first.
  twice_area +=
      static_cast<long long>(previous.x) * start.y - static_cast<long long>(start.x) * previous.y;
  outline.area = std::abs(static_cast<double>(twice_area)) / 2;
  outline.box = cv::Rect(left, top, right - left + 1, bottom - top + 1);
  return outline;
}

}  // namespace tableref::vision
