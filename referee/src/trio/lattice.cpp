#include "referee/trio/lattice.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace tableref::referee::trio {

namespace {
constexpr double kHeightPerSide = 0.86602540378443864676;  // sqrt(3) / 2

int shared_vertices(Place a, Place b) {
  const auto va = vertices(a);
  const auto vb = vertices(b);
  int shared = 0;
  for (const Vertex& v : va) shared += static_cast<int>(std::count(vb.begin(), vb.end(), v));
  return shared;
}
}  // namespace

bool points_up(Place place) {
  return ((place.col + place.row) % 2 + 2) % 2 == 0;
}

std::array<Vertex, 3> vertices(Place place) {
  const int c = place.col;
  const int r = place.row;
  if (points_up(place)) return {Vertex{c + 1, r}, Vertex{c + 2, r + 1}, Vertex{c, r + 1}};
  return {Vertex{c, r}, Vertex{c + 2, r}, Vertex{c + 1, r + 1}};
}

std::array<Place, 3> edge_neighbours(Place place) {
  const int vertical = points_up(place) ? 1 : -1;  // an up triangle's flat side is at the bottom
  return {Place{place.col - 1, place.row}, Place{place.col + 1, place.row},
          Place{place.col, place.row + vertical}};
}

std::array<Place, 9> corner_neighbours(Place place) {
  std::array<Place, 9> found{};
  std::size_t count = 0;
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -2; dc <= 2; ++dc) {
      const Place other{place.col + dc, place.row + dr};
      if (share_corner_only(place, other)) found[count++] = other;
    }
  }
  return found;  // always 9 on the lattice
}

bool share_edge(Place a, Place b) {
  return a != b && shared_vertices(a, b) == 2;
}
bool share_corner_only(Place a, Place b) {
  return a != b && shared_vertices(a, b) == 1;
}

std::array<PointMm, 3> corners_mm(Place place, double side_mm) {
  std::array<PointMm, 3> corners{};
  const auto vs = vertices(place);
  for (std::size_t i = 0; i < 3; ++i) {
    corners[i] = {vs[i].x * side_mm / 2.0, vs[i].y * side_mm * kHeightPerSide};
  }
  return corners;
}

PointMm centroid_mm(Place place, double side_mm) {
  const auto c = corners_mm(place, side_mm);
  return {(c[0].x + c[1].x + c[2].x) / 3.0, (c[0].y + c[1].y + c[2].y) / 3.0};
}

Place place_at(PointMm point, double side_mm) {
  const int row = static_cast<int>(std::floor(point.y / (side_mm * kHeightPerSide)));
  const int guess = static_cast<int>(std::floor(point.x / (side_mm / 2.0)));
  // The containing triangle is the one of this row whose centroid is nearest.
  Place best{guess, row};
  double best_distance = 1e300;
  for (int col = guess - 2; col <= guess + 1; ++col) {
    const PointMm centre = centroid_mm(Place{col, row}, side_mm);
    const double distance = std::hypot(centre.x - point.x, centre.y - point.y);
    if (distance < best_distance) {
      best_distance = distance;
      best = Place{col, row};
    }
  }
  return best;
}

}  // namespace tableref::referee::trio
