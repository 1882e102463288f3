#include "border_following.hpp"

#include <array>
#include <cstdint>

namespace tableref::vision {

namespace {

// The eight neighbours, counter-clockwise from the right (y down), as cv::findContours numbers
// them.
const std::array<cv::Point, 8> kNeighbours = {cv::Point{1, 0}, {1, -1}, {0, -1}, {-1, -1},
                                              {-1, 0},         {-1, 1}, {0, 1},  {1, 1}};

cv::Point neighbour(cv::Point pixel, int direction) {
  return pixel + kNeighbours[static_cast<std::size_t>(direction & 7)];
}

}  // namespace

std::vector<cv::Point> outer_border(const cv::Mat& mask, cv::Point start) {
  CV_Assert(mask.type() == CV_8UC1);
  const cv::Rect inside(0, 0, mask.cols, mask.rows);
  const auto is_set = [&](cv::Point pixel) {
    return inside.contains(pixel) && mask.at<std::uint8_t>(pixel) != 0;
  };
  // The first neighbour clockwise from the left: the start has none above it, nor to its left.
  int direction = 4;
  cv::Point first;
  do {
    direction = (direction - 1) & 7;
    first = neighbour(start, direction);
  } while (!is_set(first) && direction != 4);
  if (direction == 4) return {start};  // a lone pixel

  // Then around counter-clockwise, each step from the way back to the pixel before, until the
  // border comes back to the start from its first neighbour.
  std::vector<cv::Point> border;
  cv::Point pixel = start;
  for (;;) {
    const int back = direction;
    cv::Point next;
    do {
      ++direction;
      next = neighbour(pixel, direction);
    } while (!is_set(next) && direction < back + 8);
    direction &= 7;
    border.push_back(pixel);
    if (next == start && pixel == first) break;
    pixel = next;
    direction = (direction + 4) & 7;
  }
  return border;
}

}  // namespace tableref::vision
