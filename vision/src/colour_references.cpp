#include "vision/colour_references.hpp"

#include "vision/colour_space.hpp"

namespace tableref::vision {

NearestColour ColourReferences::nearest(const cv::Vec3f& lab,
                                        std::span<const referee::Colour> candidates) const {
  NearestColour nearest;
  for (const referee::Colour colour : candidates) {
    const float distance = lab_distance(lab, this->lab(colour));
    if (distance < nearest.distance) {
      nearest.second = nearest.distance;
      nearest.distance = distance;
      nearest.colour = colour;
    } else if (distance < nearest.second) {
      nearest.second = distance;
    }
  }
  return nearest;
}

ColourReferences palette_references() {
  ColourReferences references;
  for (const referee::Colour colour : referee::kAllColours) {
    references.monster_lab[static_cast<std::size_t>(colour)] =
        lab_of(referee::reference_rgb(colour));
  }
  references.freeze_face_linear = linear_from_srgb(cv::Vec3f(0xDC, 0xEA, 0xF5));
  return references;
}

}  // namespace tableref::vision
