// Punto reading on rendered scenes with known truth. The thresholds lock in the accuracy
// measured on these fixed seeds, so that a regression fails.

#include "vision/punto_reader.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "evaluation/punto_score.hpp"
#include "samples/render.hpp"
#include "vision/observation_json.hpp"

namespace tableref::vision {
namespace {

evaluation::PuntoScore score_punto_level(samples::Level level, std::uint64_t run_seed, int images) {
  const ColourReferences references = palette_references();
  evaluation::PuntoScore total;
  for (int i = 0; i < images; ++i) {
    const auto rendered =
        samples::render_random(referee::Game::punto, level, samples::image_seed(run_seed, i));
    StageLog log;
    const PuntoReading reading = read_punto(rendered.image_bgr, references, {}, log);
    total.add(evaluation::score_punto(rendered.truth, punto_fields(reading)));
  }
  std::cout << samples::level_name(level) << ":\n" << total.report() << '\n';
  return total;
}

TEST(PuntoReader, CleanScenesAreReadExactly) {
  const auto score = score_punto_level(samples::Level::clean, 1101, 10);
  EXPECT_GE(score.recall(), 0.999);
  EXPECT_GE(score.precision(), 0.999);
  EXPECT_GE(score.card_accuracy(), 0.995);
  EXPECT_EQ(score.cards_wrong, 0);
  EXPECT_EQ(score.wrong_verdicts, 0);
  EXPECT_GE(score.verdict_accuracy(), 0.999);
}

// The targets: colour and value right on at least 99.5 % of cards, at least 99 % of line
// verdicts exact.
TEST(PuntoReader, WebcamScenesMeetTheTargets) {
  const auto score = score_punto_level(samples::Level::webcam, 2202, 16);
  EXPECT_GE(score.recall(), 0.995);
  EXPECT_GE(score.precision(), 0.995);
  EXPECT_GE(score.card_accuracy(), 0.995);
  EXPECT_EQ(score.cards_wrong, 0);
  // Measured 87 %: on layouts turned near 45 degrees in the picture, the reader and the truth
  // may take the other grid axes as "nearest to the image's", which renames every cell (the
  // lines, compared as runs, are right). Locked in until the convention is settled.
  EXPECT_GE(score.cell_accuracy(), 0.85);
  EXPECT_EQ(score.wrong_verdicts, 0);
  EXPECT_GE(score.verdict_accuracy(), 0.99);
}

// Hands and glare hide cards: the reading says `unstable` or `unknown` rather than a wrong
// card or a wrong line.
TEST(PuntoReader, HardScenesSayUnstableRatherThanGuess) {
  const auto score = score_punto_level(samples::Level::hard, 3303, 12);
  EXPECT_GE(score.precision(), 0.99);
  EXPECT_EQ(score.cards_wrong, 0);
  EXPECT_EQ(score.wrong_verdicts, 0);
  EXPECT_GE(score.verdict_accuracy(), 0.99);
}

// A hand over the fifth card of a blue line: its dots show between the fingers, in the hand's
// shadow, darker than a dot in full light. The line must not be read as one of four.
TEST(PuntoReader, ADotInAHandsShadowTellsOfTheCardUnderIt) {
  const auto rendered = samples::render_random(referee::Game::punto, samples::Level::hard,
                                               samples::image_seed(1, 38));
  ASSERT_EQ(rendered.truth.at("status"), "unstable");
  ASSERT_EQ(rendered.truth.at("lines").at(0).at("length"), 5);
  StageLog log;
  const PuntoReading reading = read_punto(rendered.image_bgr, palette_references(), {}, log);
  EXPECT_TRUE(reading.unstable);
  EXPECT_NE(std::find(reading.doubts.begin(), reading.doubts.end(),
                      "a card is partly hidden or out of view"),
            reading.doubts.end());
}

// A lone card under fingers (between two hands; on a gingham cloth; under glare on a gingham
// cloth): its dots touch the skin, which is saturated too, and the fingers cover most of each
// dot's dark surround. No whole card is found, and the table must not be read as it shows.
TEST(PuntoReader, DotsBesideFingersTellOfTheCardUnderThem) {
  for (const int scene : {6, 10, 22}) {
    const auto rendered = samples::render_random(referee::Game::punto, samples::Level::hard,
                                                 samples::image_seed(1, scene));
    ASSERT_EQ(rendered.truth.at("status"), "unstable") << "scene " << scene;
    StageLog log;
    const PuntoReading reading = read_punto(rendered.image_bgr, palette_references(), {}, log);
    EXPECT_TRUE(reading.unstable) << "scene " << scene;
    EXPECT_LT(reading.cards.size(), rendered.truth.at("cards").size()) << "scene " << scene;
  }
}

}  // namespace
}  // namespace tableref::vision
