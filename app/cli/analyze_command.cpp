// tableref analyze: what the camera sees in still pictures of a table (interface.md).

#include <filesystem>
#include <iostream>
#include <opencv2/imgcodecs.hpp>

#include "commands.hpp"
#include "referee/deck.hpp"
#include "vision/annotate.hpp"
#include "vision/freeze_reader.hpp"
#include "vision/observation_json.hpp"

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

void print_summary(const std::string& image, const vision::FreezeReading& reading) {
  std::cout << image << ": " << reading.stacks.size() << " card stack(s)"
            << (reading.unstable ? ", view unstable" : "") << '\n';
  int number = 1;
  for (const vision::FreezeStackReading& stack : reading.stacks) {
    std::cout << "  stack " << number++ << ": " << (stack.aligned ? "aligned" : "NOT aligned");
    if (stack.cards > 0) std::cout << ", " << stack.cards << " card(s)";
    std::cout << '\n';
    for (std::size_t row = 0; row < 3; ++row) {
      std::cout << "    ";
      for (std::size_t col = 0; col < 3; ++col) {
        std::string word = vision::cell_word(stack.cells[row * 3 + col]);
        word.resize(9, ' ');
        std::cout << word;
      }
      std::cout << '\n';
    }
    std::cout << "    tricks:";
    if (stack.tricks.empty()) std::cout << " none";
    for (const referee::Colour colour : stack.tricks) std::cout << ' ' << referee::colour_name(colour);
    std::cout << '\n';
  }
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

int run_analyze(const AnalyzeOptions& options) {
  if (options.game != "freeze") {
    print_error("analyze --game " + options.game + ": only freeze can be read from pictures so far");
    return kExitBadInput;
  }
  const referee::FreezeDeck* deck = &referee::builtin_freeze_deck();
  referee::Result<referee::FreezeDeck> custom_deck = referee::Error{};
  if (!options.deck_path.empty()) {
    custom_deck = referee::load_freeze_deck(options.deck_path);
    if (!custom_deck) {
      print_error(custom_deck.error().message);
      return kExitBadInput;
    }
    deck = &custom_deck.value();
  }
  const vision::ColourReferences references = vision::palette_references();
  const vision::FreezeReaderParams params;
  const bool several = options.images.size() > 1;
  int status = kExitOk;
  for (const std::string& image_path : options.images) {
    const cv::Mat image = cv::imread(image_path, cv::IMREAD_COLOR);
    if (image.empty()) {
      status = kExitBadInput;
      const std::string message = image_path + ": cannot read the image";
      if (options.json) {
        std::cout << nlohmann::json{{"image", image_path}, {"game", options.game}, {"status", "error"}, {"error", message}}.dump()
                  << std::endl;
      }
      print_error(message);
      continue;
    }
    vision::StageLog log(!options.debug_dir.empty());
    const vision::FreezeReading reading = vision::read_freeze(image, *deck, references, params, log);
    if (options.json) {
      nlohmann::json line = {{"image", image_path}, {"game", options.game}};
      line.update(vision::freeze_fields(reading));
      std::cout << line.dump() << std::endl;
    } else {
      print_summary(image_path, reading);
    }
    if (options.timing) print_timing(image_path, log);
    if (!options.annotate_path.empty()) {
      const fs::path out = output_path(options.annotate_path, image_path, several);
      if (!write_image(out, vision::annotate_freeze(image, reading))) {
        print_error(out.string() + ": cannot write the annotated image");
        return kExitFailure;
      }
    }
    for (const vision::DebugImage& debug : log.debug_images()) {
      const fs::path out = fs::path(options.debug_dir) / (fs::path(image_path).stem().string() + "-" + debug.name + ".png");
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
  command->add_option("images", options->images, "Pictures of the table (PNG, JPEG, ...)")->required();
  command->add_flag("--json", options->json, "One JSON line per picture (interface.md)");
  command->add_option("--annotate", options->annotate_path,
                      "Write the picture with every card outlined and every colour named "
                      "(a file, or a folder for several pictures)");
  command->add_option("--debug", options->debug_dir, "Write a debug image per stage into this folder");
  command->add_flag("--timing", options->timing, "Print per-stage timing and counts on standard error");
  command->add_option("--deck", options->deck_path, "Deck file to use instead of the built-in deck");
  command->callback([options, &exit_status] { exit_status = run_analyze(*options); });
}

}  // namespace tableref::cli
