// Bugs & Co reading on rendered scenes with known truth. The thresholds lock in the accuracy
// measured on these fixed seeds, so that a regression fails.

#include "vision/bugs_reader.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <iostream>
#include <opencv2/imgproc.hpp>
#include <string>
#include <utility>
#include <vector>

#include "evaluation/bugs_score.hpp"
#include "referee/deck.hpp"
#include "samples/render.hpp"
#include "vision/observation_json.hpp"

namespace tableref::vision {
namespace {

evaluation::BugsScore score_bugs_level(samples::Level level, std::uint64_t run_seed, int images,
                                       int first_image = 0) {
  evaluation::BugsScore total;
  for (int i = first_image; i < first_image + images; ++i) {
    const auto rendered =
        samples::render_random(referee::Game::bugs, level, samples::image_seed(run_seed, i));
    StageLog log;
    const BugsReading reading =
        read_bugs(rendered.image_bgr, referee::builtin_bugs_deck(), {}, log);
    const auto score = evaluation::score_bugs(rendered.truth, bugs_fields(reading));
    if (score.tiles_wrong > 0 || score.collections_exact < score.collections)
      std::cout << "image " << i << ": " << score.report() << '\n';
    total.add(score);
  }
  std::cout << samples::level_name(level) << ":\n" << total.report() << '\n';
  return total;
}

// No tile and no collection read wrong.
void expect_none_wrong(const evaluation::BugsScore& score) {
  EXPECT_EQ(score.tiles_wrong, 0);
  EXPECT_EQ(score.collections_wrong, 0);
}

// The pictures (seed, index) of `level`, scored together.
using Pictures = std::vector<std::pair<std::uint64_t, int>>;
evaluation::BugsScore score_pictures(samples::Level level, const Pictures& pictures) {
  evaluation::BugsScore total;
  for (const auto& [seed, index] : pictures) total.add(score_bugs_level(level, seed, 1, index));
  return total;
}

// One rendered picture (image `index` of `run_seed`) and its reading.
struct ReadScene {
  samples::RenderedImage rendered;
  BugsReading reading;
  evaluation::BugsScore score() const {
    return evaluation::score_bugs(rendered.truth, bugs_fields(reading));
  }
};

ReadScene read_scene(samples::Level level, std::uint64_t run_seed, int index) {
  ReadScene scene{
      samples::render_random(referee::Game::bugs, level, samples::image_seed(run_seed, index)), {}};
  StageLog log;
  scene.reading = read_bugs(scene.rendered.image_bgr, referee::builtin_bugs_deck(), {}, log);
  return scene;
}

// What a set of pictures must reach at least; no tile and no collection is ever read wrong.
struct Floor {
  double recall = 0, precision = 0, species = 0, collections = 0;
};

void expect_at_least(const evaluation::BugsScore& score, const Floor& floor) {
  EXPECT_GE(score.recall(), floor.recall);
  EXPECT_GE(score.precision(), floor.precision);
  EXPECT_GE(score.species_accuracy(), floor.species);
  EXPECT_GE(score.collection_accuracy(), floor.collections);
  expect_none_wrong(score);
}

TEST(BugsReader, CleanScenesAreReadWithoutAWrongTile) {
  const auto score = score_bugs_level(samples::Level::clean, 4101, 10);
  expect_at_least(score, {.recall = 0.97, .precision = 0.99, .species = 0.99, .collections = 0.95});
}

// The targets are 99 % of species right and 95 % of collections scored exactly. Eyes are read
// as a whole row fitted across the body, and an eye spilling over the body's edge is read by its
// own white; what is left `unknown` is mostly glare on a body or stripes merged into one band,
// keeping collections from being scored. No tile and no collection is read wrong.
TEST(BugsReader, WebcamScenesAreMostlyReadAndNeverWrong) {
  const auto score = score_bugs_level(samples::Level::webcam, 5202, 12);
  expect_at_least(score, {.recall = 0.99, .precision = 0.99, .species = 0.97, .collections = 0.75});
}

// Yellow bodies whose row of eyes bites notches into them (the blurred rim between yellow and
// white passes for cream), and glare on a spotted or striped body that hides its eyes: these
// seeds left such tiles `unknown`. The eyes now rejoin the body, and shape and pattern decide the
// species when the deck has a single one with both. Light patterned cloths hid five tiles of one
// picture; their faces are now found by their hue.
TEST(BugsReader, LightBodiesAndGlaredEyesAreStillRead) {
  const auto score = score_bugs_level(samples::Level::webcam, 78, 20);
  expect_at_least(score, {.recall = 0.99, .species = 0.99, .collections = 0.95});
}

// Cream faces on light dotted, striped and gingham cloths, neither brighter than the table nor
// outlined all around: found by their hue, across the picture and then around every eye left
// outside a tile (a copy printed a little off). Brightness and outlines found 87 % of these tiles.
TEST(BugsReader, TilesOnLightPatternedClothsAreFoundByTheirHue) {
  const auto score = score_bugs_level(samples::Level::webcam, 77, 40, 20);  // 7 such cloths
  expect_at_least(score, {.recall = 0.99, .collections = 0.8});
}

// A drop whose outline is bumpy (spots near its edge, a small tile) showed three points and was
// read as a triangle; a disk showed one and was read as a drop. The points counted must now
// agree with how much of the outline is an arc, else the shape is unknown.
TEST(BugsReader, AShapeIsReadOnlyWhenItsPointsAndArcsAgree) {
  // The pictures where a shape was read wrong.
  const auto score =
      score_pictures(samples::Level::webcam, {{79, 28}, {79, 42}, {80, 6}, {80, 46}});
  expect_none_wrong(score);
}

// Every tile of these webcam pictures is read: none left `unknown`, and no tile or collection
// wrong.
void expect_every_tile_read(const Pictures& pictures) {
  const auto score = score_pictures(samples::Level::webcam, pictures);
  EXPECT_EQ(score.tiles_unknown, 0);
  expect_none_wrong(score);
}

// Every tile of these pictures is read and every collection scored: no tile left `unknown`,
// none wrong.
void expect_read_whole(const Pictures& pictures) {
  const auto score = score_pictures(samples::Level::webcam, pictures);
  EXPECT_EQ(score.tiles_unknown, 0);
  EXPECT_EQ(score.tiles_wrong, 0);
  EXPECT_EQ(score.collections_exact, score.collections);
}

// A small triangle's three stripes blurred into one band were left `unknown`: one long band and
// nothing else, along the row of eyes, is stripes.
TEST(BugsReader, StripesBlurredIntoOneBandAreStripes) {
  // The pictures (seed, index) where the band left a striped triangle unread.
  expect_read_whole({{77, 40}, {77, 56}, {79, 39}, {80, 23}, {80, 26}});
}

// A square body's outline, found before its tile's (a cream face close to a light cloth), was
// taken for the tile and read as a face of the body's colour: `unknown`. A larger outline found
// at the same place is now read when the first leaves the tile unread.
TEST(BugsReader, ABodyTakenForATileIsReadFromTheTileAroundIt) {
  expect_read_whole({{79, 9}, {79, 41}, {79, 49}, {80, 51}});
}

// Glare on a body or beside it (white with no pupil in it) bent the outline or passed for an
// eye, and these tiles were left `unknown`. A face left unread is read again with its highlights
// set aside; what the first reading found is kept.
TEST(BugsReader, GlareIsSetAsideRatherThanReadAsBodyOrEye) {
  expect_read_whole({{79, 26}, {79, 42}, {80, 6}, {80, 36}, {80, 43}, {81, 2}, {81, 20}});
}

// Glare over a spotted body hides some of its five spots; three seen, none long, and glare over
// a spot's area of the body are spots (a round body left `unknown` on this picture).
TEST(BugsReader, ThreeSpotsBesideGlareAreSpots) {
  expect_read_whole({{79, 50}});
}

// Glare over the middle of a spotted disk (webcam picture 22 of this seed) left two of its five
// spots in view: two spots, and glare over enough of the body to hide the three others, are spots.
TEST(BugsReader, TwoSpotsBesideWideGlareAreSpots) {
  expect_read_whole({{77, 22}});
}

// A highlight over the row of eyes can hide an eye whole: setting it aside there read a three-eyed
// star and a two-eyed triangle with one eye (hard pictures 2 and 19 of this seed). No eye is
// counted when glare lies on the row, unless three show, each with its pupil.
TEST(BugsReader, GlareOnTheRowOfEyesLeavesTheCountUnknown) {
  evaluation::BugsScore score;
  for (const int index : {2, 19}) score.add(score_bugs_level(samples::Level::hard, 77, 1, index));
  expect_none_wrong(score);
  EXPECT_GT(score.tiles_unknown, 0);  // those two tiles stay unread
}

// Three eyes, each with its pupil, beside glare on their row (webcam picture 39 of seed 82, a
// triangle): a monster has at most three, so the glare hides none and the count stands. The
// tile was left unread, and its collection in doubt.
TEST(BugsReader, ThreeEyesWithTheirPupilsBesideGlareAreCounted) {
  expect_read_whole({{82, 39}});
}

// The whites of three eyes on a light body blur into one band, which two eyes fit almost as well
// as three (yellow stars, webcam pictures 81/35, 84/33 and 86/16; a drop, 85/12): the three
// pupils, one in each eye fitted and none beside, confirm the count. The tiles were left unread.
TEST(BugsReader, ARowOfEyesBlurredTogetherIsCountedByItsPupils) {
  expect_read_whole({{81, 35}, {84, 33}, {86, 16}, {85, 12}});
}

// A highlight on the row of eyes passes for an eye: a one-eyed drop was read with three (webcam
// picture 5 of seed 83), and two one-eyed monsters and a three-eyed one with two on hard pictures.
// An eye counted where the face shows a highlight is none: the count is read again without it,
// and left unknown when glare lies on the row.
TEST(BugsReader, AnEyeCountedOnAHighlightIsNone) {
  auto score = score_pictures(samples::Level::hard, {{79, 15}, {79, 28}, {80, 8}});
  score.add(score_bugs_level(samples::Level::webcam, 83, 1, 5));
  expect_none_wrong(score);
}

// A tile can still merge with the table and be missed (hard picture 27 of seed 80: tiles on a
// cream cloth with black dots, blurred; several are not found); the eye of one still shows outside
// every tile found, so the picture is unstable rather than scored without those tiles.
TEST(BugsReader, ATileLostInTheTableMakesThePictureUnstable) {
  const auto score = score_bugs_level(samples::Level::hard, 80, 1, 27);
  EXPECT_LT(score.recall(), 1.0);  // this picture does lose a tile in the table
  EXPECT_EQ(score.collections_wrong, 0);
  EXPECT_EQ(score.collections_exact, 0);
}

// The JSON says where the eyes outside every tile lie: each on a tile of the truth that no tile
// read stands for (the tile lost in the table of hard picture 80/27).
TEST(BugsReader, TheEyesOutsideEveryTileAreInTheJson) {
  const ReadScene scene = read_scene(samples::Level::hard, 80, 27);
  const nlohmann::json fields = bugs_fields(scene.reading);
  ASSERT_TRUE(fields.contains("stray_eyes"));
  ASSERT_FALSE(fields["stray_eyes"].empty());
  const auto point = [](const nlohmann::json& xy) {
    return cv::Point2d(xy[0].get<double>(), xy[1].get<double>());
  };
  for (const nlohmann::json& eye : fields["stray_eyes"]) {
    const auto& truth_tiles = scene.rendered.truth["tiles"];
    const auto lost = std::find_if(truth_tiles.begin(), truth_tiles.end(), [&](const auto& tile) {
      std::vector<cv::Point2f> polygon;
      for (const nlohmann::json& corner : tile["polygon"]) polygon.emplace_back(point(corner));
      return cv::pointPolygonTest(polygon, point(eye), false) >= 0;
    });
    ASSERT_NE(lost, truth_tiles.end()) << "an eye outside every tile of the truth";
    const cv::Point2d lost_centre = point((*lost)["center"]);
    for (const BugsTileReading& tile : scene.reading.tiles)
      EXPECT_GT(cv::norm(tile.center - lost_centre), 30.0) << "the tile was found after all";
  }
}

// Light grey and striped cloths as bright as the tiles' cream: the faces are found by their
// outline in colour, where brightness alone found none on several of these pictures.
TEST(BugsReader, TilesAsBrightAsTheTableAreFoundByTheirOutline) {
  const auto score = score_bugs_level(samples::Level::webcam, 78, 8);
  expect_at_least(score, {.recall = 0.99, .collections = 0.85});
}

// On a gingham, the cloth between four tiles was outlined as one face two and a half tiles wide
// and left unread (webcam picture 24 of seed 83); on another picture such outlines, read blank,
// swelled the tiles' median size, and a tile outlined off its place was fitted too large to be
// read (picture 47). Tiles are all one size: an outline twice as wide as the picture's median
// tile spans several tiles and is dropped, and both pictures are read whole.
TEST(BugsReader, AnOutlineSpanningSeveralTilesIsNoTile) {
  expect_read_whole({{83, 24}, {83, 47}});
}

// A nail or a highlight on a hand reaching in from the edge looked like an eye outside every tile,
// and left every collection in doubt (webcam pictures 0 of seed 79 and 3 of seed 84). No tile's
// eye shows on a hand: a tile under it is hidden whole, and the hand itself leaves the
// collections within its reach in doubt. Where a hand hid a tile (hard pictures 3 and 7 of seed
// 77), its collection still is.
TEST(BugsReader, AnEyeLikeSpotOnAHandIsNoTilesEye) {
  expect_read_whole({{79, 0}, {84, 3}});
  evaluation::BugsScore hidden;
  for (const int index : {3, 7}) hidden.add(score_bugs_level(samples::Level::hard, 77, 1, index));
  EXPECT_EQ(hidden.collections_wrong, 0);
  EXPECT_EQ(hidden.collections_abstained, hidden.collections);
}

// The nails of a hand are no eyes: no stray eye, every collection scored.
void expect_eyes_on_the_hand_left_out(const ReadScene& scene) {
  EXPECT_TRUE(scene.reading.stray_eyes.empty());
  const auto score = scene.score();
  EXPECT_EQ(score.collections_exact, score.collections);
  EXPECT_EQ(score.collections_wrong, 0);
}

// A dark hand whose arm reaches in in a green sleeve (webcam picture 27 of this seed, on green and
// white stripes): its skin touches no edge of the picture, and its nails were taken for eight eyes
// outside every tile. Skin of another tone than the tiles' cream is no missed tile, wherever its
// arm is; the collections far from the hand are scored.
TEST(BugsReader, EyesOnAHandInASleeveAreNoTilesEyes) {
  const ReadScene scene = read_scene(samples::Level::webcam, 85, 27);
  const nlohmann::json& hands = scene.rendered.truth["truth"]["hands"];
  ASSERT_EQ(hands.size(), 1u);
  ASSERT_TRUE(hands[0]["sleeved"].get<bool>());
  expect_eyes_on_the_hand_left_out(scene);
}

// A dark hand reaching in over a light cloth dotted with orange (webcam picture 0 of this seed):
// its chroma is the cloth's, but it is far darker, so it is a hand and its nails are no eyes.
TEST(BugsReader, EyesOnADarkHandOnALightClothAreNoTilesEyes) {
  const ReadScene scene = read_scene(samples::Level::webcam, 86, 0);
  ASSERT_EQ(scene.rendered.truth["truth"]["hands"].size(), 1u);
  expect_eyes_on_the_hand_left_out(scene);
}

// A table where no tile stands out is not read as a game without tiles.
TEST(BugsReader, APictureWithoutATileIsUnstable) {
  const cv::Mat empty_table(720, 1280, CV_8UC3, cv::Scalar(40, 70, 110));
  StageLog log;
  const BugsReading reading = read_bugs(empty_table, referee::builtin_bugs_deck(), {}, log);
  EXPECT_TRUE(reading.tiles.empty());
  EXPECT_TRUE(reading.unstable);
}

// A tile whose rough outline left its face askew by more than one move of its sides onto the
// picture's edges: moved again, it is read (a hard picture that left a star `unknown`).
TEST(BugsReader, ATileReadAskewIsReadAgainOnItsEdges) {
  const auto score = score_bugs_level(samples::Level::hard, 78, 1, 2);
  EXPECT_EQ(score.tiles_unknown, 0);
  EXPECT_EQ(score.tiles_wrong, 0);
  EXPECT_EQ(score.collections_exact, score.collections);
}

// Three eyes seen a little closer together than printed (a face resampled askew) fitted no eye
// count clearly. A squeezed or stretched row is tried when the printed pitch fits none.
TEST(BugsReader, AnEyeRowSqueezedByAnAskewFaceIsStillCounted) {
  expect_read_whole({{78, 33}, {78, 52}, {79, 10}});
}

// A striped star whose arms were partly taken for body (webcam picture 25 of this seed) was too
// solid for a star and too hollow for a convex body: its shape was left unread, and with it both
// collections of the picture (skin's colour lay beside that tile). Its hull has a star's five
// points: it is a star, and both collections are scored.
TEST(BugsReader, AStarWithItsArmsFilledInIsStillAStar) {
  expect_read_whole({{81, 25}});
}

// A disk seen as an ellipse, its face rectified askew (the quadrilateral's corners a little off),
// showed two opposite points and was left `unknown`. Its outline, stretched until it is as wide
// one way as the other, is read: a disk.
TEST(BugsReader, ADiskSqueezedByAnAskewFaceIsStillRound) {
  expect_read_whole({{77, 6}, {78, 3}});
}

// A face whose mask merged with the table or a neighbour's was outlined off its tile, its body cut
// by the face's edge and its shape left unread. A tile of its neighbours' size, placed where the
// picture steps across its outline all along it, is read in full.
TEST(BugsReader, ATileOutlinedOffItsPlaceIsFittedToItsEdges) {
  expect_read_whole({{77, 46}, {79, 28}, {81, 10}});
}

// A disk outlined twice, once in its place and once wide, over its neighbour too (webcam picture 44
// of this seed, a purple gingham): the two outlines were read as two tiles, and the collection was
// scored a set too many. Tiles lie side by side, so outlines overlapping are one tile's.
TEST(BugsReader, ATileOutlinedTwiceIsOneTile) {
  const ReadScene scene = read_scene(samples::Level::webcam, 89, 44);
  EXPECT_EQ(scene.reading.tiles.size(), scene.rendered.truth["tiles"].size());
  const auto score = scene.score();
  EXPECT_EQ(score.collections_exact, score.collections);
  EXPECT_EQ(score.collections_wrong, 0);
}

// A diamond of a green gingham's squares outlined as a tile and left unread (webcam picture 19 of
// this seed): whatever star it might be, it counted as one tile more, and its collection was
// scored a point short. Its rim is not the tiles' cream, so it may be no tile: its collection is in
// doubt, and the others are scored.
TEST(BugsReader, AnUnreadTileWhoseRimIsNotCreamDecidesNoScore) {
  const ReadScene scene = read_scene(samples::Level::webcam, 91, 19);
  const auto score = scene.score();
  EXPECT_EQ(score.collections_wrong, 0);
  EXPECT_EQ(score.collections_exact, 1);
  EXPECT_EQ(score.collections_abstained, 2);
}

// A highlight on a disk's edge bit into its outline or bulged it, and the disk was read whole as a
// drop (webcam 93/24, its collection scored wrong; 96/4). Read again with the highlight known, the
// outline is taken across it: a disk, kept as no highlight lies on the eyes' side of the body,
// where a drop's point would be. (In 96/24 one does, and the shape stays unread.)
TEST(BugsReader, ADiskWithAHighlightOnItsEdgeAwayFromItsEyesIsRound) {
  expect_every_tile_read({{93, 24}, {96, 4}});
}

// Where the two readings name other shapes, what differs is left unread: a triangle whose corner
// lay under a highlight, read with it known as another shape, made its collection's score wrong
// when that reading was kept (webcam 89/30).
TEST(BugsReader, OtherShapesReadDifferentlyUnderAHighlightAreLeftUnread) {
  const auto score = score_bugs_level(samples::Level::webcam, 89, 1, 30);
  expect_none_wrong(score);
}

// A highlight on the row of eyes left the count unread wherever it lay. Beside a square's two
// eyes, on its corner (webcam 89/13), and beside a disk's single eye (webcam 92/49), it covers
// too little of where one more eye would lie to hide it: each eye shows its pupil, and the count
// is read.
TEST(BugsReader, GlareBesideTheRowOfEyesLeavesTheirCountRead) {
  expect_every_tile_read({{89, 13}, {92, 49}});
}

// A wide highlight over a three-eyed star's middle eye left its top eye read as a row of one
// (`hard` 77/2): the bottom eye, off that row, shows the row is not the monster's, and the count
// is left unread.
TEST(BugsReader, AnEyeOffTheRowUnderGlareLeavesTheCountUnread) {
  const auto score = score_bugs_level(samples::Level::hard, 77, 1, 2);
  expect_none_wrong(score);
}

// An outline found askew (sides a quarter longer than others) sheared a spotted disk into a
// triangle, read whole and wrong (webcam picture 6 of seed 85, a checked cloth). A tile of its
// neighbours' size fitted to the edges there reads a disk: where the two disagree, only what both
// read is kept, and the collection waits rather than score a wrong species.
TEST(BugsReader, TwoOutlinesOfAnAskewTileThatDisagreeLeaveItInDoubt) {
  const auto score = score_bugs_level(samples::Level::webcam, 85, 1, 6);
  expect_none_wrong(score);
}

// Such an outline is kept only when it steps more strongly than the outline found, every mark is
// read on it and the body lies in its middle: on these blurred pictures, outlines kept without
// those guards read five species wrong (one eye for three, a drop as a square, a plain body as
// striped).
TEST(BugsReader, AnOutlineFittedOffTheBodyIsNotKept) {
  const auto score =
      score_pictures(samples::Level::hard, {{77, 8}, {77, 10}, {77, 12}, {77, 29}, {80, 13}});
  expect_none_wrong(score);
}

// A tile whose cream no even hue of the picture matches (tinted by the cloth's print), found by no
// mask, showed only its eyes. A tile the size and shape of its neighbour, fitted where the
// picture steps across its outline, is read in full: every collection is scored.
TEST(BugsReader, ATileMissedByEveryMaskIsFittedAroundItsEyes) {
  expect_read_whole({{80, 15}, {82, 37}});
}

// A tile fitted around its eyes whose outline sat off the tile (the cloth's print stepped as
// strongly as the tile's edge) showed its body cut by the face's edge, and its shape or eye count
// was left unread. Moved onto the middle of its body, printed in the tile's middle, it is read in
// full.
TEST(BugsReader, ATileFittedOffItsTileIsMovedOntoItsBody) {
  expect_read_whole({{77, 48}, {80, 16}});
}

// A white gingham under a warm light is of skin's colour all over: a tile fitted there lay beside
// "skin" and was not kept. Only skin of another tone than the table's keeps a tile from being
// fitted now, and the missed tile is read.
TEST(BugsReader, ATileIsFittedOnAClothOfSkinsColour) {
  expect_read_whole({{81, 33}});
}

// On tables of skin's colour (wood; a light cloth under a warm light) no skin test saw the hands
// that hid tiles, and their collections were scored `ok`, tiles short. A hand's tone is not the
// table's: it is seen, and the collections it lies against stay in doubt.
TEST(BugsReader, AHandOnATableOfSkinsColourIsSeenByItsTone) {
  const auto score = score_pictures(samples::Level::hard, {{77, 6}, {79, 7}, {80, 28}});
  EXPECT_EQ(score.collections_wrong, 0);
}

// Where a monster tile found hides its eyes from the search for stray eyes, a tile missed may
// too: on red and white stripes, five tiles were missed showing no eye, beside one that showed
// its eyes. Fitting that one would have left nothing in doubt; no tile is fitted, and the picture
// stays unstable.
TEST(BugsReader, NoTileIsFittedWhereATileFoundHidesItsEyes) {
  const ReadScene scene = read_scene(samples::Level::hard, 79, 5);
  EXPECT_TRUE(scene.reading.unstable);
  EXPECT_EQ(scene.score().collections_wrong, 0);
}

// A hand over a tile, its arm in a sleeve of the table's grey: it touches no edge of the picture,
// and the tile it hides would be scored as missing. Skin among the tiles makes the picture
// unstable (hard picture 24 of this seed was scored `ok` one tile short).
TEST(BugsReader, AHandAmongTheTilesMakesThePictureUnstable) {
  const ReadScene scene = read_scene(samples::Level::hard, 78, 24);
  EXPECT_TRUE(scene.reading.unstable);
  EXPECT_TRUE(std::any_of(
      scene.reading.doubts.begin(), scene.reading.doubts.end(),
      [](const std::string& doubt) { return doubt.find("hand") != std::string::npos; }));
  EXPECT_EQ(scene.score().collections_wrong, 0);
}

// One tile unread (webcam picture 9 of this seed): a plain triangle whose eyes were not counted,
// beside three spotted stars and no other triangle. Whichever of the three it is, it makes no
// set: the picture is unstable, but the collection is scored.
TEST(BugsReader, AnUnreadTileThatCannotChangeTheScoreLeavesItDecided) {
  const ReadScene scene = read_scene(samples::Level::webcam, 80, 9);
  ASSERT_TRUE(scene.reading.unstable);
  ASSERT_EQ(scene.reading.collections.size(), 1u);
  const BugsCollectionReading& collection = scene.reading.collections[0];
  EXPECT_EQ(collection.unknown_tiles, 1);
  EXPECT_TRUE(collection.score_decided);
  EXPECT_FALSE(collection.unstable);
  const auto score = scene.score();
  EXPECT_EQ(score.collections_exact, 1);
  EXPECT_EQ(score.collections_wrong, 0);
}

// A plain triangle whose eyes were not counted, in a collection with two two-eyed plain triangles
// (webcam picture 19 of this seed): with two eyes it would make a set, so the collection is in
// doubt.
TEST(BugsReader, AnUnreadTileThatCouldMakeASetLeavesItsCollectionInDoubt) {
  const ReadScene scene = read_scene(samples::Level::webcam, 77, 19);
  ASSERT_EQ(scene.reading.collections.size(), 1u);
  const BugsCollectionReading& collection = scene.reading.collections[0];
  EXPECT_EQ(collection.unknown_tiles, 1);
  EXPECT_FALSE(collection.score_decided);
  EXPECT_TRUE(collection.unstable);
  EXPECT_EQ(scene.score().collections_abstained, 1);
}

// A hand reaching in beside one of three collections (webcam picture 54 of this seed), its palm
// within reach: it may hide a tile of that collection, not of the two others far from it, which
// are scored.
TEST(BugsReader, AHandLeavesInDoubtOnlyTheCollectionsWithinItsReach) {
  const ReadScene scene = read_scene(samples::Level::webcam, 80, 54);
  ASSERT_EQ(scene.reading.collections.size(), 3u);
  EXPECT_TRUE(scene.reading.hand_near);
  EXPECT_TRUE(scene.reading.unstable);
  const auto near_hand =
      std::count_if(scene.reading.collections.begin(), scene.reading.collections.end(),
                    [](const BugsCollectionReading& collection) { return collection.hand_near; });
  EXPECT_EQ(near_hand, 1);
  for (const BugsCollectionReading& collection : scene.reading.collections)
    EXPECT_EQ(collection.unstable, collection.hand_near);
  const auto score = scene.score();
  EXPECT_EQ(score.collections_exact, 2);
  EXPECT_EQ(score.collections_wrong, 0);
}

// A hand whose spread fingers reach beside a collection, its palm three tiles away (webcam
// picture 30 of this seed): no tile that would join the collection fits under it unseen (between
// its fingers the tile would show), so every collection is scored. Any skin within a tile's side
// and a half left that collection in doubt.
TEST(BugsReader, SpreadFingersBesideACollectionHideNoTile) {
  const ReadScene scene = read_scene(samples::Level::webcam, 81, 30);
  ASSERT_EQ(scene.rendered.truth["truth"]["hands"].size(), 1u);
  EXPECT_FALSE(scene.reading.hand_near);
  EXPECT_FALSE(scene.reading.unstable);
  const auto score = scene.score();
  EXPECT_EQ(score.collections_exact, 3);
  EXPECT_EQ(score.collections_wrong, 0);
}

// An unstable picture of several collections, none of which is scored.
void expect_every_collection_in_doubt(const ReadScene& scene) {
  ASSERT_TRUE(scene.reading.unstable);
  ASSERT_GE(scene.reading.collections.size(), 2u);
  for (const BugsCollectionReading& collection : scene.reading.collections)
    EXPECT_TRUE(collection.unstable);
  const auto score = scene.score();
  EXPECT_EQ(score.collections_wrong, 0);
  EXPECT_EQ(score.collections_abstained, score.collections);
}

// A tile left unread under a hand that is not seen as one (its arm reaches in from the picture's
// edge over a striped cloth): the hand may hide other tiles whole, so skin beside an unread tile
// leaves every collection in doubt (hard picture 14 of this seed would score the other
// collection a tile short).
TEST(BugsReader, SkinBesideAnUnreadTileLeavesEveryCollectionInDoubt) {
  expect_every_collection_in_doubt(read_scene(samples::Level::hard, 78, 14));
}

// A picture with no hand and one tile left unread, of two collections: no hand may hide tiles
// elsewhere, so the collections whose score the unread tile cannot change are scored.
void expect_no_hand_beside_the_unread_tile(const ReadScene& scene, int collections_scored) {
  ASSERT_TRUE(scene.rendered.truth["truth"]["hands"].empty());
  ASSERT_EQ(scene.reading.collections.size(), 2u);
  EXPECT_FALSE(scene.reading.skin_beside_unread);
  const auto score = scene.score();
  EXPECT_EQ(score.tiles_unknown, 1);
  EXPECT_EQ(score.collections_exact, collections_scored);
  EXPECT_EQ(score.collections_wrong, 0);
}

// Webcam picture 6 of this seed: an orange gingham whose light squares and the unread tile's own
// cream, outlined off its place, are of skin's colour, but nothing beside it is as wide as a tile.
// The unread tile's own collection stays in doubt.
TEST(BugsReader, SkinNarrowerThanATileBesideAnUnreadTileHidesNothing) {
  expect_no_hand_beside_the_unread_tile(read_scene(samples::Level::webcam, 85, 6), 1);
}

// Spread fingers reaching in beside the tiles (webcam 96/35, 88/20) run together on the small
// copy the frame meter reads, where they seemed wide enough to hide a tile. Measured where they
// show skin between them, they are not, and every collection is scored.
TEST(BugsReader, FingersThatRunTogetherOnASmallCopyAreMeasuredApart) {
  const auto score = score_pictures(samples::Level::webcam, {{96, 35}, {88, 20}});
  EXPECT_EQ(score.collections_exact, score.collections);
}

// Fingers held together beside the tiles (webcam 92/42, 90/53; their palms out of reach) are
// narrower than a tile: they hide no tile, and every collection is scored. A hand was taken as
// wide enough when 0.35 of a tile's side deep, which left them in doubt; a tile hidden whole lies
// half a side deep, less the pixel or two the skin mask frays by.
TEST(BugsReader, FingersNarrowerThanATileBesideTheTilesHideNone) {
  const auto score = score_pictures(samples::Level::webcam, {{92, 42}, {90, 53}});
  EXPECT_EQ(score.collections_exact, score.collections);
}

// The hands are shown among the stages' pictures, to look at: the frame meter's hands from the
// picture's edge, skin where no tile is, and skin of another tone than the table's.
TEST(BugsReader, TheHandsAreAmongTheDebugImages) {
  const auto rendered = samples::render_random(referee::Game::bugs, samples::Level::webcam,
                                               samples::image_seed(96, 35));
  StageLog log(true);
  read_bugs(rendered.image_bgr, referee::builtin_bugs_deck(), {}, log);
  const auto image_named = [&](const std::string& name) {
    const auto& images = log.debug_images();
    const auto found = std::find_if(images.begin(), images.end(),
                                    [&](const DebugImage& image) { return image.name == name; });
    return found == images.end() ? cv::Mat() : found->image;
  };
  for (const std::string name : {"hands-from-edge", "skin", "skin-unlike-table"}) {
    const cv::Mat mask = image_named(name);
    ASSERT_FALSE(mask.empty()) << name;
    EXPECT_GT(cv::countNonZero(mask), 0) << name;
  }
}

// Webcam picture 25 of this seed: a wood table of skin's colour, with no arm reaching in from the
// picture's edge. Both collections are scored: the unread tile's score is the same whatever it is.
TEST(BugsReader, AnUnreadTileWithNoArmReachingInLeavesTheOthersScored) {
  expect_no_hand_beside_the_unread_tile(read_scene(samples::Level::webcam, 82, 25), 2);
}

// A hand of the wood's own tone at the end of a blue sleeve hides a tile whole (hard picture 13 of
// this seed, whose other collection has a tile unread): only the arm shows, and with a tile unread
// every collection is in doubt. Without the arm, the hidden tile's collection was scored short.
TEST(BugsReader, AnArmReachingInOverATableOfSkinsColourLeavesEveryCollectionInDoubt) {
  const ReadScene scene = read_scene(samples::Level::hard, 80, 13);
  EXPECT_TRUE(scene.reading.skin_beside_unread);
  expect_every_collection_in_doubt(scene);
}

// Eyes outside every tile: a tile may be missed, and where one was, another whose eyes do not
// show may be too. Every collection of the picture is in doubt, the far one too (hard picture 8 of
// this seed: two tiles under a hand not told from a purple gingham, one eye between the fingers).
TEST(BugsReader, AMissedTileLeavesEveryCollectionInDoubt) {
  expect_every_collection_in_doubt(read_scene(samples::Level::hard, 79, 8));
}

// Blurred pictures where the few tiles found were outlined wide, so that the eyes of the tiles
// half under hands were sought at too large a scale and not seen: each picture was scored `ok`
// with tiles missing (hard pictures 33 of seed 77 and 3 of seed 78). Eyes are sought at a
// smaller scale too.
TEST(BugsReader, EyesAreSoughtWhereTheTilesWereOutlinedWide) {
  for (const auto& [seed, index] : {std::pair<std::uint64_t, int>{77, 33}, {78, 3}}) {
    const ReadScene scene = read_scene(samples::Level::hard, seed, index);
    EXPECT_TRUE(scene.reading.unstable) << seed << "/" << index;
    EXPECT_FALSE(scene.reading.stray_eyes.empty()) << seed << "/" << index;
    EXPECT_EQ(scene.score().collections_wrong, 0) << seed << "/" << index;
  }
}

// A hand over the tiles whose red sleeve reaches the picture's edge, on a cloth with dots of
// skin's colour (hard picture 0 of this seed, scored `ok` with tiles hidden): the dots are
// smaller than fingers and no longer make the border look like a table of skin's colour.
TEST(BugsReader, AHandOnAClothDottedWithSkinsColourIsSeen) {
  const ReadScene scene = read_scene(samples::Level::hard, 77, 0);
  EXPECT_TRUE(scene.reading.hand_near);
  EXPECT_EQ(scene.score().collections_wrong, 0);
}

// Hands, glare and heavy blur: a wrong species is rarer than `unknown`.
TEST(BugsReader, HardScenesSayUnknownRatherThanGuess) {
  const auto score = score_bugs_level(samples::Level::hard, 6303, 8);
  EXPECT_GE(score.precision(), 0.95);
  EXPECT_LT(score.tiles_wrong, score.tiles_unknown);
}

}  // namespace
}  // namespace tableref::vision
