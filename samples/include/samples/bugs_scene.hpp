#pragma once
// Bugs & Co scenes: each player's collection of monster tiles and trophies lying loosely in front
// of them (components.md, rules.md).

#include <array>
#include <cstdint>
#include <opencv2/core.hpp>
#include <random>
#include <string>
#include <vector>

#include "referee/bugs/scoring.hpp"
#include "referee/colour.hpp"
#include "referee/components.hpp"
#include "samples/level.hpp"
#include "samples/render.hpp"

namespace tableref::samples {

inline constexpr double kBugsTileSideMm = 45;
inline constexpr double kBugsCornerRadiusMm = 3;
inline constexpr double kBugsTileThicknessMm = 2;
inline constexpr double kBugsEyeDiameterMm = 6;
inline constexpr double kBugsPupilDiameterMm = 2.8;
inline constexpr double kBugsTrophyBorderMm = 3;
inline constexpr double kBugsTrophyDotDiameterMm = 6;

// The body of a species as printed, in millimetres about the tile's centre (y down, upright).
struct BugBodyArt {
  std::vector<cv::Point2d> outline;       // closed, clockwise
  std::vector<cv::Point2d> eye_centres;   // in a row in the upper half of the body
  std::vector<cv::Point2d> spot_centres;  // five, inside the body
  double spot_diameter_mm = 4;
  std::vector<std::array<double, 2>> stripe_bands;  // three [top, bottom] y ranges
};
BugBodyArt bug_body_art(referee::BugShape shape, int eyes);

struct BugsTileLayout {
  std::string species;   // a species id of the built-in deck; empty for a trophy
  int trophy_value = 0;  // 1 to 3 for a trophy, 0 for a monster
  referee::Colour body_colour = referee::Colour::red;  // printed at random: does not count
  cv::Point2d centre_mm{0, 0};                         // on the table
  double angle_deg = 0;                                // clockwise as seen from above
  int player = 0;  // whose collection it belongs to; -1 for a trophy still in the middle
  bool is_trophy() const { return trophy_value > 0; }
};

struct BugsScene {
  std::vector<BugsTileLayout> tiles;
  int players = 1;
};

// How far from the table's origin the tiles reach, whatever their turns (mm).
double bugs_reach_mm(const std::vector<BugsTileLayout>& tiles);

// The tiles of one player as the rules count them.
referee::bugs::Collection bugs_collection(const BugsScene& scene, int player);

struct BugsSceneOptions {
  int min_players = 1, max_players = 3;
  int max_tiles = 15;        // in all: the layout must still frame with every tile >= 70 px
  double max_turn_deg = 12;  // tiles lie loosely
  double min_gap_mm = 3, max_gap_mm = 10;  // between neighbouring tiles of a collection
  double collection_gap_mm = 90;           // between collections: each lies in front of its player
};

// Collections that look like the end of a round: sets of 3, pairs and singles of random species,
// a trophy now and then, tiles a little off a loose grid and turned, none overlapping.
BugsScene random_bugs_scene(std::mt19937_64& rng, const BugsSceneOptions& options = {});

// Photographs `scene` under `conditions`; the truth is the bugs analyze line of interface.md plus
// "players" (each collection's tiles and score) and "truth" (species, body colour, occlusion of
// every tile, camera, hands, glare). Throws std::invalid_argument when the scene is empty or too
// large to frame.
RenderedImage render_bugs(const BugsScene& scene, const CaptureConditions& conditions,
                          std::uint64_t seed);

}  // namespace tableref::samples
