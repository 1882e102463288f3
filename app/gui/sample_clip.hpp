#pragma once
// The sample game that plays out of the box: the bundled clip of the game being played from
// samples/media when there is one, or else a short Monster Freeze game drawn by the scene renderer
// (samples/), with what the referee should rule on it.

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "gui/game_setup.hpp"
#include "samples/freeze_scene.hpp"

namespace tableref::gui {

struct SampleScene {
  std::string caption;  // what happens: "Alice shows a red trick"
  samples::FreezeScene scene;
  bool hands_over = false;  // hands cover the cards: the referee must see `unstable`
};

struct SampleGame {
  GameSetup setup;  // Monster Freeze, Alice (bottom) and Bob (top)
  std::vector<SampleScene> scenes;
  // The verdicts in order, as the event log's fields: {"type", "player", "color" | "reason"}.
  std::vector<nlohmann::json> expected_verdicts;
};

// The scripted game: each player's stacks lie on their side of the table, the single card in the
// middle; tricks, a blocked view and a misaligned stack.
SampleGame sample_game();

struct SampleClipOptions {
  double fps = 8;
  double scene_seconds = 2.0;  // how long each scene is held
  std::uint64_t seed = 5;      // light, table, print and noise
};

// Renders the sample game as an MJPEG AVI at `path`; an error message when it cannot be written.
std::optional<std::string> write_sample_clip(const std::filesystem::path& path,
                                             const SampleClipOptions& options = {});

// A filmed game bundled in samples/media (the source tree's, or the installed
// share/tableref/media): MEDIA/<game>/game.mp4 beside the truth the renderer wrote for it.
struct BundledClip {
  std::filesystem::path video;
  std::vector<std::string> players;  // as the clip was filmed: seat 0 at the bottom, clockwise
};

// The bundled clip of `game`, or nullopt when there is none (or its truth cannot be read).
std::optional<BundledClip> bundled_sample_clip(referee::Game game);

}  // namespace tableref::gui
