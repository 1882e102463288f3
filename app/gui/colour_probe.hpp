#pragma once
// The colour probe: point at anything in the picture and hear which palette colour it is. It
// classifies as the readers do: white-balanced against a surface of known colour (a Monster
// Freeze card's face when one is in view), in CIE Lab, with the readers' weighted distance.

#include <array>
#include <opencv2/core.hpp>
#include <optional>
#include <span>
#include <string>

#include "vision/colour_references.hpp"

namespace tableref::gui {

struct ProbeReading {
  std::string name;     // a palette name ("red", "white", ...) or "unknown"
  std::string nearest;  // the nearest palette colour, also when `name` is unknown
  float distance = 0;   // weighted Lab distance to `nearest`
  cv::Vec3f lab;        // of the sample, white-balanced
  cv::Vec3b rgb;        // of the sample as the camera recorded it (8-bit r g b)
  std::string white;    // what the light's colour was measured on: "card face" or "bright areas"
};

struct ProbeParams {
  int patch_radius_px = 2;         // the sample is the median of a (2r+1)² patch
  float max_colour_distance = 30;  // as vision::FreezeReaderParams: further is "unknown"
};

// Names the colour at `point` (picture pixels). `card_corners` are the Monster Freeze cards in
// view (interface.md corner order, may be empty). nullopt when the point lies outside the picture.
std::optional<ProbeReading> probe_colour(const cv::Mat& bgr, cv::Point2d point,
                                         std::span<const std::array<cv::Point2d, 4>> card_corners,
                                         const vision::ColourReferences& references,
                                         const ProbeParams& params = {});

// What the probe says aloud and shows: "red" or "unknown, nearest red (distance 41)".
std::string probe_sentence(const ProbeReading& reading);

}  // namespace tableref::gui
