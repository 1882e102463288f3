#pragma once
// The outlines of a mask's large components without tracing its small ones: a patterned table
// breaks into thousands of light specks, and tracing every one of them to keep the few large
// enough for a card cost more than the rest of the detection.

#include <opencv2/core.hpp>
#include <vector>

#include "vision/quad_geometry.hpp"

namespace tableref::vision {

// `areas` of a picture, or the whole picture when they cover most of it: looking at many parts
// costs more than looking at it once.
std::vector<cv::Rect> whole_when_covering_most(std::vector<cv::Rect> areas, cv::Size picture);

// `areas` of a picture with each that lies within another left out, and two that overlap joined
// into the rectangle around both where it is no larger than the two together; the whole picture
// when they cover most of it. What lies inside an area, off its edges that are not the picture's,
// lies so inside one of the areas returned, each looked at once.
std::vector<cv::Rect> joined_areas(std::vector<cv::Rect> areas, cv::Size picture);

// The outlines (component_outlines) of the components of `mask` whose bounding box holds at least
// `min_box_area` pixels, and of no other, in the order component_outlines lists them: the
// components found from the mask's runs, each large one's outer border followed from its first
// pixel (border_following.hpp). Where a noisy mask breaks into tens of thousands of specks or
// holes, only the few large components' outer borders are traced.
std::vector<ComponentOutline> outlines_of_large_components(const cv::Mat& mask,
                                                           double min_box_area);

// The same for `mask`, a part of a picture of size `picture` at `offset`, each point moved by
// `offset`: a component cut by an edge of the part that is not the picture's is left out.
std::vector<ComponentOutline> outlines_of_large_components_in_part(const cv::Mat& mask,
                                                                   cv::Point offset,
                                                                   cv::Size picture,
                                                                   double min_box_area);

// outlines_of_large_components_in_part of `mask`, each of whose pixels is set in a mask whose large
// components' outlines are `enclosing` (in the picture's pixels; a mask at a threshold lies within
// the mask at a looser one): a large component lies within a large one of that mask, so only the
// parts of `mask` around those are looked at. The same outlines in the same order as looking at
// the whole of `mask`.
std::vector<ComponentOutline> outlines_of_large_components_within(
    const cv::Mat& mask, cv::Point offset, cv::Size picture,
    const std::vector<ComponentOutline>& enclosing, double min_box_area);

// Outlines found in parts of a mask that may overlap, put in the order component_outlines lists
// them, each component's once.
void in_listing_order_once(std::vector<ComponentOutline>& outlines);

}  // namespace tableref::vision
