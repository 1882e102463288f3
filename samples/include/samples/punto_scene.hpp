#pragma once
// Punto scenes: square cards with dots laid on a square grid, piles where a card covers a lower
// one (components.md, rules.md).

#include <array>
#include <cstdint>
#include <opencv2/core.hpp>
#include <random>
#include <string>
#include <vector>

#include "referee/punto/grid.hpp"
#include "samples/level.hpp"
#include "samples/render.hpp"

namespace tableref::samples {

inline constexpr double kPuntoCardSideMm = 55;
inline constexpr double kPuntoCornerRadiusMm = 3;
inline constexpr double kPuntoRimMm = 1.5;
inline constexpr double kPuntoDotDiameterMm = 8;
inline constexpr double kPuntoDotPitchMm = 15;
inline constexpr double kPuntoCardThicknessMm = 0.4;

struct PuntoCardLayout {
  std::string card_id;          // of the built-in deck
  int quarter_turns = 0;        // how the card was laid: its dots turn with it
  cv::Point2d offset_mm{0, 0};  // of its centre from its cell's centre, in the layout's axes
  double turn_deg = 0;          // against the layout, clockwise as seen from above
};

struct PuntoPileLayout {
  referee::punto::Cell cell;           // on the layout's grid
  std::vector<PuntoCardLayout> cards;  // bottom first: the last one is seen
};

struct PuntoScene {
  std::vector<PuntoPileLayout> piles;
  double pitch_mm = 56.5;       // between the centres of neighbouring cells
  cv::Point2d origin_mm{0, 0};  // table point of cell (0, 0)'s centre
  double angle_deg = 0;         // of the layout's column axis, clockwise from table +x
};

// Where a card of a pile lies on the table.
struct PuntoCardPose {
  cv::Point2d centre_mm;
  double angle_deg = 0;
};
PuntoCardPose punto_card_pose(const PuntoScene& scene, const PuntoPileLayout& pile,
                              std::size_t card_index);
// The card's square corners clockwise from its top-left as it lies.
std::array<cv::Point2d, 4> punto_card_corners(const PuntoCardPose& pose);

// The layout as the referee sees it: every pile's cards, from the built-in deck.
referee::punto::Grid punto_grid(const PuntoScene& scene);

struct PuntoSceneOptions {
  int min_cells = 1, max_cells = 18;
  double line_share = 0.5;        // of the layouts: built around a line of 3 to 5 of one colour
  double pile_share = 0.2;        // of the cells: a pile of 2 or 3 cards
  double oversize_share = 0.05;   // of the layouts: one card beyond the 6 x 6 square
  double max_turn_deg = 4;        // components.md: cards lie turned up to 4 degrees
  double max_gap_mm = 3;          // and 0 to 3 mm apart
  double max_pile_offset_mm = 3;  // a covering card lies within 3 mm of the one below
};

// A layout that looks like a game in progress: connected cells (by a side or a corner) within a
// 6 x 6 square, each top card from the built-in deck once, piles whose lower cards have lower
// values, every card a little off its place and turned, no two cells' cards overlapping.
PuntoScene random_punto_scene(std::mt19937_64& rng, const PuntoSceneOptions& options = {});

// Lays card `card_index` of pile `pile_index` as a hand does: the first card of a cell a little off
// its place, a covering card within options.max_pile_offset_mm of the card below, each turned up to
// options.max_turn_deg; never overlapping the cards of another cell.
void lay_punto_card_by_hand(std::mt19937_64& rng, PuntoScene& scene, std::size_t pile_index,
                            std::size_t card_index, const PuntoSceneOptions& options = {});

// Photographs `scene` under `conditions`; the truth is the punto analyze line of interface.md
// plus "truth" (deck ids of every pile, occlusion of every top card, camera, hands, glare).
// Throws std::invalid_argument when the layout is empty or too large to frame.
RenderedImage render_punto(const PuntoScene& scene, const CaptureConditions& conditions,
                           std::uint64_t seed);

}  // namespace tableref::samples
