// What the live referee costs per frame once the table is read and nothing moves (Google
// Benchmark): unchanged frames are recognised as such and not read again, so a still table must
// cost a small multiple of touching every pixel once, measured here as one BGR-to-gray conversion
// of the same 1920x1080 frame. Frames carry fresh sensor noise, as a camera's do.

#include <benchmark/benchmark.h>

#include <opencv2/imgproc.hpp>
#include <vector>

#include "live/live_referee.hpp"
#include "samples/render.hpp"
#include "vision/frame_quality.hpp"

namespace {

using namespace tableref;

constexpr int kNoisyCopies = 8;
constexpr double kFps = 10;

// A clean rendered table at 1920x1080, in a few copies with independent sensor noise.
std::vector<cv::Mat> still_table_frames(referee::Game game) {
  const samples::RenderedImage rendered = samples::render_random(game, samples::Level::clean, 7);
  cv::Mat table;
  cv::resize(rendered.image_bgr, table, cv::Size(1920, 1080), 0, 0, cv::INTER_LINEAR);
  std::vector<cv::Mat> frames;
  cv::RNG rng(11);
  for (int copy = 0; copy < kNoisyCopies; ++copy) {
    cv::Mat noise(table.size(), CV_16SC3);
    rng.fill(noise, cv::RNG::NORMAL, 0, 2.0);
    cv::Mat noisy;
    table.convertTo(noisy, CV_16SC3);
    noisy += noise;
    noisy.convertTo(noisy, CV_8UC3);
    frames.push_back(noisy);
  }
  return frames;
}

void BM_BgrToGray1080p(benchmark::State& state) {
  const std::vector<cv::Mat> frames = still_table_frames(referee::Game::freeze);
  cv::Mat gray;
  int index = 0;
  for (auto _ : state) {
    cv::cvtColor(frames[index++ % kNoisyCopies], gray, cv::COLOR_BGR2GRAY);
    benchmark::DoNotOptimize(gray.data);
  }
}

void BM_FrameQuality1080p(benchmark::State& state) {
  const std::vector<cv::Mat> frames = still_table_frames(referee::Game::freeze);
  vision::FrameQualityMeter meter;
  int index = 0;
  for (auto _ : state) benchmark::DoNotOptimize(meter.measure(frames[index++ % kNoisyCopies]));
}

// The referee of `state.range(0)` (a referee::Game) on a still table it has already read.
void BM_StillTable1080p(benchmark::State& state) {
  const auto game = static_cast<referee::Game>(state.range(0));
  const std::vector<cv::Mat> frames = still_table_frames(game);
  live::LiveOptions options;
  options.game = game;
  options.players = live::default_player_names(2);
  live::LiveReferee referee(options);
  int index = 0;
  const auto next_frame = [&] {
    const live::FrameReport report =
        referee.process(frames[index % kNoisyCopies], index / kFps, index);
    ++index;
    return report;
  };
  for (int settling = 0; settling < 3 * kFps; ++settling) next_frame();
  int unstable = 0;
  for (auto _ : state) unstable += next_frame().unstable;
  state.counters["unstable frames"] = unstable;
}

BENCHMARK(BM_BgrToGray1080p)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FrameQuality1080p)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StillTable1080p)
    ->ArgName("game")
    ->Arg(static_cast<int>(referee::Game::freeze))
    ->Arg(static_cast<int>(referee::Game::trio))
    ->Arg(static_cast<int>(referee::Game::punto))
    ->Unit(benchmark::kMillisecond);

}  // namespace
