// Monster Freeze reading on rendered scenes with known truth. The thresholds lock in the
// accuracy measured on these fixed seeds, so that a regression fails.

#include "vision/freeze_reader.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "evaluation/freeze_run.hpp"
#include "referee/deck.hpp"
#include "referee/freeze/solver.hpp"
#include "samples/render.hpp"
#include "vision/observation_json.hpp"

namespace tableref::vision {
namespace {

evaluation::FreezeScore score_freeze_level(samples::Level level, std::uint64_t run_seed,
                                           int images) {
  const auto run = evaluation::run_freeze_level(level, run_seed, images, palette_references());
  std::cout << samples::level_name(level) << ":\n" << run.score.report() << '\n';
  return run.score;
}

// Thresholds: the figures measured on these seeds, so that a regression fails.
TEST(FreezeReader, CleanScenesAreReadExactly) {
  const auto score = score_freeze_level(samples::Level::clean, 1001, 12);
  EXPECT_GE(score.recall(), 0.99);
  EXPECT_GE(score.precision(), 0.99);
  EXPECT_GE(score.cell_accuracy(), 0.995);
  EXPECT_EQ(score.cells_wrong, 0);
  EXPECT_EQ(score.false_tricks, 0);
  EXPECT_GE(score.alignment_accuracy(), 0.99);
}

TEST(FreezeReader, WebcamScenesMeetTheTargets) {
  const auto score = score_freeze_level(samples::Level::webcam, 2002, 24);
  EXPECT_GE(score.recall(), 0.99);
  EXPECT_GE(score.precision(), 0.99);
  // 99.5 % of cells right: a disk washed out by blur, its eyes and the shadow of the card above
  // is still named by its ink; the rest is `unknown`, never a wrong colour. 99.9 % on these seeds.
  EXPECT_GE(score.cell_accuracy(), 0.997);
  EXPECT_EQ(score.cells_wrong, 0);
  EXPECT_EQ(score.false_tricks, 0);
  // A card below shows by its border band, on white and blue-grey tables as on the others.
  EXPECT_GE(score.alignment_accuracy(), 0.98);
}

TEST(FreezeReader, HardScenesSayUnknownRatherThanGuess) {
  const auto score = score_freeze_level(samples::Level::hard, 3003, 24);
  EXPECT_GE(score.recall(), 0.9);
  EXPECT_GE(score.precision(), 0.97);
  // Shadowed and blurred disks are named by their ink: 90.1 % right on these seeds.
  EXPECT_GE(score.cell_accuracy(), 0.895);
  EXPECT_LT(score.cells_wrong, std::max(1, score.cells_unknown));
  EXPECT_LT(score.false_trick_rate(), 0.005);
  // The top card's shadow on a table like the border is no card below: 89 % on these seeds.
  EXPECT_GE(score.alignment_accuracy(), 0.85);
}

// Three cards of the deck stacked to show a line, from the `hand_index`-th hand with a trick.
samples::FreezeStackLayout trick_stack(std::size_t hand_index) {
  const referee::FreezeDeck& deck = referee::builtin_freeze_deck();
  for (std::size_t first = 0; first + 2 < deck.cards.size(); ++first) {
    const referee::freeze::Hand hand{&deck.cards[first], &deck.cards[first + 1],
                                     &deck.cards[first + 2]};
    const auto tricks = referee::freeze::list_tricks(hand);
    if (tricks.empty() || hand_index-- > 0) continue;
    samples::FreezeStackLayout stack;
    for (std::size_t level = 0; level < 3; ++level) {
      stack.cards.push_back({hand[static_cast<std::size_t>(tricks[0].stacking.order[level])]->id,
                             tricks[0].stacking.placements[level]});
    }
    return stack;
  }
  return {};
}

// Webcam conditions with no hand over the table.
samples::CaptureConditions webcam_without_hands(std::mt19937_64& rng) {
  samples::CaptureConditions conditions = samples::draw_conditions(samples::Level::webcam, rng);
  conditions.hand_count = conditions.sleeve_count = 0;
  return conditions;
}

// A trick stack whose top card is turned 12 to 24 degrees shows its line, but is not aligned:
// the corners of the card below peek out on every side and must be seen, whatever the table.
TEST(FreezeReader, ATurnedTopCardIsSeenAndEarnsNoTrick) {
  evaluation::FreezeScore score;
  for (int scene = 0; scene < 8; ++scene) {
    std::mt19937_64 rng(500 + static_cast<std::uint64_t>(scene));
    samples::CaptureConditions conditions = webcam_without_hands(rng);
    samples::FreezeStackLayout turned = trick_stack(static_cast<std::size_t>(scene));
    turned.cards[0].turn_deg = (scene % 2 == 0 ? 1 : -1) * (12.0 + 1.5 * scene);
    turned.angle_deg = 37.0 * scene;
    samples::FreezeStackLayout level_stack = trick_stack(static_cast<std::size_t>(scene + 8));
    level_stack.centre_mm = {130, 0};
    const auto rendered = samples::render_freeze({{turned, level_stack}}, conditions, rng());
    StageLog log;
    const auto reading = read_freeze(rendered.image_bgr, referee::builtin_freeze_deck(),
                                     palette_references(), {}, log);
    score.add(evaluation::score_freeze(rendered.truth, freeze_fields(reading)));
  }
  std::cout << score.report() << '\n';
  EXPECT_EQ(score.matched_stacks, 16);
  EXPECT_EQ(score.false_tricks, 0);
  EXPECT_EQ(score.aligned_right, score.scored_stacks());
}

// Reads a rendered scene and scores the reading, listing its mistakes.
evaluation::FreezeScore read_and_score(const samples::RenderedImage& rendered, int scene) {
  StageLog log;
  const auto reading = read_freeze(rendered.image_bgr, referee::builtin_freeze_deck(),
                                   palette_references(), {}, log);
  evaluation::FreezeScore score = evaluation::score_freeze(rendered.truth, freeze_fields(reading));
  for (const std::string& mistake : score.mistakes)
    std::cout << "scene " << scene << ", " << mistake << '\n';
  return score;
}

// From afar (a card about 85 px across, 1.3 px/mm), a card below turned 8 to 10 degrees, as a
// hand leaves it, peeks out by no more than the top card's edge blurs: it shows only in how that
// blurred band grows along two sides. The stack earns no trick; a squared stack beside it does.
TEST(FreezeReader, ACardBelowTurnedIsSeenFromAfar) {
  evaluation::FreezeScore score;
  for (int scene = 0; scene < 8; ++scene) {
    std::mt19937_64 rng(700 + static_cast<std::uint64_t>(scene));
    samples::CaptureConditions conditions = webcam_without_hands(rng);
    conditions.camera_height_mm = 850;
    conditions.tilt_deg = 0;
    samples::FreezeStackLayout turned = trick_stack(static_cast<std::size_t>(scene));
    turned.cards[1 + static_cast<std::size_t>(scene % 2)].turn_deg =
        (scene % 4 < 2 ? 1 : -1) * (8.0 + 0.25 * scene);
    turned.angle_deg = 41.0 * scene;
    samples::FreezeStackLayout squared = trick_stack(static_cast<std::size_t>(scene + 8));
    squared.centre_mm = {130, 0};
    squared.angle_deg = 23.0 * scene;
    score.add(
        read_and_score(samples::render_freeze({{turned, squared}}, conditions, rng()), scene));
  }
  std::cout << score.report() << '\n';
  EXPECT_EQ(score.matched_stacks, 16);
  EXPECT_EQ(score.false_tricks, 0);
  // 15 of 16 on these seeds (14 when the blurred band's growth was not read).
  EXPECT_GE(score.aligned_right, 15);
}

// Two trick stacks on the table, squared up as a hand does (within 0.8 mm and 1 degree).
std::vector<samples::FreezeStackLayout> squared_trick_stacks(std::size_t first_hand,
                                                             std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<samples::FreezeStackLayout> stacks;
  for (std::size_t index = 0; index < 2; ++index) {
    samples::FreezeStackLayout stack = trick_stack(first_hand + index);
    for (samples::FreezeCardLayout& card : stack.cards) {
      card.offset_mm = {0.55 * unit(rng), 0.55 * unit(rng)};
      card.turn_deg = unit(rng);
    }
    stack.angle_deg = 90.0 * unit(rng);
    stack.centre_mm = {130.0 * static_cast<double>(index), 0};
    stacks.push_back(std::move(stack));
  }
  return stacks;
}

// A plain table of about the cards' border colour, under webcam light: the top card's shadow on
// it is no card below, and these squared-up stacks are aligned and earn their tricks.
TEST(FreezeReader, SquaredStacksOnATableOfTheBorderColourAreAligned) {
  evaluation::FreezeScore score;
  for (int scene = 0; scene < 8; ++scene) {
    std::mt19937_64 rng(700 + static_cast<std::uint64_t>(scene));
    samples::CaptureConditions conditions = webcam_without_hands(rng);
    conditions.table = samples::TableSurface{};
    conditions.table.base_rgb = cv::Vec3d(140, 165, 185) + cv::Vec3d(2, 2, 1) * scene;
    conditions.drop_shadow_strength = 0.4 + 0.025 * scene;
    conditions.colour_temperature_k = 3600 + 300 * scene;
    const auto rendered = samples::render_freeze(
        {squared_trick_stacks(static_cast<std::size_t>(2 * scene), rng)}, conditions, rng());
    score.add(read_and_score(rendered, scene));
  }
  std::cout << score.report() << '\n';
  EXPECT_EQ(score.matched_stacks, 16);
  EXPECT_EQ(score.aligned_right, score.scored_stacks());
  EXPECT_EQ(score.missed_tricks, 0);
  EXPECT_EQ(score.cells_wrong, 0);
}

// Two trick stacks whose bottom card is slid `slide_mm` from under the others, each its own way.
samples::RenderedImage slid_trick_stacks(int scene, double slide_mm, std::mt19937_64& rng) {
  const samples::CaptureConditions conditions = webcam_without_hands(rng);
  std::vector<samples::FreezeStackLayout> stacks =
      squared_trick_stacks(static_cast<std::size_t>(2 * scene), rng);
  for (samples::FreezeStackLayout& stack : stacks) {
    const double direction = 0.8 * scene + (stack.centre_mm.x > 0 ? 2.0 : 0.0);
    stack.cards[2].offset_mm += slide_mm * cv::Point2d(std::cos(direction), std::sin(direction));
  }
  stacks[1].centre_mm.x += 20;
  return samples::render_freeze({stacks}, conditions, rng());
}

// A card slid 6 to 10 mm from under the top card: the top card's holes show the table and the
// slid card's face or border, no monster. They read `empty`, never a colour, and the stack
// earns no trick.
TEST(FreezeReader, HolesOverASlidCardBelowReadEmpty) {
  evaluation::FreezeScore score;
  for (int scene = 0; scene < 12; ++scene) {
    std::mt19937_64 rng(800 + static_cast<std::uint64_t>(scene));
    score.add(read_and_score(slid_trick_stacks(scene, 6.0 + 0.35 * scene, rng), scene));
  }
  std::cout << score.report() << '\n';
  EXPECT_EQ(score.matched_stacks, 24);
  EXPECT_EQ(score.false_tricks, 0);
  EXPECT_EQ(score.aligned_right, score.scored_stacks());
  EXPECT_EQ(score.cells_wrong, 0);
  EXPECT_LE(score.cells_unknown, 1);
}

// A card slid 11 to 16 mm shows its monsters right at the top card's edge, then its face and
// border: colourful, but no table. The stack is not aligned and earns no trick.
TEST(FreezeReader, ACardSlidFarShowsItsMonstersAndIsNotAligned) {
  evaluation::FreezeScore score;
  for (int scene = 0; scene < 12; ++scene) {
    std::mt19937_64 rng(900 + static_cast<std::uint64_t>(scene));
    score.add(read_and_score(slid_trick_stacks(scene, 11.0 + 0.45 * scene, rng), scene));
  }
  std::cout << score.report() << '\n';
  EXPECT_EQ(score.matched_stacks, 24);
  EXPECT_EQ(score.false_tricks, 0);
  EXPECT_EQ(score.aligned_right, score.scored_stacks());
}

// Webcam scene 0 of seed 501: a gingham cloth whose light squares, framed by darker ones, are
// about 50 px across beside three stacks. No card of the deck shows the table at every position.
TEST(FreezeReader, TheLightSquaresOfAChequeredClothAreNoStacks) {
  const auto rendered = samples::render_random(referee::Game::freeze, samples::Level::webcam,
                                               samples::image_seed(501, 0));
  const evaluation::FreezeScore score = read_and_score(rendered, 0);
  EXPECT_EQ(score.true_stacks, 3);
  EXPECT_EQ(score.matched_stacks, 3);
  EXPECT_EQ(score.found_stacks, 3);
}

TEST(FreezeReader, FaceMasksAreOutlinedOnlyWhereAFaceCouldBe) {
  // Webcam scene 77/1: three stacks on a cloth of thousands of light dots. Neither threshold
  // outlines every dot: the lower one traces only around components whose box could hold a face,
  // the higher one only around those the lower one found large enough; the stacks are read all
  // the same.
  const auto rendered = samples::render_random(referee::Game::freeze, samples::Level::webcam,
                                               samples::image_seed(77, 1));
  StageLog log;
  const FreezeReading reading = read_freeze(rendered.image_bgr, referee::builtin_freeze_deck(),
                                            palette_references(), FreezeReaderParams{}, log);
  std::map<std::string, int> outlines;
  for (const StageRecord& stage : log.stages()) outlines[stage.name] = stage.candidates;
  EXPECT_LT(outlines.at("face mask 0.86"), 200);
  EXPECT_LT(outlines.at("face mask 0.92"), 100);
  const evaluation::FreezeScore score =
      evaluation::score_freeze(rendered.truth, freeze_fields(reading));
  EXPECT_EQ(score.true_stacks, 3);
  EXPECT_EQ(score.matched_stacks, 3);
  EXPECT_EQ(score.found_stacks, 3);
}

TEST(FreezeReader, AnEmptyTableHasNoStacks) {
  const cv::Mat table(720, 1280, CV_8UC3, cv::Scalar(60, 90, 130));
  StageLog log;
  const auto reading = read_freeze(table, referee::builtin_freeze_deck(), palette_references(),
                                   FreezeReaderParams{}, log);
  EXPECT_TRUE(reading.stacks.empty());
  EXPECT_FALSE(reading.unstable);
}

TEST(FreezeReader, StagesAreTimedAndCounted) {
  const auto rendered = samples::render_random(referee::Game::freeze, samples::Level::clean, 7);
  StageLog log(true);
  read_freeze(rendered.image_bgr, referee::builtin_freeze_deck(), palette_references(),
              FreezeReaderParams{}, log);
  ASSERT_GE(log.stages().size(), 4u);
  EXPECT_FALSE(log.debug_images().empty());
  for (const StageRecord& stage : log.stages()) EXPECT_GE(stage.milliseconds, 0.0) << stage.name;
}

}  // namespace
}  // namespace tableref::vision
