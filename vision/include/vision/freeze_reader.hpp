#pragma once
// Monster Freeze from a picture: every card or stack on the table, its nine positions read as a
// colour, `empty` (the table seen through holes) or `unknown`, whether its cards are aligned, and
// the tricks it shows.

#include <array>
#include <opencv2/core.hpp>
#include <vector>

#include "referee/components.hpp"
#include "referee/freeze/explain.hpp"
#include "vision/colour_references.hpp"
#include "vision/square_card_detector.hpp"
#include "vision/stage_log.hpp"

namespace tableref::vision {

struct FreezeReaderParams {
  SquareCardDetectorParams detector;
  float max_colour_distance = 30.0f;  // weighted Lab distance to the colour's reference
  float min_colour_margin = 10.0f;    // the best colour must beat the second by this much
  float max_monster_spread = 14.0f;   // a printed disk is uniform; more spread is not a monster
  float max_face_deviation = 16.0f;   // a face point further than this from white is hidden
  float table_match_distance = 10.0f; // a sample this close to a table sample looks like table
  float min_table_fraction = 0.6f;    // share of a position's samples that look like table: empty
  float max_glare_fraction = 0.35f;   // beyond this share of blown-out samples: unknown
  float material_distance = 12.0f;    // a sample this close to the card's face or border is card
  int min_protrusion_run = 3;         // consecutive edge samples showing a card below: misaligned
};

struct FreezeStackReading {
  std::array<cv::Point2d, 4> corners;  // interface.md order: corners[0] next to cell (0,0)
  referee::freeze::View cells;         // row-major
  std::vector<referee::Colour> tricks;
  bool aligned = true;
  int cards = 0;  // the fewest cards of the deck that show this view; 0 when none can
};

struct FreezeReading {
  std::vector<FreezeStackReading> stacks;
  bool unstable = false;  // too much of the table could not be read
};

FreezeReading read_freeze(const cv::Mat& bgr, const referee::FreezeDeck& deck,
                          const ColourReferences& references, const FreezeReaderParams& params,
                          StageLog& log);

}  // namespace tableref::vision
