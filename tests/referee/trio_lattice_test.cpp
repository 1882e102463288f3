#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "referee/trio/lattice.hpp"

namespace tableref::referee::trio {
namespace {

TEST(TrioLattice, EveryPlaceHasThreeEdgeAndNineCornerNeighbours) {
  for (int row = -3; row <= 3; ++row) {
    for (int col = -4; col <= 4; ++col) {
      const Place place{col, row};
      std::set<Place> edges;
      for (const Place n : edge_neighbours(place)) {
        EXPECT_TRUE(share_edge(place, n));
        EXPECT_NE(points_up(place), points_up(n));
        edges.insert(n);
      }
      EXPECT_EQ(edges.size(), 3u);
      std::set<Place> corners;
      for (const Place n : corner_neighbours(place)) {
        EXPECT_TRUE(share_corner_only(place, n));
        EXPECT_FALSE(edges.count(n));
        corners.insert(n);
      }
      EXPECT_EQ(corners.size(), 9u);
    }
  }
}

TEST(TrioLattice, UpTriangleSharesItsBaseWithTheDownTriangleBelow) {
  EXPECT_TRUE(points_up(Place{0, 0}));
  EXPECT_FALSE(points_up(Place{0, 1}));
  EXPECT_FALSE(points_up(Place{-1, 0}));
  EXPECT_TRUE(share_edge(Place{0, 0}, Place{0, 1}));
  EXPECT_FALSE(share_edge(Place{0, 0}, Place{0, -1}));
  EXPECT_TRUE(share_corner_only(Place{0, 0}, Place{0, -1}));
  EXPECT_FALSE(share_edge(Place{0, 0}, Place{2, 0}));
  EXPECT_TRUE(share_corner_only(Place{0, 0}, Place{2, 0}));
}

TEST(TrioLattice, PlaceAtFindsTheTriangleAroundItsCentroid) {
  constexpr double kSide = 80.0;
  for (int row = -2; row <= 2; ++row) {
    for (int col = -3; col <= 3; ++col) {
      const Place place{col, row};
      EXPECT_EQ(place_at(centroid_mm(place, kSide), kSide), place);
      const auto corners = corners_mm(place, kSide);
      const PointMm centre = centroid_mm(place, kSide);
      // A point most of the way to a corner is still inside.
      const PointMm near_corner{centre.x + 0.8 * (corners[0].x - centre.x),
                                centre.y + 0.8 * (corners[0].y - centre.y)};
      EXPECT_EQ(place_at(near_corner, kSide), place);
    }
  }
}

TEST(TrioLattice, SidesAreEightyMillimetres) {
  const auto c = corners_mm(Place{3, 1}, 80.0);
  for (int i = 0; i < 3; ++i) {
    const auto& a = c[static_cast<std::size_t>(i)];
    const auto& b = c[static_cast<std::size_t>((i + 1) % 3)];
    EXPECT_NEAR(std::hypot(a.x - b.x, a.y - b.y), 80.0, 1e-9);
  }
}

}  // namespace
}  // namespace tableref::referee::trio
