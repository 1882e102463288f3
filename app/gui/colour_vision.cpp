#include "gui/colour_vision.hpp"

#include <algorithm>

#include "vision/colour_space.hpp"

namespace tableref::gui {

namespace {

// Machado et al. 2009, severity 1.0, applied to linear RGB.
const cv::Matx33f kProtan(0.152286f, 1.052583f, -0.204868f,  //
                          0.114503f, 0.786281f, 0.099216f,   //
                          -0.003882f, -0.048116f, 1.051998f);
const cv::Matx33f kDeutan(0.367322f, 0.860646f, -0.227968f,  //
                          0.280085f, 0.672501f, 0.047413f,   //
                          -0.011820f, 0.042940f, 0.968881f);
const cv::Matx33f kTritan(1.255528f, -0.076749f, -0.178779f,  //
                          -0.078411f, 0.930809f, 0.147602f,   //
                          0.004733f, 0.691367f, 0.303900f);

cv::Vec3f clamp_unit(const cv::Vec3f& v) {
  return {std::clamp(v[0], 0.0f, 1.0f), std::clamp(v[1], 0.0f, 1.0f), std::clamp(v[2], 0.0f, 1.0f)};
}

}  // namespace

std::string_view colour_vision_name(ColourVision vision) {
  switch (vision) {
    case ColourVision::typical:
      return "typical colour vision";
    case ColourVision::protan:
      return "red-blind (protan)";
    case ColourVision::deutan:
      return "green-blind (deutan)";
    case ColourVision::tritan:
      return "blue-yellow blind (tritan)";
  }
  return "typical colour vision";
}

cv::Vec3f simulate_colour_vision(ColourVision vision, const cv::Vec3f& rgb) {
  const cv::Vec3f linear = vision::linear_from_srgb(rgb);
  switch (vision) {
    case ColourVision::typical:
      return rgb;
    case ColourVision::protan:
      return vision::srgb_from_linear(clamp_unit(kProtan * linear));
    case ColourVision::deutan:
      return vision::srgb_from_linear(clamp_unit(kDeutan * linear));
    case ColourVision::tritan:
      return vision::srgb_from_linear(clamp_unit(kTritan * linear));
  }
  return rgb;
}

float seen_difference(ColourVision vision, const cv::Vec3f& rgb_a, const cv::Vec3f& rgb_b) {
  const cv::Vec3f lab_a =
      vision::lab_from_linear(vision::linear_from_srgb(simulate_colour_vision(vision, rgb_a)));
  const cv::Vec3f lab_b =
      vision::lab_from_linear(vision::linear_from_srgb(simulate_colour_vision(vision, rgb_b)));
  return static_cast<float>(cv::norm(lab_a - lab_b));
}

}  // namespace tableref::gui
