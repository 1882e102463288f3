#pragma once
// How a colour looks to people with the common colour-vision deficiencies, so that the overlay's
// palette can be checked to stay distinct for them (Machado, Oliveira and Fernandes 2009,
// severity 1: dichromats, the hardest case).

#include <array>
#include <opencv2/core.hpp>
#include <string_view>

namespace tableref::gui {

enum class ColourVision { typical, protan, deutan, tritan };
inline constexpr std::array<ColourVision, 4> kAllColourVisions = {
    ColourVision::typical, ColourVision::protan, ColourVision::deutan, ColourVision::tritan};

std::string_view colour_vision_name(ColourVision vision);  // "red-blind (protan)", ...

// The sRGB colour (8-bit, r g b) that a person with `vision` sees the same as `rgb`.
cv::Vec3f simulate_colour_vision(ColourVision vision, const cv::Vec3f& rgb);

// CIE76 difference of two sRGB colours as seen with `vision`: 2.3 is just noticeable; the
// overlay asks for far more between any two of its roles.
float seen_difference(ColourVision vision, const cv::Vec3f& rgb_a, const cv::Vec3f& rgb_b);

}  // namespace tableref::gui
