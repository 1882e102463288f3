#include "border_following.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace tableref::vision {

namespace {

// The eight neighbours in the order cv::findContours turns through them: east, then
// counter-clockwise on the screen.
constexpr std::array<int, 8> kStepX = {1, 1, 0, -1, -1, -1, 0, 1};
constexpr std::array<int, 8> kStepY = {0, -1, -1, -1, 0, 1, 1, 1};
constexpr int kEast = 0, kWest = 4;

cv::Point step(cv::Point from, int direction) {
  const auto index = static_cast<std::size_t>(direction & 7);
  return {from.x + kStepX[index], from.y + kStepY[index]};
}

// Follows the border through the set pixel `start` as Suzuki and Abe's algorithm does for
// cv::findContours, giving `visit` each point in turn from `start`. `outside` is the side of
// `start` the border keeps to its right, where the region's outside lies: west of an outer
// border's first pixel, east of the pixel before a hole's first.
template <typename Visit>
void follow_border(const cv::Mat& mask, cv::Point start, int outside, Visit&& visit) {
  CV_Assert(mask.type() == CV_8UC1);
  // Beyond the mask's edges is no set pixel, as for cv::findContours.
  const cv::Rect inside(0, 0, mask.cols, mask.rows);
  const auto set = [&](cv::Point at) {
    return inside.contains(at) && mask.at<std::uint8_t>(at) != 0;
  };
  visit(start);
  // The border's last point: the first set neighbour clockwise from the outside.
  int direction = outside;
  do {
    direction = (direction - 1) & 7;
  } while (!set(step(start, direction)) && direction != outside);
  if (direction == outside) return;  // a lone pixel: nothing to follow
  const cv::Point last = step(start, direction);
  cv::Point current = start;
  for (;;) {
    // The next set neighbour counter-clockwise from the one after where the border came from.
    cv::Point next;
    do {
      ++direction;
      next = step(current, direction);
    } while (!set(next));
    direction &= 7;
    if (next == start && current == last) return;
    visit(next);
    current = next;
    direction = (direction + 4) & 7;
  }
}

// The border around a hole starts at the set pixel left of the hole's first one.
template <typename Visit>
void follow_hole_border(const cv::Mat& mask, cv::Point first, Visit&& visit) {
  CV_Assert(first.x >= 1);
  follow_border(mask, first - cv::Point(1, 0), kEast, std::forward<Visit>(visit));
}

}  // namespace

std::vector<cv::Point> outer_border(const cv::Mat& mask, cv::Point start) {
  std::vector<cv::Point> points;
  follow_border(mask, start, kWest, [&](cv::Point point) { points.push_back(point); });
  return points;
}

HoleOutline hole_outline(const cv::Mat& mask, cv::Point first) {
  HoleOutline outline;
  cv::Point start, previous;
  int left = 0, right = 0, top = 0, bottom = 0;
  // Twice the signed area, summed as the shoelace formula over consecutive points.
  long long twice_area = 0;
  follow_hole_border(mask, first, [&](cv::Point point) {
    if (outline.points++ == 0) {
      start = previous = point;
      left = right = point.x, top = bottom = point.y;
      return;
    }
    left = std::min(left, point.x), right = std::max(right, point.x);
    top = std::min(top, point.y), bottom = std::max(bottom, point.y);
    twice_area +=
        static_cast<long long>(previous.x) * point.y - static_cast<long long>(point.x) * previous.y;
    previous = point;
  });
  // The last point closes on the first.
  twice_area +=
      static_cast<long long>(previous.x) * start.y - static_cast<long long>(start.x) * previous.y;
  outline.area = std::abs(static_cast<double>(twice_area)) / 2;
  outline.box = cv::Rect(left, top, right - left + 1, bottom - top + 1);
  return outline;
}

std::vector<cv::Point> hole_outline_points(const cv::Mat& mask, cv::Point first) {
  std::vector<cv::Point> points;
  follow_hole_border(mask, first, [&](cv::Point point) { points.push_back(point); });
  return points;
}

}  // namespace tableref::vision
