#pragma once
// Monster Freeze from a picture: every card or stack on the table, its nine positions read as a
// colour, `empty` (the table seen through holes) or `unknown`, whether its cards are aligned, and
// the tricks it shows.

#include <array>
#include <memory>
#include <opencv2/core.hpp>
#include <vector>

#include "referee/components.hpp"
#include "referee/freeze/explain.hpp"
#include "vision/colour_references.hpp"
#include "vision/lens_correction.hpp"
#include "vision/square_card_detector.hpp"
#include "vision/stage_log.hpp"

namespace tableref::vision {

struct FreezeReaderParams {
  SquareCardDetectorParams detector;
  float max_colour_distance = 30.0f;   // weighted Lab distance to the colour's reference
  float min_colour_margin = 10.0f;     // the best colour must beat the second by this much
  float max_monster_spread = 14.0f;    // a printed disk is uniform; more spread is not a monster
  float max_face_deviation = 16.0f;    // a face point further than this from white is hidden
  float table_match_distance = 10.0f;  // a sample this close to a table sample looks like table
  float min_table_fraction = 0.6f;     // share of a position's samples that look like table: empty
  float min_eye_contrast = 12.0f;      // lightness of the eyes' white over the body: a monster
  float max_glare_fraction = 0.5f;     // beyond this share of blown-out samples: unknown
  float material_distance = 12.0f;     // a sample this close to the card's face or border is card
  // A hole's most colourful half this far from every monster colour shows no monster.
  float min_hole_ink_distance = 45.0f;
  double max_aligned_offset_mm = 3.0;  // components.md: a card further off is not aligned
  double max_aligned_turn_deg = 4.0;   // components.md: a card turned further is not aligned
  // A calibrated camera's lens: the picture is read undistorted, its points reported raw.
  std::shared_ptr<const LensCorrection> lens = nullptr;
  // The table's scale in this camera's pictures, pixels per millimetre (0: unknown; the live
  // referee knows it from the frames before). A picture that shows the cards larger than
  // working_px_per_mm is read shrunk to it (working_scale.hpp).
  double table_px_per_mm = 0;
  double working_px_per_mm = 2.0;
};

struct FreezeStackReading {
  std::array<cv::Point2d, 4> corners;  // interface.md order: corners[0] next to cell (0,0)
  referee::freeze::View cells;         // row-major
  std::vector<referee::Colour> tricks;
  bool aligned = true;
  // Some stack of 1 to 3 cards of the deck shows this view. When none does, a position was
  // misread, and the stack earns no trick.
  bool consistent = true;
};

struct FreezeReading {
  std::vector<FreezeStackReading> stacks;
  bool unstable = false;  // too much of the table could not be read
};

// Moves every point of the reading (corners, centres) by `map`.
void move_points(FreezeReading& reading, const PointMap& map);
// The table's scale the reading shows, pixels per millimetre (0: no card read).
double table_px_per_mm(const FreezeReading& reading);

FreezeReading read_freeze(const cv::Mat& bgr, const referee::FreezeDeck& deck,
                          const ColourReferences& references, const FreezeReaderParams& params,
                          StageLog& log);

}  // namespace tableref::vision
