#pragma once
// The outlines of a mask's large components without tracing its small ones: a patterned table
// breaks into thousands of light specks, and tracing every one of them to keep the few large
// enough for a card cost more than the rest of the detection.

#include <opencv2/core.hpp>
#include <vector>

#include "vision/quad_geometry.hpp"

namespace tableref::vision {

// Parts of `mask` that together hold, each whole, every component whose bounding box holds at
// least `min_box_area` pixels: the boxes of the components of the mask pooled by 4 (a block is set
// when any of its pixels is, so each component of the mask lies within one of the pooled mask's),
// grown by a pixel and merged where they overlap. The whole mask when they would cover most of it.
std::vector<cv::Rect> areas_of_large_components(const cv::Mat& mask, double min_box_area);

// `areas` of a picture, or the whole picture when they cover most of it: looking at many parts
// costs more than looking at it once.
std::vector<cv::Rect> whole_when_covering_most(std::vector<cv::Rect> areas, cv::Size picture);

// The outlines (component_outlines) of the components of `mask`, a part of a picture of size
// `picture` at `offset`, whose bounding box holds at least `min_box_area` pixels, and of some
// smaller ones; a component cut by an edge of the mask that is not the picture's is left out.
// Listed in the order component_outlines lists them.
std::vector<ComponentOutline> large_component_outlines(const cv::Mat& mask, cv::Point offset,
                                                       cv::Size picture, double min_box_area);

// The outlines (component_outlines) of the components of `mask` whose bounding box holds at least
// `min_box_area` pixels, and of no other, in the order component_outlines lists them: the
// components found from the mask's runs, each large one's outer border followed from its first
// pixel (border_following.hpp). Where a noisy mask breaks into tens of thousands of specks or
// holes, only the few large components' outer borders are traced.
std::vector<ComponentOutline> outlines_of_large_components(const cv::Mat& mask,
                                                           double min_box_area);

}  // namespace tableref::vision
