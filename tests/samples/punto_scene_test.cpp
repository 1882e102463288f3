#include "samples/punto_scene.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <opencv2/imgproc.hpp>
#include <set>

#include "plain_conditions.hpp"
#include "referee/deck.hpp"
#include "referee/punto/lines.hpp"

namespace tableref::samples {
namespace {

using referee::punto::Cell;

std::vector<cv::Point2f> outline(const PuntoScene& scene, const PuntoPileLayout& pile,
                                 std::size_t card) {
  const auto corners = punto_card_corners(punto_card_pose(scene, pile, card));
  return {corners.begin(), corners.end()};
}

// A plain light table seen straight down (straight_down_capture).
CaptureConditions light_table_capture() {
  return straight_down_capture({214, 200, 172});
}

// Cards laid on `cells` of a layout turned by `angle_deg`, each card exactly on its cell.
PuntoScene laid(const std::vector<std::pair<Cell, std::string>>& cards, double angle_deg) {
  PuntoScene scene;
  scene.angle_deg = angle_deg;
  for (const auto& [cell, id] : cards) scene.piles.push_back({cell, {{id, 0, {0, 0}, 0}}});
  return scene;
}

Cell cell_of(const nlohmann::json& card) {
  return {card.at("cell").at(0).get<int>(), card.at("cell").at(1).get<int>()};
}

TEST(PuntoScene, RandomLayoutsLookLikeAGameInProgress) {
  PuntoSceneOptions options;
  options.oversize_share = 0;
  const referee::PuntoDeck& deck = referee::builtin_punto_deck();
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    std::mt19937_64 rng(seed);
    const PuntoScene scene = random_punto_scene(rng, options);
    ASSERT_FALSE(scene.piles.empty());
    EXPECT_TRUE(punto_grid(scene).fits_6x6()) << seed;
    std::set<std::string> ids;
    for (const PuntoPileLayout& pile : scene.piles) {
      // Connected: every cell touches another by a side or a corner.
      if (scene.piles.size() > 1) {
        EXPECT_TRUE(std::any_of(scene.piles.begin(), scene.piles.end(),
                                [&](const PuntoPileLayout& other) {
                                  return referee::punto::touching(pile.cell, other.cell);
                                }))
            << seed;
      }
      int previous_value = 0;
      for (std::size_t index = 0; index < pile.cards.size(); ++index) {
        const PuntoCardLayout& card = pile.cards[index];
        EXPECT_TRUE(ids.insert(card.card_id).second) << "card drawn twice: " << card.card_id;
        const referee::PuntoCard* printed = deck.find(card.card_id);
        ASSERT_NE(printed, nullptr);
        EXPECT_GT(printed->value, previous_value) << "a card may only cover a lower one";
        previous_value = printed->value;
        EXPECT_LE(std::abs(card.turn_deg), options.max_turn_deg + 1e-9);
        if (index > 0) {
          const PuntoCardPose below = punto_card_pose(scene, pile, index - 1);
          const PuntoCardPose above = punto_card_pose(scene, pile, index);
          EXPECT_LE(cv::norm(above.centre_mm - below.centre_mm), options.max_pile_offset_mm + 1e-9);
        }
      }
    }
    // Cards of different cells never overlap.
    for (std::size_t a = 0; a < scene.piles.size(); ++a) {
      for (std::size_t b = a + 1; b < scene.piles.size(); ++b) {
        for (std::size_t i = 0; i < scene.piles[a].cards.size(); ++i) {
          for (std::size_t j = 0; j < scene.piles[b].cards.size(); ++j) {
            std::vector<cv::Point2f> common;
            EXPECT_LT(cv::intersectConvexConvex(outline(scene, scene.piles[a], i),
                                                outline(scene, scene.piles[b], j), common),
                      1e-3)
                << "seed " << seed;
          }
        }
      }
    }
  }
}

TEST(PuntoScene, PlantedLinesShowAsLines) {
  PuntoSceneOptions options;
  options.min_cells = 3;
  options.line_share = 1;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    std::mt19937_64 rng(seed);
    const auto lines = referee::punto::find_lines(punto_grid(random_punto_scene(rng, options)), 3);
    EXPECT_FALSE(lines.empty()) << seed;
  }
}

TEST(PuntoScene, OversizeLayoutsBreakTheSquare) {
  PuntoSceneOptions options;
  options.oversize_share = 1;
  int oversize = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    std::mt19937_64 rng(seed);
    oversize += punto_grid(random_punto_scene(rng, options)).fits_6x6() ? 0 : 1;
  }
  EXPECT_EQ(oversize, 20);
}

TEST(PuntoRender, TruthIsTheAnalyzeLineOfTheLayout) {
  const auto& deck = referee::builtin_punto_deck();
  const auto id = [&](referee::Colour colour, int value) {
    return std::find_if(deck.cards.begin(), deck.cards.end(),
                        [&](const referee::PuntoCard& card) {
                          return card.colour == colour && card.value == value;
                        })
        ->id;
  };
  // A red line of three along a diagonal, and a blue card beside it.
  const PuntoScene scene = laid({{{0, 0}, id(referee::Colour::red, 5)},
                                 {{1, 1}, id(referee::Colour::red, 4)},
                                 {{2, 2}, id(referee::Colour::red, 9)},
                                 {{2, 1}, id(referee::Colour::blue, 2)}},
                                0);
  const RenderedImage rendered = render_punto(scene, light_table_capture(), 11);
  const nlohmann::json& truth = rendered.truth;
  EXPECT_EQ(truth.at("game"), "punto");
  EXPECT_EQ(truth.at("status"), "ok");
  EXPECT_TRUE(truth.at("fits_6x6").get<bool>());
  ASSERT_EQ(truth.at("cards").size(), 4u);
  ASSERT_EQ(truth.at("lines").size(), 1u);
  EXPECT_EQ(truth.at("lines")[0].at("color"), "red");
  EXPECT_EQ(truth.at("lines")[0].at("length"), 3);
  for (const nlohmann::json& card : truth.at("cards")) {
    EXPECT_EQ(card.at("polygon").size(), 4u);
    // The camera looks straight down with the image's axes along the layout's.
    const Cell cell = cell_of(card);
    if (card.at("color") == "blue") {
      EXPECT_EQ(cell, (Cell{2, 1}));
      EXPECT_EQ(card.at("value"), 2);
    }
    // What the image shows at the card's centre: the middle dot of an odd value, else black.
    const cv::Point centre(static_cast<int>(card.at("center")[0].get<double>()),
                           static_cast<int>(card.at("center")[1].get<double>()));
    const cv::Vec3b pixel = rendered.image_bgr.at<cv::Vec3b>(centre);
    if (card.at("value").get<int>() % 2 == 1) {
      EXPECT_GT(pixel[2], pixel[1] + 80) << "a red dot in the middle";
    } else {
      EXPECT_LT(pixel[0] + pixel[1] + pixel[2], 150) << "black face in the middle";
    }
  }
  ASSERT_EQ(truth.at("truth").at("piles").size(), 4u);
  EXPECT_EQ(truth.at("truth").at("piles")[0].at("visible_fraction"), 1.0);
}

TEST(PuntoRender, CellsFollowTheLayoutAxesNearestTheImageAxes) {
  const auto& deck = referee::builtin_punto_deck().cards;
  // Three cards in a row along the layout's column axis, then the layout turned.
  const std::vector<std::pair<Cell, std::string>> row = {
      {{0, 0}, deck[0].id}, {{1, 0}, deck[10].id}, {{2, 0}, deck[20].id}};
  const auto cells_by_id = [&](double angle_deg) {
    const RenderedImage rendered = render_punto(laid(row, angle_deg), light_table_capture(), 5);
    std::map<std::string, Cell> cells;
    const auto& piles = rendered.truth.at("truth").at("piles");
    for (std::size_t i = 0; i < piles.size(); ++i)
      cells[piles[i].at("cards").back().at("id").get<std::string>()] =
          cell_of(rendered.truth.at("cards")[i]);
    return cells;
  };
  const auto straight = cells_by_id(3);
  EXPECT_EQ(straight.at(deck[0].id), (Cell{0, 0}));
  EXPECT_EQ(straight.at(deck[20].id), (Cell{2, 0}));
  // Turned a quarter turn clockwise: the row runs down the image.
  const auto turned = cells_by_id(93);
  EXPECT_EQ(turned.at(deck[0].id), (Cell{0, 0}));
  EXPECT_EQ(turned.at(deck[20].id), (Cell{0, 2}));
  // Half a turn: the row runs right to left; column 0 is the leftmost occupied column.
  const auto reversed = cells_by_id(183);
  EXPECT_EQ(reversed.at(deck[0].id), (Cell{2, 0}));
  EXPECT_EQ(reversed.at(deck[20].id), (Cell{0, 0}));
}

TEST(PuntoRender, RandomScenesAreRenderedTheSameFromTheSameSeed) {
  const RenderedImage first = render_random(referee::Game::punto, Level::webcam, 21);
  const RenderedImage again = render_random(referee::Game::punto, Level::webcam, 21);
  EXPECT_EQ(first.truth, again.truth);
  EXPECT_EQ(cv::norm(first.image_bgr, again.image_bgr, cv::NORM_INF), 0.0);
  EXPECT_EQ(first.truth.at("truth").at("level"), "webcam");
  EXPECT_FALSE(first.truth.at("cards").empty());
}

}  // namespace
}  // namespace tableref::samples
