// Trio Monsters on the capture pipeline: the cards' art as flat pieces, and the truth of a photo.

#include "trio_render.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <variant>

#include "printed_copy.hpp"
#include "referee/trio/detached.hpp"
#include "referee/trio/layout.hpp"
#include "samples/camera.hpp"
#include "samples/capture.hpp"
#include "samples/trio_scene.hpp"
#include "truth_json.hpp"

namespace tableref::samples {

namespace {

using referee::Colour;
using referee::trio::Place;

constexpr double kCardHeightMm = kTrioCardSideMm * std::numbers::sqrt3 / 2;
// Drawing area of a card pointing up: its tip at the top edge, its centroid in the middle.
const cv::Size2d kCanvasMm(kTrioCardSideMm, 4 * kCardHeightMm / 3);
const cv::Point2d kCentroidMm(kTrioCardSideMm / 2, 2 * kCardHeightMm / 3);
// components.md: the eyes sit in the body's upper half.
constexpr double kEyeAcrossMm = 6.8, kEyeAboveMm = 6.0;
// A card counts as hidden when less than this share of it can be seen.
constexpr double kMostlyVisible = 0.95;
// Hands over this much of a card make the scene one to read again once they are gone.
constexpr double kUnstableBelow = 0.8;

const cv::Vec3d kWhite{255, 255, 255};
const unsigned kFieldCream = 0xF5EEDC;

std::vector<cv::Point2d> card_corners_local() {
  return {{kTrioCardSideMm / 2, 0}, {kTrioCardSideMm, kCardHeightMm}, {0, kCardHeightMm}};
}

// The card's corners pulled towards its centroid until its sides lie `inset_mm` further in.
std::vector<cv::Point2d> inset_corners(double inset_mm) {
  const double inradius = kTrioCardSideMm / (2 * std::numbers::sqrt3);
  const double scale = (inradius - inset_mm) / inradius;
  std::vector<cv::Point2d> corners = card_corners_local();
  for (cv::Point2d& corner : corners) corner = kCentroidMm + (corner - kCentroidMm) * scale;
  return corners;
}

// One printed copy of a card, pointing up (the piece's turn turns the whole art).
struct TrioCardArt {
  cv::Vec3d border, field, monster, eye, pupil;

  void operator()(PieceCanvas& canvas) const {
    canvas.fill_background(border);
    canvas.fill_polygon(rounded_polygon(card_corners_local(), kTrioCornerRadiusMm), border);
    canvas.fill_polygon(
        rounded_polygon(inset_corners(kTrioBorderMm), kTrioCornerRadiusMm - kTrioBorderMm), field);
    canvas.fill_circle(kCentroidMm, kTrioMonsterDiameterMm, monster);
    for (const double side : {-1.0, 1.0}) {
      const cv::Point2d eye_centre = kCentroidMm + cv::Point2d(side * kEyeAcrossMm, -kEyeAboveMm);
      canvas.fill_circle(eye_centre, kTrioEyeDiameterMm, eye);
      // The pupils look a little inwards and down, as drawn monsters do.
      canvas.fill_circle(eye_centre + cv::Point2d(-side * 0.8, 0.9), kTrioPupilDiameterMm, pupil);
    }
  }
};

TrioCardArt print_card(Colour colour, double variation, std::mt19937_64& rng) {
  PrintedCopy copy(variation, rng);
  TrioCardArt art;
  art.border = copy.ink(kWhite);
  art.field = copy.ink(hex_rgb(kFieldCream));
  art.monster = copy.ink(rgb_of(referee::reference_rgb(colour)));
  art.eye = copy.ink(kWhite);
  art.pupil = copy.ink(rgb_of(referee::reference_rgb(Colour::black)));
  return art;
}

}  // namespace

TableLayout trio_table_layout(const TrioScene& scene, const CaptureConditions& conditions,
                              std::mt19937_64& rng) {
  TableLayout layout;
  for (const TrioCardLayout& card : scene.cards) {
    const TrioCardPose pose = trio_card_pose(scene, card);
    FlatPiece piece;
    piece.size_mm = kCanvasMm;
    piece.outline_mm = card_corners_local();
    piece.centre_mm = pose.centroid_mm;
    piece.angle_deg = pose.angle_deg;
    piece.height_mm = 0;  // cards lie side by side, never on each other
    piece.thickness_mm = kTrioCardThicknessMm;
    piece.paint = print_card(card.colour, conditions.print_variation, rng);
    layout.pieces.push_back(std::move(piece));
  }
  return layout;
}

namespace {

// ---- Truth ----------------------------------------------------------------------------------

// Share of the points that the camera sees unhidden.
double visible_share(const Photo& photo, const std::vector<cv::Point2d>& table_points) {
  if (table_points.empty()) return 1;
  double seen = 0;
  for (const cv::Point2d& point : table_points)
    seen += 1 - occlusion_at(photo, photo.camera.image_from_table(point));
  return seen / static_cast<double>(table_points.size());
}

// Points every 2 mm inside the card's triangle, and inside its monster's body.
std::vector<cv::Point2d> card_points(const std::array<cv::Point2d, 3>& corners) {
  std::vector<cv::Point2d> points;
  constexpr int kSteps = 40;  // 80 mm sides
  for (int i = 0; i <= kSteps; ++i) {
    for (int j = 0; i + j <= kSteps; ++j) {
      const double u = double(i) / kSteps, v = double(j) / kSteps;
      points.push_back(corners[0] + (corners[1] - corners[0]) * u + (corners[2] - corners[0]) * v);
    }
  }
  return points;
}

std::vector<cv::Point2d> body_points(cv::Point2d centroid_mm) {
  std::vector<cv::Point2d> points;
  const double radius = kTrioMonsterDiameterMm / 2;
  for (double dy = -radius; dy <= radius; dy += 2) {
    for (double dx = -radius; dx <= radius; dx += 2) {
      if (dx * dx + dy * dy <= radius * radius) points.push_back(centroid_mm + cv::Point2d(dx, dy));
    }
  }
  return points;
}

// The corners as the image shows them, clockwise in the image, the tip first.
std::array<cv::Point2d, 3> image_corners(const Photo& photo,
                                         const std::array<cv::Point2d, 3>& corners_mm) {
  std::array<cv::Point2d, 3> pixels;
  for (std::size_t i = 0; i < 3; ++i) pixels[i] = photo.camera.image_from_table(corners_mm[i]);
  const double cross = (pixels[1] - pixels[0]).cross(pixels[2] - pixels[0]);
  if (cross < 0) std::swap(pixels[1], pixels[2]);  // y down: clockwise has a positive cross
  return pixels;
}

nlohmann::json id_list(const std::vector<int>& ids) {
  nlohmann::json list = nlohmann::json::array();
  for (const int id : ids) list.push_back(id);
  return list;
}

// The ids of the cards that touch `place` in the way `share` tells.
template <typename Share>
std::vector<int> ids_where(const TrioScene& scene, Place place, const Share& share) {
  std::vector<int> ids;
  for (std::size_t other = 0; other < scene.cards.size(); ++other) {
    if (share(place, scene.cards[other].place)) ids.push_back(static_cast<int>(other));
  }
  return ids;
}

// interface.md: the cards touching no card of the largest group, not even by a corner. When
// groups tie for largest the players choose, so no card is detached yet.
std::vector<int> detached_ids(const TrioScene& scene, bool& tie) {
  std::vector<referee::trio::LaidCard> laid;
  for (const TrioCardLayout& card : scene.cards)
    laid.push_back({card.card_id, card.colour, card.place});
  const auto layout = referee::trio::Layout::from_cards(laid);
  assert(layout && "scenes hold each card once, one per place");
  const referee::trio::Detachment detachment = referee::trio::detached_cards(layout.value());
  tie = std::holds_alternative<referee::trio::LargestGroupTie>(detachment);
  std::vector<int> ids;
  if (tie) return ids;
  const auto& places = std::get<referee::trio::PlaceSet>(detachment);
  for (std::size_t index = 0; index < scene.cards.size(); ++index) {
    if (places.contains(scene.cards[index].place)) ids.push_back(static_cast<int>(index));
  }
  return ids;
}

}  // namespace

nlohmann::json trio_truth(const TrioScene& scene, const Photo& photo) {
  nlohmann::json cards = nlohmann::json::array(), facts = nlohmann::json::array();
  bool unstable = false;
  for (std::size_t index = 0; index < scene.cards.size(); ++index) {
    const TrioCardLayout& card = scene.cards[index];
    const TrioCardPose pose = trio_card_pose(scene, card);
    const std::array<cv::Point2d, 3> corners_mm = trio_card_corners(scene, card);
    nlohmann::json polygon = nlohmann::json::array();
    for (const cv::Point2d& pixel : image_corners(photo, corners_mm))
      polygon.push_back(pixel_json(pixel));
    cards.push_back(
        {{"id", index},
         {"polygon", polygon},
         {"center", pixel_json(photo.camera.image_from_table(pose.centroid_mm))},
         {"color", referee::colour_name(card.colour)},
         {"edge_neighbors", id_list(ids_where(scene, card.place, referee::trio::share_edge))},
         {"corner_neighbors",
          id_list(ids_where(scene, card.place, referee::trio::share_corner_only))}});
    const double visible = visible_share(photo, card_points(corners_mm));
    const double body_visible = visible_share(photo, body_points(pose.centroid_mm));
    unstable = unstable || visible < kUnstableBelow;
    facts.push_back({{"deck_id", card.card_id},
                     {"place", {card.place.col, card.place.row}},
                     {"points_up", referee::trio::points_up(card.place)},
                     {"offset_mm", {rounded(card.offset_mm.x, 3), rounded(card.offset_mm.y, 3)}},
                     {"turn_deg", rounded(card.turn_deg, 3)},
                     {"visible_fraction", rounded(visible)},
                     {"monster_visible_fraction", rounded(body_visible)},
                     {"occluded", visible < kMostlyVisible}});
  }
  bool tie = false;
  const std::vector<int> detached = detached_ids(scene, tie);
  return {{"game", "trio"},
          {"status", unstable ? "unstable" : "ok"},
          {"cards", cards},
          {"detached", id_list(detached)},
          {"truth",
           {{"image_size", {photo.image_bgr.cols, photo.image_bgr.rows}},
            {"cards", facts},
            {"largest_group_tie", tie},
            {"lattice",
             {{"pitch_mm", rounded(scene.pitch_mm, 4)},
              {"origin_mm", {rounded(scene.origin_mm.x, 3), rounded(scene.origin_mm.y, 3)}},
              {"angle_deg", rounded(scene.angle_deg, 4)}}},
            {"camera", photo.camera.to_json()},
            {"hands", photo.details.at("hands")},
            {"glare", photo.details.at("glare")}}}};
}

std::optional<RenderedImage> try_render_trio(const TrioScene& scene,
                                             const CaptureConditions& conditions,
                                             std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const TableLayout layout = trio_table_layout(scene, conditions, rng);
  const std::optional<TableCamera> camera = fit_camera(conditions, layout.outlines_on_table());
  if (!camera) return std::nullopt;
  const Photo photo = capture_photo(layout, conditions, *camera, rng());
  nlohmann::json truth = trio_truth(scene, photo);
  truth["truth"]["conditions"] = to_json(conditions);
  truth["truth"]["render_seed"] = seed;
  return RenderedImage{photo.image_bgr, std::move(truth)};
}

RenderedImage render_trio(const TrioScene& scene, const CaptureConditions& conditions,
                          std::uint64_t seed) {
  if (scene.cards.empty()) throw std::invalid_argument("a trio scene needs at least one card");
  std::optional<RenderedImage> rendered = try_render_trio(scene, conditions, seed);
  if (!rendered) {
    throw std::invalid_argument("the layout is too large to frame with every card at least 70 px");
  }
  return std::move(*rendered);
}

}  // namespace tableref::samples
