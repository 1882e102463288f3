#pragma once
// Hands and sleeves reaching into the frame, drawn in image space above everything on the table.

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <random>
#include <span>
#include <vector>

#include "samples/camera.hpp"
#include "samples/level.hpp"

namespace tableref::samples {

struct HandsLayer {
  cv::Mat colour;    // CV_32FC3, linear BGR reflectance premultiplied by coverage
  cv::Mat coverage;  // CV_32F in [0, 1]
  cv::Mat shadow;    // CV_32F in [0, 1]: how much light the hands take from what lies below
  nlohmann::json details = nlohmann::json::array();
};

// Draws conditions.hand_count hands at image size. With conditions.hands_over_pieces the
// fingertips reach over a piece; otherwise each hand stays beside the layout, covering at most a
// sliver of a piece (a hand that finds no such place is left out).
HandsLayer draw_hands(const TableCamera& camera, const CaptureConditions& conditions,
                      std::span<const std::vector<cv::Point2d>> piece_outlines_mm,
                      std::mt19937_64& rng);

}  // namespace tableref::samples
