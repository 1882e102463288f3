// tableref bench: times the Monster Freeze reader stage by stage on rendered scenes at both
// capture resolutions, against the floor of touching every pixel once, and checks what it read.

#include <chrono>
#include <iostream>
#include <map>
#include <opencv2/imgproc.hpp>

#include "commands.hpp"
#include "evaluation/freeze_score.hpp"
#include "referee/deck.hpp"
#include "samples/render.hpp"
#include "vision/freeze_reader.hpp"
#include "vision/observation_json.hpp"

namespace tableref::cli {

namespace {

struct BenchOptions {
  std::string level = "webcam";
  int images = 10;
  std::uint64_t seed = 1;
};

// The cost of one BGR-to-gray conversion of the frame: the floor of any per-frame work.
double gray_conversion_ms(const cv::Mat& bgr) {
  constexpr int kRepeats = 20;
  cv::Mat gray;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < kRepeats; ++i) cv::cvtColor(bgr, gray, cv::COLOR_BGR2GRAY);
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
             .count() /
         kRepeats;
}

int run_bench(const BenchOptions& options) {
  const auto level = samples::parse_level(options.level);
  if (!level) {
    print_error("unknown level '" + options.level + "' (expected clean, webcam or hard)");
    return kExitBadInput;
  }
  const auto references = vision::palette_references();
  std::map<int, std::vector<double>> total_by_width;
  std::map<int, std::map<std::string, double>> stages_by_width;
  std::map<int, double> floor_by_width;
  evaluation::FreezeScore score;
  for (int i = 0; i < options.images; ++i) {
    const auto rendered =
        samples::render_random(referee::Game::freeze, *level, samples::image_seed(options.seed, i));
    const cv::Mat& image = rendered.image_bgr;
    vision::StageLog log;
    const auto reading =
        vision::read_freeze(image, referee::builtin_freeze_deck(), references, {}, log);
    score.add(evaluation::score_freeze(rendered.truth, vision::freeze_fields(reading)));
    total_by_width[image.cols].push_back(log.total_milliseconds());
    for (const auto& stage : log.stages())
      stages_by_width[image.cols][stage.name] += stage.milliseconds;
    floor_by_width[image.cols] += gray_conversion_ms(image);
    std::cerr << "\rbench: " << i + 1 << "/" << options.images << std::flush;
  }
  std::cerr << '\n';
  for (const auto& [width, totals] : total_by_width) {
    const double count = static_cast<double>(totals.size());
    double sum = 0;
    for (const double t : totals) sum += t;
    const double mean = sum / count;
    const double floor = floor_by_width[width] / count;
    std::cout << "freeze reader at width " << width << ": " << mean << " ms per frame over "
              << totals.size() << " frames; BGR-to-gray " << floor << " ms (" << mean / floor
              << "x)\n";
    for (const auto& [stage, ms] : stages_by_width[width]) {
      std::cout << "  " << stage << ": " << ms / count << " ms\n";
    }
  }
  std::cout << score.report() << '\n';
  return kExitOk;
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_status) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* command = app.add_subcommand(
      "bench", "Time the Monster Freeze reader stage by stage on rendered scenes, and score it");
  command->add_option("--level", options->level, "clean, webcam or hard")->capture_default_str();
  command->add_option("--images", options->images, "Rendered scenes to read")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  command->add_option("--seed", options->seed, "Seed of the scenes")->capture_default_str();
  command->callback([options, &exit_status] { exit_status = run_bench(*options); });
}

}  // namespace tableref::cli
