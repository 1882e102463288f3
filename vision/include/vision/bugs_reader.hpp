#pragma once
// Bugs & Co from a picture: every tile with its kind, a monster's species read from its eye
// count, body shape and body pattern (the body colour is ignored: it is printed at random), a
// trophy's value from its dots, and the score of the collections seen. What cannot be decided is
// `unknown`, and a picture with an unknown tile or a tile under a hand is `unstable`.

#include <array>
#include <functional>
#include <memory>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "referee/bugs/scoring.hpp"
#include "referee/components.hpp"
#include "vision/lens_correction.hpp"
#include "vision/stage_log.hpp"

namespace tableref::vision {

struct BugsReaderParams {
  // Finding the tiles: the cream face is brighter than most tables and than everything printed
  // on it; each threshold (luminance / local white) is tried in turn.
  std::vector<double> face_thresholds = {0.72, 0.86};
  int white_downscale = 8;
  double min_side_px = 50.0;        // the envelope promises 70 px; margin for tilt
  double max_side_fraction = 0.45;  // of the image's shorter side
  double min_fill = 0.86;           // component area / its quadrilateral's area
  double max_fill = 1.08;           // ... more: a face with something bright beside it
  double max_side_ratio = 1.8;
  int parting_erosion_px = 3;  // tiles touching at a corner are parted by eroding this much
  // ... and by its outline: edges in colour (Canny on the picture smoothed by `edge_blur_px`),
  // for a face no brighter than the table.
  double edge_blur_px = 1.2;
  double edge_low = 20, edge_high = 45;
  int edge_gap_px = 2;  // gaps in an outline up to twice this are closed

  double tile_px_per_mm = 6.0;  // tiles are read resampled square at this scale
  // Collections: tiles closer than this many tile sides (centre to centre) lie in one collection.
  double collection_link_sides = 1.9;
  // A calibrated camera's lens: the picture is read undistorted, its points reported raw.
  std::shared_ptr<const LensCorrection> lens = nullptr;
  // The table's scale in this camera's pictures, pixels per millimetre (0: unknown; the live
  // referee knows it from the frames before). A picture that shows the cards larger than
  // working_px_per_mm is read shrunk to it (working_scale.hpp).
  double table_px_per_mm = 0;
  double working_px_per_mm = 4.0;
};

struct BugsTileReading {
  // Corners in image pixels, clockwise, polygon[0] -> polygon[1] the side nearest to image +x.
  std::array<cv::Point2d, 4> polygon;
  cv::Point2d center;
  bool trophy = false;
  std::optional<int> eyes;                     // monsters: 1 to 3; nullopt: unknown
  std::optional<referee::BugShape> shape;      // nullopt: unknown
  std::optional<referee::BugPattern> pattern;  // nullopt: unknown
  // A deck id when all three are read and exist, or when the shape and pattern read leave the
  // deck a single species whatever the eyes.
  std::optional<std::string> species;
  // A monster left unread: the deck's species that what was read of it allows.
  std::vector<std::string> may_be;
  std::optional<int> value;  // trophies: 1 to 3; nullopt: unknown
  int collection = 0;        // index into BugsReading::collections
};

struct BugsCollectionReading {
  int seat = -1;                   // the seat zone it lies in; -1 when grouped by distance
  std::vector<std::size_t> tiles;  // indices into BugsReading::tiles
  // Of the tiles read, unknown tiles left out; or, when every species its unread monsters may be
  // gives the same score, that score.
  referee::bugs::Score score;
  int unknown_tiles = 0;
  bool score_decided = true;  // false: its unread tiles could change its score
  bool hand_near = false;     // a hand reaches in beside or over its tiles
  // Its score cannot be trusted: a tile of it unread that could change it, a hand within reach of
  // its tiles, or a tile of anyone's that may be missed (eyes outside every tile, skin beside an
  // unread tile). The other collections of a picture with an unread tile or a hand are still
  // scored.
  bool unstable = false;
};

struct BugsReading {
  std::vector<BugsTileReading> tiles;  // by image row, then column
  std::vector<BugsCollectionReading> collections;
  referee::bugs::Score score;  // of every tile read, as one collection (interface.md)
  bool unstable = false;
  std::vector<std::string> doubts;  // why the picture is unstable, in words
  // What the picture shows of tiles that may be missed: eyes outside every tile found (where they
  // lie, image pixels), a hand reaching in beside or over the tiles, skin's colour beside a tile
  // left unread.
  std::vector<cv::Point2d> stray_eyes;
  bool hand_near = false;
  bool skin_beside_unread = false;
};

// Scores `reading`'s collections and the whole picture from its tiles as they stand, and says
// from them and its evidence of missed tiles what is unstable and why. The reader does it last; a
// caller that learnt an unread tile's face elsewhere (the same tile read in an earlier view) fills
// it in and settles the reading again.
void settle(BugsReading& reading);

// Takes the tiles marked in `dropped` (one flag per tile) out of `reading` and its collections
// (a collection left empty goes too), for a caller that knows them to be no tiles: outlines found
// in a cloth's pattern where the table has not changed since it was read with confidence. The
// caller settles the reading again.
void drop_tiles(BugsReading& reading, const std::vector<bool>& dropped);

// The seat zone (0 to N - 1) of an image point, or -1 outside every zone. Without it, tiles are
// grouped into collections by how close they lie.
using SeatOfPoint = std::function<int(cv::Point2d image_point)>;

// Moves every point of the reading (corners, centres) by `map`.
void move_points(BugsReading& reading, const PointMap& map);
// The table's scale the reading shows, pixels per millimetre (0: no card read).
double table_px_per_mm(const BugsReading& reading);

BugsReading read_bugs(const cv::Mat& bgr, const referee::BugsDeck& deck,
                      const BugsReaderParams& params, StageLog& log,
                      const SeatOfPoint& seat_of = {});

// "2 eyes star spots", "trophy 3", with "?" for what is unknown.
std::string describe_tile(const BugsTileReading& tile);

}  // namespace tableref::vision
