#pragma once
// Trio Monsters: the triangular lattice a layout lies on, read from where its monsters are.
//
// Each body's ellipse tells the table's scale and tilt around it; the bodies of edge neighbours
// lie a lattice side / sqrt(3) apart in one of three directions. Starting from the card with the
// most neighbours, every other card is placed in turn, nearest first, at the lattice place its
// position predicts from the cards already placed around it (a local affine fit, so lens
// distortion and perspective only matter locally).

#include <array>
#include <opencv2/core.hpp>
#include <optional>
#include <vector>

#include "referee/trio/lattice.hpp"
#include "trio_bodies.hpp"

namespace tableref::vision::trio {

struct LatticeFit {
  double side_mm = 80;  // lattice side in the bodies' rectified millimetres
  std::vector<std::optional<referee::trio::Place>> places;  // per body; nullopt: fits no place
  // Per body: the turn from the lattice frame to the body's rectified frame (degrees).
  std::vector<double> frames_deg;
  // Cards whose place disagrees with what the cards around them predict.
  int inconsistent = 0;
};

LatticeFit fit_lattice(const std::vector<MonsterBody>& bodies, double max_place_error);

// Image -> lattice millimetres around one card, from the placed cards near it.
class LocalLattice {
 public:
  LocalLattice(const std::vector<MonsterBody>& bodies, const LatticeFit& fit, std::size_t card);

  cv::Point2d lattice_from_image(cv::Point2d pixel) const;
  cv::Point2d image_from_lattice(cv::Point2d lattice_mm) const;
  // The card's outer corners in the image, clockwise, pinned to its body's centre.
  std::array<cv::Point2d, 3> card_corners(referee::trio::Place place, double card_side_mm) const;
  double px_per_mm() const;

 private:
  cv::Matx22d linear_;  // lattice mm per pixel
  cv::Point2d pixel_origin_, lattice_origin_;
};

}  // namespace tableref::vision::trio
