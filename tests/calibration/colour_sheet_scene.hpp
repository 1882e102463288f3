#pragma once
// The printed colour sheet lying on the table, photographed by the scene renderer: the same lamp,
// lens, sensor and paper as the rendered cards. Shared by the calibration tests and the
// colour-profile report (benchmarks/colour_profile_gain.cpp).

#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>

#include "calibration/colour_sheet.hpp"
#include "samples/camera.hpp"
#include "samples/capture.hpp"
#include "samples/level.hpp"

namespace tableref::calibration::testing {

inline samples::FlatPiece colour_sheet_piece(cv::Point2d centre_mm, double angle_deg) {
  samples::FlatPiece sheet;
  sheet.size_mm = kSheetSizeMm;
  sheet.outline_mm = {{0, 0},
                      {kSheetSizeMm.width, 0},
                      {kSheetSizeMm.width, kSheetSizeMm.height},
                      {0, kSheetSizeMm.height}};
  sheet.centre_mm = centre_mm;
  sheet.angle_deg = angle_deg;
  sheet.thickness_mm = 0.1;
  sheet.paint = [](samples::PieceCanvas& canvas) {
    canvas.fill_background({255, 255, 255});
    for (const SheetRect& shape : colour_sheet_rects()) {
      const cv::Rect2d& r = shape.rect_mm;
      const std::vector<cv::Point2d> corners = {r.tl(), {r.br().x, r.y}, r.br(), {r.x, r.br().y}};
      canvas.fill_polygon(corners, cv::Vec3d(shape.rgb.r, shape.rgb.g, shape.rgb.b));
    }
  };
  return sheet;
}

// The conditions of a calibration photo: those of `level` at `kelvin`, without hands or glare
// (the user is told to keep them off the sheet).
inline samples::CaptureConditions sheet_photo_conditions(samples::Level level, double kelvin,
                                                         std::mt19937_64& rng) {
  samples::CaptureConditions conditions = samples::draw_conditions(level, rng);
  conditions.colour_temperature_k = kelvin;
  conditions.hand_count = 0;
  conditions.sleeve_count = 0;
  conditions.glare_count = 0;
  return conditions;
}

struct SheetPhoto {
  samples::Photo photo;
  samples::FlatPiece sheet;
};

inline SheetPhoto photograph_colour_sheet(const samples::CaptureConditions& conditions,
                                          double angle_deg, std::uint64_t seed) {
  samples::TableLayout layout;
  layout.pieces.push_back(colour_sheet_piece({0, 0}, angle_deg));
  const std::optional<samples::TableCamera> camera =
      samples::fit_camera(conditions, layout.outlines_on_table());
  if (!camera) throw std::logic_error("the colour sheet cannot be framed");
  return {samples::capture_photo(layout, conditions, *camera, seed), layout.pieces.front()};
}

}  // namespace tableref::calibration::testing
