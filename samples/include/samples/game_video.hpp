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

struct GameVideoOptions {
  referee::Game game = referee::Game::freeze;
  int players = 2;  // 2 to 4 (freeze), 2 to 5 (trio)
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
// Throws std::invalid_argument for options out of range or games not filmed yet (freeze and trio
// are).
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
