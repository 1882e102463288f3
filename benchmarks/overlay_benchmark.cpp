// What the desktop app's live view costs to draw per frame, game by game, at 1280x720 and
// 1920x1080, on one core (Google Benchmark): the frame turned into a QImage and drawn with the
// overlay over it (gui::render_overlay, the live view's own painting at the picture's size), from
// the readings of the same rendered webcam scenes reader_benchmark reads. Its counter gives the
// cost against one BGR-to-gray conversion of the same frames. BM_PaintLiveView times the live
// view widget itself, as the app shows a frame: the frame handed to it, the overlay set, and the
// widget painted at a window's size, the picture scaled to fit (argument 2: the picture's width
// in the view). Runs on Qt's offscreen platform.

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QImage>
#include <chrono>
#include <cmath>
#include <opencv2/core/utility.hpp>
#include <vector>

#include "benchmark_frames.hpp"
#include "gui/overlay_painter.hpp"
#include "gui/video_view.hpp"
#include "referee/deck.hpp"
#include "referee/game.hpp"
#include "vision/bugs_reader.hpp"
#include "vision/colour_references.hpp"
#include "vision/freeze_reader.hpp"
#include "vision/observation_json.hpp"
#include "vision/punto_reader.hpp"
#include "vision/stage_log.hpp"
#include "vision/trio_reader.hpp"

namespace {

using namespace tableref;

// A frame and what the live view draws over it.
struct ShownFrame {
  cv::Mat bgr;
  gui::OverlayState overlay;
};

// The game's reading of `frame` as the analyze fields the overlay draws from.
nlohmann::json fields_of(referee::Game game, const cv::Mat& frame, bool& unstable) {
  static const referee::FreezeDeck freeze_deck = referee::builtin_freeze_deck();
  static const referee::BugsDeck bugs_deck = referee::builtin_bugs_deck();
  static const vision::ColourReferences references = vision::palette_references();
  vision::StageLog log;
  const auto fields = [&unstable](const auto& reading, auto to_fields) {
    unstable = reading.unstable;
    return to_fields(reading);
  };
  switch (game) {
    case referee::Game::freeze:
      return fields(vision::read_freeze(frame, freeze_deck, references, {}, log),
                    vision::freeze_fields);
    case referee::Game::trio:
      return fields(vision::read_trio(frame, references, {}, log), vision::trio_fields);
    case referee::Game::punto:
      return fields(vision::read_punto(frame, references, {}, log), vision::punto_fields);
    case referee::Game::bugs:
      return fields(vision::read_bugs(frame, bugs_deck, {}, log), vision::bugs_fields);
  }
  return {};
}

// The benchmark's frames of the game at `width`, each with what the game's reader read on it.
std::vector<ShownFrame> shown_frames(referee::Game game, int width) {
  std::vector<ShownFrame> frames;
  for (const cv::Mat& bgr : benchmarks::scenes(game, width)) {
    ShownFrame frame{bgr, {}};
    frame.overlay.game = game;
    frame.overlay.layout = fields_of(game, bgr, frame.overlay.unstable);
    frames.push_back(std::move(frame));
  }
  return frames;
}

// state.range(0): a referee::Game; state.range(1): the frame's width; state.range(2): 1 for the
// colour-blind view (patterns over the monsters).
void BM_DrawLiveView(benchmark::State& state) {
  const auto game = static_cast<referee::Game>(state.range(0));
  cv::setNumThreads(1);
  const std::vector<ShownFrame> frames = shown_frames(game, static_cast<int>(state.range(1)));
  gui::OverlayOptions options;
  options.colour_blind = state.range(2) != 0;
  std::size_t index = 0;
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    const ShownFrame& frame = frames[index++ % frames.size()];
    benchmark::DoNotOptimize(gui::render_overlay(frame.bgr, frame.overlay, options));
  }
  const std::chrono::duration<double, std::milli> spent = std::chrono::steady_clock::now() - start;
  const double reads = static_cast<double>(state.iterations());
  std::vector<cv::Mat> pictures;
  for (const ShownFrame& frame : frames) pictures.push_back(frame.bgr);
  state.counters["x gray"] = spent.count() / reads / benchmarks::gray_conversion_ms(pictures);
  state.SetLabel(std::string(referee::game_name(game)) +
                 (options.colour_blind ? ", colour-blind" : ""));
}

BENCHMARK(BM_DrawLiveView)->Apply(benchmarks::games_and_widths)->Unit(benchmark::kMillisecond);

// state.range(0): a referee::Game; state.range(1): the frame's width; state.range(2): the width
// of the picture in the view (16:9, the banner strip above it).
void BM_PaintLiveView(benchmark::State& state) {
  const auto game = static_cast<referee::Game>(state.range(0));
  cv::setNumThreads(1);
  const std::vector<ShownFrame> frames = shown_frames(game, static_cast<int>(state.range(1)));
  gui::VideoView view;
  const int picture_width = static_cast<int>(state.range(2));
  const int strip = static_cast<int>(std::ceil(gui::banner_height(gui::OverlayOptions{})));
  view.resize(picture_width, picture_width * 9 / 16 + strip);
  QImage window(view.size(), QImage::Format_RGB32);
  std::size_t index = 0;
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    const ShownFrame& frame = frames[index++ % frames.size()];
    view.set_frame(frame.bgr);
    view.set_overlay(frame.overlay);
    view.render(&window);
    benchmark::DoNotOptimize(window.constBits());
  }
  const std::chrono::duration<double, std::milli> spent = std::chrono::steady_clock::now() - start;
  std::vector<cv::Mat> pictures;
  for (const ShownFrame& frame : frames) pictures.push_back(frame.bgr);
  state.counters["x gray"] = spent.count() / static_cast<double>(state.iterations()) /
                             benchmarks::gray_conversion_ms(pictures);
  state.SetLabel(std::string(referee::game_name(game)) + ", view " + std::to_string(picture_width) +
                 " wide");
}

// Every game's 1920x1080 frames in a view 960 (the view's preferred size) and 1280 wide.
void games_in_views(::benchmark::internal::Benchmark* benchmark) {
  for (const referee::Game game :
       {referee::Game::freeze, referee::Game::trio, referee::Game::punto, referee::Game::bugs}) {
    for (const long view_width : {960, 1280})
      benchmark->Args({static_cast<long>(game), 1920, view_width});
  }
}

BENCHMARK(BM_PaintLiveView)->Apply(games_in_views)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  // Text is laid out with the platform's fonts, and the view is a widget: a QApplication,
  // drawing nowhere on screen.
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
