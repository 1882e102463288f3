#pragma once
// Trio Monsters from a picture: every triangular card on the table, the colour of its monster
// (or `unknown`), its place on the layout's triangular lattice, its edge and corner neighbours,
// and the cards left detached from the largest group.
//
// Cards touch each other, so their outlines do not part them; their monsters do. Each card has
// one round body of known size at its centroid, enclosed by the card's light face: the bodies are
// found first, each body's ellipse tells the scale and tilt around it, and the lattice is grown
// from card to card through the distances and directions between bodies.

#include <array>
#include <memory>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "referee/colour.hpp"
#include "referee/trio/lattice.hpp"
#include "vision/colour_references.hpp"
#include "vision/lens_correction.hpp"
#include "vision/stage_log.hpp"

namespace tableref::vision {

struct TrioReaderParams {
  // Card face: each channel at least this share of the local white of that channel (the cream
  // field is above 0.85, every monster colour below 0.3).
  float face_ratio = 0.55f;
  // ... and at least this share of the brightness of the wider surroundings (a dark table is not
  // a face even where nothing brighter lies near it).
  float min_face_brightness = 0.42f;
  double min_body_px = 22;           // body diameter; a card side of 70 px shows it as ~30 px
  double max_body_fraction = 0.3;    // of the image's shorter side
  double min_body_solidity = 0.86;   // body area / its convex hull's
  double min_body_axis_ratio = 0.5;  // minor / major axis of its ellipse
  float min_eye_contrast = 0.12f;    // the eyes' white over the body, in face-ratio units
  // The face mask is made on the picture averaged over squares of this many pixels a side (1 or
  // 2), and each of its holes of a body's size traced again at full size. The reader halves it
  // once the table's scale is known and a body spans enough pixels.
  int face_step = 1;
  // Lattice: a card lies on the place nearest its predicted position when it is nearer than this
  // share of the lattice side.
  double max_place_error = 0.22;
  // Colour (weighted Lab distance, after white balance from the card's own cream field).
  float max_colour_distance = 32.0f;
  float min_colour_margin = 8.0f;
  float max_body_spread = 16.0f;  // a printed body is uniform; more spread is not readable
  float min_field_share = 0.5f;   // of the field samples that must look like cream
  // Empty places around the layout: one that shows this much card face (on a dark table) hides
  // a card's monster; one with less than `min_table_share` of its colours within
  // `table_colour_distance` (Lab) of colours other empty places show has something on it.
  double hidden_card_face_share = 0.45;
  float table_colour_distance = 12.0f;
  double min_table_share = 0.5;
  cv::Vec3f field_srgb{245, 238, 220};  // components.md: the cream field, #F5EEDC
  // A calibrated camera's lens: the picture is read undistorted, its points reported raw.
  std::shared_ptr<const LensCorrection> lens = nullptr;
  // The table's scale in this camera's pictures, pixels per millimetre (0: unknown; the live
  // referee knows it from the frames before). A picture that shows the cards larger than
  // working_px_per_mm is read shrunk to it (working_scale.hpp).
  double table_px_per_mm = 0;
  double working_px_per_mm = 2.0;
};

struct TrioCardReading {
  std::array<cv::Point2d, 3> polygon;                   // outer corners, clockwise in the image
  cv::Point2d center;                                   // the centroid (the monster's centre)
  std::optional<referee::Colour> colour;                // nullopt: unknown
  std::optional<referee::trio::Place> place;            // on the lattice read from this image
  std::vector<int> edge_neighbours, corner_neighbours;  // indices into TrioReading::cards
};

struct TrioReading {
  std::vector<TrioCardReading> cards;
  std::vector<int> detached;  // indices; none when groups tie for largest
  bool largest_group_tie = false;
  // The layout could not be read with confidence: hands over cards, a monster hidden, a card
  // that fits no lattice place.
  bool unstable = false;
  std::string unstable_reason;  // for people
  double lattice_side_px = 0;   // the lattice side near the layout's middle, for pictures
};

// Moves every point of the reading (corners, centres) by `map`.
void move_points(TrioReading& reading, const PointMap& map);
// The table's scale the reading shows, pixels per millimetre (0: no card read).
double table_px_per_mm(const TrioReading& reading);

TrioReading read_trio(const cv::Mat& bgr, const ColourReferences& references,
                      const TrioReaderParams& params, StageLog& log);

}  // namespace tableref::vision
