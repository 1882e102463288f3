#pragma once
// A short Monster Freeze game, rendered once for the whole suite: two players at the webcam
// level, hands laying, lifting and passing, two tricks. Small and slow-framed so that the suite
// stays fast; its frames stay in memory.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <vector>

#include "live/live_referee.hpp"
#include "samples/game_video.hpp"

namespace tableref::live::testing {

struct RenderedGame {
  samples::GameVideoOptions options;
  std::uint64_t seed = 0;
  std::vector<cv::Mat> frames;
  samples::GameVideoTruth truth;
};

inline samples::GameVideoOptions short_game_options() {
  samples::GameVideoOptions options;
  options.players = 2;
  options.level = samples::Level::webcam;
  options.image_size = cv::Size(800, 450);
  options.fps = 8;
  options.max_tricks = 2;
  options.passing_hand_share = 0.5;
  return options;
}

// ctest runs each test in its own process: the game is rendered by the first one and kept in
// the build folder for the others, under a name that changes whenever the test program is
// rebuilt (so a change of the renderer or the rules renders it again).
inline std::string game_cache_prefix(std::uint64_t seed, const std::string& kind = "short-game") {
  return kind + "-" + std::to_string(seed) + "-";
}

inline std::filesystem::path game_cache_folder(std::uint64_t seed,
                                               const std::string& kind = "short-game") {
  std::error_code error;
  const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
  const auto built =
      error ? 0 : std::filesystem::last_write_time(program, error).time_since_epoch().count();
  const auto size = error ? 0 : std::filesystem::file_size(program, error);
  return std::filesystem::path(TABLEREF_BINARY_DIR) / "tests" / "live" /
         (game_cache_prefix(seed, kind) + std::to_string(built) + "-" + std::to_string(size));
}

inline bool load_game(const std::filesystem::path& folder, RenderedGame& game) {
  std::ifstream truth_file(folder / "truth.json");
  std::ifstream frames_file(folder / "frames.bin", std::ios::binary);
  if (!truth_file || !frames_file) return false;
  const nlohmann::json truth = nlohmann::json::parse(truth_file, nullptr, false);
  if (truth.is_discarded()) return false;
  game.truth.players = truth["players"].get<std::vector<std::string>>();
  game.truth.fps = truth["fps"];
  game.truth.image_size = cv::Size(truth["image_size"][0], truth["image_size"][1]);
  game.truth.events = truth["events"].get<std::vector<nlohmann::json>>();
  for (const auto& frame : truth["frames"]) {
    game.truth.frames.push_back(
        {frame["frame"], frame["time_s"], frame["hand_share"], frame["layout"]});
  }
  for (std::size_t index = 0; index < game.truth.frames.size(); ++index) {
    cv::Mat frame(game.truth.image_size, CV_8UC3);
    if (!frames_file.read(reinterpret_cast<char*>(frame.data),
                          static_cast<std::streamsize>(frame.total() * 3))) {
      return false;
    }
    game.frames.push_back(frame);
  }
  return true;
}

inline void save_game(const std::filesystem::path& folder, const RenderedGame& game,
                      const std::string& kind = "short-game") {
  const std::string prefix = game_cache_prefix(game.seed, kind);
  std::error_code error;
  std::filesystem::path partial = folder;
  partial += ".partial-" + std::to_string(::getpid());
  std::filesystem::create_directories(partial, error);
  nlohmann::json frames = nlohmann::json::array();
  for (const samples::VideoFrameTruth& frame : game.truth.frames) {
    frames.push_back({{"frame", frame.index},
                      {"time_s", frame.time_s},
                      {"hand_share", frame.hand_share},
                      {"layout", frame.layout}});
  }
  const nlohmann::json truth = {
      {"players", game.truth.players},
      {"fps", game.truth.fps},
      {"image_size", {game.truth.image_size.width, game.truth.image_size.height}},
      {"events", game.truth.events},
      {"frames", frames}};
  std::ofstream(partial / "truth.json") << truth.dump();
  std::ofstream frames_file(partial / "frames.bin", std::ios::binary);
  for (const cv::Mat& frame : game.frames) {
    frames_file.write(reinterpret_cast<const char*>(frame.data),
                      static_cast<std::streamsize>(frame.total() * 3));
  }
  frames_file.close();
  // Whole or not at all: another process may be saving the same game.
  std::filesystem::rename(partial, folder, error);
  if (error) std::filesystem::remove_all(partial, error);
  // Games saved by earlier builds of the test program are of no more use.
  for (const auto& entry : std::filesystem::directory_iterator(folder.parent_path(), error)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with(prefix) && entry.path() != folder &&
        name.find(".partial-") == std::string::npos) {
      std::filesystem::remove_all(entry.path(), error);
    }
  }
}

// The game of `options` and `seed`, rendered once for every test program run (see above).
inline RenderedGame cached_game(const samples::GameVideoOptions& options, std::uint64_t seed,
                                const std::string& kind) {
  RenderedGame rendered{options, seed, {}, {}};
  const std::filesystem::path cache = game_cache_folder(seed, kind);
  if (load_game(cache, rendered)) return rendered;
  rendered = RenderedGame{options, seed, {}, {}};
  rendered.truth = samples::render_game_video(options, seed, [&](const cv::Mat& bgr, int, double) {
    rendered.frames.push_back(bgr.clone());
  });
  save_game(cache, rendered, kind);
  return rendered;
}

inline const RenderedGame& short_game() {
  static const RenderedGame game = cached_game(short_game_options(), 17, "short-game");
  return game;
}

// Short Trio Monsters games: three players at the webcam level, eight turns, some illegal
// plays taken back, captures, hands laying, lifting and passing.
inline samples::GameVideoOptions trio_game_options() {
  samples::GameVideoOptions options = short_game_options();
  options.game = referee::Game::trio;
  options.players = 3;
  options.max_turns = 8;
  options.illegal_share = 0.2;
  return options;
}

inline const RenderedGame& trio_game(std::uint64_t seed) {
  static std::map<std::uint64_t, RenderedGame> games;
  auto found = games.find(seed);
  if (found == games.end())
    found = games.emplace(seed, cached_game(trio_game_options(), seed, "trio-game")).first;
  return found->second;
}

inline LiveOptions live_options(const RenderedGame& game) {
  LiveOptions options;
  options.players = game.truth.players;
  options.game = game.options.game;
  options.rounds_to_win = game.options.rounds_to_win;
  options.team_game = game.options.punto.team_game;
  return options;
}

inline double time_of(const RenderedGame& game, int frame) {
  return frame / game.truth.fps;
}

struct RefereeRun {
  std::vector<nlohmann::json> events;  // announced, as JSON lines
  std::vector<FrameReport> reports;
};

// Feeds frames [first, end) of the game to `referee`.
inline RefereeRun referee_frames(LiveReferee& referee, const RenderedGame& game, int first = 0,
                                 int end = -1) {
  RefereeRun run;
  if (end < 0) end = static_cast<int>(game.frames.size());
  for (int index = first; index < end; ++index) {
    FrameReport report =
        referee.process(game.frames[static_cast<std::size_t>(index)], time_of(game, index), index);
    for (const referee::Event& event : report.events) run.events.push_back(referee::to_json(event));
    run.reports.push_back(std::move(report));
  }
  return run;
}

// Every frame with a hand over the table is reported unstable and announces nothing read from
// the picture (a countdown goes on by the clock); the number of such frames.
inline int check_hand_frames_are_silent(const RenderedGame& game, const RefereeRun& run) {
  int hand_frames = 0;
  for (const samples::VideoFrameTruth& frame : game.truth.frames) {
    if (frame.hand_share < 0.002) continue;
    ++hand_frames;
    const FrameReport& report = run.reports[static_cast<std::size_t>(frame.index)];
    EXPECT_TRUE(report.unstable) << "frame " << frame.index;
    for (const referee::Event& event : report.events) {
      EXPECT_TRUE(std::holds_alternative<referee::CountdownEvent>(event.body))
          << "frame " << frame.index << ": " << referee::to_json(event).dump();
    }
  }
  return hand_frames;
}

// The events of `type` among `events`.
inline std::vector<nlohmann::json> of_type(const std::vector<nlohmann::json>& events,
                                           const std::string& type) {
  std::vector<nlohmann::json> found;
  for (const nlohmann::json& event : events) {
    if (event["type"] == type) found.push_back(event);
  }
  return found;
}

// Events without their frame and time: what a resumed game must announce the same.
inline std::vector<std::string> contents(const std::vector<nlohmann::json>& events) {
  std::vector<std::string> keys;
  for (nlohmann::json event : events) {
    event.erase("frame");
    event.erase("time_s");
    keys.push_back(event.dump());
  }
  return keys;
}

inline int count_of(const std::vector<nlohmann::json>& events, const std::string& type) {
  return static_cast<int>(of_type(events, type).size());
}

inline std::vector<nlohmann::json> to_json_lines(const std::vector<referee::Event>& events) {
  std::vector<nlohmann::json> lines;
  for (const referee::Event& event : events) lines.push_back(referee::to_json(event));
  return lines;
}

}  // namespace tableref::live::testing
