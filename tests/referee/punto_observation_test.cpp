// Matching a camera's view of a Punto layout against the referee's grid.

#include <gtest/gtest.h>

#include "referee/punto/observation.hpp"

namespace tableref::referee::punto {
namespace {

Grid grid_of(std::initializer_list<std::pair<Cell, PuntoCard>> cards) {
  Grid grid;
  for (const auto& [cell, card] : cards) grid.lay(cell, card);
  return grid;
}

const PuntoCard kRed5{"r5", Colour::red, 5};
const PuntoCard kBlue3{"b3", Colour::blue, 3};

TEST(PuntoObservation, TheFirstCardLandsOnTheOrigin) {
  const std::vector<SeenCard> seen = {{{0, 0}, Colour::green, 4}};
  const LayoutDiff diff = compare_layout(Grid{}, seen);
  EXPECT_EQ(diff.change, LayoutChange::one_new_card);
  EXPECT_EQ(diff.new_card.cell, (Cell{0, 0}));
  EXPECT_EQ(diff.new_card.colour, Colour::green);
  EXPECT_EQ(diff.new_card.value, 4);
}

TEST(PuntoObservation, TheSameViewIsUnchanged) {
  const Grid grid = grid_of({{{3, -1}, kRed5}, {{4, -1}, kBlue3}});
  const std::vector<SeenCard> seen = {{{0, 0}, Colour::red, 5}, {{1, 0}, Colour::blue, 3}};
  const LayoutDiff diff = compare_layout(grid, seen);
  EXPECT_EQ(diff.change, LayoutChange::unchanged);
  EXPECT_EQ(diff.grid_from_seen, (Cell{3, -1}));
}

TEST(PuntoObservation, ACardLeftOfTheLayoutMovesTheViewsOrigin) {
  const Grid grid = grid_of({{{0, 0}, kRed5}, {{1, 0}, kBlue3}});
  // The view's column 0 is now the new card's.
  const std::vector<SeenCard> seen = {
      {{0, 1}, Colour::yellow, 2}, {{1, 0}, Colour::red, 5}, {{2, 0}, Colour::blue, 3}};
  const LayoutDiff diff = compare_layout(grid, seen);
  EXPECT_EQ(diff.change, LayoutChange::one_new_card);
  EXPECT_EQ(diff.new_card.cell, (Cell{-1, 1}));
}

TEST(PuntoObservation, ACardAboveAndLeftMovesBothAxes) {
  const Grid grid = grid_of({{{0, 0}, kRed5}});
  const std::vector<SeenCard> seen = {{{0, 0}, Colour::green, 1}, {{1, 1}, Colour::red, 5}};
  const LayoutDiff diff = compare_layout(grid, seen);
  EXPECT_EQ(diff.change, LayoutChange::one_new_card);
  EXPECT_EQ(diff.new_card.cell, (Cell{-1, -1}));
}

// A card laid against the rules, two cells beyond the layout's top-left corner.
TEST(PuntoObservation, ACardFarOutOfTheLayoutIsFoundWhereItLies) {
  const Grid grid = grid_of({{{0, 0}, kRed5}, {{1, 0}, kBlue3}});
  const std::vector<SeenCard> seen = {
      {{0, 0}, Colour::green, 4}, {{2, 2}, Colour::red, 5}, {{3, 2}, Colour::blue, 3}};
  const LayoutDiff diff = compare_layout(grid, seen);
  EXPECT_EQ(diff.change, LayoutChange::one_new_card);
  EXPECT_EQ(diff.new_card.cell, (Cell{-2, -2}));
  EXPECT_EQ(diff.grid_from_seen, (Cell{-2, -2}));
}

TEST(PuntoObservation, ACoveringCardIsFoundOnItsPile) {
  const Grid grid = grid_of({{{0, 0}, kRed5}, {{1, 0}, kBlue3}});
  const std::vector<SeenCard> seen = {{{0, 0}, Colour::red, 5}, {{1, 0}, Colour::green, 7}};
  const LayoutDiff diff = compare_layout(grid, seen);
  EXPECT_EQ(diff.change, LayoutChange::one_new_card);
  EXPECT_EQ(diff.new_card.cell, (Cell{1, 0}));
  EXPECT_EQ(diff.new_card.value, 7);
}

TEST(PuntoObservation, AnIdenticalNeighbourKeepsTheGridsCorner) {
  const Grid grid = grid_of({{{0, 0}, kRed5}});
  const std::vector<SeenCard> seen = {{{0, 0}, Colour::red, 5}, {{1, 0}, Colour::red, 5}};
  const LayoutDiff diff = compare_layout(grid, seen);
  EXPECT_EQ(diff.change, LayoutChange::one_new_card);
  EXPECT_EQ(diff.new_card.cell, (Cell{1, 0}));
}

TEST(PuntoObservation, TwoNewCardsOrAMissingOneAreUnexplained) {
  const Grid grid = grid_of({{{0, 0}, kRed5}, {{1, 0}, kBlue3}});
  const std::vector<SeenCard> two_new = {{{0, 0}, Colour::red, 5},
                                         {{1, 0}, Colour::blue, 3},
                                         {{2, 0}, Colour::green, 1},
                                         {{3, 0}, Colour::green, 2}};
  EXPECT_EQ(compare_layout(grid, two_new).change, LayoutChange::unexplained);
  const std::vector<SeenCard> one_gone = {{{0, 0}, Colour::red, 5}};
  EXPECT_EQ(compare_layout(grid, one_gone).change, LayoutChange::unexplained);
  const std::vector<SeenCard> replaced_and_added = {
      {{0, 0}, Colour::red, 5}, {{1, 0}, Colour::green, 9}, {{2, 0}, Colour::green, 1}};
  EXPECT_EQ(compare_layout(grid, replaced_and_added).change, LayoutChange::unexplained);
  const std::vector<SeenCard> doubled = {{{0, 0}, Colour::red, 5}, {{0, 0}, Colour::blue, 3}};
  EXPECT_EQ(compare_layout(grid, doubled).change, LayoutChange::unexplained);
}

}  // namespace
}  // namespace tableref::referee::punto
