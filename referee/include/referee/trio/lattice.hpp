#pragma once
// Trio Monsters: the triangular lattice the cards are laid on.
//
// A place is (col, row). Row r spans heights r to r + 1 (in triangle heights); place (col, row)
// spans half-sides col to col + 2 horizontally. It points up when col + row is even. Neighbouring
// places along a row alternate up and down and share a side.

#include <array>
#include <compare>

namespace tableref::referee::trio {

struct Place {
  int col = 0;
  int row = 0;
  friend auto operator<=>(const Place&, const Place&) = default;
};

bool points_up(Place place);

// A lattice vertex, in half-sides horizontally and triangle heights vertically.
struct Vertex {
  int x = 0;
  int y = 0;
  friend auto operator<=>(const Vertex&, const Vertex&) = default;
};
std::array<Vertex, 3> vertices(Place place);

// The 3 places sharing a side, and the 9 sharing only a corner.
std::array<Place, 3> edge_neighbours(Place place);
std::array<Place, 9> corner_neighbours(Place place);
bool share_edge(Place a, Place b);
bool share_corner_only(Place a, Place b);

// Geometry in millimetres for a card of side `side_mm`, x right and y down, with place (0, 0)
// spanning x in [0, side] and y in [0, height].
struct PointMm {
  double x = 0;
  double y = 0;
};
std::array<PointMm, 3> corners_mm(Place place, double side_mm);
PointMm centroid_mm(Place place, double side_mm);
// The place whose triangle contains `point` (points on a shared side go to either).
Place place_at(PointMm point, double side_mm);

}  // namespace tableref::referee::trio
