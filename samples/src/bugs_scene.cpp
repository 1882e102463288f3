#include "samples/bugs_scene.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numbers>

#include "random_draws.hpp"
#include "referee/deck.hpp"
#include "square_pieces.hpp"

namespace tableref::samples {

namespace {

using referee::BugShape;

constexpr int kTilePlacementTries = 40;

std::vector<cv::Point2d> circle_outline(cv::Point2d centre, double radius, double from_rad,
                                        double to_rad, int steps) {
  std::vector<cv::Point2d> points;
  for (int step = 0; step <= steps; ++step) {
    const double angle = from_rad + (to_rad - from_rad) * step / steps;
    points.push_back(centre + cv::Point2d(std::cos(angle), std::sin(angle)) * radius);
  }
  return points;
}

std::vector<cv::Point2d> body_outline(BugShape shape) {
  switch (shape) {
    case BugShape::round:
      return circle_outline({0, 0}, 14, 0, 2 * std::numbers::pi * 71 / 72, 71);
    case BugShape::square: {
      const std::vector<cv::Point2d> corners{{-13, -13}, {13, -13}, {13, 13}, {-13, 13}};
      return rounded_polygon(corners, 4);
    }
    case BugShape::triangle: {
      const std::vector<cv::Point2d> corners{{0, -15}, {16, 13}, {-16, 13}};
      return rounded_polygon(corners, 2);
    }
    case BugShape::star: {
      std::vector<cv::Point2d> points;
      for (int i = 0; i < 10; ++i) {
        const double angle =
            -std::numbers::pi / 2 + i * std::numbers::pi / 5;  // the first point straight up
        const double radius = i % 2 == 0 ? 15.0 : 8.0;
        points.push_back(cv::Point2d(std::cos(angle), std::sin(angle)) * radius);
      }
      return points;
    }
    case BugShape::drop: {
      // A disk with a point straight up, its sides tangent to the disk.
      const cv::Point2d centre(0, 3), tip(0, -15);
      const double radius = 12;
      const double tangent = std::asin(radius / cv::norm(tip - centre));  // at the tip
      const double start =
          -std::numbers::pi / 2 + (std::numbers::pi / 2 - tangent);  // where the right side touches
      std::vector<cv::Point2d> points{tip};
      for (const cv::Point2d& point :
           circle_outline(centre, radius, start,
                          start + 2 * std::numbers::pi - 2 * (std::numbers::pi / 2 - tangent), 60))
        points.push_back(point);
      return points;
    }
  }
  return {};
}

// The row of the eyes and the room below it, per shape.
double eye_row_mm(BugShape shape) {
  switch (shape) {
    case BugShape::triangle:
      return 1.0;
    case BugShape::star:
      return -2.5;
    case BugShape::drop:
      return -1.0;
    default:
      return -4.0;
  }
}

std::vector<cv::Point2d> spot_centres(BugShape shape) {
  switch (shape) {
    case BugShape::triangle:
      return {{-4, 6.5}, {4, 6.5}, {-9, 10.5}, {0, 10.5}, {9, 10.5}};
    case BugShape::star:
      return {{0, -10}, {-6.2, 8.6}, {6.2, 8.6}, {-2.6, 4.2}, {2.6, 4.2}};
    case BugShape::drop:
      return {{-7, 6}, {0, 5.5}, {7, 6}, {-4, 10.5}, {4, 10.5}};
    default:
      return {{-7.5, 3.5}, {0, 3.5}, {7.5, 3.5}, {-4, 8.5}, {4, 8.5}};
  }
}

std::vector<std::array<double, 2>> stripe_bands(BugShape shape) {
  const double bottom = shape == BugShape::square ? 13 : shape == BugShape::round ? 14 : 13;
  const double top = eye_row_mm(shape) + kBugsEyeDiameterMm / 2 + 1.5;
  const double pitch = (bottom - 1 - top) / 3;
  std::vector<std::array<double, 2>> bands;
  for (int band = 0; band < 3; ++band) {
    const double start = top + band * pitch;
    bands.push_back({start, start + 0.55 * pitch});
  }
  return bands;
}

// A collection: the species of its sets, pairs and singles, and maybe a trophy.
std::vector<BugsTileLayout> draw_collection(std::mt19937_64& rng, int tiles, int player) {
  const auto& species = referee::builtin_bugs_deck().species;
  std::vector<BugsTileLayout> collection;
  const auto body = [&] {
    return referee::kMonsterColours[static_cast<std::size_t>(
        uniform_int(rng, 0, static_cast<int>(referee::kMonsterColours.size()) - 1))];
  };
  if (chance(rng, 0.35) && tiles > 1) {
    collection.push_back({"", uniform_int(rng, 1, 3), referee::Colour::red, {}, 0, player});
  }
  while (static_cast<int>(collection.size()) < tiles) {
    const std::string& id =
        species[static_cast<std::size_t>(uniform_int(rng, 0, static_cast<int>(species.size()) - 1))]
            .id;
    const int left = tiles - static_cast<int>(collection.size());
    // Sets of 3 come often: they score.
    const int copies = std::min(left, std::discrete_distribution<int>({0, 4, 2, 5})(rng));
    for (int copy = 0; copy < copies; ++copy) collection.push_back({id, 0, body(), {}, 0, player});
  }
  return collection;
}

bool overlaps_any(const std::vector<BugsTileLayout>& placed, const BugsTileLayout& tile,
                  double margin_mm) {
  const double side = kBugsTileSideMm + margin_mm;
  return std::any_of(placed.begin(), placed.end(), [&](const BugsTileLayout& other) {
    return squares_overlap({tile.centre_mm, tile.angle_deg}, {other.centre_mm, other.angle_deg},
                           side);
  });
}

// Lays a collection on a loose grid about the origin, sets next to each other in rows.
void lay_collection(std::mt19937_64& rng, std::vector<BugsTileLayout>& collection,
                    const BugsSceneOptions& options) {
  const int columns = std::max(
      1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(collection.size()) * 1.4))));
  const double pitch = kBugsTileSideMm + 0.5 * (options.min_gap_mm + options.max_gap_mm) + 4;
  const int rows = static_cast<int>((collection.size() + columns - 1) / columns);
  std::vector<BugsTileLayout> placed;
  for (std::size_t index = 0; index < collection.size(); ++index) {
    BugsTileLayout& tile = collection[index];
    const cv::Point2d cell((static_cast<double>(index % columns) - (columns - 1) / 2.0) * pitch,
                           (static_cast<double>(index / columns) - (rows - 1) / 2.0) * pitch);
    for (int attempt = 0; attempt <= kTilePlacementTries; ++attempt) {
      const double care = 1.0 - static_cast<double>(attempt) / kTilePlacementTries;
      tile.angle_deg = care * uniform(rng, -options.max_turn_deg, options.max_turn_deg);
      tile.centre_mm = cell + care * cv::Point2d(uniform(rng, -3, 3), uniform(rng, -3, 3));
      if (!overlaps_any(placed, tile, options.min_gap_mm)) break;
    }
    placed.push_back(tile);
  }
}

}  // namespace

double bugs_reach_mm(const std::vector<BugsTileLayout>& tiles) {
  double reach = 0;
  for (const BugsTileLayout& tile : tiles)
    reach = std::max(reach, cv::norm(tile.centre_mm) + kBugsTileSideMm * 0.75);
  return reach;
}

BugBodyArt bug_body_art(referee::BugShape shape, int eyes) {
  assert(eyes >= 1 && eyes <= 3);
  BugBodyArt art;
  art.outline = body_outline(shape);
  const double row = eye_row_mm(shape);
  const double pitch = eyes == 3 ? 7.0 : 8.0;
  for (int eye = 0; eye < eyes; ++eye)
    art.eye_centres.push_back({(eye - (eyes - 1) / 2.0) * pitch, row});
  art.spot_centres = spot_centres(shape);
  art.spot_diameter_mm = shape == BugShape::star ? 3.6 : 4.0;
  art.stripe_bands = stripe_bands(shape);
  return art;
}

referee::bugs::Collection bugs_collection(const BugsScene& scene, int player) {
  referee::bugs::Collection collection;
  for (const BugsTileLayout& tile : scene.tiles) {
    if (tile.player != player) continue;
    if (tile.is_trophy())
      collection.trophies.push_back(tile.trophy_value);
    else
      collection.species.push_back(tile.species);
  }
  return collection;
}

BugsScene random_bugs_scene(std::mt19937_64& rng, const BugsSceneOptions& options) {
  assert(options.min_players >= 1 && options.min_players <= options.max_players);
  BugsScene scene;
  scene.players = uniform_int(rng, options.min_players, options.max_players);
  const int per_player = std::max(1, options.max_tiles / scene.players);
  std::vector<std::vector<BugsTileLayout>> collections;
  for (int player = 0; player < scene.players; ++player) {
    collections.push_back(
        draw_collection(rng, uniform_int(rng, std::min(3, per_player), per_player), player));
    lay_collection(rng, collections.back(), options);
  }
  // Each collection lies in front of its player, around the middle of the table (seat 0 at +y).
  const double turn = uniform(rng, 0, 360) * std::numbers::pi / 180;
  double ring = 0;
  for (const auto& collection : collections) ring = std::max(ring, bugs_reach_mm(collection));
  const double distance = scene.players == 1
                              ? 0.0
                              : (ring + options.collection_gap_mm / 2) /
                                    std::sin(std::numbers::pi / std::max(2, scene.players));
  for (int player = 0; player < scene.players; ++player) {
    const double direction =
        std::numbers::pi / 2 + turn + 2 * std::numbers::pi * player / scene.players;
    const cv::Point2d place = cv::Point2d(std::cos(direction), std::sin(direction)) * distance;
    for (BugsTileLayout& tile : collections[static_cast<std::size_t>(player)]) {
      tile.centre_mm += place;
      scene.tiles.push_back(tile);
    }
  }
  return scene;
}

}  // namespace tableref::samples
