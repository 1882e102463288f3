#pragma once
// Monster Freeze scenes: stacks of punched cards lying on the table (components.md).

#include <array>
#include <opencv2/core.hpp>
#include <random>
#include <string>
#include <vector>

#include "referee/components.hpp"
#include "referee/freeze/stack.hpp"

namespace tableref::samples {

inline constexpr double kFreezeCardSideMm = 65;
inline constexpr double kFreezeCornerRadiusMm = 4;
inline constexpr double kFreezeCardThicknessMm = 0.4;
inline constexpr double kFreezeBorderMm = 2;
inline constexpr std::array<double, 3> kFreezePositionMm = {13.5, 32.5, 51.5};
inline constexpr double kFreezePositionDiameterMm = 16;
// components.md: a card offset by more than 3 mm or turned by more than 4 degrees against the
// one below is not aligned.
inline constexpr double kAlignedOffsetMm = 3;
inline constexpr double kAlignedTurnDeg = 4;

struct FreezeCardLayout {
  std::string card_id;  // of the built-in deck
  referee::freeze::Placement placement;
  cv::Point2d offset_mm{0, 0};  // of its centre from the stack's centre, in the stack's axes
  double turn_deg = 0;          // against the stack, clockwise as seen from above
};

struct FreezeStackLayout {
  std::vector<FreezeCardLayout> cards;  // top first, 1 to 3
  cv::Point2d centre_mm{0, 0};          // on the table
  double angle_deg = 0;                 // clockwise as seen from above
};

struct FreezeScene {
  std::vector<FreezeStackLayout> stacks;
};

// Where one card of a stack lies on the table.
struct CardPose {
  cv::Point2d centre_mm;
  double angle_deg = 0;
};
CardPose card_pose(const FreezeStackLayout& stack, std::size_t card_index);
// Table point of a point given in card millimetres (origin at the card's top-left corner as it
// lies, x along its top edge).
cv::Point2d table_from_card(const CardPose& pose, cv::Point2d card_mm);
// The card's four corners (of the square before rounding) clockwise from its top-left.
std::array<cv::Point2d, 4> card_corners(const CardPose& pose);

// Every card lies within 3 mm and 4 degrees of the one below it.
bool is_aligned(const FreezeStackLayout& stack);
// The stack as the referee sees it, top first (cards from the built-in deck).
std::vector<referee::freeze::PlacedCard> placed_cards(const FreezeStackLayout& stack);

struct FreezeSceneOptions {
  int min_stacks = 1, max_stacks = 6;
  int min_cards = 1, max_cards = 3;  // per stack
  double misaligned_share = 0.2;     // of the stacks of 2 or 3 cards
  double trick_share = 0.6;          // of the 3-card stacks: built to show a line
};

// Stacks at random places and turns that do not touch each other, each card drawn once from
// the built-in deck. Aligned stacks have each card within 0.8 mm and 1 degree of the stack;
// misaligned ones have one card at least 6 mm off or 8 degrees turned.
FreezeScene random_freeze_scene(std::mt19937_64& rng, const FreezeSceneOptions& options = {});

}  // namespace tableref::samples
