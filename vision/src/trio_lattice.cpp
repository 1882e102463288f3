#include "trio_lattice.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <map>
#include <numbers>

namespace tableref::vision::trio {

namespace {

using referee::trio::Place;

constexpr double kSqrt3 = 1.73205080756887729353;
constexpr double kDegree = std::numbers::pi / 180;
// Cards further apart than this many lattice sides say little about each other's place.
constexpr double kNearbySides = 2.6;
constexpr std::size_t kMostNearby = 8;
// Bodies further apart than this many sides cannot touch, even by a corner (corner neighbours lie
// at most 2 / sqrt(3) sides apart, plus what hands add).
constexpr double kApartSides = 1.35;

cv::Point2d to_point(referee::trio::PointMm p) {
  return {p.x, p.y};
}

cv::Vec2d as_vec(cv::Point2d p) {
  return {p.x, p.y};
}
cv::Point2d as_point(cv::Vec2d v) {
  return {v[0], v[1]};
}

cv::Matx22d rotation(double angle_deg) {
  const double c = std::cos(angle_deg * kDegree), s = std::sin(angle_deg * kDegree);
  return {c, -s, s, c};
}

double angle_of(cv::Point2d v) {
  return std::atan2(v.y, v.x) / kDegree;
}

// The vector from body a to body b in table millimetres (up to a rotation), through the mean of
// both bodies' rectifiers.
cv::Point2d rectified(const std::vector<MonsterBody>& bodies, std::size_t a, std::size_t b) {
  const cv::Matx22d mean = 0.5 * (bodies[a].mm_from_px + bodies[b].mm_from_px);
  return as_point(mean * as_vec(bodies[b].centre - bodies[a].centre));
}

// Mean of angles (degrees) taken modulo `period`.
double circular_mean(const std::vector<double>& angles_deg, double period) {
  std::complex<double> sum(0, 0);
  const double turns = 360.0 / period;
  for (const double angle : angles_deg) sum += std::polar(1.0, angle * turns * kDegree);
  return std::arg(sum) / kDegree / turns;
}

// Least-squares affine map image -> lattice from (pixel offset, lattice point, weight)
// correspondences; nullopt when they do not fix one that keeps the image's handedness.
struct Affine {
  cv::Matx22d linear;
  cv::Point2d offset;  // lattice point of pixel offset (0, 0)
};
struct Correspondence {
  cv::Point2d pixel_offset;
  cv::Point2d lattice;
  double weight;
};
std::optional<Affine> fit_affine(const std::vector<Correspondence>& pairs) {
  if (pairs.size() < 3) return std::nullopt;
  cv::Mat design(static_cast<int>(pairs.size()), 3, CV_64F);
  cv::Mat targets(static_cast<int>(pairs.size()), 2, CV_64F);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const int row = static_cast<int>(i);
    const double w = std::sqrt(pairs[i].weight);
    design.at<double>(row, 0) = w * pairs[i].pixel_offset.x;
    design.at<double>(row, 1) = w * pairs[i].pixel_offset.y;
    design.at<double>(row, 2) = w;
    targets.at<double>(row, 0) = w * pairs[i].lattice.x;
    targets.at<double>(row, 1) = w * pairs[i].lattice.y;
  }
  cv::Mat singular;
  cv::SVD::compute(design, singular);
  if (singular.at<double>(2) < 1e-6 * singular.at<double>(0)) return std::nullopt;
  cv::Mat solution;
  if (!cv::solve(design, targets, solution, cv::DECOMP_SVD)) return std::nullopt;
  Affine affine;
  affine.linear = {solution.at<double>(0, 0), solution.at<double>(1, 0), solution.at<double>(0, 1),
                   solution.at<double>(1, 1)};
  affine.offset = {solution.at<double>(2, 0), solution.at<double>(2, 1)};
  if (cv::determinant(affine.linear) <= 0) return std::nullopt;
  return affine;
}

class Placer {
 public:
  Placer(const std::vector<MonsterBody>& bodies, double max_place_error)
      : bodies_(bodies), max_error_(max_place_error), count_(bodies.size()) {
    distance_.assign(count_ * count_, 0);
    for (std::size_t a = 0; a < count_; ++a) {
      for (std::size_t b = 0; b < count_; ++b) {
        distance_[a * count_ + b] = a == b ? 0 : cv::norm(rectified(bodies, a, b));
      }
    }
    fit_.places.assign(count_, std::nullopt);
    frame_deg_.assign(count_, 0);
    fit_.side_mm = estimate_side();
  }

  LatticeFit run() {
    if (count_ == 0) return fit_;
    const std::size_t seed = seed_card();
    frame_deg_[seed] = seed_frame(seed);
    place(seed, Place{0, 0});
    std::vector<bool> failed(count_, false);
    while (true) {
      // The unplaced card nearest to any placed card goes next.
      std::size_t next = count_, from = count_;
      double nearest = 1e300;
      for (std::size_t q = 0; q < count_; ++q) {
        if (fit_.places[q] || failed[q]) continue;
        for (std::size_t p = 0; p < count_; ++p) {
          if (fit_.places[p] && distance(p, q) < nearest) {
            nearest = distance(p, q);
            next = q;
            from = p;
          }
        }
      }
      if (next == count_) break;
      const std::optional<Place> found = free_place_near(predict(next, from), nearest);
      if (!found) {
        failed[next] = true;
        continue;
      }
      place(next, *found);
      frame_deg_[next] = local_frame(next, from);
    }
    check_consistency();
    return fit_;
  }

  double frame_deg(std::size_t card) const { return frame_deg_[card]; }

 private:
  double distance(std::size_t a, std::size_t b) const { return distance_[a * count_ + b]; }

  bool edge_like(std::size_t a, std::size_t b) const {
    const double d = distance(a, b);
    return a != b && d > 36 && d < 60;
  }

  // Edge neighbours' bodies lie side / sqrt(3) apart.
  double estimate_side() const {
    std::vector<double> sides;
    for (std::size_t a = 0; a < count_; ++a) {
      for (std::size_t b = a + 1; b < count_; ++b) {
        if (edge_like(a, b)) sides.push_back(distance(a, b) * kSqrt3);
      }
    }
    if (sides.empty()) return 82;
    std::nth_element(sides.begin(), sides.begin() + static_cast<std::ptrdiff_t>(sides.size() / 2),
                     sides.end());
    return std::clamp(sides[sides.size() / 2], 74.0, 92.0);
  }

  // The card with the most edge neighbours, nearest the layout's middle among equals.
  std::size_t seed_card() const {
    cv::Point2d middle(0, 0);
    for (const MonsterBody& body : bodies_) middle += body.centre;
    middle /= static_cast<double>(count_);
    std::size_t best = 0;
    std::pair<int, double> best_key{-1, 0};
    for (std::size_t a = 0; a < count_; ++a) {
      int neighbours = 0;
      for (std::size_t b = 0; b < count_; ++b) neighbours += edge_like(a, b);
      const std::pair<int, double> key{neighbours, -cv::norm(bodies_[a].centre - middle)};
      if (key > best_key) {
        best_key = key;
        best = a;
      }
    }
    return best;
  }

  // The seed points up: its neighbours lie at 90, 210 and 330 degrees of the lattice frame.
  double seed_frame(std::size_t seed) const {
    std::vector<double> angles;
    for (std::size_t b = 0; b < count_; ++b) {
      if (edge_like(seed, b)) angles.push_back(angle_of(rectified(bodies_, seed, b)) - 90);
    }
    if (!angles.empty()) return circular_mean(angles, 120);
    // Alone: its eyes look towards its tip, which points to 270 degrees.
    if (bodies_[seed].eyes_mm) return angle_of(*bodies_[seed].eyes_mm) + 90;
    return 0;
  }

  cv::Point2d centroid(std::size_t card) const {
    return to_point(referee::trio::centroid_mm(*fit_.places[card], fit_.side_mm));
  }

  std::vector<Correspondence> nearby_placed(std::size_t card, bool include_self) const {
    std::vector<std::pair<double, std::size_t>> near;
    for (std::size_t p = 0; p < count_; ++p) {
      if (!fit_.places[p] || (p == card && !include_self)) continue;
      if (distance(card, p) <= kNearbySides * fit_.side_mm) near.push_back({distance(card, p), p});
    }
    std::sort(near.begin(), near.end());
    if (near.size() > kMostNearby) near.resize(kMostNearby);
    std::vector<Correspondence> pairs;
    for (const auto& [d, p] : near) {
      const double weight = 1.0 / std::pow(d + fit_.side_mm / 2, 2);
      pairs.push_back({bodies_[p].centre - bodies_[card].centre, centroid(p), weight});
    }
    return pairs;
  }

  // Where `card` lies on the lattice, predicted from the placed cards around it or, with fewer
  // than three, from `from` alone.
  cv::Point2d predict(std::size_t card, std::size_t from) const {
    if (const auto affine = fit_affine(nearby_placed(card, false))) return affine->offset;
    const cv::Point2d step = rectified(bodies_, from, card);
    return centroid(from) + as_point(rotation(-frame_deg_[from]) * as_vec(step));
  }

  // The free place nearest `lattice` within the error allowed. A card far from every placed card
  // touches none of them, whatever its exact place: it may lie further from its prediction (which
  // reached far), on any place that touches no placed card.
  std::optional<Place> free_place_near(cv::Point2d lattice, double nearest_mm) const {
    const bool apart = nearest_mm > kApartSides * fit_.side_mm;
    const Place guess = referee::trio::place_at({lattice.x, lattice.y}, fit_.side_mm);
    std::optional<Place> best;
    double best_error = (apart ? 0.5 : max_error_) * fit_.side_mm;
    for (int row = guess.row - 1; row <= guess.row + 1; ++row) {
      for (int col = guess.col - 2; col <= guess.col + 2; ++col) {
        const Place candidate{col, row};
        if (occupied_.contains(candidate) || (apart && touches_placed(candidate))) continue;
        const double error =
            cv::norm(to_point(referee::trio::centroid_mm(candidate, fit_.side_mm)) - lattice);
        if (error < best_error) {
          best_error = error;
          best = candidate;
        }
      }
    }
    return best;
  }

  bool touches_placed(Place place) const {
    for (const Place& next : referee::trio::edge_neighbours(place))
      if (occupied_.contains(next)) return true;
    for (const Place& next : referee::trio::corner_neighbours(place))
      if (occupied_.contains(next)) return true;
    return false;
  }

  void place(std::size_t card, Place at) {
    fit_.places[card] = at;
    occupied_[at] = card;
  }

  // The rotation from the lattice frame to the card's rectified frame, from the placed cards
  // around it.
  double local_frame(std::size_t card, std::size_t from) const {
    std::vector<double> angles;
    for (std::size_t p = 0; p < count_; ++p) {
      if (p == card || !fit_.places[p] || distance(card, p) > 1.3 * fit_.side_mm) continue;
      angles.push_back(angle_of(rectified(bodies_, card, p)) -
                       angle_of(centroid(p) - centroid(card)));
    }
    return angles.empty() ? frame_deg_[from] : circular_mean(angles, 360);
  }

  // A card whose place the cards around it do not predict was placed from a misleading view.
  void check_consistency() {
    for (std::size_t card = 0; card < count_; ++card) {
      if (!fit_.places[card]) continue;
      const auto affine = fit_affine(nearby_placed(card, false));
      if (!affine) continue;
      const Place predicted =
          referee::trio::place_at({affine->offset.x, affine->offset.y}, fit_.side_mm);
      if (predicted != *fit_.places[card]) ++fit_.inconsistent;
    }
  }

  const std::vector<MonsterBody>& bodies_;
  double max_error_;
  std::size_t count_;
  std::vector<double> distance_;
  std::vector<double> frame_deg_;
  std::map<Place, std::size_t> occupied_;
  LatticeFit fit_;
};

}  // namespace

LatticeFit fit_lattice(const std::vector<MonsterBody>& bodies, double max_place_error) {
  Placer placer(bodies, max_place_error);
  LatticeFit fit = placer.run();
  fit.frames_deg.resize(bodies.size());
  for (std::size_t card = 0; card < bodies.size(); ++card)
    fit.frames_deg[card] = placer.frame_deg(card);
  return fit;
}

LocalLattice::LocalLattice(const std::vector<MonsterBody>& bodies, const LatticeFit& fit,
                           std::size_t card)
    : pixel_origin_(bodies[card].centre) {
  std::vector<Correspondence> pairs;
  if (fit.places[card]) {
    for (std::size_t p = 0; p < bodies.size(); ++p) {
      if (!fit.places[p]) continue;
      const cv::Point2d step = rectified(bodies, card, p);
      const double d = cv::norm(step);
      if (d > kNearbySides * fit.side_mm) continue;
      pairs.push_back({bodies[p].centre - bodies[card].centre,
                       to_point(referee::trio::centroid_mm(*fit.places[p], fit.side_mm)),
                       1.0 / std::pow(d + fit.side_mm / 2, 2)});
    }
  }
  if (const auto affine = fit_affine(pairs)) {
    linear_ = affine->linear;
    // Pinned to the body: the card's own centroid, wherever its neighbours put the lattice.
    lattice_origin_ = to_point(referee::trio::centroid_mm(*fit.places[card], fit.side_mm));
    return;
  }
  linear_ = rotation(-fit.frames_deg[card]) * bodies[card].mm_from_px;
  lattice_origin_ = fit.places[card]
                        ? to_point(referee::trio::centroid_mm(*fit.places[card], fit.side_mm))
                        : cv::Point2d(0, 0);
}

cv::Point2d LocalLattice::lattice_from_image(cv::Point2d pixel) const {
  return lattice_origin_ + as_point(linear_ * as_vec(pixel - pixel_origin_));
}

cv::Point2d LocalLattice::image_from_lattice(cv::Point2d lattice_mm) const {
  return pixel_origin_ + as_point(linear_.inv() * as_vec(lattice_mm - lattice_origin_));
}

std::array<cv::Point2d, 3> LocalLattice::card_corners(Place place, double card_side_mm) const {
  // The card's own corners about its centroid, in the lattice's orientation at its place.
  const auto unit = referee::trio::corners_mm(place, 1.0);
  const cv::Point2d centre = to_point(referee::trio::centroid_mm(place, 1.0));
  std::array<cv::Point2d, 3> corners;
  for (std::size_t i = 0; i < 3; ++i) {
    const cv::Point2d offset = (to_point(unit[i]) - centre) * card_side_mm;
    corners[i] = pixel_origin_ + as_point(linear_.inv() * as_vec(offset));
  }
  // Clockwise in the image (y down: a positive cross product).
  if ((corners[1] - corners[0]).cross(corners[2] - corners[0]) < 0)
    std::swap(corners[1], corners[2]);
  return corners;
}

double LocalLattice::px_per_mm() const {
  return 1.0 / std::sqrt(std::abs(cv::determinant(linear_)));
}

}  // namespace tableref::vision::trio
