// tableref analyze: what the camera sees in still pictures of a table (interface.md).

#include <filesystem>
#include <iostream>
#include <opencv2/imgcodecs.hpp>

#include "commands.hpp"
#include "game_readers.hpp"
#include "profile_option.hpp"
#include "vision/picture_file.hpp"
#include "vision/stage_log.hpp"

namespace tableref::cli {

namespace {

namespace fs = std::filesystem;

struct AnalyzeOptions {
  std::string game;
  std::vector<std::string> images;
  bool json = false;
  std::string annotate_path;
  std::string debug_dir;
  bool timing = false;
  std::string deck_path;
  ProfileOption profile;
};

// Where an output picture for `image` goes: OUT itself for one image, OUT/<name>.png for several
// or when OUT is a folder.
fs::path output_path(const std::string& out, const std::string& image, bool several) {
  const fs::path target(out);
  if (several || fs::is_directory(target) || out.ends_with('/')) {
    return target / (fs::path(image).stem().string() + "-annotated.png");
  }
  return target;
}

void print_timing(const std::string& image, const vision::StageLog& log) {
  std::cerr << image << ": " << log.total_milliseconds() << " ms";
  for (const vision::StageRecord& stage : log.stages()) {
    std::cerr << " | " << stage.name << ' ' << stage.milliseconds << " ms";
    if (stage.candidates >= 0) std::cerr << " (" << stage.candidates << ')';
  }
  std::cerr << '\n';
}

bool write_image(const fs::path& path, const cv::Mat& image) {
  try {
    if (path.has_parent_path()) fs::create_directories(path.parent_path());
    return cv::imwrite(path.string(), image);
  } catch (const std::exception&) {
    return false;
  }
}

int run_analyze(AnalyzeOptions& options) {
  if (const auto error = options.profile.load()) {
    print_error(error->message);
    return kExitBadInput;
  }
  ReaderSetup setup{
      options.game, options.deck_path, options.profile.references(), options.profile.lens(), {}};
  if (options.profile.profile && options.profile.profile->seats) {
    setup.seat_of = [seats = *options.profile.profile->seats](cv::Point2d point) {
      return seats.seat_of(point).value_or(-1);
    };
  }
  const referee::Result<Analyzer> analyzer = make_analyzer(setup);
  if (!analyzer) {
    print_error(analyzer.error().message);
    return kExitBadInput;
  }
  const bool several = options.images.size() > 1;
  int status = kExitOk;
  for (const std::string& image_path : options.images) {
    referee::Result<cv::Mat> picture = vision::read_picture(image_path);
    if (picture) {
      if (auto error = options.profile.check_size(picture.value().size())) picture = *error;
    }
    if (!picture) {
      status = kExitBadInput;
      const std::string& message = picture.error().message;
      if (options.json) {
        std::cout << nlohmann::json{{"image", image_path},
                                    {"game", options.game},
                                    {"status", "error"},
                                    {"error", message}}
                         .dump()
                  << std::endl;
      }
      print_error(message);
      continue;
    }
    vision::StageLog log(!options.debug_dir.empty());
    const Analysis analysis = analyzer.value()(image_path, picture.value(), log);
    if (options.json) {
      nlohmann::json line = {{"image", image_path}, {"game", options.game}};
      line.update(analysis.fields);
      std::cout << line.dump() << std::endl;
    } else {
      analysis.print_summary();
    }
    if (options.timing) print_timing(image_path, log);
    if (!options.annotate_path.empty()) {
      const fs::path out = output_path(options.annotate_path, image_path, several);
      if (!write_image(out, analysis.annotated())) {
        print_error(out.string() + ": cannot write the annotated image");
        return kExitFailure;
      }
    }
    for (const vision::DebugImage& debug : log.debug_images()) {
      const fs::path out = fs::path(options.debug_dir) /
                           (fs::path(image_path).stem().string() + "-" + debug.name + ".png");
      if (!write_image(out, debug.image)) {
        print_error(out.string() + ": cannot write the debug image");
        return kExitFailure;
      }
    }
  }
  return status;
}

}  // namespace

void add_analyze_command(CLI::App& app, int& exit_status) {
  auto options = std::make_shared<AnalyzeOptions>();
  CLI::App* command = app.add_subcommand("analyze", "Read the cards in pictures of a table");
  command->add_option("--game", options->game, "freeze, trio, punto or bugs")
      ->required()
      ->check(CLI::IsMember({"freeze", "trio", "punto", "bugs"}));
  command->add_option("images", options->images, "Pictures of the table (PNG, JPEG, ...)")
      ->required();
  command->add_flag("--json", options->json, "One JSON line per picture (interface.md)");
  command->add_option("--annotate", options->annotate_path,
                      "Write the picture with every card outlined and every colour named "
                      "(a file, or a folder for several pictures)");
  command->add_option("--debug", options->debug_dir,
                      "Write a debug image per stage into this folder");
  command->add_flag("--timing", options->timing,
                    "Print per-stage timing and counts on standard error");
  command->add_option("--deck", options->deck_path,
                      "Deck file to use instead of the built-in deck");
  add_profile_option(*command, options->profile);
  command->callback([options, &exit_status] { exit_status = run_analyze(*options); });
}

}  // namespace tableref::cli
