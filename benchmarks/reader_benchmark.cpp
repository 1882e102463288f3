// What reading a changed table costs per frame, game by game, at 1280x720 and 1920x1080, on one
// core (Google Benchmark), with the table's scale unknown and known. Each run reads the same
// rendered webcam scenes, scaled to the frame size, over and over; its counters give the mean
// milliseconds of each of the reader's stages and the cost relative to one BGR-to-gray conversion
// of the same frames (the floor of touching every pixel once).

#include <benchmark/benchmark.h>

#include <chrono>
#include <map>
#include <opencv2/core/utility.hpp>
#include <string>
#include <vector>

#include "benchmark_frames.hpp"
#include "referee/deck.hpp"
#include "referee/game.hpp"
#include "vision/bugs_reader.hpp"
#include "vision/colour_references.hpp"
#include "vision/freeze_reader.hpp"
#include "vision/punto_reader.hpp"
#include "vision/stage_log.hpp"
#include "vision/trio_reader.hpp"

namespace {

using namespace tableref;
using benchmarks::gray_conversion_ms;
using benchmarks::scenes;

// Reads one frame with the game's reader, its stages timed into `log`, the table's scale known
// (`table_px_per_mm`) or not (0). Returns the scale the reading shows.
double read_frame(referee::Game game, const cv::Mat& frame, double table_px_per_mm,
                  vision::StageLog& log) {
  static const referee::FreezeDeck freeze_deck = referee::builtin_freeze_deck();
  static const referee::BugsDeck bugs_deck = referee::builtin_bugs_deck();
  static const vision::ColourReferences references = vision::palette_references();
  const auto with_scale = [table_px_per_mm](auto params) {
    params.table_px_per_mm = table_px_per_mm;
    return params;
  };
  switch (game) {
    case referee::Game::freeze:
      return vision::table_px_per_mm(vision::read_freeze(
          frame, freeze_deck, references, with_scale(vision::FreezeReaderParams{}), log));
    case referee::Game::trio:
      return vision::table_px_per_mm(
          vision::read_trio(frame, references, with_scale(vision::TrioReaderParams{}), log));
    case referee::Game::punto:
      return vision::table_px_per_mm(
          vision::read_punto(frame, references, with_scale(vision::PuntoReaderParams{}), log));
    case referee::Game::bugs:
      return vision::table_px_per_mm(
          vision::read_bugs(frame, bugs_deck, with_scale(vision::BugsReaderParams{}), log));
  }
  return 0;
}

// state.range(0): a referee::Game; state.range(1): the frame's width; state.range(2): 1 when the
// table's scale is known, as the live referee knows it from the frames before (learnt here from a
// first reading of each frame, not timed).
void BM_ReadChangedTable(benchmark::State& state) {
  const auto game = static_cast<referee::Game>(state.range(0));
  const std::vector<cv::Mat> frames = scenes(game, static_cast<int>(state.range(1)));
  cv::setNumThreads(1);
  std::vector<double> scales(frames.size(), 0.0);
  for (std::size_t i = 0; i < frames.size(); ++i) {
    vision::StageLog untimed;
    const double learnt = read_frame(game, frames[i], 0, untimed);
    if (state.range(2) != 0) scales[i] = learnt;
  }
  std::map<std::string, double> stage_ms;
  double total_ms = 0;
  std::size_t index = 0;
  for (auto _ : state) {
    vision::StageLog log;
    const std::size_t frame = index++ % frames.size();
    benchmark::DoNotOptimize(read_frame(game, frames[frame], scales[frame], log));
    for (const vision::StageRecord& stage : log.stages())
      stage_ms[stage.name] += stage.milliseconds;
    total_ms += log.total_milliseconds();
  }
  const double reads = static_cast<double>(state.iterations());
  for (const auto& [name, ms] : stage_ms) state.counters[name + " ms"] = ms / reads;
  state.counters["x gray"] = total_ms / reads / gray_conversion_ms(frames);
  state.SetLabel(std::string(referee::game_name(game)) +
                 (state.range(2) != 0 ? ", scale known" : ""));
}

BENCHMARK(BM_ReadChangedTable)->Apply(benchmarks::games_and_widths)->Unit(benchmark::kMillisecond);

}  // namespace
