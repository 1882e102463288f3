#pragma once
// Trio Monsters scenes: triangular cards laid on the table's triangular lattice (components.md),
// and their photographs with the truth a perfect reader would print.

#include <array>
#include <cstdint>
#include <opencv2/core.hpp>
#include <random>
#include <string>
#include <vector>

#include "referee/colour.hpp"
#include "referee/trio/lattice.hpp"
#include "samples/level.hpp"
#include "samples/render.hpp"

namespace tableref::samples {

inline constexpr double kTrioCardSideMm = 80;
inline constexpr double kTrioCornerRadiusMm = 5;
inline constexpr double kTrioBorderMm = 3;
inline constexpr double kTrioCardThicknessMm = 0.4;
inline constexpr double kTrioMonsterDiameterMm = 34;
inline constexpr double kTrioEyeDiameterMm = 7;
inline constexpr double kTrioPupilDiameterMm = 3;
// components.md: each card lies within 3 mm and 5 degrees of its lattice place; gaps between
// neighbours are 0 to 3 mm.
inline constexpr double kTrioMaxOffsetMm = 3;
inline constexpr double kTrioMaxTurnDeg = 5;
inline constexpr double kTrioMaxGapMm = 3;

struct TrioCardLayout {
  std::string card_id;  // of the built-in deck
  referee::Colour colour = referee::Colour::yellow;
  referee::trio::Place place;
  cv::Point2d offset_mm{0, 0};  // of its centroid from its place's centroid, in lattice axes
  double turn_deg = 0;          // against its place, clockwise as seen from above
};

// The lattice lies on the table turned by `angle_deg` (clockwise as seen from above) about
// `origin_mm`, the table point of lattice point (0, 0). Its triangles have side `pitch_mm`: the
// card side plus what the gaps between neighbours add.
struct TrioScene {
  std::vector<TrioCardLayout> cards;
  double pitch_mm = kTrioCardSideMm;
  cv::Point2d origin_mm{0, 0};
  double angle_deg = 0;
};

// The pitch at which neighbours lying exactly on their places leave `gap_mm` between them.
double trio_pitch_for_gap(double gap_mm);

// Where a card lies on the table: its centroid, and its turn (a card pointing down is turned by
// 180 degrees from one pointing up: its monster stands on its head).
struct TrioCardPose {
  cv::Point2d centroid_mm;
  double angle_deg = 0;
};
TrioCardPose trio_card_pose(const TrioScene& scene, const TrioCardLayout& card);
// The card's three corners on the table (of the triangle before rounding), clockwise as seen
// from above, the first being its tip (the corner its monster looks towards).
std::array<cv::Point2d, 3> trio_card_corners(const TrioScene& scene, const TrioCardLayout& card);

// The smallest and largest gap between the facing sides of two edge neighbours (negative when
// they overlap), and whether two cards overlap at all.
struct SideGap {
  double smallest_mm = 0;
  double largest_mm = 0;
};
SideGap trio_side_gap(const TrioScene& scene, const TrioCardLayout& a, const TrioCardLayout& b);
bool trio_cards_overlap(const TrioScene& scene, const TrioCardLayout& a, const TrioCardLayout& b);

struct TrioSceneOptions {
  int min_cards = 1, max_cards = 40;
  // Chance of a group of 1 to 4 cards apart from the layout: touching nothing, or touching it only
  // by corners (half each).
  double apart_group_share = 0.3;
  double max_gap_mm = kTrioMaxGapMm;
};

// A layout as a game makes it: grown from a middle card by laying cards along the sides of cards
// already down, each card drawn once from the built-in deck, then laid by hand (within 3 mm and
// 5 degrees of its place, gaps 0 to 3 mm, no card over another).
TrioScene random_trio_scene(std::mt19937_64& rng, const TrioSceneOptions& options = {});

// Photographs `scene` under `conditions`; every random detail comes from `seed`. The truth is the
// trio analyze line of interface.md plus a "truth" object (deck ids, lattice places, how much of
// each card is hidden, camera, hands, glare). Throws std::invalid_argument for an empty scene or
// one too large to frame with every card side at least 70 px.
RenderedImage render_trio(const TrioScene& scene, const CaptureConditions& conditions,
                          std::uint64_t seed);

}  // namespace tableref::samples
