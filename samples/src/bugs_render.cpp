// Bugs & Co on the capture pipeline: the tiles' art as flat pieces, and the truth of a photo.

#include "bugs_render.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "referee/deck.hpp"
#include "square_pieces.hpp"

namespace tableref::samples {

namespace {

// A collection is not readable with confidence when a hand or glare hides more than this share
// of one of its tiles.
constexpr double kHiddenTileShare = 0.05;
constexpr double kPatternDarkening = 0.55;  // spots and stripes: the body colour, darker
constexpr unsigned kCream = 0xEFE3C2, kGold = 0xC9A227, kDarkInk = 0x2B2B2B, kPupil = 0x1E1E1E;

// The part of `subject` (any simple polygon) between y = top and y = bottom.
std::vector<cv::Point2d> clipped_to_band(const std::vector<cv::Point2d>& subject, double top,
                                         double bottom) {
  const auto clip = [](const std::vector<cv::Point2d>& points, double limit, double sign) {
    // Keeps the points with sign * y <= sign * limit (Sutherland-Hodgman, one edge).
    std::vector<cv::Point2d> kept;
    for (std::size_t i = 0; i < points.size(); ++i) {
      const cv::Point2d from = points[i], to = points[(i + 1) % points.size()];
      const bool from_in = sign * from.y <= sign * limit, to_in = sign * to.y <= sign * limit;
      if (from_in) kept.push_back(from);
      if (from_in != to_in) {
        const double t = (limit - from.y) / (to.y - from.y);
        kept.push_back(from + (to - from) * t);
      }
    }
    return kept;
  };
  return clip(clip(subject, bottom, 1), top, -1);
}

std::vector<cv::Point2d> moved(std::vector<cv::Point2d> points, cv::Point2d by) {
  for (cv::Point2d& point : points) point += by;
  return points;
}

// One printed copy of a monster tile.
struct MonsterTileArt {
  BugBodyArt body;
  referee::BugPattern pattern = referee::BugPattern::plain;
  cv::Vec3d face, body_ink, pattern_ink, eye, pupil;

  void operator()(PieceCanvas& canvas) const {
    const double side = kBugsTileSideMm;
    const cv::Point2d centre(side / 2, side / 2);
    canvas.fill_background(face);
    canvas.fill_rounded_rect({0, 0, side, side}, kBugsCornerRadiusMm, face);
    canvas.fill_polygon(moved(body.outline, centre), body_ink);
    if (pattern == referee::BugPattern::spots) {
      for (const cv::Point2d& spot : body.spot_centres)
        canvas.fill_circle(centre + spot, body.spot_diameter_mm, pattern_ink);
    } else if (pattern == referee::BugPattern::stripes) {
      for (const auto& [top, bottom] : body.stripe_bands) {
        const auto band = clipped_to_band(body.outline, top, bottom);
        if (band.size() >= 3) canvas.fill_polygon(moved(band, centre), pattern_ink);
      }
    }
    for (const cv::Point2d& eye_centre : body.eye_centres) {
      canvas.fill_circle(centre + eye_centre, kBugsEyeDiameterMm, eye);
      canvas.fill_circle(centre + eye_centre + cv::Point2d(0, 0.4), kBugsPupilDiameterMm, pupil);
    }
  }
};

// One printed copy of a trophy: gold border, gold cup, its value in dark dots below the cup.
struct TrophyTileArt {
  int value = 1;
  cv::Vec3d face, gold, dot;

  void operator()(PieceCanvas& canvas) const {
    const double side = kBugsTileSideMm, border = kBugsTrophyBorderMm;
    canvas.fill_background(gold);
    canvas.fill_rounded_rect({0, 0, side, side}, kBugsCornerRadiusMm, gold);
    canvas.fill_rounded_rect({border, border, side - 2 * border, side - 2 * border},
                             kBugsCornerRadiusMm - 1, face);
    // The cup: a bowl, two handles, a stem and a foot, in the upper half.
    const std::vector<cv::Point2d> bowl{{14, 7},    {31, 7},    {29, 15},
                                        {25.5, 18}, {19.5, 18}, {16, 15}};
    canvas.fill_polygon(bowl, gold);
    const std::vector<cv::Point2d> left_handle{{14.5, 8.5}, {11, 9}, {11.5, 13}, {16, 14.5}};
    const std::vector<cv::Point2d> right_handle{{30.5, 8.5}, {34, 9}, {33.5, 13}, {29, 14.5}};
    canvas.stroke_polyline(left_handle, 1.4, gold);
    canvas.stroke_polyline(right_handle, 1.4, gold);
    canvas.fill_rounded_rect({21, 17.5, 3, 3.5}, 0.5, gold);
    canvas.fill_rounded_rect({17.5, 20.5, 10, 2.2}, 0.8, gold);
    const double pitch = 9.0, row = 32.0;
    for (int index = 0; index < value; ++index) {
      canvas.fill_circle({side / 2 + (index - (value - 1) / 2.0) * pitch, row},
                         kBugsTrophyDotDiameterMm, dot);
    }
  }
};

std::function<void(PieceCanvas&)> print_tile(const BugsTileLayout& tile, double variation,
                                             std::mt19937_64& rng) {
  PrintedCopy copy(variation, rng);
  if (tile.is_trophy()) {
    return TrophyTileArt{tile.trophy_value, copy.ink(hex_rgb(kCream)), copy.ink(hex_rgb(kGold)),
                         copy.ink(hex_rgb(kDarkInk))};
  }
  const referee::BugSpecies* species = referee::builtin_bugs_deck().find(tile.species);
  if (species == nullptr) throw std::invalid_argument("unknown Bugs species " + tile.species);
  MonsterTileArt art;
  art.body = bug_body_art(species->shape, species->eyes);
  art.pattern = species->pattern;
  art.face = copy.ink(hex_rgb(kCream));
  const cv::Vec3d body_reference = rgb_of(referee::reference_rgb(tile.body_colour));
  art.body_ink = copy.ink(body_reference);
  art.pattern_ink = copy.ink(body_reference * kPatternDarkening);
  art.eye = copy.ink(hex_rgb(0xFFFFFF));
  art.pupil = copy.ink(hex_rgb(kPupil));
  return art;
}

TableLayout bugs_table_layout(const BugsScene& scene, const CaptureConditions& conditions,
                              std::mt19937_64& rng) {
  TableLayout layout;
  for (const BugsTileLayout& tile : scene.tiles)
    layout.pieces.push_back(bugs_tile_piece(tile, conditions, rng));
  return layout;
}

nlohmann::json score_of(const BugsScene& scene, int player) {
  return referee::bugs::to_json(referee::bugs::score(bugs_collection(scene, player)));
}

}  // namespace

FlatPiece bugs_tile_piece(const BugsTileLayout& tile, const CaptureConditions& conditions,
                          std::mt19937_64& print_rng) {
  return square_piece({tile.centre_mm, tile.angle_deg}, kBugsTileSideMm, 0, kBugsTileThicknessMm,
                      print_tile(tile, conditions.print_variation, print_rng));
}

nlohmann::json bugs_truth(const BugsScene& scene, const Photo& photo) {
  // Reading order: by image row, then column, of the tiles' centres.
  std::vector<std::size_t> order(scene.tiles.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto centre_px = [&](std::size_t index) {
    return photo.camera.image_from_table(scene.tiles[index].centre_mm);
  };
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const cv::Point2d pa = centre_px(a), pb = centre_px(b);
    return std::pair(pa.y, pa.x) < std::pair(pb.y, pb.x);
  });

  referee::bugs::Collection everything;
  nlohmann::json tiles = nlohmann::json::array(), facts_tiles = nlohmann::json::array();
  std::vector<nlohmann::json> player_tiles(static_cast<std::size_t>(scene.players),
                                           nlohmann::json::array());
  bool hidden = false;
  for (std::size_t position = 0; position < order.size(); ++position) {
    const BugsTileLayout& tile = scene.tiles[order[position]];
    const SquarePose pose{tile.centre_mm, tile.angle_deg};
    nlohmann::json entry{
        {"polygon", image_polygon_json(photo, square_corners(pose, kBugsTileSideMm))},
        {"center", pixel_json(centre_px(order[position]))},
        {"kind", tile.is_trophy() ? "trophy" : "monster"}};
    if (tile.is_trophy()) {
      entry["value"] = tile.trophy_value;
      everything.trophies.push_back(tile.trophy_value);
    } else {
      entry["species"] = tile.species;
      everything.species.push_back(tile.species);
    }
    tiles.push_back(entry);
    const double occlusion = square_occlusion(photo, pose, kBugsTileSideMm);
    hidden = hidden || occlusion > kHiddenTileShare;
    facts_tiles.push_back(
        {{"player", tile.player},
         {"body_colour", referee::colour_name(tile.body_colour)},
         {"centre_mm", {rounded(tile.centre_mm.x, 3), rounded(tile.centre_mm.y, 3)}},
         {"angle_deg", rounded(tile.angle_deg, 3)},
         {"occlusion", rounded(occlusion, 3)}});
    if (tile.player >= 0 && tile.player < scene.players)
      player_tiles[static_cast<std::size_t>(tile.player)].push_back(position);
  }
  nlohmann::json players = nlohmann::json::array();
  for (int player = 0; player < scene.players; ++player) {
    players.push_back({{"player", player},
                       {"tiles", player_tiles[static_cast<std::size_t>(player)]},
                       {"score", score_of(scene, player)}});
  }
  nlohmann::json facts = photo_facts(photo);
  facts["tiles"] = facts_tiles;
  facts["deck"] = "builtin";
  return {{"game", "bugs"},     {"status", hidden ? "unstable" : "ok"},
          {"tiles", tiles},     {"score", referee::bugs::to_json(referee::bugs::score(everything))},
          {"players", players}, {"truth", facts}};
}

std::optional<RenderedImage> try_render_bugs(const BugsScene& scene,
                                             const CaptureConditions& conditions,
                                             std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const TableLayout layout = bugs_table_layout(scene, conditions, rng);
  const std::optional<Photo> photo = frame_and_photograph(layout, conditions, rng);
  if (!photo) return std::nullopt;
  nlohmann::json truth = bugs_truth(scene, *photo);
  truth["truth"]["conditions"] = to_json(conditions);
  truth["truth"]["render_seed"] = seed;
  return RenderedImage{photo->image_bgr, std::move(truth)};
}

RenderedImage render_bugs(const BugsScene& scene, const CaptureConditions& conditions,
                          std::uint64_t seed) {
  if (scene.tiles.empty()) throw std::invalid_argument("a bugs scene needs at least one tile");
  std::optional<RenderedImage> rendered = try_render_bugs(scene, conditions, seed);
  if (!rendered) {
    throw std::invalid_argument("the layout is too large to frame with every tile at least 70 px");
  }
  return std::move(*rendered);
}

}  // namespace tableref::samples
