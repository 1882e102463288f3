// Punto's grid, placement rules and lines.

#include <gtest/gtest.h>

#include "referee/deck.hpp"
#include "referee/punto/grid.hpp"
#include "referee/punto/legality.hpp"
#include "referee/punto/lines.hpp"
#include "test_support.hpp"

namespace tableref::referee::punto {
namespace {

using test_support::punto_pieces::card;
using test_support::punto_pieces::grid_of;

std::optional<Breach> breach_of(const Grid& grid, Cell cell, std::string_view id) {
  const auto refusal = check_placement(grid, cell, card(id));
  if (!refusal) return std::nullopt;
  return refusal->breach;
}

// ---- Grid
// ----------------------------------------------------------------------------------------

TEST(PuntoGrid, EmptyGridHasNoBoundsAndFits) {
  const Grid grid;
  EXPECT_TRUE(grid.empty());
  EXPECT_FALSE(grid.bounds().has_value());
  EXPECT_TRUE(grid.fits_6x6());
  EXPECT_EQ(grid.top(Cell{0, 0}), nullptr);
  EXPECT_TRUE(grid.pile(Cell{0, 0}).empty());
}

TEST(PuntoGrid, ACardLaidOnAnotherCoversItAndOnlyTheTopCounts) {
  Grid grid = grid_of({{{2, -1}, "PB3a"}});
  grid.lay(Cell{2, -1}, card("PR7b"));
  ASSERT_NE(grid.top(Cell{2, -1}), nullptr);
  EXPECT_EQ(grid.top(Cell{2, -1})->id, "PR7b");
  ASSERT_EQ(grid.pile(Cell{2, -1}).size(), 2u);
  EXPECT_EQ(grid.pile(Cell{2, -1})[0].id, "PB3a");  // bottom first
  EXPECT_EQ(grid.pile_count(), 1u);
  EXPECT_TRUE(grid.holds_card("PB3a"));  // covered, still on the table
  EXPECT_FALSE(grid.holds_card("PB3b"));
}

TEST(PuntoGrid, BoundsCoverNegativeCells) {
  const Grid grid = grid_of({{{-2, 3}, "PR1a"}, {{1, -1}, "PR2a"}, {{0, 0}, "PR3a"}});
  const auto box = grid.bounds();
  ASSERT_TRUE(box.has_value());
  EXPECT_EQ(box->min, (Cell{-2, -1}));
  EXPECT_EQ(box->max, (Cell{1, 3}));
  EXPECT_EQ(box->columns(), 4);
  EXPECT_EQ(box->rows(), 5);
  EXPECT_EQ(grid.occupied_cells(), (std::vector<Cell>{{-2, 3}, {0, 0}, {1, -1}}));
}

TEST(PuntoGrid, TheSixBySixSquareFloatsWithTheLayout) {
  // Columns 10 to 15: six wide, anywhere on the grid.
  const Grid grid = grid_of({{{10, 0}, "PR1a"}, {{15, 0}, "PR2a"}});
  EXPECT_TRUE(grid.fits_6x6());
  EXPECT_TRUE(grid.fits_6x6_with(Cell{12, 5}));   // six high
  EXPECT_FALSE(grid.fits_6x6_with(Cell{12, 6}));  // seven high
  EXPECT_FALSE(grid.fits_6x6_with(Cell{16, 0}));  // seven wide to the right
  EXPECT_FALSE(grid.fits_6x6_with(Cell{9, 0}));   // seven wide to the left
  EXPECT_TRUE(grid.fits_6x6_with(Cell{12, -5}));  // six high upwards
}

TEST(PuntoGrid, TouchingIsBySideOrCorner) {
  EXPECT_TRUE(touching(Cell{0, 0}, Cell{1, 0}));
  EXPECT_TRUE(touching(Cell{0, 0}, Cell{-1, -1}));
  EXPECT_FALSE(touching(Cell{0, 0}, Cell{0, 0}));
  EXPECT_FALSE(touching(Cell{0, 0}, Cell{2, 1}));
  for (const Cell near : touching_cells(Cell{4, -2})) EXPECT_TRUE(touching(near, Cell{4, -2}));
}

// ---- Legality
// ------------------------------------------------------------------------------------

TEST(PuntoLegality, TheFirstCardMayGoOnAnyCellOfAFreshGrid) {
  const Grid grid;
  EXPECT_FALSE(check_placement(grid, Cell{0, 0}, card("PR1a")));
  EXPECT_FALSE(check_placement(grid, Cell{37, -12}, card("PY9b")));
}

TEST(PuntoLegality, AnEmptyCellMustTouchACardBySideOrCorner) {
  const Grid grid = grid_of({{{0, 0}, "PR5a"}});
  EXPECT_EQ(breach_of(grid, Cell{1, 0}, "PB1a"), std::nullopt);   // side
  EXPECT_EQ(breach_of(grid, Cell{0, -1}, "PB1a"), std::nullopt);  // side
  EXPECT_EQ(breach_of(grid, Cell{1, 1}, "PB1a"), std::nullopt);   // corner
  EXPECT_EQ(breach_of(grid, Cell{-1, 1}, "PB1a"), std::nullopt);  // corner
  EXPECT_EQ(breach_of(grid, Cell{2, 0}, "PB1a"), Breach::not_touching);
  EXPECT_EQ(breach_of(grid, Cell{2, 2}, "PB1a"), Breach::not_touching);
  EXPECT_EQ(breach_of(grid, Cell{-2, 1}, "PB1a"), Breach::not_touching);
}

TEST(PuntoLegality, ACardCoversOnlyAStrictlyLowerCardOfAnyColour) {
  const Grid grid = grid_of({{{0, 0}, "PR5a"}});
  EXPECT_EQ(breach_of(grid, Cell{0, 0}, "PR6a"), std::nullopt);       // same colour, higher
  EXPECT_EQ(breach_of(grid, Cell{0, 0}, "PG9b"), std::nullopt);       // another colour, higher
  EXPECT_EQ(breach_of(grid, Cell{0, 0}, "PB5a"), Breach::not_lower);  // equal
  EXPECT_EQ(breach_of(grid, Cell{0, 0}, "PR5b"), Breach::not_lower);  // equal, same colour
  EXPECT_EQ(breach_of(grid, Cell{0, 0}, "PY2a"), Breach::not_lower);  // lower
}

TEST(PuntoLegality, OnlyTheTopCardOfAPileIsCompared) {
  Grid grid = grid_of({{{0, 0}, "PR2a"}});
  grid.lay(Cell{0, 0}, card("PB7a"));
  EXPECT_EQ(breach_of(grid, Cell{0, 0}, "PG5a"),
            Breach::not_lower);  // beats the 2 below, not the 7
  EXPECT_EQ(breach_of(grid, Cell{0, 0}, "PG8a"), std::nullopt);
}

TEST(PuntoLegality, APlayMayNotBreakTheSixBySixSquare) {
  // Six columns, 0 to 5, in row 0.
  const Grid grid = grid_of({{{0, 0}, "PR1a"},
                             {{1, 0}, "PR2a"},
                             {{2, 0}, "PR3a"},
                             {{3, 0}, "PR4a"},
                             {{4, 0}, "PR5a"},
                             {{5, 0}, "PR6a"}});
  EXPECT_EQ(breach_of(grid, Cell{6, 0}, "PB1a"), Breach::outside_square);
  EXPECT_EQ(breach_of(grid, Cell{-1, 1}, "PB1a"), Breach::outside_square);
  EXPECT_EQ(breach_of(grid, Cell{5, 1}, "PB1a"), std::nullopt);  // inside
  EXPECT_EQ(breach_of(grid, Cell{5, 0}, "PB9a"), std::nullopt);  // covering at the edge
  const auto refusal = check_placement(grid, Cell{6, 0}, card("PB1a"));
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(refusal->reason,
            "PB1a (blue 1) at [6,0] would make the layout 7 cards wide and 1 high; it must fit "
            "in a 6 x 6 square");
}

TEST(PuntoLegality, ReasonsNameTheCardsAndTheCell) {
  const Grid grid = grid_of({{{0, 0}, "PR5a"}});
  EXPECT_EQ(check_placement(grid, Cell{0, 0}, card("PB5a"))->reason,
            "PB5a (blue 5) may only cover a lower card, and PR5a (red 5) lies at [0,0]");
  EXPECT_EQ(check_placement(grid, Cell{3, -3}, card("PB5a"))->reason,
            "PB5a (blue 5) at [3,-3] touches no card by a side or a corner");
}

TEST(PuntoLegality, LegalCellsAreTheTouchingOnesAndTheLowerPiles) {
  const Grid grid = grid_of({{{0, 0}, "PR5a"}});
  EXPECT_EQ(legal_cells(grid, card("PB3a")).size(), 8u);  // cannot cover the 5
  const auto with_cover = legal_cells(grid, card("PB6a"));
  EXPECT_EQ(with_cover.size(), 9u);
  EXPECT_NE(std::find(with_cover.begin(), with_cover.end(), Cell{0, 0}), with_cover.end());
}

TEST(PuntoLegality, AFullSquareOfNinesLeavesNoPlace) {
  Grid grid;
  for (int row = 0; row < kLayoutSide; ++row) {
    for (int col = 0; col < kLayoutSide; ++col)
      grid.lay(Cell{col, row}, PuntoCard{"N", Colour::red, 9});
  }
  EXPECT_TRUE(grid.fits_6x6());
  EXPECT_TRUE(legal_cells(grid, card("PB9a")).empty());
  grid.lay(Cell{2, 2}, PuntoCard{"low", Colour::green, 1});  // no rule checked by Grid::lay
  EXPECT_EQ(legal_cells(grid, card("PB2a")), (std::vector<Cell>{{2, 2}}));
}

// ---- Lines
// ---------------------------------------------------------------------------------------

TEST(PuntoLines, ARowOfThreeIsALine) {
  const Grid grid = grid_of({{{0, 0}, "PR1a"}, {{1, 0}, "PR2a"}, {{2, 0}, "PR3a"}});
  const auto lines = find_lines(grid);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].colour, Colour::red);
  EXPECT_EQ(lines[0].length(), 3);
  EXPECT_EQ(lines[0].cells, (std::vector<Cell>{{0, 0}, {1, 0}, {2, 0}}));
  EXPECT_EQ(line_points(grid, lines[0]), 6);
  EXPECT_EQ(highest_card(grid, lines).id, "PR3a");
}

TEST(PuntoLines, ColumnsAndBothDiagonals) {
  const Grid column = grid_of({{{4, -1}, "PG1a"}, {{4, 0}, "PG2a"}, {{4, 1}, "PG3a"}});
  ASSERT_EQ(find_lines(column).size(), 1u);
  EXPECT_EQ(find_lines(column)[0].cells, (std::vector<Cell>{{4, -1}, {4, 0}, {4, 1}}));

  const Grid down_right = grid_of({{{0, 0}, "PB1a"}, {{1, 1}, "PB2a"}, {{2, 2}, "PB3a"}});
  ASSERT_EQ(find_lines(down_right).size(), 1u);
  EXPECT_EQ(find_lines(down_right)[0].cells, (std::vector<Cell>{{0, 0}, {1, 1}, {2, 2}}));

  const Grid up_right = grid_of({{{0, 2}, "PY1a"}, {{1, 1}, "PY2a"}, {{2, 0}, "PY3a"}});
  ASSERT_EQ(find_lines(up_right).size(), 1u);
  EXPECT_EQ(find_lines(up_right)[0].colour, Colour::yellow);
  EXPECT_EQ(find_lines(up_right)[0].cells, (std::vector<Cell>{{0, 2}, {1, 1}, {2, 0}}));
}

TEST(PuntoLines, AnotherColourBreaksTheRun) {
  const Grid grid =
      grid_of({{{0, 0}, "PR1a"}, {{1, 0}, "PR2a"}, {{2, 0}, "PB3a"}, {{3, 0}, "PR4a"}});
  EXPECT_TRUE(find_lines(grid).empty());
  EXPECT_EQ(find_lines(grid, 2).size(), 1u);  // the red pair
}

TEST(PuntoLines, AGapBreaksTheRun) {
  const Grid grid = grid_of({{{0, 0}, "PR1a"}, {{1, 0}, "PR2a"}, {{3, 0}, "PR4a"}});
  EXPECT_TRUE(find_lines(grid).empty());
}

TEST(PuntoLines, ALongRunIsOneMaximalLine) {
  const Grid grid = grid_of(
      {{{0, 0}, "PR1a"}, {{1, 0}, "PR2a"}, {{2, 0}, "PR3a"}, {{3, 0}, "PR4a"}, {{4, 0}, "PR5a"}});
  const auto lines = find_lines(grid);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].length(), 5);
  EXPECT_EQ(find_lines(grid, 5).size(), 1u);
  EXPECT_TRUE(find_lines(grid, 6).empty());
}

TEST(PuntoLines, CoveredCardsDoNotCount) {
  Grid grid = grid_of({{{0, 0}, "PR1a"}, {{1, 0}, "PR2a"}, {{2, 0}, "PR3a"}});
  grid.lay(Cell{1, 0}, card("PB8a"));
  EXPECT_TRUE(find_lines(grid).empty());
  // And covering another colour can make one.
  grid.lay(Cell{1, 0}, card("PR9a"));
  ASSERT_EQ(find_lines(grid).size(), 1u);
  EXPECT_EQ(line_points(grid, find_lines(grid)[0]), 1 + 9 + 3);
}

TEST(PuntoLines, CrossingLinesAreEachFound) {
  // A red row and a red column through (1,1), and a blue diagonal elsewhere.
  const Grid grid = grid_of({{{0, 1}, "PR1a"},
                             {{1, 1}, "PR2a"},
                             {{2, 1}, "PR3a"},
                             {{1, 0}, "PR4a"},
                             {{1, 2}, "PR5a"},
                             {{3, 0}, "PB1a"},
                             {{4, 1}, "PB2a"},
                             {{5, 2}, "PB3a"}});
  const auto lines = find_lines(grid);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines_in_colours(lines, std::vector<Colour>{Colour::red}).size(), 2u);
  EXPECT_EQ(lines_in_colours(lines, std::vector<Colour>{Colour::blue}).size(), 1u);
  EXPECT_EQ(highest_card(grid, lines_in_colours(lines, std::vector<Colour>{Colour::red})).id,
            "PR5a");
}

TEST(PuntoLines, LineEventCarriesColourLengthAndCells) {
  const Line line{Colour::green, {{0, 0}, {1, 1}, {2, 2}}};
  const LineEvent event = to_line_event(line, "Ben");
  EXPECT_EQ(event.player, "Ben");
  EXPECT_EQ(event.colour, Colour::green);
  EXPECT_EQ(event.length, 3);
  EXPECT_EQ(event.cells, (std::vector<std::array<int, 2>>{{0, 0}, {1, 1}, {2, 2}}));
}

}  // namespace
}  // namespace tableref::referee::punto
