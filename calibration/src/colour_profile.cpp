#include "calibration/colour_profile.hpp"

#include <cmath>
#include <string>

#include "vision/colour_space.hpp"

namespace tableref::calibration {

namespace {

// A channel this close to the top of the camera's range (sRGB 250) may have been cut off.
constexpr float kClippedLinear = 0.955f;
// Printers, lamps and cameras move a colour; a patch balanced this far from its reference
// (weighted Lab distance) is something else: a hand, a second light, another sheet.
constexpr float kMaxPatchDistance = 30.0f;

// vision::lab_from_linear's RGB to XYZ matrix (sRGB primaries, D65).
const cv::Matx33f kXyzFromLinear(0.4124f, 0.3576f, 0.1805f,  //
                                 0.2126f, 0.7152f, 0.0722f,  //
                                 0.0193f, 0.1192f, 0.9505f);

float lab_f_inverse(float f) {
  constexpr float kDelta = 6.0f / 29.0f;
  return f > kDelta ? f * f * f : 3 * kDelta * kDelta * (f - 4.0f / 29.0f);
}

}  // namespace

cv::Vec3f linear_from_lab(const cv::Vec3f& lab) {
  const float fy = (lab[0] + 16.0f) / 116.0f;
  const float fx = fy + lab[1] / 500.0f;
  const float fz = fy - lab[2] / 200.0f;
  const cv::Vec3f xyz(0.95047f * lab_f_inverse(fx), lab_f_inverse(fy),
                      1.08883f * lab_f_inverse(fz));
  return kXyzFromLinear.inv() * xyz;
}

vision::ColourReferences ColourProfile::references() const {
  vision::ColourReferences references = vision::palette_references();
  for (const referee::Colour colour : referee::kAllColours) {
    if (const auto& measured = lab_of(patch_of(colour))) {
      references.monster_lab[static_cast<std::size_t>(colour)] = *measured;
    }
  }
  if (const auto& face = lab_of(Patch::freeze_face)) {
    references.freeze_face_linear = linear_from_lab(*face);
  }
  return references;
}

referee::Result<ColourProfile> profile_from_sheet(const SheetSighting& sheet) {
  ColourProfile profile;
  profile.source = ColourProfile::Source::sheet;
  for (int c = 0; c < 3; ++c) {
    double measured_times_reference = 0, measured_squared = 0;
    for (const Patch patch : kAllPatches) {
      const float measured = sheet.measured(patch)[c];
      if (measured >= kClippedLinear) continue;
      const referee::Rgb rgb = patch_reference_rgb(patch);
      const float reference = vision::linear_from_srgb(cv::Vec3f(rgb.r, rgb.g, rgb.b))[c];
      measured_times_reference += measured * reference;
      measured_squared += measured * measured;
    }
    // Every patch clipped in this channel (a badly over-exposed photo): leave it as recorded.
    profile.white_balance_gains[c] =
        measured_squared > 0 ? static_cast<float>(measured_times_reference / measured_squared)
                             : 1.0f;
  }
  for (const Patch patch : kAllPatches) {
    const cv::Vec3f balanced =
        vision::lab_from_linear(sheet.measured(patch).mul(profile.white_balance_gains));
    const float distance =
        vision::lab_distance(balanced, vision::lab_of(patch_reference_rgb(patch)));
    if (distance > kMaxPatchDistance) {
      return referee::Error{"patch " + std::string(patch_name(patch)) +
                            " is far from its printed colour once the light is divided out (by " +
                            std::to_string(std::lround(distance)) +
                            "): covered, lit by two lamps, or not the tableref colour sheet?"};
    }
    profile.lab[static_cast<std::size_t>(patch)] = balanced;
  }
  return profile;
}

}  // namespace tableref::calibration
