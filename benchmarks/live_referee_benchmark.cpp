// The live referee on whole rendered games (not timed as a test): event precision and recall
// against the true events, false tricks, the delay from a play settling to its event, and the
// referee's milliseconds per frame. Usage:
//   live_referee_benchmark [games] [seed] [width height] [fps] [players] [tricks per game]
//   live_referee_benchmark trio [games] [seed] [turns per game]
//   live_referee_benchmark punto [games] [seed] [players] [teams]
//   live_referee_benchmark bugs [games] [seed] [players]
// Defaults: 4 games of 2 players at 1280 x 720, 10 fps, the match played out, webcam level.
// Trio: the games of the live tests (3 players at 800 x 450, 8 fps, 8 turns, a fifth of the turns
// first tried illegally, half the still stretches crossed by a passing hand), webcam level.
// Punto: whole matches of two won rounds (2 players by default: lines of 5) at 1280 x 720, 8 fps,
// a few cards first laid illegally, a third of the still stretches crossed by a hand; "teams"
// after 4 players plays the team game (partners opposite, lines of 5).
// Bugs & Co: whole games to STOP (2 players by default) at 1280 x 720, 8 fps, a third of the
// still stretches crossed by a hand.

#include <chrono>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <opencv2/imgcodecs.hpp>
#include <string>

#include "live/event_score.hpp"
#include "live/live_referee.hpp"
#include "samples/game_video.hpp"
#include "vision/picture_memory.hpp"

namespace {

using namespace tableref;

struct GameResult {
  live::EventScore events;
  live::EventScore states;
  int frames = 0;
  int hand_frames = 0;       // frames with a hand over the table
  int hand_frames_read = 0;  // ... that the referee did not report as unstable
  double referee_ms = 0;
  double render_s = 0;
};

GameResult run_game(const samples::GameVideoOptions& options, std::uint64_t seed) {
  live::LiveOptions live_options;
  live_options.game = options.game;
  live_options.players = live::default_player_names(options.players);
  live_options.rounds_to_win = options.rounds_to_win;
  live_options.team_game = options.punto.team_game;
  live::LiveReferee referee(live_options);
  GameResult result;
  std::vector<bool> unstable;
  const auto start = std::chrono::steady_clock::now();
  const samples::GameVideoTruth truth =
      samples::render_game_video(options, seed, [&](const cv::Mat& bgr, int index, double time_s) {
        // TABLEREF_BENCH_FRAMES=DIR: every frame written there, to look at what was refereed.
        if (const char* folder = std::getenv("TABLEREF_BENCH_FRAMES"); folder && folder[0] != 0)
          cv::imwrite(std::string(folder) + "/frame-" + std::to_string(index) + ".jpg", bgr);
        const auto before = std::chrono::steady_clock::now();
        const live::FrameReport report = referee.process(bgr, time_s, index);
        result.referee_ms +=
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - before)
                .count();
        unstable.push_back(report.unstable);
      });
  result.render_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() -
      result.referee_ms / 1000;
  result.frames = static_cast<int>(truth.frames.size());
  for (const samples::VideoFrameTruth& frame : truth.frames) {
    if (frame.hand_share < 0.002) continue;
    ++result.hand_frames;
    if (!unstable[static_cast<std::size_t>(frame.index)]) ++result.hand_frames_read;
  }
  std::vector<nlohmann::json> announced;
  for (const referee::Event& event : referee.events()) announced.push_back(referee::to_json(event));
  result.events = live::score_events(truth.events, announced);
  // TABLEREF_BENCH_EVENTS=1: every event of the game, true and announced, to trace a miss.
  if (const char* trace = std::getenv("TABLEREF_BENCH_EVENTS"); trace && trace[0] == '1') {
    const auto print = [](const char* side, const nlohmann::json& event) {
      std::cout << "    " << side << " t=" << event.value("time_s", 0.0) << " "
                << live::event_key(event) << '\n';
    };
    for (const nlohmann::json& event : truth.events) print("true    ", event);
    for (const nlohmann::json& event : announced) print("said    ", event);
  }
  result.states = live::score_events(truth.events, announced, {"state"});
  return result;
}

void print_misses(const live::EventScore& score) {
  for (const nlohmann::json& event : score.missed) {
    std::cout << "    missed  t=" << event.value("time_s", 0.0) << " " << live::event_key(event)
              << '\n';
  }
  for (const nlohmann::json& event : score.extra) {
    std::cout << "    extra   t=" << event.value("time_s", 0.0) << " " << live::event_key(event)
              << '\n';
  }
}

samples::GameVideoOptions freeze_options(int argc, char** argv) {
  samples::GameVideoOptions options;
  options.image_size =
      cv::Size(argc > 4 ? std::atoi(argv[3]) : 1280, argc > 4 ? std::atoi(argv[4]) : 720);
  options.fps = argc > 5 ? std::atof(argv[5]) : 10;
  options.players = argc > 6 ? std::atoi(argv[6]) : 2;
  options.max_tricks = argc > 7 ? std::atoi(argv[7]) : 0;
  options.level = samples::Level::webcam;
  options.passing_hand_share = 0.3;
  options.misaligned_share = 0.1;
  return options;
}

// argv without the game's name: [games] [seed] [turns per game].
samples::GameVideoOptions trio_options(int argc, char** argv) {
  samples::GameVideoOptions options;
  options.game = referee::Game::trio;
  options.image_size = cv::Size(800, 450);
  options.fps = 8;
  options.players = 3;
  options.max_turns = argc > 3 ? std::atoi(argv[3]) : 8;
  options.illegal_share = 0.2;
  options.passing_hand_share = 0.5;
  options.level = samples::Level::webcam;
  return options;
}

// Whole games of `game` at 1280 x 720, 8 fps, webcam level, a third of the still stretches
// crossed by a hand; argv without the game's name: [games] [seed] [players].
samples::GameVideoOptions whole_game_options(referee::Game game, int argc, char** argv) {
  samples::GameVideoOptions options;
  options.game = game;
  options.image_size = cv::Size(1280, 720);
  options.fps = 8;
  options.players = argc > 3 ? std::atoi(argv[3]) : 2;
  options.passing_hand_share = 0.3;
  options.level = samples::Level::webcam;
  return options;
}

samples::GameVideoOptions punto_options(int argc, char** argv) {
  samples::GameVideoOptions options = whole_game_options(referee::Game::punto, argc, argv);
  options.rounds_to_win = 2;
  options.punto.team_game = argc > 4 && std::string(argv[4]) == "teams";
  options.min_still_s = 0.9;
  options.max_still_s = 1.4;
  return options;
}

}  // namespace

int main(int argc, char** argv) {
  vision::keep_freed_picture_buffers();
  const std::string game_name = argc > 1 ? argv[1] : "";
  const bool trio = game_name == "trio", punto = game_name == "punto", bugs = game_name == "bugs";
  if (trio || punto || bugs) {
    --argc;
    ++argv;
  }
  const int games = argc > 1 ? std::atoi(argv[1]) : 4;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20261122;
  const samples::GameVideoOptions options =
      trio    ? trio_options(argc, argv)
      : punto ? punto_options(argc, argv)
      : bugs  ? whole_game_options(referee::Game::bugs, argc, argv)
              : freeze_options(argc, argv);
  if (games <= 0) {
    std::cerr << "live_referee_benchmark: the number of games must be positive\n";
    return 2;
  }
  GameResult total;
  std::cout << std::fixed << std::setprecision(3);
  for (int game = 0; game < games; ++game) {
    const std::uint64_t game_seed = seed + static_cast<std::uint64_t>(game);
    GameResult result;
    try {
      result = run_game(options, game_seed);
    } catch (const std::exception& error) {
      std::cerr << "game " << game_seed << ": " << error.what() << '\n';
      continue;
    }
    std::cout << "game " << game_seed << ": " << result.frames << " frames, events "
              << result.events.matched << "/" << result.events.truth << " found, "
              << result.events.announced - result.events.matched << " extra, "
              << result.events.false_tricks << " false trick(s), mean delay "
              << result.events.mean_delay_s() << " s; states " << result.states.matched << "/"
              << result.states.truth << " (" << result.states.announced << " announced); "
              << result.referee_ms / result.frames << " ms/frame; render " << result.render_s
              << " s\n";
    print_misses(result.events);
    total.events.add(result.events);
    total.states.add(result.states);
    total.frames += result.frames;
    total.hand_frames += result.hand_frames;
    total.hand_frames_read += result.hand_frames_read;
    total.referee_ms += result.referee_ms;
  }
  std::cout << "\n== " << games << " game(s), " << total.frames << " frames\n"
            << "events: precision " << total.events.precision() << ", recall "
            << total.events.recall() << " (" << total.events.matched << " of " << total.events.truth
            << ", " << total.events.announced << " announced)\n"
            << "tricks: " << total.events.false_tricks << " false, " << total.events.missed_tricks
            << " missed\n"
            << "states: precision " << total.states.precision() << ", recall "
            << total.states.recall() << "\n"
            << "delay from settling to event: mean " << total.events.mean_delay_s() << " s, max "
            << total.events.max_delay_s() << " s\n"
            << "frames with a hand over the table not reported unstable: " << total.hand_frames_read
            << " of " << total.hand_frames << "\n"
            << "referee: " << (total.frames > 0 ? total.referee_ms / total.frames : 0.0)
            << " ms per frame\n";
  return 0;
}
