#include "calibration/colour_sheet.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <opencv2/aruco.hpp>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <string>

#include "png_density.hpp"
#include "vision/colour_space.hpp"

namespace tableref::calibration {

namespace {

constexpr double kMarkerSideMm = 40;
constexpr double kMarkerInsetMm = 12;  // from the page's edges: printers leave about 5 mm blank
constexpr int kMarkerCells = 6;        // 4 × 4 data bits inside a one-cell black border
constexpr double kPatchSideMm = 46;
constexpr double kPatchOutlineMm = 0.6;
constexpr std::array<double, 3> kPatchColumnsMm = {24, 82, 140};
constexpr std::array<double, 3> kPatchRowsMm = {62, 118, 174};
// The part of a patch that is measured: clear of its outline, of blur and of small misplacement.
constexpr double kMeasuredShare = 0.6;
constexpr int kSamplesPerSide = 21;
constexpr double kMinPxPerMm = 0.5;     // a measured area at least 15 px across
constexpr float kClippedSrgb = 250.0f;  // at the top of the camera's 8-bit range
constexpr float kUnevenLab = 12.0f;     // a sample this far from its patch's median is odd
constexpr double kMinEvenShare = 0.6;   // a patch with fewer even samples is covered or lit oddly

constexpr referee::Rgb kPaper{255, 255, 255};
constexpr referee::Rgb kInk{0, 0, 0};
constexpr referee::Rgb kOutline{128, 128, 128};

cv::Ptr<cv::aruco::Dictionary> marker_dictionary() {
  return cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50);
}

cv::Point2d marker_origin_mm(int id) {
  const double right = kSheetSizeMm.width - kMarkerInsetMm - kMarkerSideMm;
  const double bottom = kSheetSizeMm.height - kMarkerInsetMm - kMarkerSideMm;
  switch (id) {
    case 0:
      return {kMarkerInsetMm, kMarkerInsetMm};
    case 1:
      return {right, kMarkerInsetMm};
    case 2:
      return {right, bottom};
    default:
      return {kMarkerInsetMm, bottom};
  }
}

// The marker's cells, black (0) or white (255), border included.
cv::Mat marker_cells(int id) {
  cv::Mat cells;
  cv::aruco::drawMarker(marker_dictionary(), id, kMarkerCells, cells, 1);
  return cells;
}

cv::Point2d apply(const cv::Matx33d& homography, cv::Point2d point) {
  const cv::Vec3d mapped = homography * cv::Vec3d(point.x, point.y, 1.0);
  return {mapped[0] / mapped[2], mapped[1] / mapped[2]};
}

std::string size_text(double value_mm) {
  return std::to_string(std::lround(value_mm));
}

void put_label(cv::Mat& image, const std::string& text, cv::Point2d at_mm, double px_per_mm,
               double height_mm) {
  const double scale = height_mm * px_per_mm / 22.0;  // Hershey simplex capitals are ~22 units
  const int thickness = std::max(1, static_cast<int>(std::lround(scale * 1.6)));
  cv::putText(image, text, cv::Point(at_mm * px_per_mm), cv::FONT_HERSHEY_SIMPLEX, scale,
              cv::Scalar(40, 40, 40), thickness, cv::LINE_AA);
}

std::string hex_of(referee::Rgb rgb) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02X%02X%02X", rgb.r, rgb.g, rgb.b);
  return text;
}

float median_of(std::vector<float> values) {
  const auto middle = values.begin() + static_cast<long>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

struct PatchMeasure {
  cv::Vec3f linear_rgb;
  float clipped_share = 0;
  double even_share = 0;
};

PatchMeasure measure_patch(const cv::Mat& photo, const cv::Matx33d& image_from_sheet,
                           const cv::Rect2d& patch_mm) {
  const double margin = 0.5 * (1 - kMeasuredShare);
  std::vector<cv::Vec3f> samples;
  int clipped = 0;
  for (int row = 0; row < kSamplesPerSide; ++row) {
    for (int col = 0; col < kSamplesPerSide; ++col) {
      const double u = margin + kMeasuredShare * col / (kSamplesPerSide - 1);
      const double v = margin + kMeasuredShare * row / (kSamplesPerSide - 1);
      const cv::Point2d sheet(patch_mm.x + u * patch_mm.width, patch_mm.y + v * patch_mm.height);
      cv::Vec3f rgb;
      if (!vision::sample_rgb(photo, apply(image_from_sheet, sheet), rgb)) continue;
      clipped += std::max({rgb[0], rgb[1], rgb[2]}) >= kClippedSrgb ? 1 : 0;
      samples.push_back(vision::linear_from_srgb(rgb));
    }
  }
  PatchMeasure measure;
  if (samples.empty()) return measure;
  for (int c = 0; c < 3; ++c) {
    std::vector<float> channel;
    for (const cv::Vec3f& s : samples) channel.push_back(s[c]);
    measure.linear_rgb[c] = median_of(channel);
  }
  const cv::Vec3f median_lab = vision::lab_from_linear(measure.linear_rgb);
  int even = 0;
  for (const cv::Vec3f& s : samples) {
    even += vision::lab_distance(vision::lab_from_linear(s), median_lab) < kUnevenLab ? 1 : 0;
  }
  const double expected = kSamplesPerSide * kSamplesPerSide;
  measure.clipped_share = static_cast<float>(clipped / expected);
  measure.even_share = even / expected;
  return measure;
}

}  // namespace

std::string_view patch_name(Patch patch) {
  switch (patch) {
    case Patch::freeze_face:
      return "freeze_face";
    case Patch::trio_cream:
      return "trio_cream";
    case Patch::white:
      return "white";
    default:
      return referee::colour_name(static_cast<referee::Colour>(patch));
  }
}

std::optional<Patch> parse_patch(std::string_view name) {
  for (const Patch patch : kAllPatches) {
    if (patch_name(patch) == name) return patch;
  }
  return std::nullopt;
}

Patch patch_of(referee::Colour colour) {
  return static_cast<Patch>(colour);
}

referee::Rgb patch_reference_rgb(Patch patch) {
  switch (patch) {
    case Patch::freeze_face:
      return {0xDC, 0xEA, 0xF5};
    case Patch::trio_cream:
      return {0xF5, 0xEE, 0xDC};
    case Patch::white:
      return {0xFF, 0xFF, 0xFF};
    default:
      return referee::reference_rgb(static_cast<referee::Colour>(patch));
  }
}

cv::Rect2d patch_rect_mm(Patch patch) {
  const auto index = static_cast<std::size_t>(patch);
  return {kPatchColumnsMm[index % 3], kPatchRowsMm[index / 3], kPatchSideMm, kPatchSideMm};
}

std::array<cv::Point2f, 4> marker_corners_mm(int id) {
  const cv::Point2d origin = marker_origin_mm(id);
  const auto corner = [&](double dx, double dy) {
    return cv::Point2f(static_cast<float>(origin.x + dx), static_cast<float>(origin.y + dy));
  };
  return {corner(0, 0), corner(kMarkerSideMm, 0), corner(kMarkerSideMm, kMarkerSideMm),
          corner(0, kMarkerSideMm)};
}

std::vector<SheetRect> colour_sheet_rects() {
  std::vector<SheetRect> rects = {{{0, 0, kSheetSizeMm.width, kSheetSizeMm.height}, kPaper}};
  for (const Patch patch : kAllPatches) {
    const cv::Rect2d area = patch_rect_mm(patch);
    rects.push_back({{area.x - kPatchOutlineMm, area.y - kPatchOutlineMm,
                      area.width + 2 * kPatchOutlineMm, area.height + 2 * kPatchOutlineMm},
                     kOutline});
    rects.push_back({area, patch_reference_rgb(patch)});
  }
  const double cell_mm = kMarkerSideMm / kMarkerCells;
  for (int id = 0; id < kSheetMarkerCount; ++id) {
    const cv::Mat cells = marker_cells(id);
    const cv::Point2d origin = marker_origin_mm(id);
    for (int row = 0; row < kMarkerCells; ++row) {
      for (int col = 0; col < kMarkerCells; ++col) {
        if (cells.at<std::uint8_t>(row, col) != 0) continue;
        rects.push_back(
            {{origin.x + col * cell_mm, origin.y + row * cell_mm, cell_mm, cell_mm}, kInk});
      }
    }
  }
  return rects;
}

cv::Mat draw_colour_sheet(double dots_per_inch) {
  const double px_per_mm = dots_per_inch / 25.4;
  const cv::Size size(static_cast<int>(std::lround(kSheetSizeMm.width * px_per_mm)),
                      static_cast<int>(std::lround(kSheetSizeMm.height * px_per_mm)));
  cv::Mat sheet(size, CV_8UC3, cv::Scalar(255, 255, 255));
  const auto px = [&](double mm) { return static_cast<int>(std::lround(mm * px_per_mm)); };
  for (const SheetRect& shape : colour_sheet_rects()) {
    const cv::Rect area(cv::Point(px(shape.rect_mm.x), px(shape.rect_mm.y)),
                        cv::Point(px(shape.rect_mm.br().x), px(shape.rect_mm.br().y)));
    sheet(area & cv::Rect(cv::Point(0, 0), size))
        .setTo(cv::Scalar(shape.rgb.b, shape.rgb.g, shape.rgb.r));
  }
  for (const Patch patch : kAllPatches) {
    const cv::Rect2d area = patch_rect_mm(patch);
    put_label(sheet, std::string(patch_name(patch)) + "  " + hex_of(patch_reference_rgb(patch)),
              {area.x, area.br().y + 5}, px_per_mm, 3);
  }
  put_label(sheet, "tableref colour sheet", {60, 28}, px_per_mm, 5);
  put_label(sheet,
            "A4, " + size_text(kSheetSizeMm.width) + " x " + size_text(kSheetSizeMm.height) + " mm",
            {60, 37}, px_per_mm, 3);
  const std::array<std::string, 5> instructions = {
      "Print at 100 % (no fit to page,", "no colour correction). Lay it flat",
      "on the table under its usual light;", "photograph it with the table's camera,",
      "all four markers in view."};
  for (std::size_t line = 0; line < instructions.size(); ++line) {
    put_label(sheet, instructions[line], {60, 256 + 6.0 * static_cast<double>(line)}, px_per_mm,
              2.6);
  }
  return sheet;
}

std::vector<std::uint8_t> colour_sheet_png(double dots_per_inch) {
  std::vector<std::uint8_t> png;
  cv::imencode(".png", draw_colour_sheet(dots_per_inch), png);
  return with_png_density(std::move(png), dots_per_inch);
}

referee::Result<SheetSighting> find_colour_sheet(const cv::Mat& photo_bgr) {
  if (photo_bgr.empty() || photo_bgr.type() != CV_8UC3) {
    return referee::Error{"the photo is empty or not an 8-bit colour picture"};
  }
  std::vector<std::vector<cv::Point2f>> found_corners;
  std::vector<int> found_ids;
  const cv::Ptr<cv::aruco::DetectorParameters> parameters = cv::aruco::DetectorParameters::create();
  parameters->cornerRefinementMethod = cv::aruco::CORNER_REFINE_SUBPIX;
  // Read each cell from more pixels, away from its blurred edges: markers seen small and soft
  // are still decoded.
  parameters->perspectiveRemovePixelPerCell = 8;
  parameters->perspectiveRemoveIgnoredMarginPerCell = 0.2;
  cv::aruco::detectMarkers(photo_bgr, marker_dictionary(), found_corners, found_ids, parameters);

  std::vector<cv::Point2f> sheet_points, image_points;
  std::array<int, kSheetMarkerCount> seen{};
  for (std::size_t i = 0; i < found_ids.size(); ++i) {
    const int id = found_ids[i];
    if (id < 0 || id >= kSheetMarkerCount) continue;  // some other marker in view
    if (++seen[static_cast<std::size_t>(id)] > 1) {
      return referee::Error{"marker " + std::to_string(id) +
                            " is seen twice: is more than one sheet in view?"};
    }
    const std::array<cv::Point2f, 4> corners_mm = marker_corners_mm(id);
    sheet_points.insert(sheet_points.end(), corners_mm.begin(), corners_mm.end());
    image_points.insert(image_points.end(), found_corners[i].begin(), found_corners[i].end());
  }
  const int markers = static_cast<int>(std::count(seen.begin(), seen.end(), 1));
  if (markers < 3) {
    return referee::Error{"found " + std::to_string(markers) +
                          " of the colour sheet's 4 markers (3 are needed): is the whole sheet "
                          "in view, flat and lit?"};
  }
  SheetSighting sighting;
  sighting.image_size = photo_bgr.size();
  sighting.markers_found = markers;
  sighting.image_from_sheet = cv::Matx33d(cv::findHomography(sheet_points, image_points, 0));

  const cv::Point2d centre(kSheetSizeMm.width / 2, kSheetSizeMm.height / 2);
  const double px_per_mm = cv::norm(apply(sighting.image_from_sheet, centre + cv::Point2d(5, 0)) -
                                    apply(sighting.image_from_sheet, centre - cv::Point2d(5, 0))) /
                           10;
  if (!(px_per_mm >= kMinPxPerMm)) {
    return referee::Error{"the colour sheet is seen too small to measure: bring the camera closer"};
  }
  for (const Patch patch : kAllPatches) {
    const PatchMeasure measure =
        measure_patch(photo_bgr, sighting.image_from_sheet, patch_rect_mm(patch));
    if (measure.even_share < kMinEvenShare) {
      return referee::Error{"patch " + std::string(patch_name(patch)) +
                            " is uneven or cut off: a hand, a shadow or glare over it?"};
    }
    sighting.linear_rgb[static_cast<std::size_t>(patch)] = measure.linear_rgb;
    sighting.clipped_share[static_cast<std::size_t>(patch)] = measure.clipped_share;
  }
  return sighting;
}

}  // namespace tableref::calibration
