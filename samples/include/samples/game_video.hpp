#pragma once
// Whole games on video, with the events a perfect live referee would announce.
//
// Simulated players follow rules.md; the referee library (referee::freeze::Match) judges their
// plays, so the true events are the rules' own. The capture pipeline films the table from one
// camera: between plays a hand comes in from the player's side, lays or lifts cards and goes
// again, and the table stays still in between. Each distinct layout is photographed once; the
// frames of a still stretch reuse that photograph with fresh sensor noise, and hands are
// photographed once per visit and slid in and out (with motion blur and a shadow).
//
// Monster Freeze: the single card lies in the middle; each player shows a trick by laying its
// stack in their zone (seat 0 at the bottom of the picture, the others clockwise: the live
// referee's default zones), lifts it again before showing the next, and swaps a card for the
// single card when no trick can be made.
//
// Trio Monsters: the middle card lies in the middle; in turn, clockwise from P1, each player lays
// 1 to 3 cards on lattice places (by hand: within a few mm and degrees of the place), then lifts
// the cards a capture won, then the detached cards. An illegal play is announced and the card is
// taken back before the player plays again.
//
// Bugs & Co: the trophies lie in a row across the middle; each player's collection grows tile by
// tile in front of their seat (play is simultaneous, the camera sees one hand at a time). A
// player whose collection is complete takes the highest trophy left and stops; after the last
// trophy the others lay a tile or two during the countdown, then STOP: the table holds still and
// the true `score` (per player, with sets, others and trophies) and `winner` come at STOP.
//
// Punto: players lay one card a turn, clockwise, the first card of a round in the middle of the
// table (referee::punto::Match judges; in the team game a player builds the team's lines and
// spoils only the other team's); a card laid against the rules is taken back before the
// same player lays it again; when a round is decided the table is cleared in one visit. The
// camera frames every place the game used, and the layout's axes lie within 20 degrees of the
// picture's, so that the picture's grid (interface.md) keeps the axes of the round's grid: cells
// in the events count from the round's first card at [0, 0]. Cards are named in the events by
// the order they came onto the table: "C1", "C2", ... over the whole match.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "referee/game.hpp"
#include "referee/result.hpp"
#include "samples/level.hpp"

namespace tableref::samples {

// Punto: how the simulated players play. Each turn a player lays the top card of their shuffled
// cards: mostly where it lengthens their own line (or, some turns, spoils another player's), some
// turns anywhere legal; now and then first somewhere the rules forbid, taking it back at once.
struct PuntoPlayOptions {
  int max_plays = 0;            // stop after this many cards laid, legally or not; 0 = no limit
  double illegal_share = 0.05;  // of turns: a card first laid against the rules, then taken back
  double random_share = 0.25;   // of turns: a legal place drawn at random
  double block_share = 0.5;     // of the other turns: worth spoiling another player's line
  bool team_game = false;       // 4 players in two teams, partners opposite: lines of 5
};

struct GameVideoOptions {
  referee::Game game = referee::Game::freeze;
  int players = 2;  // 2 to 4 (freeze, punto, bugs), 2 to 5 (trio)
  Level level = Level::webcam;
  double fps = 10;
  std::optional<cv::Size> image_size;  // default: drawn with the level's conditions
  int rounds_to_win = 2;
  int max_tricks = 0;               // stop after this many tricks shown; 0 = play the match out
  double misaligned_share = 0.0;    // tricks first shown askew (refused), then straightened
  int max_turns = 0;                // trio: stop after this many legal turns; 0 = play it out
  double illegal_share = 0.15;      // trio: turns first tried against the colour rule, taken back
  double passing_hand_share = 0.2;  // still stretches crossed by a hand that changes nothing
  double min_still_s = 1.2, max_still_s = 2.2;  // how long the table stays still between plays
  PuntoPlayOptions punto;
};

// One frame's truth.
struct VideoFrameTruth {
  int index = 0;
  double time_s = 0;
  double hand_share = 0;  // of the image covered by hands and sleeves
  int layout = 0;         // which photographed layout lies under the hands
};

struct GameVideoTruth {
  std::vector<std::string> players;
  double fps = 10;
  cv::Size image_size;
  // The events of interface.md, each stamped with the frame and time at which the play settled
  // (the first frame after the hand left). `state` events carry the analyze fields a perfect
  // reader would give.
  std::vector<nlohmann::json> events;
  std::vector<VideoFrameTruth> frames;
  nlohmann::json details;  // conditions, camera, seeds, how the game ended
};

using FrameSink = std::function<void(const cv::Mat& bgr, int index, double time_s)>;

// Plays and films a whole game drawn from `seed`, handing each frame to `sink` in order.
// Throws std::invalid_argument for options out of range, or a layout too large for the picture.
GameVideoTruth render_game_video(const GameVideoOptions& options, std::uint64_t seed,
                                 const FrameSink& sink);

// Writes the game to OUT: a video file when OUT ends in .avi (Motion JPEG) or .mp4 (H.264, small:
// the bundled clips), otherwise a folder of numbered JPEG frames. Beside it go the true events
// (OUT.events.jsonl, or events.jsonl in the folder) and the per-frame truth (OUT.truth.json, or
// truth.json in the folder).
struct GameVideoFiles {
  std::filesystem::path frames;  // the video file or the folder
  std::filesystem::path events;
  std::filesystem::path truth;
};
GameVideoFiles game_video_files(const std::filesystem::path& out);
referee::Result<GameVideoTruth> write_game_video(const GameVideoOptions& options,
                                                 std::uint64_t seed,
                                                 const std::filesystem::path& out);

nlohmann::json to_json(const GameVideoTruth& truth);  // everything but the events

}  // namespace tableref::samples
