#pragma once
// How this camera sees the reference colours under this table's light, once the light's colour
// is divided out: the ColourReferences the readers classify against, measured instead of taken
// from the palette.
//
// Two ways to learn one:
// - from a photo of the colour sheet (colour_sheet.hpp): every patch is measured directly;
// - from a photo of Monster Freeze cards showing at least one monster of each of the five colours:
//   the Freeze reader reads the picture with the palette's references, and each colour's profile
//   is the median of the cells it classified as that colour. This leans on the classifier it
//   improves (a circular dependency): it is right when the palette already reads most cells
//   right, as it does under ordinary light; stacks the deck cannot explain (a misread position)
//   are left out, and the median ignores a few misread cells.

#include <array>
#include <optional>
#include <span>

#include "calibration/colour_sheet.hpp"
#include "referee/components.hpp"
#include "referee/result.hpp"
#include "vision/colour_references.hpp"
#include "vision/freeze_reader.hpp"

namespace tableref::calibration {

struct ColourProfile {
  enum class Source { sheet, cards };
  Source source = Source::sheet;
  // Linear-RGB gains that neutralise the light: applied to a pixel (after sRGB decoding), they
  // give the colour the palette's white would have under neutral light.
  cv::Vec3f white_balance_gains{1, 1, 1};
  // CIE Lab (D65) of each patch after those gains; a patch the profile did not measure is
  // absent and the readers use the palette's colour for it.
  std::array<std::optional<cv::Vec3f>, kPatchCount> lab;

  const std::optional<cv::Vec3f>& lab_of(Patch patch) const {
    return lab[static_cast<std::size_t>(patch)];
  }
  // The references for the readers: measured colours where there are, palette ones elsewhere.
  vision::ColourReferences references() const;
};

// The profile of a photographed sheet. The gains are those that best map the patches' unclipped
// channels to the printed references (least squares per channel), so every patch, not one white,
// sets the balance. An Error names a patch that, balanced, is still far from its printed colour.
referee::Result<ColourProfile> profile_from_sheet(const SheetSighting& sheet);

struct CardsProfileOptions {
  vision::FreezeReaderParams reader;
  int min_cells_per_colour = 1;
};

// The profile of photos of Monster Freeze cards that show, between them, at least
// `min_cells_per_colour` monsters of each of the five colours (Freeze has no black monsters:
// black stays the palette's). An Error names the colours missing.
referee::Result<ColourProfile> profile_from_cards(std::span<const cv::Mat> photos_bgr,
                                                  const referee::FreezeDeck& deck,
                                                  const CardsProfileOptions& options = {});

// Linear RGB of a CIE Lab (D65) colour: the inverse of vision::lab_from_linear.
cv::Vec3f linear_from_lab(const cv::Vec3f& lab);

}  // namespace tableref::calibration
