// tableref render: sample images of a game with their ground truth, for testing the vision.

#include <charconv>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <opencv2/imgcodecs.hpp>
#include <sstream>

#include "commands.hpp"
#include "samples/game_video.hpp"
#include "samples/render.hpp"

namespace tableref::cli {

namespace {

struct RenderOptions {
  std::string format = "png";
  std::string game = "freeze";
  std::string level = "webcam";
  int count = 1;
  std::uint64_t seed = 1;
  std::string out_dir;
  // --video: a whole game on video instead of still images.
  std::string video;
  int players = 2;
  double fps = 10;
  int tricks = 0;
  int plays = 0;
  int turns = 0;
  int rounds = 2;
  bool teams = false;
  double still_seconds = 0;  // 0: the renderer's own pace
  double illegal_share = 0.15;
  std::string size;
};

// "freeze-webcam-7-0003": the files of one image share this stem.
std::string image_stem(const RenderOptions& options, int index) {
  std::ostringstream stem;
  stem << options.game << '-' << options.level << '-' << options.seed << '-' << std::setw(4)
       << std::setfill('0') << index;
  return stem.str();
}

// A seed is a whole number that fits 64 bits: CLI11 alone would wrap "-3" and saturate large ones.
std::string seed_error(const std::string& text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error == std::errc() && end == text.data() + text.size()) return {};
  return "expected a whole number from 0 to 18446744073709551615, not " + text;
}

// Creates the folder if needed and checks that a file can be written in it.
bool writable_folder(const std::filesystem::path& folder) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error || !std::filesystem::is_directory(folder)) return false;
  const std::filesystem::path probe = folder / ".tableref-render-probe";
  const bool written = static_cast<bool>(std::ofstream(probe) << "probe");
  std::filesystem::remove(probe, error);
  return written;
}

int run_render(const RenderOptions& options) {
  const std::optional<referee::Game> game = referee::parse_game(options.game);
  if (!game) {
    print_error("unknown game '" + options.game + "' (expected freeze, trio, punto or bugs)");
    return kExitBadInput;
  }
  const std::optional<samples::Level> level = samples::parse_level(options.level);
  if (!level) {
    print_error("unknown level '" + options.level + "' (expected clean, webcam or hard)");
    return kExitBadInput;
  }
  const std::filesystem::path folder(options.out_dir);
  if (!writable_folder(folder)) {
    print_error("cannot write in " + options.out_dir);
    return kExitBadInput;
  }
  for (int index = 0; index < options.count; ++index) {
    const samples::RenderedImage rendered =
        samples::render_random(*game, *level, samples::image_seed(options.seed, index));
    const std::string stem = image_stem(options, index);
    // Lossless PNG of the image as the camera delivered it (JPEG loss included).
    const std::filesystem::path image_path = folder / (stem + "." + options.format);
    nlohmann::json truth = rendered.truth;
    truth["image"] = image_path.filename().string();
    std::ofstream truth_file(folder / (stem + ".json"));
    truth_file << truth.dump(1) << '\n';
    const std::vector<int> encoding = {cv::IMWRITE_JPEG_QUALITY, 85};
    if (!cv::imwrite(image_path.string(), rendered.image_bgr, encoding) || !truth_file) {
      print_error("cannot write " + image_path.string());
      return kExitFailure;
    }
    std::cerr << "rendered " << index + 1 << '/' << options.count << '\n';
  }
  return kExitOk;
}

// --video OUT: a whole game filmed with its true events (samples/game_video.hpp).
int run_render_video(const RenderOptions& options) {
  const std::optional<referee::Game> game = referee::parse_game(options.game);
  const std::optional<samples::Level> level = samples::parse_level(options.level);
  if (!game || !level) {
    print_error("unknown game '" + options.game + "' or level '" + options.level + "'");
    return kExitBadInput;
  }
  samples::GameVideoOptions video;
  video.game = *game;
  video.level = *level;
  video.players = options.players;
  video.fps = options.fps;
  video.max_tricks = options.tricks;
  video.punto.max_plays = options.plays;
  video.punto.team_game = options.teams;
  video.max_turns = options.turns;
  video.rounds_to_win = options.rounds;
  if (options.still_seconds > 0) {
    video.min_still_s = options.still_seconds;
    video.max_still_s = options.still_seconds + 1;
  }
  video.illegal_share = options.illegal_share;
  if (!options.size.empty()) {
    int width = 0, height = 0;
    char separator = 0;
    std::istringstream size(options.size);
    if (!(size >> width >> separator >> height) || separator != 'x' || !size.eof()) {
      print_error("--size: expected WIDTHxHEIGHT, such as 1280x720, not " + options.size);
      return kExitBadInput;
    }
    video.image_size = cv::Size(width, height);
  }
  const auto written = samples::write_game_video(video, options.seed, options.video);
  if (!written) {
    print_error(written.error().message);
    return kExitBadInput;
  }
  const samples::GameVideoFiles files = samples::game_video_files(options.video);
  std::cerr << "rendered " << written.value().frames.size() << " frames to "
            << files.frames.string() << ", " << written.value().events.size() << " true events to "
            << files.events.string() << '\n';
  return kExitOk;
}

}  // namespace

void add_render_command(CLI::App& app, int& exit_status) {
  auto options = std::make_shared<RenderOptions>();
  CLI::App* command = app.add_subcommand(
      "render", "Render sample images of a game with their ground truth (PNG + JSON per image)");
  command->add_option("--game", options->game, "freeze, trio, punto or bugs")
      ->capture_default_str();
  command->add_option("--level", options->level, "clean, webcam or hard")->capture_default_str();
  command->add_option("--count", options->count, "Number of images")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  command->add_option("--seed", options->seed, "Seed: the same command gives the same files")
      ->check(CLI::Validator(seed_error, "", "seed"))
      ->capture_default_str();
  command
      ->add_option("--format", options->format,
                   "png (lossless copy of the degraded picture) or jpg (small, for sample media)")
      ->check(CLI::IsMember({"png", "jpg"}))
      ->capture_default_str();
  command->add_option("--out", options->out_dir, "Output folder (created if missing)");
  command->add_option(
      "--video", options->video,
      "Render a whole game (freeze, trio, punto or bugs) instead: OUT.avi (Motion JPEG), OUT.mp4 "
      "(H.264) or a folder of frames, with its true events beside it");
  command
      ->add_option("--players", options->players,
                   "Players in a --video game (freeze 2-4, trio 2-5, punto 2-4, bugs 2-4)")
      ->check(CLI::Range(2, 5))
      ->capture_default_str();
  command->add_option("--fps", options->fps, "Frames per second of a --video game")
      ->check(CLI::Range(1.0, 60.0))
      ->capture_default_str();
  command
      ->add_option("--tricks", options->tricks,
                   "Stop a --video game after this many tricks (0: play the match out)")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  command
      ->add_option("--plays", options->plays,
                   "Stop a --video Punto game after this many cards laid (0: play the match out)")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  command
      ->add_option("--turns", options->turns,
                   "Stop a trio --video game after this many turns (0: play the game out)")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  command
      ->add_option(
          "--rounds", options->rounds,
          "Won rounds that win a --video Monster Freeze or Punto match (as referee --rounds)")
      ->check(CLI::Range(1, 99))
      ->capture_default_str();
  command->add_flag("--teams", options->teams,
                    "Film the Punto team game: 4 players, partners opposite, lines of 5");
  command
      ->add_option("--still-seconds", options->still_seconds,
                   "How long the table stays still between plays in a --video game, from S to "
                   "S + 1 seconds (default: 1.2 to 2.2)")
      ->check(CLI::Range(0.5, 60.0));
  command
      ->add_option("--illegal-share", options->illegal_share,
                   "Share of trio turns first tried with an illegal card, then taken back")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  command->add_option("--size", options->size,
                      "Picture size of a --video game, such as 1280x720 (default: the level's)");
  command->callback([options, &exit_status] {
    if (options->out_dir.empty() == options->video.empty()) {
      print_error("render needs --out FOLDER (images) or --video OUT (a game), not both");
      exit_status = kExitBadInput;
      return;
    }
    exit_status = options->video.empty() ? run_render(*options) : run_render_video(*options);
  });
}

}  // namespace tableref::cli
