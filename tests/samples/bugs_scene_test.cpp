#include "samples/bugs_scene.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <opencv2/imgproc.hpp>
#include <set>

#include "plain_conditions.hpp"
#include "referee/deck.hpp"
#include "truth_points.hpp"

namespace tableref::samples {
namespace {

// A plain dark table seen straight down (straight_down_capture).
CaptureConditions dark_table_capture() {
  return straight_down_capture({52, 80, 62});
}

cv::Vec3b pixel_at(const cv::Mat& image, cv::Point2d point) {
  return image.at<cv::Vec3b>(
      cv::Point(static_cast<int>(std::lround(point.x)), static_cast<int>(std::lround(point.y))));
}

std::vector<cv::Point2f> tile_outline(const BugsTileLayout& tile) {
  const double angle = tile.angle_deg * CV_PI / 180, half = kBugsTileSideMm / 2;
  std::vector<cv::Point2f> corners;
  for (const cv::Point2d offset : {cv::Point2d(-half, -half), cv::Point2d(half, -half),
                                   cv::Point2d(half, half), cv::Point2d(-half, half)}) {
    corners.emplace_back(tile.centre_mm +
                         cv::Point2d(offset.x * std::cos(angle) - offset.y * std::sin(angle),
                                     offset.x * std::sin(angle) + offset.y * std::cos(angle)));
  }
  return corners;
}

bool tiles_overlap(const BugsTileLayout& a, const BugsTileLayout& b) {
  std::vector<cv::Point2f> common;
  return cv::intersectConvexConvex(tile_outline(a), tile_outline(b), common, true) > 1e-3;
}

TEST(BugsScene, RandomScenesAreCollectionsOfLooseTilesThatDoNotOverlap) {
  const auto& deck = referee::builtin_bugs_deck();
  std::set<int> player_counts;
  int trophies = 0, sets = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    std::mt19937_64 rng(seed);
    const BugsScene scene = random_bugs_scene(rng);
    player_counts.insert(scene.players);
    ASSERT_FALSE(scene.tiles.empty());
    EXPECT_LE(scene.tiles.size(), 15u);
    for (std::size_t a = 0; a < scene.tiles.size(); ++a) {
      const BugsTileLayout& tile = scene.tiles[a];
      EXPECT_GE(tile.player, 0);
      EXPECT_LT(tile.player, scene.players);
      if (tile.is_trophy()) {
        ++trophies;
        EXPECT_GE(tile.trophy_value, 1);
        EXPECT_LE(tile.trophy_value, 3);
      } else {
        EXPECT_NE(deck.find(tile.species), nullptr) << tile.species;
      }
      for (std::size_t b = a + 1; b < scene.tiles.size(); ++b) {
        const BugsTileLayout& other = scene.tiles[b];
        EXPECT_FALSE(tiles_overlap(tile, other)) << "seed " << seed;
      }
    }
    for (int player = 0; player < scene.players; ++player)
      sets += referee::bugs::score(bugs_collection(scene, player)).sets;
  }
  EXPECT_EQ(player_counts, (std::set<int>{1, 2, 3}));
  EXPECT_GT(trophies, 10);
  EXPECT_GT(sets, 30);
}

TEST(BugsScene, EyesSpotsAndStripesLieInsideTheBody) {
  for (const referee::BugShape shape :
       {referee::BugShape::round, referee::BugShape::square, referee::BugShape::triangle,
        referee::BugShape::star, referee::BugShape::drop}) {
    for (int eyes = 1; eyes <= 3; ++eyes) {
      const BugBodyArt art = bug_body_art(shape, eyes);
      const std::vector<cv::Point2f> outline(art.outline.begin(), art.outline.end());
      ASSERT_EQ(art.eye_centres.size(), static_cast<std::size_t>(eyes));
      for (const cv::Point2d& eye : art.eye_centres) {
        EXPECT_LT(eye.y, 1.5) << "eyes in the upper half";
        EXPECT_GT(cv::pointPolygonTest(outline, cv::Point2f(eye), false), 0);
      }
      ASSERT_EQ(art.spot_centres.size(), 5u);
      for (const cv::Point2d& spot : art.spot_centres) {
        EXPECT_GE(cv::pointPolygonTest(outline, cv::Point2f(spot), true),
                  art.spot_diameter_mm / 2 - 0.3)
            << referee::shape_name(shape);
      }
      EXPECT_EQ(art.stripe_bands.size(), 3u);
      const cv::Rect2f box = cv::boundingRect(outline);
      EXPECT_NEAR(std::max(box.width, box.height), 29.0, 3.5) << "about 28 mm across";
    }
  }
}

TEST(BugsRender, TruthIsTheAnalyzeLineAndCornersLieWhereTheCameraSays) {
  BugsScene scene;
  scene.players = 1;
  for (int copy = 0; copy < 3; ++copy)
    scene.tiles.push_back(
        {"2-round-plain", 0, referee::Colour::red, {copy * 55.0, 0}, 5.0 * copy, 0});
  scene.tiles.push_back({"3-star-plain", 0, referee::Colour::blue, {0, 60}, -8, 0});
  scene.tiles.push_back({"", 2, referee::Colour::red, {60, 60}, 3, 0});
  const RenderedImage rendered = render_bugs(scene, dark_table_capture(), 4);
  const nlohmann::json& truth = rendered.truth;
  EXPECT_EQ(truth.at("game"), "bugs");
  EXPECT_EQ(truth.at("status"), "ok");
  ASSERT_EQ(truth.at("tiles").size(), 5u);
  EXPECT_EQ(truth.at("score"),
            (nlohmann::json{{"sets", 1}, {"others", 1}, {"trophies", 2}, {"total", 4}}));
  ASSERT_EQ(truth.at("players").size(), 1u);
  EXPECT_EQ(truth.at("players")[0].at("score"), truth.at("score"));
  for (const nlohmann::json& tile : truth.at("tiles")) {
    const cv::Point2d centre = point_of(tile.at("center"));
    ASSERT_EQ(tile.at("polygon").size(), 4u);
    for (const nlohmann::json& corner_json : tile.at("polygon")) {
      // A little inside each corner the tile's face or border; a little outside, the table.
      const cv::Point2d corner = point_of(corner_json);
      const cv::Point2d towards_centre = (centre - corner) / cv::norm(centre - corner);
      const cv::Vec3b inside = pixel_at(rendered.image_bgr, corner + towards_centre * 6.0);
      const cv::Vec3b outside = pixel_at(rendered.image_bgr, corner - towards_centre * 4.0);
      EXPECT_GT(inside[0] + inside[1] + inside[2], 380);
      EXPECT_LT(outside[0] + outside[1] + outside[2], 260);
    }
    const cv::Vec3b middle = pixel_at(rendered.image_bgr, centre);
    if (tile.at("kind") == "monster" && tile.at("species") == "2-round-plain") {
      EXPECT_GT(middle[2], middle[1] + 100) << "the red body at the tile's centre";
    }
    if (tile.at("kind") == "trophy") {
      EXPECT_EQ(tile.at("value"), 2);
    }
  }
}

TEST(BugsRender, LevelsDifferAndTheSameSeedRendersTheSameImage) {
  const RenderedImage clean = render_random(referee::Game::bugs, Level::clean, 21);
  const RenderedImage webcam = render_random(referee::Game::bugs, Level::webcam, 21);
  const RenderedImage hard = render_random(referee::Game::bugs, Level::hard, 21);
  const auto noise = [](const RenderedImage& image) {
    return image.truth.at("truth").at("conditions").at("noise_sigma").get<double>();
  };
  EXPECT_LT(noise(clean), noise(webcam));
  EXPECT_LT(noise(webcam), noise(hard));
  EXPECT_EQ(webcam.truth.at("truth").at("level"), "webcam");
  const RenderedImage again = render_random(referee::Game::bugs, Level::webcam, 21);
  EXPECT_EQ(webcam.truth, again.truth);
  EXPECT_EQ(cv::norm(webcam.image_bgr, again.image_bgr, cv::NORM_INF), 0.0);
  EXPECT_FALSE(webcam.truth.at("tiles").empty());
}

}  // namespace
}  // namespace tableref::samples
