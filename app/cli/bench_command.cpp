// tableref bench: times a game's reader stage by stage on rendered scenes, per picture size,
// against the floor of touching every pixel once, and scores what it read against the truth.

#include <chrono>
#include <iostream>
#include <map>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>
#include <variant>

#include "commands.hpp"
#include "evaluation/bugs_score.hpp"
#include "evaluation/freeze_score.hpp"
#include "evaluation/punto_score.hpp"
#include "evaluation/trio_score.hpp"
#include "game_readers.hpp"
#include "samples/render.hpp"

namespace tableref::cli {

namespace {

struct BenchOptions {
  std::string game = "freeze";
  std::string level = "webcam";
  int images = 10;
  std::uint64_t seed = 1;
  bool scale_known = false;
  int threads = 1;  // OpenCV's; 0 for as many as it likes
};

using Clock = std::chrono::steady_clock;

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The cost of one BGR-to-gray conversion of the frame: the floor of any per-frame work.
double gray_conversion_ms(const cv::Mat& bgr) {
  constexpr int kRepeats = 20;
  cv::Mat gray;
  const auto start = Clock::now();
  for (int i = 0; i < kRepeats; ++i) cv::cvtColor(bgr, gray, cv::COLOR_BGR2GRAY);
  return milliseconds_since(start) / kRepeats;
}

// What a game's reading is scored with (evaluation/).
using Score = std::variant<evaluation::FreezeScore, evaluation::TrioScore, evaluation::PuntoScore,
                           evaluation::BugsScore>;

Score empty_score(referee::Game game) {
  switch (game) {
    case referee::Game::trio:
      return evaluation::TrioScore{};
    case referee::Game::punto:
      return evaluation::PuntoScore{};
    case referee::Game::bugs:
      return evaluation::BugsScore{};
    default:
      return evaluation::FreezeScore{};
  }
}

void add_to_score(Score& score, const nlohmann::json& truth, const nlohmann::json& fields) {
  std::visit(
      [&](auto& total) {
        using Total = std::decay_t<decltype(total)>;
        if constexpr (std::is_same_v<Total, evaluation::FreezeScore>)
          total.add(evaluation::score_freeze(truth, fields));
        else if constexpr (std::is_same_v<Total, evaluation::TrioScore>)
          total.add(evaluation::score_trio(truth, fields));
        else if constexpr (std::is_same_v<Total, evaluation::PuntoScore>)
          total.add(evaluation::score_punto(truth, fields));
        else
          total.add(evaluation::score_bugs(truth, fields));
      },
      score);
}

// Per picture width: the stages' times summed over its frames.
struct SizeTimes {
  int frames = 0;
  double total_ms = 0, floor_ms = 0;
  std::map<std::string, double> stage_ms;
};

void print_times(const std::string& game, const std::map<int, SizeTimes>& by_width) {
  for (const auto& [width, times] : by_width) {
    const double count = times.frames;
    const double mean = times.total_ms / count, floor = times.floor_ms / count;
    std::cout << game << " reader at width " << width << ": " << mean << " ms per frame over "
              << times.frames << " frames; BGR-to-gray " << floor << " ms (" << mean / floor
              << "x)\n";
    for (const auto& [stage, ms] : times.stage_ms)
      std::cout << "  " << stage << ": " << ms / count << " ms\n";
  }
}

// The picture read as the live referee reads it once it knows the table's scale from the frames
// before: learnt here from a first reading, which is not timed.
Analysis read_at_known_scale(ReaderSetup setup, const Analyzer& first_reader, const cv::Mat& image,
                             vision::StageLog& log) {
  vision::StageLog untimed;
  setup.table_px_per_mm = first_reader("bench", image, untimed).table_px_per_mm;
  return make_analyzer(setup).value()("bench", image, log);
}

int run_bench(const BenchOptions& options) {
  const auto level = samples::parse_level(options.level);
  if (!level) {
    print_error("unknown level '" + options.level + "' (expected clean, webcam or hard)");
    return kExitBadInput;
  }
  const auto game = referee::parse_game(options.game);
  const ReaderSetup setup{options.game, "", vision::palette_references(), nullptr, {}};
  const referee::Result<Analyzer> analyzer = make_analyzer(setup);
  if (!game || !analyzer) {
    print_error(game ? analyzer.error().message : "unknown game '" + options.game + "'");
    return kExitBadInput;
  }
  if (options.threads > 0) cv::setNumThreads(options.threads);
  std::cout << "OpenCV on " << cv::getNumThreads() << " thread(s)\n";
  std::map<int, SizeTimes> by_width;
  Score score = empty_score(*game);
  for (int i = 0; i < options.images; ++i) {
    const samples::RenderedImage rendered =
        samples::render_random(*game, *level, samples::image_seed(options.seed, i));
    const cv::Mat& image = rendered.image_bgr;
    vision::StageLog log;
    const Analysis analysis = options.scale_known
                                  ? read_at_known_scale(setup, analyzer.value(), image, log)
                                  : analyzer.value()("bench", image, log);
    // The picture `analyze --annotate` writes (the desktop app's live view draws its own overlay,
    // timed by benchmarks/overlay_benchmark).
    const auto annotate_start = Clock::now();
    const cv::Mat annotated = analysis.annotated();
    const double annotate_ms = milliseconds_since(annotate_start);
    add_to_score(score, rendered.truth, analysis.fields);

    SizeTimes& times = by_width[image.cols];
    ++times.frames;
    times.total_ms += log.total_milliseconds() + annotate_ms;
    times.floor_ms += gray_conversion_ms(image);
    for (const auto& stage : log.stages()) times.stage_ms[stage.name] += stage.milliseconds;
    times.stage_ms["annotated picture"] += annotate_ms;
    std::cerr << "\rbench: " << i + 1 << "/" << options.images << std::flush;
  }
  std::cerr << '\n';
  print_times(options.game, by_width);
  std::visit([](const auto& total) { std::cout << total.report() << '\n'; }, score);
  return kExitOk;
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_status) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* command = app.add_subcommand(
      "bench",
      "Time a game's reader stage by stage on rendered scenes (per picture size, against one "
      "BGR-to-gray conversion), and score what it read");
  command->add_option("--game", options->game, "freeze, trio, punto or bugs")
      ->check(CLI::IsMember({"freeze", "trio", "punto", "bugs"}))
      ->capture_default_str();
  command->add_option("--level", options->level, "clean, webcam or hard")->capture_default_str();
  command->add_option("--images", options->images, "Rendered scenes to read")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  command->add_option("--seed", options->seed, "Seed of the scenes")->capture_default_str();
  command->add_flag("--scale-known", options->scale_known,
                    "Read as the live referee does once it knows the table's scale: pictures "
                    "showing the cards larger than the reader needs are read shrunk (the scale is "
                    "learnt from a first, untimed reading)");
  command
      ->add_option("--threads", options->threads,
                   "OpenCV's threads: 1 times the reader on one core, as the speed target is set; "
                   "0 lets OpenCV use every core")
      ->check(CLI::Range(0, 256))
      ->capture_default_str();
  command->callback([options, &exit_status] { exit_status = run_bench(*options); });
}

}  // namespace tableref::cli
