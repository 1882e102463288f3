#pragma once
// The frames the per-frame benchmarks work on: each game's first rendered webcam scenes of one
// seed, scaled to the frame size, and the floor they are measured against, one BGR-to-gray
// conversion of the same frames.

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <opencv2/imgproc.hpp>
#include <vector>

#include "referee/game.hpp"
#include "samples/render.hpp"

namespace tableref::benchmarks {

inline constexpr int kScenes = 8;
inline constexpr std::uint64_t kSeed = 77;

// The game's first kScenes webcam scenes of kSeed, each scaled to `width` (16:9).
inline std::vector<cv::Mat> scenes(referee::Game game, int width) {
  std::vector<cv::Mat> frames;
  for (int i = 0; i < kScenes; ++i) {
    const cv::Mat rendered =
        samples::render_random(game, samples::Level::webcam, samples::image_seed(kSeed, i))
            .image_bgr;
    const cv::Size size(width, width * 9 / 16);
    cv::Mat frame;
    if (rendered.size() == size) {
      frame = rendered;
    } else {
      cv::resize(rendered, frame, size, 0, 0,
                 rendered.cols > width ? cv::INTER_AREA : cv::INTER_LINEAR);
    }
    frames.push_back(frame);
  }
  return frames;
}

// The mean milliseconds of one BGR-to-gray conversion of the frames.
inline double gray_conversion_ms(const std::vector<cv::Mat>& frames) {
  cv::Mat gray;
  constexpr int kRepeats = 20;
  const auto start = std::chrono::steady_clock::now();
  for (int repeat = 0; repeat < kRepeats; ++repeat) {
    for (const cv::Mat& frame : frames) cv::cvtColor(frame, gray, cv::COLOR_BGR2GRAY);
  }
  const std::chrono::duration<double, std::milli> spent = std::chrono::steady_clock::now() - start;
  return spent.count() / (kRepeats * static_cast<double>(frames.size()));
}

// Every game at 1280x720 and 1920x1080, each with both values of a third argument (0 and 1).
inline void games_and_widths(::benchmark::internal::Benchmark* benchmark) {
  for (const referee::Game game :
       {referee::Game::freeze, referee::Game::trio, referee::Game::punto, referee::Game::bugs}) {
    for (const int width : {1280, 1920}) {
      for (const long flag : {0, 1}) benchmark->Args({static_cast<long>(game), width, flag});
    }
  }
}

}  // namespace tableref::benchmarks
