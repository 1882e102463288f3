#include "samples/punto_scene.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <map>
#include <set>

#include "plane.hpp"
#include "random_draws.hpp"
#include "referee/deck.hpp"
#include "referee/punto/lines.hpp"
#include "square_pieces.hpp"

namespace tableref::samples {

namespace {

using referee::Colour;
using referee::PuntoCard;
using referee::punto::Cell;

constexpr std::array<Colour, 4> kPuntoColours = {Colour::red, Colour::green, Colour::blue,
                                                 Colour::yellow};
constexpr int kJitterTries = 30;

// The cards of the built-in deck not drawn yet.
class PuntoDraw {
 public:
  explicit PuntoDraw(std::mt19937_64& rng) : rng_(rng) {
    for (const PuntoCard& card : referee::builtin_punto_deck().cards) left_.push_back(&card);
    std::shuffle(left_.begin(), left_.end(), rng_);
  }

  // A card of `colour` (any colour when nullopt) with a value in [low, high]; nullptr when the
  // deck has none left.
  const PuntoCard* take(std::optional<Colour> colour, int low, int high) {
    const auto found = std::find_if(left_.begin(), left_.end(), [&](const PuntoCard* card) {
      return (!colour || card->colour == *colour) && card->value >= low && card->value <= high;
    });
    if (found == left_.end()) return nullptr;
    const PuntoCard* card = *found;
    left_.erase(found);
    return card;
  }

 private:
  std::mt19937_64& rng_;
  std::vector<const PuntoCard*> left_;
};

bool fits_with(const std::vector<Cell>& cells, Cell extra, int side) {
  referee::punto::Bounds box{extra, extra};
  for (const Cell cell : cells) box = box.including(cell);
  return box.fits_square(side);
}

// Cells touching `cells` by a side or a corner, not among them, that keep the layout within a
// square of `side`.
std::vector<Cell> growth_candidates(const std::vector<Cell>& cells, int side) {
  std::set<Cell> candidates;
  for (const Cell cell : cells) {
    for (const Cell near : referee::punto::touching_cells(cell)) {
      if (std::find(cells.begin(), cells.end(), near) == cells.end() &&
          fits_with(cells, near, side)) {
        candidates.insert(near);
      }
    }
  }
  return {candidates.begin(), candidates.end()};
}

// A run of `length` cells along one of the four line directions.
std::vector<Cell> planted_line(std::mt19937_64& rng, int length) {
  const Cell step =
      referee::punto::kLineDirections[static_cast<std::size_t>(uniform_int(rng, 0, 3))];
  // Start where the run stays inside the 6 x 6 square that starts at (0, 0).
  const int span = length - 1;
  const int max_col = referee::punto::kLayoutSide - 1 - (step.col > 0 ? span : 0);
  const int min_row = step.row < 0 ? span : 0;
  const int max_row = referee::punto::kLayoutSide - 1 - (step.row > 0 ? span : 0);
  Cell start{uniform_int(rng, 0, max_col), uniform_int(rng, min_row, max_row)};
  std::vector<Cell> cells;
  for (int i = 0; i < length; ++i) cells.push_back(start + Cell{step.col * i, step.row * i});
  return cells;
}

std::vector<Cell> grow_cells(std::mt19937_64& rng, std::vector<Cell> cells, int count, int side) {
  if (cells.empty()) cells.push_back({0, 0});
  while (static_cast<int>(cells.size()) < count) {
    const std::vector<Cell> candidates = growth_candidates(cells, side);
    if (candidates.empty()) break;
    cells.push_back(candidates[static_cast<std::size_t>(
        uniform_int(rng, 0, static_cast<int>(candidates.size()) - 1))]);
  }
  return cells;
}

// Walks straight out of a random cell, laying cards where there are none, until the layout no
// longer fits a square of `side`: one cell beyond the bound is rarely enough for small layouts.
void break_the_square(std::mt19937_64& rng, std::vector<Cell>& cells, int side) {
  static constexpr std::array<Cell, 4> kAxes{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
  const Cell step = kAxes[static_cast<std::size_t>(uniform_int(rng, 0, 3))];
  Cell cell =
      cells[static_cast<std::size_t>(uniform_int(rng, 0, static_cast<int>(cells.size()) - 1))];
  while (fits_with(cells, cell, side)) {
    cell = cell + step;
    if (std::find(cells.begin(), cells.end(), cell) == cells.end()) cells.push_back(cell);
  }
}

// Cards below the top one, lower values first, each strictly lower than the card above it.
std::vector<const PuntoCard*> cards_below(std::mt19937_64& rng, PuntoDraw& draw, int top_value,
                                          int count) {
  std::vector<const PuntoCard*> below;
  int ceiling = top_value - 1;
  for (int i = 0; i < count && ceiling >= 1; ++i) {
    const PuntoCard* card = draw.take(std::nullopt, uniform_int(rng, 1, ceiling), ceiling);
    if (card == nullptr) break;
    below.push_back(card);
    ceiling = card->value - 1;
  }
  std::reverse(below.begin(), below.end());
  return below;
}

bool overlaps_other_cells(const PuntoScene& scene, std::size_t pile_index,
                          const PuntoCardPose& pose) {
  const SquarePose square{pose.centre_mm, pose.angle_deg};
  for (std::size_t other = 0; other < scene.piles.size(); ++other) {
    if (other == pile_index) continue;
    const PuntoPileLayout& pile = scene.piles[other];
    for (std::size_t card = 0; card < pile.cards.size(); ++card) {
      const PuntoCardPose placed = punto_card_pose(scene, pile, card);
      if (squares_overlap(square, {placed.centre_mm, placed.angle_deg}, kPuntoCardSideMm))
        return true;
    }
  }
  return false;
}

}  // namespace

void lay_punto_card_by_hand(std::mt19937_64& rng, PuntoScene& scene, std::size_t pile_index,
                            std::size_t card_index, const PuntoSceneOptions& options) {
  PuntoPileLayout& pile = scene.piles.at(pile_index);
  PuntoCardLayout& card = pile.cards.at(card_index);
  const PuntoCardLayout below = card_index == 0 ? PuntoCardLayout{} : pile.cards[card_index - 1];
  const double free_mm = std::max(0.0, scene.pitch_mm - kPuntoCardSideMm);
  for (int attempt = 0; attempt <= kJitterTries; ++attempt) {
    const double care = 1.0 - static_cast<double>(attempt) / kJitterTries;  // 0 on the last
    const double reach = card_index == 0 ? 0.5 * free_mm : options.max_pile_offset_mm;
    card.offset_mm = below.offset_mm + rotated({std::sqrt(uniform(rng, 0, 1)) * reach * care, 0},
                                               uniform(rng, 0, 360));
    card.turn_deg = std::clamp(below.turn_deg + care * uniform(rng, -1, 1) * options.max_turn_deg,
                               -options.max_turn_deg, options.max_turn_deg);
    if (!overlaps_other_cells(scene, pile_index, punto_card_pose(scene, pile, card_index))) break;
    if (attempt == kJitterTries) {
      card.offset_mm = below.offset_mm;
      card.turn_deg = below.turn_deg;
    }
  }
}

PuntoCardPose punto_card_pose(const PuntoScene& scene, const PuntoPileLayout& pile,
                              std::size_t card_index) {
  const PuntoCardLayout& card = pile.cards.at(card_index);
  const cv::Point2d in_layout =
      cv::Point2d(pile.cell.col, pile.cell.row) * scene.pitch_mm + card.offset_mm;
  return {scene.origin_mm + rotated(in_layout, scene.angle_deg), scene.angle_deg + card.turn_deg};
}

std::array<cv::Point2d, 4> punto_card_corners(const PuntoCardPose& pose) {
  return square_corners({pose.centre_mm, pose.angle_deg}, kPuntoCardSideMm);
}

referee::punto::Grid punto_grid(const PuntoScene& scene) {
  const referee::PuntoDeck& deck = referee::builtin_punto_deck();
  referee::punto::Grid grid;
  for (const PuntoPileLayout& pile : scene.piles) {
    for (const PuntoCardLayout& card : pile.cards) {
      const PuntoCard* found = deck.find(card.card_id);
      assert(found != nullptr && "punto scenes use the built-in deck");
      grid.lay(pile.cell, *found);
    }
  }
  return grid;
}

PuntoScene random_punto_scene(std::mt19937_64& rng, const PuntoSceneOptions& options) {
  assert(options.min_cells >= 1 && options.min_cells <= options.max_cells);
  const int side = referee::punto::kLayoutSide;
  const int count = uniform_int(rng, options.min_cells, options.max_cells);
  std::vector<Cell> line;
  if (count >= 3 && chance(rng, options.line_share))
    line = planted_line(rng, uniform_int(rng, 3, std::min(5, count)));
  std::vector<Cell> cells = grow_cells(rng, line, count, side);
  if (chance(rng, options.oversize_share)) break_the_square(rng, cells, side);

  PuntoDraw draw(rng);
  const Colour line_colour = kPuntoColours[static_cast<std::size_t>(uniform_int(rng, 0, 3))];
  PuntoScene scene;
  scene.pitch_mm = kPuntoCardSideMm + uniform(rng, 0.5, options.max_gap_mm - 0.5);
  scene.angle_deg = uniform(rng, 0, 360);
  for (const Cell cell : cells) {
    const bool on_line = std::find(line.begin(), line.end(), cell) != line.end();
    const Colour colour =
        on_line ? line_colour : kPuntoColours[static_cast<std::size_t>(uniform_int(rng, 0, 3))];
    const PuntoCard* top = draw.take(colour, uniform_int(rng, 1, 9), 9);
    if (top == nullptr) top = draw.take(colour, 1, 9);
    if (top == nullptr) top = draw.take(std::nullopt, 1, 9);
    assert(top != nullptr && "a layout holds fewer cards than the deck");
    PuntoPileLayout pile{cell, {}};
    if (chance(rng, options.pile_share)) {
      for (const PuntoCard* below : cards_below(rng, draw, top->value, chance(rng, 0.7) ? 1 : 2))
        pile.cards.push_back({below->id, uniform_int(rng, 0, 3), {0, 0}, 0});
    }
    pile.cards.push_back({top->id, uniform_int(rng, 0, 3), {0, 0}, 0});
    scene.piles.push_back(std::move(pile));
  }
  for (std::size_t index = 0; index < scene.piles.size(); ++index) {
    for (std::size_t card = 0; card < scene.piles[index].cards.size(); ++card)
      lay_punto_card_by_hand(rng, scene, index, card, options);
  }
  return scene;
}

}  // namespace tableref::samples
