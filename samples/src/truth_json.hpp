#pragma once
// Small pieces every game's truth is written with.

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>

#include "samples/capture.hpp"

namespace tableref::samples {

// Rounded to `decimals` places (dividing by a power of ten prints the shortest decimal).
double rounded(double value, int decimals = 2);
nlohmann::json pixel_json(cv::Point2d pixel);  // [x, y] to a hundredth of a pixel
// How much a hand, a sleeve or washed-out glare hides `pixel` (1 outside the image).
double occlusion_at(const Photo& photo, cv::Point2d pixel);

}  // namespace tableref::samples
