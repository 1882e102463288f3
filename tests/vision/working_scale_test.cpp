// Reading at a working scale: a picture whose cards are drawn larger than the reader needs is read
// shrunk once the table's scale is known, as the live referee reads its frames. On rendered scenes
// the readings are as good as at full size, and every point comes back where it lies in the
// picture.

#include "vision/working_scale.hpp"

#include <gtest/gtest.h>

#include "evaluation/bugs_score.hpp"
#include "evaluation/freeze_score.hpp"
#include "evaluation/punto_score.hpp"
#include "evaluation/trio_score.hpp"
#include "referee/deck.hpp"
#include "samples/render.hpp"
#include "vision/bugs_reader.hpp"
#include "vision/freeze_reader.hpp"
#include "vision/observation_json.hpp"
#include "vision/punto_reader.hpp"
#include "vision/trio_reader.hpp"

namespace tableref::vision {
namespace {

TEST(WorkingScale, ShrinksOnlyWhereItSavesEnough) {
  EXPECT_EQ(working_scale(0, 2.0), 1.0);    // the table's scale not known yet
  EXPECT_EQ(working_scale(2.1, 2.0), 1.0);  // a twentieth fewer pixels per side: not worth it
  EXPECT_EQ(working_scale(1.5, 2.0), 1.0);  // never enlarged
  EXPECT_DOUBLE_EQ(working_scale(4.0, 2.0), 0.5);
}

TEST(WorkingScale, APointOfTheShrunkPictureLiesWhereItShowsInTheWholeOne) {
  const cv::Size picture(1920, 1080), shrunk = shrunk_size(picture, 0.5);
  EXPECT_EQ(shrunk, cv::Size(960, 540));
  // cv::resize's pixel centres: shrunk pixel 0 covers picture pixels 0 and 1.
  EXPECT_EQ(unshrunk({0, 0}, shrunk, picture), cv::Point2d(0.5, 0.5));
  EXPECT_EQ(unshrunk({959.5, 539.5}, shrunk, picture), cv::Point2d(1919.5, 1079.5));
  EXPECT_EQ(unshrunk({10, 20}, picture, picture), cv::Point2d(10, 20));
}

// The scores of a game's webcam scenes read at full size and read again with the table's scale
// known (learnt from the first reading), and how many were read shrunk.
template <class Score>
struct TwoReadings {
  Score full_size, scale_known;
  int shrunk = 0;
};

// Reads the game's first `images` webcam scenes of `seed` twice: at full size, which gives the
// table's scale, then with it known. The second reading must show the same scale: its points are
// where they lie in the picture.
template <class Score, class Read, class Fields>
TwoReadings<Score> read_twice(referee::Game game, std::uint64_t seed, int images, double working,
                              Read read, Fields fields,
                              Score (*score_one)(const nlohmann::json&, const nlohmann::json&)) {
  TwoReadings<Score> scores;
  for (int i = 0; i < images; ++i) {
    const auto rendered =
        samples::render_random(game, samples::Level::webcam, samples::image_seed(seed, i));
    const auto full_size = read(rendered.image_bgr, 0.0);
    const double learnt = table_px_per_mm(full_size);
    const auto scale_known = read(rendered.image_bgr, learnt);
    if (working_scale(learnt, working) < 1) ++scores.shrunk;
    EXPECT_NEAR(table_px_per_mm(scale_known), learnt, 0.03 * learnt) << "scene " << i;
    scores.full_size.add(score_one(rendered.truth, fields(full_size)));
    scores.scale_known.add(score_one(rendered.truth, fields(scale_known)));
  }
  return scores;
}

// A reader's default parameters with the table's scale.
template <class Params>
Params with_table_scale(double px_per_mm) {
  Params params;
  params.table_px_per_mm = px_per_mm;
  return params;
}

TEST(WorkingScale, MonsterFreezeIsReadAsWellShrunk) {
  const referee::FreezeDeck deck = referee::builtin_freeze_deck();
  const ColourReferences references = palette_references();
  const auto scores = read_twice<evaluation::FreezeScore>(
      referee::Game::freeze, 4104, 16, FreezeReaderParams{}.working_px_per_mm,
      [&](const cv::Mat& picture, double px_per_mm) {
        StageLog log;
        return read_freeze(picture, deck, references,
                           with_table_scale<FreezeReaderParams>(px_per_mm), log);
      },
      freeze_fields, evaluation::score_freeze);
  EXPECT_GE(scores.shrunk, 4);
  const evaluation::FreezeScore &full_size = scores.full_size, &shrunk = scores.scale_known;
  EXPECT_EQ(shrunk.matched_stacks, full_size.matched_stacks);
  EXPECT_LE(shrunk.cells_wrong, full_size.cells_wrong);
  EXPECT_GE(shrunk.cells_right, full_size.cells_right - 2);
  EXPECT_EQ(shrunk.trick_stacks, full_size.trick_stacks);
  EXPECT_EQ(shrunk.false_tricks, 0);
}

TEST(WorkingScale, TrioMonstersIsReadAsWellShrunk) {
  const ColourReferences references = palette_references();
  const auto scores = read_twice<evaluation::TrioScore>(
      referee::Game::trio, 4105, 12, TrioReaderParams{}.working_px_per_mm,
      [&](const cv::Mat& picture, double px_per_mm) {
        StageLog log;
        return read_trio(picture, references, with_table_scale<TrioReaderParams>(px_per_mm), log);
      },
      trio_fields, evaluation::score_trio);
  EXPECT_GE(scores.shrunk, 4);
  const evaluation::TrioScore &full_size = scores.full_size, &shrunk = scores.scale_known;
  EXPECT_EQ(shrunk.matched_cards, full_size.matched_cards);
  EXPECT_LE(shrunk.colours_wrong, full_size.colours_wrong);
  EXPECT_GE(shrunk.colours_right, full_size.colours_right - 1);
  EXPECT_EQ(shrunk.exact_graphs, full_size.exact_graphs);
  EXPECT_EQ(shrunk.read_ok_wrong, 0);
}

TEST(WorkingScale, PuntoIsReadAsWellShrunk) {
  const ColourReferences references = palette_references();
  const auto scores = read_twice<evaluation::PuntoScore>(
      referee::Game::punto, 4106, 16, PuntoReaderParams{}.working_px_per_mm,
      [&](const cv::Mat& picture, double px_per_mm) {
        StageLog log;
        return read_punto(picture, references, with_table_scale<PuntoReaderParams>(px_per_mm), log);
      },
      punto_fields, evaluation::score_punto);
  EXPECT_GE(scores.shrunk, 4);
  const evaluation::PuntoScore &full_size = scores.full_size, &shrunk = scores.scale_known;
  EXPECT_EQ(shrunk.matched_cards, full_size.matched_cards);
  EXPECT_LE(shrunk.cards_wrong, full_size.cards_wrong);
  EXPECT_GE(shrunk.cards_right, full_size.cards_right - 1);
  EXPECT_LE(shrunk.wrong_verdicts, full_size.wrong_verdicts);
  EXPECT_EQ(shrunk.wrong_verdicts, 0);
}

// Bugs & Co's eyes need more pixels than the other games' marks: few webcam pictures show the
// tiles larger than its working scale. Read here at a lower one, so that every picture is shrunk
// and the tiles' seats are looked up where they lie in the picture as given.
TEST(WorkingScale, BugsAndCoTilesKeepTheirSeatsShrunk) {
  const referee::BugsDeck deck = referee::builtin_bugs_deck();
  constexpr double kWorking = 1.5;
  int seats_asked = 0;
  const auto scores = read_twice<evaluation::BugsScore>(
      referee::Game::bugs, 4107, 6, kWorking,
      [&](const cv::Mat& picture, double px_per_mm) {
        auto params = with_table_scale<BugsReaderParams>(px_per_mm);
        params.working_px_per_mm = kWorking;
        // Two seats: the picture's left and right halves, as given.
        const SeatOfPoint seat_of = [&seats_asked, width = picture.cols](cv::Point2d point) {
          ++seats_asked;
          return point.x < width / 2.0 ? 0 : 1;
        };
        StageLog log;
        const BugsReading reading = read_bugs(picture, deck, params, log, seat_of);
        for (const BugsCollectionReading& collection : reading.collections) {
          for (const std::size_t tile : collection.tiles) {
            EXPECT_EQ(collection.seat, reading.tiles[tile].center.x < picture.cols / 2.0 ? 0 : 1);
          }
        }
        return reading;
      },
      bugs_fields, evaluation::score_bugs);
  EXPECT_EQ(scores.shrunk, 6);
  EXPECT_GT(seats_asked, 0);
  EXPECT_GE(scores.scale_known.recall(), 0.95);
  EXPECT_EQ(scores.scale_known.tiles_wrong, 0);
}

}  // namespace
}  // namespace tableref::vision
