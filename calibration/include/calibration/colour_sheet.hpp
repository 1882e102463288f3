#pragma once
// The printable colour sheet: an A4 page with a patch of each reference colour of components.md
// and an ArUco marker in each corner. Photographed under the table's light, it tells how this
// camera sees each colour under this light (see colour_profile.hpp), and where the table's plane
// lies (see table_plane.hpp).
//
// Sheet frame: millimetres on the page, origin at its top-left corner, x right, y down, the
// page upright (portrait).

#include <array>
#include <cstdint>
#include <opencv2/core.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "referee/colour.hpp"
#include "referee/result.hpp"

namespace tableref::calibration {

// The reference colours a profile measures: the six monster colours first, in referee::Colour
// order, then the Monster Freeze face, the Trio Monsters cream and white.
enum class Patch : std::uint8_t {
  yellow,
  green,
  red,
  blue,
  purple,
  black,
  freeze_face,
  trio_cream,
  white
};
inline constexpr std::size_t kPatchCount = 9;
inline constexpr std::array<Patch, kPatchCount> kAllPatches = {
    Patch::yellow, Patch::green,       Patch::red,        Patch::blue, Patch::purple,
    Patch::black,  Patch::freeze_face, Patch::trio_cream, Patch::white};

std::string_view patch_name(Patch patch);  // "red", "freeze_face", ...
std::optional<Patch> parse_patch(std::string_view name);
Patch patch_of(referee::Colour colour);
referee::Rgb patch_reference_rgb(Patch patch);  // the printed colour, sRGB

inline const cv::Size2d kSheetSizeMm{210, 297};  // A4, portrait
inline constexpr int kSheetMarkerCount = 4;

// Where a patch is printed on the sheet.
cv::Rect2d patch_rect_mm(Patch patch);
// The outer corners of marker `id` (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left of
// the page), clockwise from its own top-left, as cv::aruco reports them.
std::array<cv::Point2f, 4> marker_corners_mm(int id);

// The sheet as filled rectangles (sheet mm, sRGB), lowest first: paper, patches with their
// outlines, the markers' black cells. A renderer that draws these draws the sheet (without its
// printed labels).
struct SheetRect {
  cv::Rect2d rect_mm;
  referee::Rgb rgb;
};
std::vector<SheetRect> colour_sheet_rects();

// The sheet at `dots_per_inch`, with its labels and instructions, as an 8-bit BGR image.
cv::Mat draw_colour_sheet(double dots_per_inch = 300);
// The same as PNG bytes that record the resolution (a pHYs chunk), so that the page prints at
// its real size.
std::vector<std::uint8_t> colour_sheet_png(double dots_per_inch = 300);

// The sheet found in a photograph.
struct SheetSighting {
  cv::Size image_size;
  cv::Matx33d image_from_sheet;  // homography, sheet mm to px
  int markers_found = 0;
  // Per patch: the median of its inner part, linear RGB in [0, 1] as the camera recorded it.
  std::array<cv::Vec3f, kPatchCount> linear_rgb{};
  // Per patch: share of its samples at the top of the camera's range in some channel.
  std::array<float, kPatchCount> clipped_share{};

  const cv::Vec3f& measured(Patch patch) const {
    return linear_rgb[static_cast<std::size_t>(patch)];
  }
};

// Finds at least three of the sheet's four markers and measures every patch. An Error when the
// sheet is not found, is seen too small to measure, or a patch is hidden or washed out.
referee::Result<SheetSighting> find_colour_sheet(const cv::Mat& photo_bgr);

}  // namespace tableref::calibration
