// Trio Monsters reading on rendered scenes with known truth. The thresholds lock in the accuracy
// measured on these fixed seeds, so that a regression fails.

#include "vision/trio_reader.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <random>
#include <stdexcept>

#include "evaluation/trio_score.hpp"
#include "samples/render.hpp"
#include "samples/trio_scene.hpp"
#include "vision/observation_json.hpp"

namespace tableref::vision {
namespace {

// TABLEREF_TRIO_IMAGES=N scores N images per level instead (for measuring, not for the suite).
int image_count(int fallback) {
  const char* wanted = std::getenv("TABLEREF_TRIO_IMAGES");
  return wanted ? std::max(1, std::atoi(wanted)) : fallback;
}

evaluation::TrioScore score_trio_level(samples::Level level, std::uint64_t run_seed, int images) {
  const ColourReferences references = palette_references();
  const TrioReaderParams params;
  evaluation::TrioScore total;
  const int count = image_count(images);
  for (int i = 0; i < count; ++i) {
    const auto rendered =
        samples::render_random(referee::Game::trio, level, samples::image_seed(run_seed, i));
    StageLog log;
    const TrioReading reading = read_trio(rendered.image_bgr, references, params, log);
    const auto score = evaluation::score_trio(rendered.truth, trio_fields(reading));
    if (std::getenv("TABLEREF_TRIO_VERBOSE") &&
        (score.exact_graphs == 0 || score.exact_detached == 0 || reading.unstable)) {
      std::cout << "image " << i << ": " << reading.unstable_reason << '\n'
                << score.report() << '\n';
    }
    total.add(score);
  }
  std::cout << samples::level_name(level) << ":\n" << total.report() << '\n';
  return total;
}

TEST(TrioReader, CleanScenesAreReadExactly) {
  const auto score = score_trio_level(samples::Level::clean, 1101, 8);
  EXPECT_GE(score.recall(), 0.999);
  EXPECT_GE(score.precision(), 0.999);
  EXPECT_GE(score.colour_accuracy(), 0.999);
  EXPECT_GE(score.exact_graph_rate(), 0.999);
  EXPECT_GE(score.exact_detached_rate(), 0.999);
  EXPECT_EQ(score.read_ok_wrong, 0);
}

// The targets: at least 98 % of layouts with the exact edge graph, colours at least 99.5 % right.
TEST(TrioReader, WebcamScenesMeetTheTargets) {
  const auto score = score_trio_level(samples::Level::webcam, 2202, 16);
  EXPECT_GE(score.recall(), 0.995);
  EXPECT_GE(score.precision(), 0.995);
  EXPECT_GE(score.colour_accuracy(), 0.995);
  EXPECT_GE(score.black_accuracy(), 0.995);
  EXPECT_GE(score.exact_graph_rate(), 0.98);
  EXPECT_GE(score.exact_detached_rate(), 0.98);
  EXPECT_EQ(score.read_ok_wrong, 0);
}

// Hands over the layout hide cards: the reading says `unstable` rather than a wrong layout, and
// `unknown` rather than a wrong colour.
TEST(TrioReader, HardScenesSayUnstableRatherThanGuess) {
  const auto score = score_trio_level(samples::Level::hard, 3303, 12);
  EXPECT_GE(score.recall(), 0.97);
  EXPECT_GE(score.precision(), 0.99);
  EXPECT_EQ(score.colours_wrong, 0);
  EXPECT_GE(score.read_unstable, score.truth_unstable);
  EXPECT_EQ(score.read_ok_wrong, 0);
}

// Hands lying on the cards (bodies in view but cut from their faces, whole layouts under a
// hand) on striped, checked and dark tables: not one of these pictures may be read `ok` with a
// layout that is not the truth. (Run seed 77, the first 20 scenes: 5 of them were read so.)
TEST(TrioReader, HandsOnTheCardsAreNeverReadOkWithAWrongLayout) {
  const ColourReferences references = palette_references();
  const TrioReaderParams params;
  int read_ok_wrong = 0, read_unstable = 0;
  for (int i = 0; i < 20; ++i) {
    const auto rendered = samples::render_random(referee::Game::trio, samples::Level::hard,
                                                 samples::image_seed(77, i));
    StageLog log;
    const TrioReading reading = read_trio(rendered.image_bgr, references, params, log);
    const auto score = evaluation::score_trio(rendered.truth, trio_fields(reading));
    EXPECT_EQ(score.read_ok_wrong, 0) << "image " << i << " read ok with " << reading.cards.size()
                                      << " cards of " << rendered.truth["cards"].size();
    read_ok_wrong += score.read_ok_wrong;
    read_unstable += score.read_unstable;
  }
  EXPECT_EQ(read_ok_wrong, 0);
  EXPECT_GE(read_unstable, 1);
}

// One webcam scene of a random layout with one hand on the table: beside the layout (the webcam
// level keeps hands off the cards, or nearly) or, with `over_cards`, over some of them.
std::optional<samples::RenderedImage> webcam_scene_with_a_hand(std::uint64_t seed,
                                                               bool over_cards) {
  std::mt19937_64 rng(seed);
  samples::CaptureConditions conditions = samples::draw_conditions(samples::Level::webcam, rng);
  conditions.hand_count = 1;
  conditions.hands_over_pieces = over_cards;
  const samples::TrioScene scene = samples::random_trio_scene(rng);
  try {
    return samples::render_trio(scene, conditions, rng());
  } catch (const std::invalid_argument&) {
    return std::nullopt;  // a layout too large to frame
  }
}

// A hand on the table off every card hides nothing: the layout is read `ok` and exact. (Run seed
// 4404, 40 scenes: 35 with the hand off every card; 28 of them were read so while any hand beside
// the layout made the reading `unstable`, 32 since the reader looks for the table between the
// hand and the layout; the other 3 have fingers within a few millimetres of a card or a light
// table that looks like card face.)
TEST(TrioReader, AHandBesideTheLayoutLeavesItReadable) {
  const ColourReferences references = palette_references();
  const TrioReaderParams params;
  int hand_off_cards = 0, read_ok_exact = 0, read_ok_wrong = 0;
  for (int i = 0; i < image_count(40); ++i) {
    const auto rendered = webcam_scene_with_a_hand(samples::image_seed(4404, i), false);
    if (!rendered) continue;
    const auto& cards = rendered->truth["truth"]["cards"];
    const bool off_cards = std::all_of(cards.begin(), cards.end(), [](const nlohmann::json& card) {
      return card["visible_fraction"].get<double>() >= 1.0;
    });
    StageLog log;
    const TrioReading reading = read_trio(rendered->image_bgr, references, params, log);
    const auto score = evaluation::score_trio(rendered->truth, trio_fields(reading));
    if (std::getenv("TABLEREF_TRIO_VERBOSE")) {
      std::cout << "scene " << i << (off_cards ? ", hand off the cards: " : ", hand on a card: ")
                << (reading.unstable ? reading.unstable_reason : "ok") << '\n';
    }
    EXPECT_EQ(score.read_ok_wrong, 0) << "scene " << i;
    read_ok_wrong += score.read_ok_wrong;
    if (!off_cards) continue;
    ++hand_off_cards;
    read_ok_exact += score.read_ok_exact;
  }
  EXPECT_EQ(read_ok_wrong, 0);
  EXPECT_GE(hand_off_cards, 30);
  EXPECT_GE(read_ok_exact, hand_off_cards * 9 / 10);
}

// The same scenes with the hand over cards: where it hides much of a card the reading says
// `unstable` (21 of the 23 such scenes of run seed 4404). The other 2 are read `ok` without the
// card wholly under the hand, as before the reader looked for the table between a hand and the
// layout: a limit, locked here so that it grows no worse.
TEST(TrioReader, AHandOverCardsStillMakesTheReadingUnstable) {
  const ColourReferences references = palette_references();
  const TrioReaderParams params;
  int card_hidden = 0, read_unstable = 0, read_ok_wrong = 0;
  for (int i = 0; i < image_count(24); ++i) {
    const auto rendered = webcam_scene_with_a_hand(samples::image_seed(4404, i), true);
    if (!rendered) continue;
    StageLog log;
    const TrioReading reading = read_trio(rendered->image_bgr, references, params, log);
    const auto score = evaluation::score_trio(rendered->truth, trio_fields(reading));
    if (std::getenv("TABLEREF_TRIO_VERBOSE")) {
      std::cout << "scene " << i << (score.truth_unstable ? ", a card hidden: " : ": ")
                << (reading.unstable ? reading.unstable_reason : "ok") << '\n';
    }
    read_ok_wrong += score.read_ok_wrong;
    card_hidden += score.truth_unstable;
    read_unstable += score.truth_unstable * score.read_unstable;
  }
  EXPECT_GE(card_hidden, 20);
  EXPECT_GE(read_unstable, card_hidden - 2);
  EXPECT_LE(read_ok_wrong, 2);
}

// A fingertip on the corner of a card beside the layout: its shadow opens the card's body to the
// table, so the card is not found. Towards the layout its place shows the card's face, which must
// not pass for the table: the field of the neighbour it is compared with lies under a glare spot
// and was read lighter than any card's (hard scene 51 of run seed 1, read `ok` with 12 of its 13
// cards before the layout's middle field was compared too).
TEST(TrioReader, ACardUnderAFingertipBesideAGlaredCardIsNotReadAsTable) {
  const auto rendered =
      samples::render_random(referee::Game::trio, samples::Level::hard, samples::image_seed(1, 51));
  ASSERT_EQ(rendered.truth.at("status"), "ok");
  StageLog log;
  const TrioReading reading = read_trio(rendered.image_bgr, palette_references(), {}, log);
  ASSERT_LT(reading.cards.size(), rendered.truth.at("cards").size());
  EXPECT_TRUE(reading.unstable);
}

// A webcam's conditions without hands, so that what is read depends on the layout alone.
samples::CaptureConditions webcam_without_hands(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  samples::CaptureConditions conditions = samples::draw_conditions(samples::Level::webcam, rng);
  conditions.hand_count = conditions.sleeve_count = 0;
  return conditions;
}

// The reading's card nearest to where the truth puts each card of the scene.
std::vector<int> cards_in_scene_order(const samples::TrioScene& scene, const TrioReading& reading,
                                      const nlohmann::json& truth) {
  std::vector<int> order;
  for (std::size_t i = 0; i < scene.cards.size(); ++i) {
    const cv::Point2d centre(truth["cards"][i]["center"][0].get<double>(),
                             truth["cards"][i]["center"][1].get<double>());
    int nearest = -1;
    for (std::size_t r = 0; r < reading.cards.size(); ++r) {
      if (cv::norm(reading.cards[r].center - centre) < 15) nearest = static_cast<int>(r);
    }
    order.push_back(nearest);
  }
  return order;
}

TEST(TrioReader, ACornerTouchIsNoEdgeContactAndAFarCardIsDetached) {
  samples::TrioScene scene;
  scene.pitch_mm = samples::trio_pitch_for_gap(1.0);
  scene.angle_deg = 33;
  scene.cards = {{"TM01", referee::Colour::yellow, {0, 0}, {0.5, 0}, 2},
                 {"TM51", referee::Colour::black, {2, 0}, {-0.5, 0.5}, -2},  // corner of the first
                 {"TM21", referee::Colour::red, {8, 0}, {0, 0}, 0}};         // touches nothing
  const auto rendered = samples::render_trio(scene, webcam_without_hands(4), 4);
  StageLog log;
  const TrioReading reading =
      read_trio(rendered.image_bgr, palette_references(), TrioReaderParams{}, log);
  ASSERT_EQ(reading.cards.size(), 3u);
  const std::vector<int> id = cards_in_scene_order(scene, reading, rendered.truth);
  ASSERT_TRUE(std::find(id.begin(), id.end(), -1) == id.end());
  const auto& first = reading.cards[static_cast<std::size_t>(id[0])];
  EXPECT_TRUE(first.edge_neighbours.empty());
  EXPECT_EQ(first.corner_neighbours, std::vector<int>{id[1]});
  EXPECT_EQ(reading.detached, std::vector<int>{id[2]});
  EXPECT_EQ(first.colour, referee::Colour::yellow);
  EXPECT_EQ(reading.cards[static_cast<std::size_t>(id[1])].colour, referee::Colour::black);
  EXPECT_FALSE(reading.unstable);
}

TEST(TrioReader, GapsAndSmallTurnsStillReadAsEdgeContact) {
  samples::TrioScene scene;
  scene.pitch_mm = samples::trio_pitch_for_gap(1.5);
  scene.angle_deg = 71;
  // A row of three, each turned against its place, the middle one pointing down: the gaps
  // between them open from 0 to 3 mm along their sides.
  scene.cards = {{"TM11", referee::Colour::green, {0, 0}, {0, 0}, -1},
                 {"TM31", referee::Colour::blue, {1, 0}, {0, 0}, 1},
                 {"TM41", referee::Colour::purple, {2, 0}, {0, 0}, -1}};
  for (std::size_t a = 0; a + 1 < scene.cards.size(); ++a) {
    const samples::SideGap gap = samples::trio_side_gap(scene, scene.cards[a], scene.cards[a + 1]);
    ASSERT_GE(gap.smallest_mm, 0.0);
    ASSERT_LE(gap.largest_mm, samples::kTrioMaxGapMm);
  }
  const auto rendered = samples::render_trio(scene, webcam_without_hands(8), 8);
  StageLog log;
  const TrioReading reading =
      read_trio(rendered.image_bgr, palette_references(), TrioReaderParams{}, log);
  ASSERT_EQ(reading.cards.size(), 3u);
  const std::vector<int> id = cards_in_scene_order(scene, reading, rendered.truth);
  ASSERT_TRUE(std::find(id.begin(), id.end(), -1) == id.end());
  EXPECT_EQ(reading.cards[static_cast<std::size_t>(id[1])].edge_neighbours.size(), 2u);
  // The outer two touch only by a corner.
  EXPECT_EQ(reading.cards[static_cast<std::size_t>(id[0])].corner_neighbours,
            std::vector<int>{id[2]});
  EXPECT_TRUE(reading.detached.empty());
}

TEST(TrioReader, AnEmptyTableHasNoCards) {
  const cv::Mat table(720, 1280, CV_8UC3, cv::Scalar(60, 90, 130));
  StageLog log;
  const TrioReading reading = read_trio(table, palette_references(), TrioReaderParams{}, log);
  EXPECT_TRUE(reading.cards.empty());
  EXPECT_TRUE(reading.detached.empty());
  EXPECT_FALSE(reading.unstable);
  EXPECT_EQ(trio_fields(reading).dump(), R"({"cards":[],"detached":[],"status":"ok"})");
}

// Bare tables of every kind (wood, cloth, stripes, checks) under hard light and no hands: the
// patterns' colours are no monsters, so the picture is an empty table, `ok`. (The renderer
// always lays a card: the picture is cut beside it.)
TEST(TrioReader, BareRenderedTablesAreEmptyAndOk) {
  samples::TrioScene one_card;
  one_card.cards = {{"TM21", referee::Colour::red, {0, 0}, {0, 0}, 0}};
  int bare_pictures = 0;
  for (std::uint64_t seed = 0; seed < 24; ++seed) {
    std::mt19937_64 rng(9000 + seed);
    samples::CaptureConditions conditions = samples::draw_conditions(samples::Level::hard, rng);
    conditions.hand_count = conditions.sleeve_count = 0;
    const auto rendered = samples::render_trio(one_card, conditions, seed);
    const cv::Mat& image = rendered.image_bgr;
    double left = image.cols, right = 0;
    for (const auto& corner : rendered.truth["cards"][0]["polygon"]) {
      left = std::min(left, corner[0].get<double>());
      right = std::max(right, corner[0].get<double>());
    }
    const int margin = image.cols / 50;
    const cv::Rect bare = left > image.cols - right
                              ? cv::Rect(0, 0, static_cast<int>(left) - margin, image.rows)
                              : cv::Rect(static_cast<int>(right) + margin, 0,
                                         image.cols - static_cast<int>(right) - margin, image.rows);
    if (bare.width < image.rows / 2) continue;
    ++bare_pictures;
    StageLog log;
    const TrioReading reading =
        read_trio(image(bare).clone(), palette_references(), TrioReaderParams{}, log);
    EXPECT_TRUE(reading.cards.empty()) << "seed " << seed;
    EXPECT_FALSE(reading.unstable) << "seed " << seed << ": " << reading.unstable_reason;
  }
  EXPECT_GE(bare_pictures, 16);
}

// The holes of a reading's face mask that a body could fill (the "face holes" stage's count).
int body_sized_holes(const StageLog& log) {
  for (const StageRecord& stage : log.stages())
    if (stage.name == "face holes") return stage.candidates;
  return -1;
}

// Once the table's scale is known, a body's size is: the squares of a gingham cloth, a little
// smaller than a body, are no longer fitted as bodies one by one, and the cards read the same.
TEST(TrioReader, KnowingTheScaleLeavesAClothsChecksUnfitted) {
  const ColourReferences references = palette_references();
  int checked_cloths = 0;
  for (int scene = 0; scene < 4; ++scene) {
    std::mt19937_64 rng(5300 + static_cast<std::uint64_t>(scene));
    samples::CaptureConditions conditions = samples::draw_conditions(samples::Level::webcam, rng);
    conditions.image_size = {1920, 1080};
    conditions.hand_count = conditions.sleeve_count = 0;
    conditions.table = {samples::TableKind::patterned,
                        samples::TablePattern::gingham,
                        {235, 235, 230},
                        {40, 120, 60},
                        12.0 + scene,
                        10.0 * scene,
                        0};
    samples::TrioSceneOptions options;
    options.max_cards = 8;
    const auto rendered =
        samples::render_trio(samples::random_trio_scene(rng, options), conditions, rng());
    StageLog unknown_log;
    const TrioReading unknown = read_trio(rendered.image_bgr, references, {}, unknown_log);
    TrioReaderParams params;
    params.table_px_per_mm = table_px_per_mm(unknown);
    ASSERT_GT(params.table_px_per_mm, 0) << "scene " << scene;
    params.working_px_per_mm = params.table_px_per_mm;  // read at full size all the same
    StageLog known_log;
    const TrioReading known = read_trio(rendered.image_bgr, references, params, known_log);
    EXPECT_EQ(trio_fields(known), trio_fields(unknown)) << "scene " << scene;
    const int holes_unknown = body_sized_holes(unknown_log);
    const int holes_known = body_sized_holes(known_log);
    std::cout << "scene " << scene << ": " << holes_unknown << " holes of a body's size, "
              << holes_known << " with the scale known\n";
    EXPECT_GE(holes_known, static_cast<int>(known.cards.size()));
    if (holes_unknown >= 200) {
      ++checked_cloths;
      EXPECT_LT(holes_known * 10, holes_unknown) << "scene " << scene;
    }
  }
  EXPECT_GE(checked_cloths, 3);
}

TEST(TrioReader, StagesAreTimedAndCounted) {
  const auto rendered = samples::render_random(referee::Game::trio, samples::Level::clean, 7);
  StageLog log(true);
  const TrioReading reading =
      read_trio(rendered.image_bgr, palette_references(), TrioReaderParams{}, log);
  ASSERT_GE(log.stages().size(), 4u);
  EXPECT_GE(log.debug_images().size(), 2u);
  for (const StageRecord& stage : log.stages()) EXPECT_GE(stage.milliseconds, 0.0) << stage.name;
  EXPECT_EQ(reading.cards.size(), rendered.truth["cards"].size());
}

}  // namespace
}  // namespace tableref::vision
