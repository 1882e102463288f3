#pragma once
// Punto from a picture: every visible card (the top of each pile) with its colour, its value read
// from its dots (count and layout), its cell on the layout's square grid, the lines of 3 or more
// and whether the layout fits a 6 x 6 square. What cannot be decided is `unknown`. A layout that
// cannot be read with confidence is `unstable`: a card's colour unknown, a card covered or partly
// hidden, cards off the grid. A value that glare hides on an uncovered card is only `unknown`:
// the lines do not depend on it.

#include <array>
#include <memory>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "referee/colour.hpp"
#include "referee/punto/grid.hpp"
#include "referee/punto/lines.hpp"
#include "vision/colour_references.hpp"
#include "vision/lens_correction.hpp"
#include "vision/stage_log.hpp"

namespace tableref::vision {

struct PuntoReaderParams {
  // Finding the cards: the black face is far darker than its light grey rim and than most
  // tables; where the table is as dark, the rim parts face from table.
  std::vector<double> face_thresholds = {0.3, 0.45};  // luminance / local white, tried in turn
  int white_downscale = 8;          // the local white is estimated on a smaller image
  double min_side_px = 50.0;        // the envelope promises 70 px; margin for tilt
  double max_side_fraction = 0.45;  // of the image's shorter side
  double min_fill = 0.9;            // face component area / its quadrilateral's area
  double max_side_ratio = 1.8;      // longest / shortest side, allowing for tilt

  // Reading a card, on its face resampled at `card_px_per_mm`: a dot (8 mm) 16 px across, as
  // fine as the pictures read once the table's scale is known show it (working_px_per_mm); finer
  // would only spread the same pixels over more samples.
  double card_px_per_mm = 2.0;
  double dot_present_share = 0.55;    // of a dot's core that is dot-bright: a dot
  double dot_absent_share = 0.15;     // at most this much: no dot
  double min_face_share = 0.8;        // of the ring around a position that must be black face
  float max_colour_distance = 40.0f;  // weighted Lab distance of the dots to their colour
  float min_colour_margin = 12.0f;    // the best colour must beat the second by this much

  // The grid: cards 55 mm apart plus a gap of 0 to 3 mm.
  double pitch_mm = 56.5;
  double max_cell_residual = 0.3;  // of a pitch: a card further off its cell is out of place
  // A calibrated camera's lens: the picture is read undistorted, its points reported raw.
  std::shared_ptr<const LensCorrection> lens = nullptr;
  // The table's scale in this camera's pictures, pixels per millimetre (0: unknown; the live
  // referee knows it from the frames before). A picture that shows the cards larger than
  // working_px_per_mm is read shrunk to it (working_scale.hpp).
  double table_px_per_mm = 0;
  double working_px_per_mm = 2.0;
};

struct PuntoCardReading {
  // Corners in image pixels, clockwise, polygon[0] -> polygon[1] the side nearest to image +x.
  std::array<cv::Point2d, 4> polygon;
  cv::Point2d center;
  std::optional<referee::Colour> colour;  // nullopt: unknown
  std::optional<int> value;               // nullopt: unknown
  referee::punto::Cell cell;              // interface.md: on the image's grid
  bool covered = false;  // something lies over the face (a hand): what it hides cannot be read
};

struct PuntoReading {
  std::vector<PuntoCardReading> cards;      // by row, then column
  std::vector<referee::punto::Line> lines;  // of 3 or more, cells on the image's grid
  bool fits_6x6 = true;
  bool unstable = false;
  std::vector<std::string> doubts;  // why the layout is unstable, in words
};

// Moves every point of the reading (corners, centres) by `map`.
void move_points(PuntoReading& reading, const PointMap& map);
// The table's scale the reading shows, pixels per millimetre (0: no card read).
double table_px_per_mm(const PuntoReading& reading);

PuntoReading read_punto(const cv::Mat& bgr, const ColourReferences& references,
                        const PuntoReaderParams& params, StageLog& log);

}  // namespace tableref::vision
