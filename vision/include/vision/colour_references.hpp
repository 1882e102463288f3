#pragma once
// What each printed colour looks like once the light's colour is divided out: the palette of
// components.md by default, or a deck's measured colours from a colour profile.

#include <array>
#include <opencv2/core.hpp>
#include <span>

#include "referee/colour.hpp"

namespace tableref::vision {

// The colour whose reference lies nearest a sample, how far (CIELAB distance), and how far the
// next nearest lies: a sample is named only when it is near one colour and clearly nearer it than
// any other.
struct NearestColour {
  referee::Colour colour = referee::Colour::yellow;
  float distance = 1e9f;
  float second = 1e9f;
};

struct ColourReferences {
  std::array<cv::Vec3f, 6> monster_lab;  // indexed by referee::Colour
  cv::Vec3f freeze_face_linear;          // Monster Freeze face: the white reference of its cards

  const cv::Vec3f& lab(referee::Colour colour) const {
    return monster_lab[static_cast<std::size_t>(colour)];
  }

  // The nearest of `candidates` to `lab` (CIELAB).
  NearestColour nearest(const cv::Vec3f& lab, std::span<const referee::Colour> candidates) const;
};

// The reference print colours of components.md.
ColourReferences palette_references();

}  // namespace tableref::vision
