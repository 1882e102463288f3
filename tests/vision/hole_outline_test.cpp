// One hole's outline followed alone against cv::findContours tracing every border of the mask.

#include <gtest/gtest.h>

#include <map>
#include <opencv2/imgproc.hpp>
#include <tuple>
#include <vector>

#include "border_following.hpp"
#include "run_components.hpp"

namespace tableref::vision {
namespace {

// Random masks: specks, blobs with blobs of holes in them, lines a pixel wide and checks that
// touch at corners; every hole that keeps off the edge is measured both ways.
TEST(HoleOutline, IsWhatFindContoursTracesAroundTheHole) {
  cv::RNG rng(20261127);
  int compared = 0;
  for (int picture = 0; picture < 400; ++picture) {
    cv::Mat mask(48, 64, CV_8U, cv::Scalar(picture % 2 == 0 ? 0 : 255));
    for (int shape = 0; shape < 24; ++shape) {
      const cv::Point at(rng.uniform(0, 64), rng.uniform(0, 48));
      const cv::Scalar value = rng.uniform(0, 2) == 0 ? 0 : 255;
      switch (rng.uniform(0, 4)) {
        case 0:
          cv::circle(mask, at, rng.uniform(1, 12), value, cv::FILLED);
          break;
        case 1:
          cv::line(mask, at, at + cv::Point(rng.uniform(-20, 20), rng.uniform(-20, 20)), value);
          break;
        case 2:
          cv::rectangle(mask, cv::Rect(at, cv::Size(rng.uniform(1, 15), rng.uniform(1, 15))), value,
                        cv::FILLED);
          break;
        default:
          mask.at<std::uint8_t>(at) = static_cast<std::uint8_t>(value[0]);
      }
    }
    // Every hole's outline as cv::findContours traces it, by its bounding box and area.
    std::vector<std::vector<cv::Point>> contours;
    std::vector<cv::Vec4i> hierarchy;
    cv::findContours(mask, contours, hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_NONE);
    std::multimap<std::tuple<int, int, int, int>, std::pair<int, double>> traced;
    for (std::size_t i = 0; i < contours.size(); ++i) {
      if (hierarchy[i][3] < 0) continue;  // an outer border
      // Its points, followed from the hole's first pixel (east of the outline's first point).
      EXPECT_EQ(hole_outline_points(mask, contours[i].front() + cv::Point(1, 0)), contours[i])
          << "picture " << picture;
      const cv::Rect box = cv::boundingRect(contours[i]);
      traced.emplace(std::tuple(box.x, box.y, box.width, box.height),
                     std::pair(static_cast<int>(contours[i].size()), cv::contourArea(contours[i])));
    }
    cv::Mat zero = mask == 0;
    const RunComponents holes = run_components(zero, Connectivity::four);
    for (const RunComponent& hole : holes.components) {
      const cv::Rect& box = hole.box;
      if (box.x == 0 || box.y == 0 || box.br().x == mask.cols || box.br().y == mask.rows) continue;
      const PixelRun& first = holes.runs[hole.first_run];
      const HoleOutline outline = hole_outline(mask, cv::Point(first.first, first.row));
      const auto [from, to] = traced.equal_range(
          std::tuple(outline.box.x, outline.box.y, outline.box.width, outline.box.height));
      const bool found = std::any_of(from, to, [&](const auto& entry) {
        return entry.second.first == outline.points && entry.second.second == outline.area;
      });
      EXPECT_TRUE(found) << "picture " << picture << " hole at " << first.first << "," << first.row
                         << ": " << outline.points << " points, area " << outline.area << ", box "
                         << outline.box;
      ++compared;
    }
  }
  EXPECT_GT(compared, 2000);
}

}  // namespace
}  // namespace tableref::vision
