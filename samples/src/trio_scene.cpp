#include "samples/trio_scene.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <map>
#include <numbers>
#include <numeric>
#include <set>

#include "plane.hpp"
#include "random_draws.hpp"
#include "referee/deck.hpp"
#include "samples/capture.hpp"

namespace tableref::samples {

namespace {

using referee::trio::Place;

cv::Point2d to_point(referee::trio::PointMm point) {
  return {point.x, point.y};
}

// The rounded outline of a card on the table: what touches a neighbour.
std::vector<cv::Point2d> card_outline(const TrioScene& scene, const TrioCardLayout& card) {
  const std::array<cv::Point2d, 3> corners = trio_card_corners(scene, card);
  return rounded_polygon(corners, kTrioCornerRadiusMm);
}

// How far apart two convex polygons are along the axis that parts them best (negative: by how
// much they overlap).
double separation(const std::vector<cv::Point2d>& a, const std::vector<cv::Point2d>& b) {
  double best = -1e300;
  for (const auto* polygon : {&a, &b}) {
    const auto& own = *polygon;
    const auto& other = polygon == &a ? b : a;
    for (std::size_t i = 0; i < own.size(); ++i) {
      const cv::Point2d edge = own[(i + 1) % own.size()] - own[i];
      const double length = std::hypot(edge.x, edge.y);
      if (length < 1e-9) continue;
      // Clockwise outlines (y down): the outward normal is the edge turned a quarter to the left.
      const cv::Point2d outward(edge.y / length, -edge.x / length);
      double own_far = -1e300, other_near = 1e300;
      for (const cv::Point2d& p : own) own_far = std::max(own_far, p.dot(outward));
      for (const cv::Point2d& p : other) other_near = std::min(other_near, p.dot(outward));
      best = std::max(best, other_near - own_far);
    }
  }
  return best;
}

// The side of `corners` (clockwise, as trio_card_corners gives them) whose outward normal points
// most nearly at `towards`.
std::pair<cv::Point2d, cv::Point2d> facing_side(const std::array<cv::Point2d, 3>& corners,
                                                cv::Point2d towards) {
  const cv::Point2d centre = (corners[0] + corners[1] + corners[2]) / 3.0;
  std::pair<cv::Point2d, cv::Point2d> best;
  double best_cosine = -2;
  for (std::size_t i = 0; i < 3; ++i) {
    const cv::Point2d middle = (corners[i] + corners[(i + 1) % 3]) / 2.0;
    const cv::Point2d out = middle - centre, to = towards - centre;
    const double cosine = out.dot(to) / (cv::norm(out) * cv::norm(to));
    if (cosine > best_cosine) {
      best_cosine = cosine;
      best = {corners[i], corners[(i + 1) % 3]};
    }
  }
  return best;
}

// ---- Growing a layout --------------------------------------------------------------------------

bool holds(const std::vector<Place>& places, Place place) {
  return std::find(places.begin(), places.end(), place) != places.end();
}

int edge_contacts(const std::vector<Place>& places, Place place) {
  int count = 0;
  for (const Place& next : referee::trio::edge_neighbours(place)) count += holds(places, next);
  return count;
}

bool touches(const std::vector<Place>& places, Place place) {
  if (edge_contacts(places, place) > 0) return true;
  for (const Place& next : referee::trio::corner_neighbours(place))
    if (holds(places, next)) return true;
  return false;
}

// Adds `count` places to `group`, each along a side of one already in it and accepted by
// `allowed`; places sharing more sides with the group are likelier, as cards fill in a layout.
template <typename Allowed>
void grow(std::mt19937_64& rng, std::vector<Place>& group, int count, const Allowed& allowed) {
  for (int added = 0; added < count; ++added) {
    std::map<Place, int> frontier;
    for (const Place& place : group) {
      for (const Place& next : referee::trio::edge_neighbours(place)) {
        if (!holds(group, next) && allowed(next)) frontier[next] = edge_contacts(group, next);
      }
    }
    if (frontier.empty()) return;
    std::vector<Place> places;
    std::vector<double> weights;
    for (const auto& [place, contacts] : frontier) {
      places.push_back(place);
      weights.push_back(static_cast<double>(contacts * contacts * contacts));
    }
    group.push_back(
        places[std::discrete_distribution<std::size_t>(weights.begin(), weights.end())(rng)]);
  }
}

// A few cards apart from `layout`: touching nothing (`by_corner` false), or only by corners.
std::vector<Place> apart_group(std::mt19937_64& rng, const std::vector<Place>& layout, int count,
                               bool by_corner) {
  const auto clear_of_layout = [&](Place place) {
    return by_corner ? edge_contacts(layout, place) == 0 && !holds(layout, place)
                     : !touches(layout, place);
  };
  std::vector<Place> seeds;
  int min_col = 1 << 20, max_col = -(1 << 20), min_row = 1 << 20, max_row = -(1 << 20);
  for (const Place& place : layout) {
    min_col = std::min(min_col, place.col);
    max_col = std::max(max_col, place.col);
    min_row = std::min(min_row, place.row);
    max_row = std::max(max_row, place.row);
  }
  for (int row = min_row - 3; row <= max_row + 3; ++row) {
    for (int col = min_col - 5; col <= max_col + 5; ++col) {
      const Place place{col, row};
      if (!clear_of_layout(place)) continue;
      bool near = false;  // a corner of the layout, or one or two places away from it
      for (const Place& other : layout) {
        const int reach = by_corner ? 1 : 2;
        near = near || (std::abs(other.row - row) <= reach + 1 &&
                        std::abs(other.col - col) <= 2 * reach + 2);
      }
      const bool corner_contact = touches(layout, place);
      if (near && corner_contact == by_corner) seeds.push_back(place);
    }
  }
  if (seeds.empty()) return {};
  std::vector<Place> group = {
      seeds[std::uniform_int_distribution<std::size_t>(0, seeds.size() - 1)(rng)]};
  grow(rng, group, count - 1, clear_of_layout);
  return group;
}

// ---- Laying cards by hand
// ------------------------------------------------------------------------

bool neighbours_on_lattice(Place a, Place b) {
  return referee::trio::share_edge(a, b) || referee::trio::share_corner_only(a, b);
}

// Whether cards `a` and `b` may lie as they are: not overlapping, and leaving at most
// `max_gap_mm` between them where they share a side.
bool lie_well_together(const TrioScene& scene, const TrioCardLayout& a, const TrioCardLayout& b,
                       double max_gap_mm) {
  if (!neighbours_on_lattice(a.place, b.place)) return true;
  if (separation(card_outline(scene, a), card_outline(scene, b)) < 0) return false;
  if (!referee::trio::share_edge(a.place, b.place)) return true;
  const SideGap gap = trio_side_gap(scene, a, b);
  return gap.smallest_mm >= 0 && gap.largest_mm <= max_gap_mm;
}

// The cards among the first `count` that `card` does not lie well with.
std::vector<std::size_t> conflicts(const TrioScene& scene, std::size_t card, std::size_t count,
                                   double max_gap_mm) {
  std::vector<std::size_t> found;
  for (std::size_t other = 0; other < count; ++other) {
    if (other != card &&
        !lie_well_together(scene, scene.cards[card], scene.cards[other], max_gap_mm)) {
      found.push_back(other);
    }
  }
  return found;
}

// Each card within 3 mm and 5 degrees of its place, as far as its neighbours let it. A card that
// finds no room lies exactly on its place, and so do the cards it then conflicts with: cards on
// their places never overlap, so this ends.
void lay_by_hand(std::mt19937_64& rng, TrioScene& scene, double max_gap_mm) {
  constexpr int kTries = 24;
  for (std::size_t index = 0; index < scene.cards.size(); ++index) {
    TrioCardLayout& card = scene.cards[index];
    bool laid = false;
    for (double reach = 1; reach > 0.1 && !laid; reach /= 2) {
      for (int attempt = 0; attempt < kTries && !laid; ++attempt) {
        const double radius = kTrioMaxOffsetMm * reach * std::sqrt(uniform(rng, 0, 1));
        const double direction = uniform(rng, 0, 2 * std::numbers::pi);
        card.offset_mm = {radius * std::cos(direction), radius * std::sin(direction)};
        card.turn_deg = uniform(rng, -kTrioMaxTurnDeg, kTrioMaxTurnDeg) * reach;
        laid = conflicts(scene, index, index, max_gap_mm).empty();
      }
    }
    if (laid) continue;
    std::vector<std::size_t> to_settle = {index};
    while (!to_settle.empty()) {
      const std::size_t settled = to_settle.back();
      to_settle.pop_back();
      scene.cards[settled].offset_mm = {0, 0};
      scene.cards[settled].turn_deg = 0;
      for (const std::size_t other : conflicts(scene, settled, index + 1, max_gap_mm))
        to_settle.push_back(other);
    }
  }
}

}  // namespace

double trio_pitch_for_gap(double gap_mm) {
  // Parallel sides of neighbours on their places lie (pitch - side) / sqrt(3) apart.
  return kTrioCardSideMm + std::numbers::sqrt3 * gap_mm;
}

TrioCardPose trio_card_pose(const TrioScene& scene, const TrioCardLayout& card) {
  const cv::Point2d lattice_mm =
      to_point(referee::trio::centroid_mm(card.place, scene.pitch_mm)) + card.offset_mm;
  const double facing = referee::trio::points_up(card.place) ? 0 : 180;
  return {scene.origin_mm + rotated(lattice_mm, scene.angle_deg),
          scene.angle_deg + facing + card.turn_deg};
}

std::array<cv::Point2d, 3> trio_card_corners(const TrioScene& scene, const TrioCardLayout& card) {
  const TrioCardPose pose = trio_card_pose(scene, card);
  const double side = kTrioCardSideMm, height = side * std::numbers::sqrt3 / 2;
  // Pointing up, centroid at the origin: tip, bottom right, bottom left (clockwise, y down).
  const std::array<cv::Point2d, 3> upright = {cv::Point2d(0, -2 * height / 3),
                                              cv::Point2d(side / 2, height / 3),
                                              cv::Point2d(-side / 2, height / 3)};
  std::array<cv::Point2d, 3> corners;
  for (std::size_t i = 0; i < 3; ++i)
    corners[i] = pose.centroid_mm + rotated(upright[i], pose.angle_deg);
  return corners;
}

SideGap trio_side_gap(const TrioScene& scene, const TrioCardLayout& a, const TrioCardLayout& b) {
  const std::array<cv::Point2d, 3> corners_a = trio_card_corners(scene, a);
  const std::array<cv::Point2d, 3> corners_b = trio_card_corners(scene, b);
  const cv::Point2d centre_a = trio_card_pose(scene, a).centroid_mm;
  const cv::Point2d centre_b = trio_card_pose(scene, b).centroid_mm;
  const auto side_a = facing_side(corners_a, centre_b);
  const auto side_b = facing_side(corners_b, centre_a);
  // Signed distances of one side's ends beyond the other side's line, both ways.
  const auto beyond = [](std::pair<cv::Point2d, cv::Point2d> side, cv::Point2d centre,
                         cv::Point2d point) {
    const cv::Point2d along = side.second - side.first;
    cv::Point2d normal(along.y, -along.x);
    normal /= cv::norm(normal);
    if ((side.first - centre).dot(normal) < 0) normal = -normal;
    return (point - side.first).dot(normal);
  };
  const std::array<double, 4> gaps = {
      beyond(side_a, centre_a, side_b.first), beyond(side_a, centre_a, side_b.second),
      beyond(side_b, centre_b, side_a.first), beyond(side_b, centre_b, side_a.second)};
  return {*std::min_element(gaps.begin(), gaps.end()), *std::max_element(gaps.begin(), gaps.end())};
}

bool trio_cards_overlap(const TrioScene& scene, const TrioCardLayout& a, const TrioCardLayout& b) {
  return separation(card_outline(scene, a), card_outline(scene, b)) < 0;
}

TrioScene random_trio_scene(std::mt19937_64& rng, const TrioSceneOptions& options) {
  assert(options.min_cards >= 1 && options.min_cards <= options.max_cards);
  const auto& deck = referee::builtin_trio_deck().cards;
  const int count = std::min(uniform_int(rng, options.min_cards, options.max_cards),
                             static_cast<int>(deck.size()));

  // A group apart only when the layout stays clearly the largest group.
  int apart = 0;
  if (count >= 4 && chance(rng, options.apart_group_share))
    apart = uniform_int(rng, 1, std::min(4, (count - 1) / 3));
  const bool by_corner = chance(rng, 0.5);

  std::vector<Place> places = {Place{0, 0}};
  grow(rng, places, count - apart - 1, [](Place) { return true; });
  if (apart > 0) {
    const std::vector<Place> group = apart_group(rng, places, apart, by_corner);
    places.insert(places.end(), group.begin(), group.end());
  }

  std::vector<std::size_t> pool(deck.size());
  std::iota(pool.begin(), pool.end(), std::size_t{0});
  std::shuffle(pool.begin(), pool.end(), rng);
  TrioScene scene;
  for (std::size_t index = 0; index < places.size(); ++index) {
    const referee::TrioCard& card = deck[pool[index]];
    scene.cards.push_back({card.id, card.colour, places[index], {0, 0}, 0});
  }
  // Hands leave a little room between cards: the base gap, then each card's own offset and turn.
  scene.pitch_mm = trio_pitch_for_gap(uniform(rng, 0.2, std::min(1.2, options.max_gap_mm / 2)));
  scene.angle_deg = uniform(rng, 0, 360);
  lay_by_hand(rng, scene, options.max_gap_mm);
  // The layout's middle at the table's origin.
  cv::Point2d middle(0, 0);
  for (const TrioCardLayout& card : scene.cards) middle += trio_card_pose(scene, card).centroid_mm;
  scene.origin_mm = -middle / static_cast<double>(scene.cards.size());
  return scene;
}

}  // namespace tableref::samples
