// Bugs & Co judged from stable layouts, given as logged `state` events (the way a resumed game
// replays them), so that no picture is needed: tiles laid, trophies taken, the countdown, STOP
// and the scores of the rulebook's example. Rendered pictures show a tile left unread recalled
// from the view committed before, and an outline where nothing changed taken for no tile.

#include "live/bugs_follower.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "referee/deck.hpp"
#include "samples/render.hpp"

namespace tableref::live {
namespace {

using nlohmann::json;

struct TileSpec {
  std::string id;
  std::string face;    // a species id, or "trophy"
  int value = 0;       // trophies
  std::string player;  // whose collection; empty: a trophy in the middle
  double x = 0, y = 0;
};

json tiles_state(const std::vector<TileSpec>& tiles) {
  json list = json::array();
  for (const TileSpec& tile : tiles) {
    json entry = {{"id", tile.id},
                  {"polygon",
                   {{tile.x - 35, tile.y - 35},
                    {tile.x + 35, tile.y - 35},
                    {tile.x + 35, tile.y + 35},
                    {tile.x - 35, tile.y + 35}}},
                  {"center", {tile.x, tile.y}},
                  {"kind", tile.face == "trophy" ? "trophy" : "monster"}};
    if (tile.face == "trophy") {
      entry["value"] = tile.value;
    } else {
      entry["species"] = tile.face;
    }
    if (!tile.player.empty()) entry["player"] = tile.player;
    list.push_back(std::move(entry));
  }
  return {{"type", "state"}, {"status", "ok"}, {"tiles", list}};
}

std::vector<json> lines(const std::vector<referee::Event>& events) {
  std::vector<json> out;
  for (const referee::Event& event : events) out.push_back(referee::to_json(event));
  return out;
}

std::vector<json> shown(BugsFollower& follower, const std::vector<TileSpec>& tiles,
                        double time_s = 0) {
  auto events = follower.replay_state(tiles_state(tiles), time_s);
  EXPECT_TRUE(events.ok()) << (events.ok() ? "" : events.error().message);
  return events.ok() ? lines(events.value()) : std::vector<json>{};
}

std::vector<std::string> types(const std::vector<json>& events) {
  std::vector<std::string> names;
  for (const json& event : events) names.push_back(event["type"]);
  return names;
}

BugsFollower players(int count) {
  std::vector<std::string> names;
  for (int seat = 1; seat <= count; ++seat) names.push_back("P" + std::to_string(seat));
  BugsFollowerOptions options{names};
  options.settle_seconds = 0;  // views dated when the play settled
  return BugsFollower(options, referee::builtin_bugs_deck());
}

// Three players: trophies 3 and 2 in the middle (decks/bugs-and-co.json).
std::vector<TileSpec> middle() {
  return {{"T1", "trophy", 3, "", 500, 300}, {"T2", "trophy", 2, "", 600, 300}};
}

std::vector<TileSpec> with(std::vector<TileSpec> tiles, const std::vector<TileSpec>& more) {
  tiles.insert(tiles.end(), more.begin(), more.end());
  return tiles;
}

TEST(BugsFollower, ATileInACollectionIsPlacedByItsOwner) {
  BugsFollower follower = players(3);
  EXPECT_EQ(types(shown(follower, middle())), std::vector<std::string>{"state"});
  const auto laid = shown(follower, with(middle(), {{"T3", "2-round-plain", 0, "P2", 100, 100}}));
  ASSERT_EQ(laid.size(), 2u);
  EXPECT_EQ(laid[1], (json{{"type", "placed"}, {"player", "P2"}, {"cards", {"T3"}}}));
  // The same view again (nudged, re-read) is no new play.
  const auto again = shown(follower, with(middle(), {{"T3", "2-round-plain", 0, "P2", 104, 98}}));
  EXPECT_EQ(types(again), std::vector<std::string>{"state"});
}

TEST(BugsFollower, ATrophyTakenStopsItsPlayerAndTheHighestIsTakenFirst) {
  BugsFollower follower = players(3);
  shown(follower, middle());
  // P1 takes the 2 while the 3 is still there: refused, and the race waits for it back.
  const auto lower =
      shown(follower, {{"T1", "trophy", 3, "", 500, 300}, {"T2", "trophy", 2, "P1", 100, 500}});
  EXPECT_EQ(types(lower), (std::vector<std::string>{"state", "illegal"}));
  EXPECT_EQ(lower[1]["player"], "P1");
  EXPECT_EQ(lower[1]["cards"], json({"T2"}));
  EXPECT_NE(lower[1]["reason"].get<std::string>().find("highest"), std::string::npos);
  EXPECT_EQ(follower.scoreboard()["trophies_left"], json({3, 2}));
  // The 2 goes back; P1 takes the 3 and stops playing.
  EXPECT_EQ(types(shown(follower, middle())), std::vector<std::string>{"state"});
  const auto taken =
      shown(follower, {{"T1", "trophy", 3, "P1", 100, 500}, {"T2", "trophy", 2, "", 600, 300}});
  EXPECT_EQ(types(taken), (std::vector<std::string>{"state", "trophy"}));
  EXPECT_EQ(taken[1],
            (json{{"type", "trophy"}, {"player", "P1"}, {"value", 3}, {"cards", {"T1"}}}));
  // A tile laid by P1 now is refused; one by P2 is not.
  const auto late = shown(follower, {{"T1", "trophy", 3, "P1", 100, 500},
                                     {"T2", "trophy", 2, "", 600, 300},
                                     {"T3", "2-star-spots", 0, "P1", 200, 500},
                                     {"T4", "2-star-spots", 0, "P2", 700, 100}});
  EXPECT_EQ(types(late), (std::vector<std::string>{"state", "placed", "illegal", "placed"}));
  EXPECT_EQ(late[2]["player"], "P1");
  EXPECT_EQ(late[2]["cards"], json({"T3"}));
  const json board = follower.scoreboard();
  EXPECT_EQ(board["players"][0]["playing"], false);
  EXPECT_EQ(board["players"][0]["trophy"], 3);
  EXPECT_EQ(board["trophies_left"], json({2}));
  EXPECT_FALSE(board.contains("countdown"));
}

TEST(BugsFollower, TheLastTrophyStartsTheCountdownAndStopScoresTheNextView) {
  BugsFollower follower = players(2);  // one trophy, a 3
  shown(follower, {{"T1", "trophy", 3, "", 500, 300}}, 0);
  // The rulebook's example: four sets of 3, a pair and a single, and a trophy: 12 - 3 + 2 = 11
  // (here the trophy is a 3: 12).
  std::vector<TileSpec> p1;
  const std::vector<std::string> species = {"2-round-plain", "2-star-spots", "2-drop-stripes",
                                            "2-square-plain"};
  int next = 2;
  for (const std::string& id : species) {
    for (int copy = 0; copy < 3; ++copy) {
      p1.push_back({"T" + std::to_string(next), id, 0, "P1", 100.0 + 80 * next, 600});
      ++next;
    }
  }
  p1.push_back({"T" + std::to_string(next++), "2-triangle-spots", 0, "P1", 100, 500});
  p1.push_back({"T" + std::to_string(next++), "2-triangle-spots", 0, "P1", 180, 500});
  p1.push_back({"T" + std::to_string(next++), "2-round-stripes", 0, "P1", 260, 500});
  const std::vector<TileSpec> p2 = {
      {"T" + std::to_string(next++), "2-star-plain", 0, "P2", 900, 100}};
  shown(follower, with(with({{"T1", "trophy", 3, "", 500, 300}}, p1), p2), 1.0);
  EXPECT_TRUE(follower.tick(5.0).empty());

  // P1 takes the trophy at 20 s: "10" is called with it.
  const std::vector<TileSpec> taken = with(with({{"T1", "trophy", 3, "P1", 340, 500}}, p1), p2);
  const auto take = shown(follower, taken, 20.0);
  EXPECT_EQ(types(take), (std::vector<std::string>{"state", "trophy", "countdown"}));
  EXPECT_EQ(take[1]["cards"], json({"T1"}));  // the trophy keeps its name
  EXPECT_EQ(take[2]["call"], "10");
  EXPECT_FALSE(follower.wants_fresh_read());

  // One call a second, however the frames fall; nothing is scored before STOP.
  std::vector<std::string> calls;
  for (const double time_s : {20.5, 21.0, 22.7, 29.2, 29.9}) {
    for (const json& event : lines(follower.tick(time_s))) calls.push_back(event["call"]);
  }
  EXPECT_EQ(calls, (std::vector<std::string>{"9", "8", "7", "6", "5", "4", "3", "2", "1"}));
  const auto stop = lines(follower.tick(30.05));
  ASSERT_EQ(stop.size(), 1u);
  EXPECT_EQ(stop[0]["call"], "STOP");
  EXPECT_EQ(stop[0]["number"], 0);
  EXPECT_TRUE(follower.wants_fresh_read());

  // The first view after STOP is scored, though the table did not change.
  const auto scored = shown(follower, taken, 30.3);
  EXPECT_EQ(types(scored), (std::vector<std::string>{"state", "score", "winner"}));
  EXPECT_EQ(scored[1]["scores"][0],
            (json{{"player", "P1"},
                  {"total", 12},
                  {"detail", {{"sets", 4}, {"others", 3}, {"trophies", 3}, {"total", 12}}}}));
  EXPECT_EQ(scored[1]["scores"][1]["total"], -1);
  EXPECT_EQ(scored[2]["players"], json({"P1"}));
  EXPECT_FALSE(follower.wants_fresh_read());
  EXPECT_TRUE(follower.game_over());
  // The game is over: later views are no plays.
  const auto after = shown(follower, with(taken, {{"T99", "2-star-plain", 0, "P2", 980, 100}}), 40);
  EXPECT_EQ(types(after), std::vector<std::string>{"state"});
}

TEST(BugsFollower, ATieAtStopIsShared) {
  BugsFollower follower = players(2);
  shown(follower, {{"T1", "trophy", 3, "", 500, 300}}, 0);
  const std::vector<TileSpec> table = {{"T1", "trophy", 3, "P2", 900, 200},
                                       {"T2", "2-round-plain", 0, "P1", 100, 600},
                                       {"T3", "2-round-plain", 0, "P1", 180, 600},
                                       {"T4", "2-round-plain", 0, "P1", 260, 600}};
  shown(follower, table, 1);
  follower.tick(11.5);
  const auto scored = shown(follower, table, 11.6);
  ASSERT_EQ(types(scored), (std::vector<std::string>{"state", "score", "winner"}));
  EXPECT_EQ(scored[2]["players"], json({"P1", "P2"}));  // 3 and 3
}

// The tiles of a rendered picture's truth, as a committed view shows them (nobody's).
std::vector<TileSpec> true_tiles(const json& truth) {
  std::vector<TileSpec> tiles;
  for (const json& tile : truth["tiles"]) {
    const bool trophy = tile["kind"] == "trophy";
    tiles.push_back({"T" + std::to_string(tiles.size() + 1),
                     trophy ? "trophy" : tile["species"].get<std::string>(),
                     trophy ? tile["value"].get<int>() : 0, "", tile["center"][0].get<double>(),
                     tile["center"][1].get<double>()});
  }
  return tiles;
}

// A plain triangle whose eyes the reader cannot count (webcam picture 9 of seed 80) lies where a
// committed tile lies: it is that tile, its face read before, and the view is judged with it. A
// follower that never saw it read waits for a better view.
TEST(BugsFollower, ATileLeftUnreadWhereACommittedOneLiesIsThatTile) {
  const auto rendered = samples::render_random(referee::Game::bugs, samples::Level::webcam,
                                               samples::image_seed(80, 9));
  BugsFollower fresh = players(2);
  ASSERT_FALSE(fresh.read(rendered.image_bgr, cv::Mat())) << "the reader leaves a tile unread";
  // The same view committed before, every face read.
  BugsFollower follower = players(2);
  shown(follower, true_tiles(rendered.truth));
  EXPECT_TRUE(follower.read(rendered.image_bgr, cv::Mat()));
  EXPECT_TRUE(follower.commit_last_read(10).empty()) << "the committed view, unchanged";
}

// An outline found where no committed tile lies and where the picture has not changed since the
// committed view is no tile laid (a cloth's pattern, outlined as a tile in one read and not the
// next): the view is the committed one. Where the picture changed, it is a tile laid. Webcam
// picture 4 of seed 82 (no hand), every tile read, with its last tile missing from the committed
// view.
TEST(BugsFollower, NoTileIsLaidWhereThePictureHasNotChanged) {
  const auto rendered = samples::render_random(referee::Game::bugs, samples::Level::webcam,
                                               samples::image_seed(82, 4));
  std::vector<TileSpec> before = true_tiles(rendered.truth);
  ASSERT_GE(before.size(), 2u);
  before.pop_back();
  const json& laid = rendered.truth["tiles"].back();
  cv::Mat nothing_changed(rendered.image_bgr.size(), CV_8U, cv::Scalar(0));
  cv::Mat laid_there = nothing_changed.clone();
  std::vector<cv::Point> outline;
  for (const json& corner : laid["polygon"])
    outline.emplace_back(corner[0].get<int>(), corner[1].get<int>());
  cv::fillConvexPoly(laid_there, outline, cv::Scalar(255));

  BugsFollower follower = players(2);
  shown(follower, before);
  ASSERT_TRUE(follower.read(rendered.image_bgr, nothing_changed));
  EXPECT_TRUE(follower.commit_last_read(10).empty()) << "no tile laid where nothing changed";
  ASSERT_TRUE(follower.read(rendered.image_bgr, laid_there));
  const auto events = lines(follower.commit_last_read(11));
  ASSERT_EQ(types(events), std::vector<std::string>{"state"});
  EXPECT_EQ(events[0]["tiles"].size(), rendered.truth["tiles"].size());
}

TEST(BugsFollower, RefusesALoggedStateItCannotRead) {
  BugsFollower follower = players(2);
  json bad = tiles_state({{"T1", "trophy", 3, "", 500, 300}});
  bad["tiles"][0]["value"] = 7;
  EXPECT_FALSE(follower.replay_state(bad, 0).ok());
  json stranger = tiles_state({{"T1", "2-round-plain", 0, "Zoe", 500, 300}});
  EXPECT_FALSE(follower.replay_state(stranger, 0).ok());
  json no_id = tiles_state({{"X", "2-round-plain", 0, "P1", 500, 300}});
  EXPECT_FALSE(follower.replay_state(no_id, 0).ok());
  json no_species = tiles_state({{"T1", "4-round-plain", 0, "P1", 500, 300}});
  EXPECT_FALSE(follower.replay_state(no_species, 0).ok());
}

TEST(BugsFollower, RefusesPlayersTheRulesDoNotAllow) {
  EXPECT_THROW(players(1), std::invalid_argument);
  EXPECT_THROW(players(9), std::invalid_argument);
}

}  // namespace
}  // namespace tableref::live
