#include "samples/freeze_scene.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

#include "plane.hpp"
#include "random_draws.hpp"
#include "referee/deck.hpp"

namespace tableref::samples {

namespace {

constexpr int kTrickSearchTries = 400;
constexpr int kStackPlacementTries = 300;

// Signed difference of two angles, in (-180, 180].
double angle_difference(double a_deg, double b_deg) {
  return std::remainder(a_deg - b_deg, 360.0);
}

referee::freeze::Placement random_placement(std::mt19937_64& rng) {
  return referee::freeze::placement_from_index(
      uniform_int(rng, 0, referee::freeze::kPlacementCount - 1));
}

bool shows_line(const std::vector<FreezeCardLayout>& cards) {
  const FreezeStackLayout stack{cards, {0, 0}, 0};
  return !referee::freeze::line_colours(referee::freeze::show_stack(placed_cards(stack))).empty();
}

// `count` cards drawn from the end of `pool` (which loses them), in random placements; for a
// stack that must show a line, the first such stacking found among random draws.
std::vector<FreezeCardLayout> draw_cards(std::mt19937_64& rng, std::vector<std::size_t>& pool,
                                         int count, bool with_line) {
  const auto& deck = referee::builtin_freeze_deck().cards;
  const auto take = [&](std::span<const std::size_t> chosen) {
    std::vector<FreezeCardLayout> cards;
    for (const std::size_t index : chosen)
      cards.push_back({deck[index].id, random_placement(rng), {0, 0}, 0});
    return cards;
  };
  for (int attempt = 0; with_line && attempt < kTrickSearchTries; ++attempt) {
    std::shuffle(pool.begin(), pool.end(), rng);
    const std::span<const std::size_t> chosen(
        pool.data() + pool.size() - static_cast<std::size_t>(count),
        static_cast<std::size_t>(count));
    std::vector<FreezeCardLayout> cards = take(chosen);
    if (shows_line(cards)) {
      pool.resize(pool.size() - static_cast<std::size_t>(count));
      return cards;
    }
  }
  std::shuffle(pool.begin(), pool.end(), rng);
  std::vector<FreezeCardLayout> cards =
      take(std::span<const std::size_t>(pool.data() + pool.size() - static_cast<std::size_t>(count),
                                        static_cast<std::size_t>(count)));
  pool.resize(pool.size() - static_cast<std::size_t>(count));
  return cards;
}

// Hands square a stack up well, but never perfectly; a misaligned card is clearly off.
void jitter_cards(std::mt19937_64& rng, std::vector<FreezeCardLayout>& cards, bool misaligned) {
  for (FreezeCardLayout& card : cards) {
    card.offset_mm = rotated({std::sqrt(uniform(rng, 0, 1)) * 0.8, 0}, uniform(rng, 0, 360));
    card.turn_deg = uniform(rng, -1, 1);
  }
  if (!misaligned) return;
  FreezeCardLayout& off =
      cards[std::uniform_int_distribution<std::size_t>(0, cards.size() - 1)(rng)];
  const int kind = uniform_int(rng, 0, 3);  // 0, 1: offset; 2: turn; 3: both
  if (kind != 2) off.offset_mm += rotated({uniform(rng, 6, 14), 0}, uniform(rng, 0, 360));
  if (kind >= 2) off.turn_deg += (chance(rng, 0.5) ? 1 : -1) * uniform(rng, 8, 25);
}

// Radius of the circle around the stack's centre that holds all its cards.
double reach_mm(const FreezeStackLayout& stack) {
  double reach = 0;
  for (const FreezeCardLayout& card : stack.cards) {
    reach = std::max(reach, cv::norm(card.offset_mm) + kFreezeCardSideMm / std::sqrt(2.0));
  }
  return reach;
}

// Scatters the stacks in a box just large enough, at least `gap` apart; grows the box when
// they do not fit.
void scatter(std::mt19937_64& rng, std::vector<FreezeStackLayout>& stacks) {
  constexpr double kMinGapMm = 10;
  double area = 0;
  for (const FreezeStackLayout& stack : stacks) area += std::pow(2 * reach_mm(stack) + 15, 2) * 1.4;
  const double aspect = uniform(rng, 1.0, 1.6);
  for (double growth = 1;; growth *= 1.15) {
    const double width = std::sqrt(area * aspect) * growth,
                 height = std::sqrt(area / aspect) * growth;
    bool placed_all = true;
    for (std::size_t index = 0; index < stacks.size() && placed_all; ++index) {
      FreezeStackLayout& stack = stacks[index];
      const double reach = reach_mm(stack);
      placed_all = false;
      for (int attempt = 0; attempt < kStackPlacementTries && !placed_all; ++attempt) {
        stack.centre_mm = {uniform(rng, reach, std::max(reach, width - reach)),
                           uniform(rng, reach, std::max(reach, height - reach))};
        placed_all =
            std::all_of(stacks.begin(), stacks.begin() + static_cast<std::ptrdiff_t>(index),
                        [&](const FreezeStackLayout& other) {
                          return cv::norm(other.centre_mm - stack.centre_mm) >=
                                 reach + reach_mm(other) + kMinGapMm;
                        });
      }
    }
    if (placed_all) return;
  }
}

}  // namespace

CardPose card_pose(const FreezeStackLayout& stack, std::size_t card_index) {
  const FreezeCardLayout& card = stack.cards.at(card_index);
  return {stack.centre_mm + rotated(card.offset_mm, stack.angle_deg),
          stack.angle_deg + card.turn_deg};
}

cv::Point2d table_from_card(const CardPose& pose, cv::Point2d card_mm) {
  const double half = kFreezeCardSideMm / 2;
  return pose.centre_mm + rotated(card_mm - cv::Point2d(half, half), pose.angle_deg);
}

std::array<cv::Point2d, 4> card_corners(const CardPose& pose) {
  const double side = kFreezeCardSideMm;
  return {table_from_card(pose, {0, 0}), table_from_card(pose, {side, 0}),
          table_from_card(pose, {side, side}), table_from_card(pose, {0, side})};
}

bool is_aligned(const FreezeStackLayout& stack) {
  for (std::size_t upper = 0; upper + 1 < stack.cards.size(); ++upper) {
    const CardPose top = card_pose(stack, upper), below = card_pose(stack, upper + 1);
    if (cv::norm(top.centre_mm - below.centre_mm) > kAlignedOffsetMm) return false;
    if (std::abs(angle_difference(top.angle_deg, below.angle_deg)) > kAlignedTurnDeg) return false;
  }
  return true;
}

std::vector<referee::freeze::PlacedCard> placed_cards(const FreezeStackLayout& stack) {
  const referee::FreezeDeck& deck = referee::builtin_freeze_deck();
  std::vector<referee::freeze::PlacedCard> placed;
  for (const FreezeCardLayout& card : stack.cards) {
    const referee::FreezeCard* found = deck.find(card.card_id);
    assert(found != nullptr && "freeze scenes use the built-in deck");
    placed.push_back({found, card.placement});
  }
  return placed;
}

FreezeScene random_freeze_scene(std::mt19937_64& rng, const FreezeSceneOptions& options) {
  assert(options.min_stacks >= 1 && options.min_stacks <= options.max_stacks);
  assert(options.min_cards >= 1 && options.min_cards <= options.max_cards &&
         options.max_cards <= 3);
  std::vector<std::size_t> pool(referee::builtin_freeze_deck().cards.size());
  std::iota(pool.begin(), pool.end(), std::size_t{0});
  FreezeScene scene;
  const int stack_count = uniform_int(rng, options.min_stacks, options.max_stacks);
  for (int index = 0; index < stack_count; ++index) {
    const int wanted = uniform_int(rng, options.min_cards, options.max_cards);
    const int count = std::min<int>(wanted, static_cast<int>(pool.size()));
    if (count == 0) break;
    const bool with_line = count == 3 && chance(rng, options.trick_share);
    FreezeStackLayout stack;
    stack.cards = draw_cards(rng, pool, count, with_line);
    jitter_cards(rng, stack.cards, count >= 2 && chance(rng, options.misaligned_share));
    stack.angle_deg = uniform(rng, 0, 360);
    scene.stacks.push_back(std::move(stack));
  }
  scatter(rng, scene.stacks);
  return scene;
}

}  // namespace tableref::samples
