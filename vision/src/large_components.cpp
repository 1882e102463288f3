#include "large_components.hpp"

#include <algorithm>
#include <opencv2/imgproc.hpp>

#include "border_following.hpp"
#include "run_components.hpp"

namespace tableref::vision {

namespace {

// Outer outlines put in the order component_outlines lists them: last found first, each beginning
// at its component's first pixel in raster order.
void in_listing_order(std::vector<ComponentOutline>& outlines) {
  std::sort(outlines.begin(), outlines.end(), [](const auto& a, const auto& b) {
    const cv::Point& p = a.points.front();
    const cv::Point& q = b.points.front();
    return p.y != q.y ? p.y > q.y : p.x > q.x;
  });
}

// Whether `a` and `b` are better looked at as the rectangle around them: one holds the other, or
// they overlap and that rectangle is no larger than the two.
bool better_joined(const cv::Rect& a, const cv::Rect& b) {
  const cv::Rect common = a & b;
  if (common.empty()) return false;
  return common == a || common == b || (a | b).area() <= a.area() + b.area();
}

}  // namespace

std::vector<cv::Rect> whole_when_covering_most(std::vector<cv::Rect> areas, cv::Size picture) {
  double covered = 0;
  for (const cv::Rect& area : areas) covered += area.area();
  if (covered > 0.5 * picture.area()) return {cv::Rect(cv::Point(0, 0), picture)};
  return areas;
}

std::vector<cv::Rect> joined_areas(std::vector<cv::Rect> areas, cv::Size picture) {
  for (bool joined = true; joined;) {
    joined = false;
    for (std::size_t i = 0; i < areas.size() && !joined; ++i) {
      for (std::size_t j = i + 1; j < areas.size() && !joined; ++j) {
        if (!better_joined(areas[i], areas[j])) continue;
        areas[i] |= areas[j];
        areas.erase(areas.begin() + static_cast<long>(j));
        joined = true;
      }
    }
  }
  return whole_when_covering_most(std::move(areas), picture);
}

std::vector<ComponentOutline> outlines_of_large_components(const cv::Mat& mask,
                                                           double min_box_area) {
  std::vector<ComponentOutline> outlines;
  const RunComponents found = run_components(mask, Connectivity::eight);
  for (const RunComponent& component : found.components) {
    if (component.box.area() < min_box_area) continue;
    // Only the component's outer border is followed, from its first pixel: its holes, by the
    // thousand on a speckled table, are not traced, nor is the mask scanned for borders.
    const PixelRun& first = found.runs[component.first_run];
    if (auto outline = outline_of_border(outer_border(mask, {first.first, first.row})))
      outlines.push_back(std::move(*outline));
  }
  in_listing_order(outlines);
  return outlines;
}

std::vector<ComponentOutline> outlines_of_large_components_in_part(const cv::Mat& mask,
                                                                   cv::Point offset,
                                                                   cv::Size picture,
                                                                   double min_box_area) {
  const cv::Rect part(offset, mask.size());
  const auto cut_by_edge = [&](const cv::Rect& box) {
    return (box.x == part.x && part.x > 0) || (box.y == part.y && part.y > 0) ||
           (box.br().x == part.br().x && part.br().x < picture.width) ||
           (box.br().y == part.br().y && part.br().y < picture.height);
  };
  std::vector<ComponentOutline> outlines;
  for (ComponentOutline& outline : outlines_of_large_components(mask, min_box_area)) {
    for (cv::Point& point : outline.points) point += offset;
    if (!cut_by_edge(cv::boundingRect(outline.points))) outlines.push_back(std::move(outline));
  }
  return outlines;
}

std::vector<ComponentOutline> outlines_of_large_components_within(
    const cv::Mat& mask, cv::Point offset, cv::Size picture,
    const std::vector<ComponentOutline>& enclosing, double min_box_area) {
  // Grown by a pixel: a component may reach the edge of the box of the one enclosing it, and one
  // cut by a part's edge is left out.
  std::vector<cv::Rect> areas;
  for (const ComponentOutline& outline : enclosing) {
    const cv::Rect box = cv::boundingRect(outline.points) - offset;
    areas.push_back(grown_within(box & cv::Rect({}, mask.size()), 1, mask.size()));
  }
  areas = joined_areas(std::move(areas), mask.size());
  std::vector<ComponentOutline> outlines;
  for (const cv::Rect& area : areas) {
    for (ComponentOutline& outline : outlines_of_large_components_in_part(
             mask(area), offset + area.tl(), picture, min_box_area))
      outlines.push_back(std::move(outline));
  }
  in_listing_order_once(outlines);
  return outlines;
}

void in_listing_order_once(std::vector<ComponentOutline>& outlines) {
  in_listing_order(outlines);
  // A component whole in two parts is found in each, from the same first pixel.
  const auto same_start = [](const ComponentOutline& a, const ComponentOutline& b) {
    return a.points.front() == b.points.front();
  };
  outlines.erase(std::unique(outlines.begin(), outlines.end(), same_start), outlines.end());
}

}  // namespace tableref::vision
