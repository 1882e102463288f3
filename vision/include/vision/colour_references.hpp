#pragma once
// What each printed colour looks like once the light's colour is divided out: the palette of
// components.md by default, or a deck's measured colours from a colour profile.

#include <array>
#include <opencv2/core.hpp>

#include "referee/colour.hpp"

namespace tableref::vision {

struct ColourReferences {
  std::array<cv::Vec3f, 6> monster_lab;  // indexed by referee::Colour
  cv::Vec3f freeze_face_linear;          // Monster Freeze face: the white reference of its cards

  const cv::Vec3f& lab(referee::Colour colour) const {
    return monster_lab[static_cast<std::size_t>(colour)];
  }
};

// The reference print colours of components.md.
ColourReferences palette_references();

}  // namespace tableref::vision
