#pragma once
// Finding Punto cards: each visible card's black face is a dark component bounded by its light
// rim. A card partly under a hand shows as dots that belong to no card found.

#include <array>
#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

#include "vision/punto_reader.hpp"
#include "vision/stage_log.hpp"

namespace tableref::vision::punto {

inline constexpr double kCardSideMm = 55.0;
inline constexpr double kRimMm = 1.5;
inline constexpr double kFaceSideMm = kCardSideMm - 2 * kRimMm;
inline constexpr double kDotDiameterMm = 8.0;
inline constexpr double kDotPitchMm = 15.0;

struct CardCandidate {
  std::array<cv::Point2d, 4>
      corners;      // outer corners, canonical order (see canonical_corner_order)
  double fill = 0;  // face component area / its quadrilateral's area
};

// The dark pixels of `gray` at each threshold of luminance over the local white (the brightest
// surface around: a card's rim and dots, or the table), with thin bright ridges (rims blurred
// down to a faint line) kept out, so that they still part a face from a dark table. Made only
// where they are asked for: a part's pixels are the same as the whole picture's there.
class DarkMasks {
 public:
  DarkMasks(const cv::Mat& gray, const std::vector<double>& thresholds, int downscale);

  // Each threshold's mask (CV_8U, 255 for dark) of `area` of the picture, in the thresholds'
  // order.
  std::vector<cv::Mat> in(const cv::Rect& area) const;
  // Parts of the picture that hold every component of every mask whose bounding box holds
  // `min_box_area` pixels (or the whole picture): around the components of the pixels darker
  // than the highest level somewhere in their block of 2 x 2, on a quarter of the pixels.
  std::vector<cv::Rect> areas_holding_large_components(double min_box_area) const;

 private:
  cv::Mat gray_;
  std::vector<std::size_t> order_;  // the thresholds' indices from the highest down
  std::vector<cv::Mat> levels_;     // in that order, a pixel for each block of 2 x 2
};

// How many of `levels` (CV_8U, a pixel for each `level_step` by `level_step` pixels of `gray`: 1, 2
// or 4) each pixel of `area` of `gray` is darker than, 0 where `ridges` (of `area`) reaches
// `most_ridge`: every level compared in one pass over the area.
cv::Mat levels_darker(const cv::Mat& gray, const cv::Rect& area, const cv::Mat& ridges,
                      std::uint8_t most_ridge, const std::vector<cv::Mat>& levels,
                      int level_step = 1);
// The same over the whole picture.
cv::Mat levels_darker(const cv::Mat& gray, const cv::Mat& ridges, std::uint8_t most_ridge,
                      const std::vector<cv::Mat>& levels, int level_step = 1);

// Each level's mask (255, CV_8U) of the pixels of `gray` darker than it off the ridges, opened by
// a 3x3 square: the opening cuts dark bridges through a rim that blur or noise has thinned.
// `levels` come each at or below the one before it everywhere, so their masks are nested: one
// opening of the counts of levels_darker opens every mask (flat erosions and dilations commute
// with thresholds).
std::vector<cv::Mat> opened_dark_masks(const cv::Mat& gray, const cv::Mat& ridges,
                                       std::uint8_t most_ridge, const std::vector<cv::Mat>& levels,
                                       int level_step = 1);

// `gray` is the picture's grey (cv::COLOR_BGR2GRAY), made once for every stage that needs it.
std::vector<CardCandidate> find_card_faces(const cv::Mat& bgr, const cv::Mat& gray,
                                           const PuntoReaderParams& params, StageLog& log);

// Dots that belong to no card found: round blobs of a dot's size and saturated colour on black
// face. Each is part of a card something hides (a hand, a sleeve) or that lies half out of view.
// `px_per_mm` is the scale around the cards found, or 0 when none was found (then any scale the
// capture envelope allows is tried).
std::vector<cv::Point2d> orphan_dots(const cv::Mat& bgr, const cv::Mat& gray,
                                     const std::vector<std::array<cv::Point2d, 4>>& cards,
                                     double px_per_mm);

}  // namespace tableref::vision::punto
