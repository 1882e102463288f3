// tableref analyze: what the camera sees in still pictures of a table (interface.md).

#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <opencv2/imgcodecs.hpp>

#include "commands.hpp"
#include "profile_option.hpp"
#include "referee/deck.hpp"
#include "referee/trio/layout.hpp"
#include "vision/annotate.hpp"
#include "vision/freeze_reader.hpp"
#include "vision/observation_json.hpp"
#include "vision/picture_file.hpp"
#include "vision/punto_reader.hpp"
#include "vision/trio_reader.hpp"

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

void print_summary(const std::string& image, const vision::FreezeReading& reading) {
  std::cout << image << ": " << reading.stacks.size() << " card stack(s)"
            << (reading.unstable ? ", view unstable" : "") << '\n';
  int number = 1;
  for (const vision::FreezeStackReading& stack : reading.stacks) {
    std::cout << "  stack " << number++ << ": " << (stack.aligned ? "aligned" : "NOT aligned");
    if (!stack.consistent) std::cout << ", no stack of the deck shows this: a position is misread";
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
    for (const referee::Colour colour : stack.tricks)
      std::cout << ' ' << referee::colour_name(colour);
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

// One game's reading of one picture, in each form analyze gives it.
struct Analysis {
  nlohmann::json fields;                // "status" and the game's fields (interface.md)
  std::function<void()> print_summary;  // for people, on standard output
  std::function<cv::Mat()> annotated;   // every card outlined, every colour named
};
using Analyzer = std::function<Analysis(const std::string& image_path, const cv::Mat& image,
                                        vision::StageLog& log)>;

referee::Result<Analyzer> freeze_analyzer(const AnalyzeOptions& options) {
  auto deck = std::make_shared<referee::FreezeDeck>(referee::builtin_freeze_deck());
  if (!options.deck_path.empty()) {
    referee::Result<referee::FreezeDeck> custom_deck = referee::load_freeze_deck(options.deck_path);
    if (!custom_deck) return custom_deck.error();
    *deck = std::move(custom_deck).value();
  }
  return Analyzer([deck, references = options.profile.references()](
                      const std::string& image_path, const cv::Mat& image, vision::StageLog& log) {
    auto reading = std::make_shared<const vision::FreezeReading>(
        vision::read_freeze(image, *deck, references, vision::FreezeReaderParams{}, log));
    return Analysis{vision::freeze_fields(*reading),
                    [image_path, reading] { print_summary(image_path, *reading); },
                    [image, reading] { return vision::annotate_freeze(image, *reading); }};
  });
}

void print_trio_summary(const std::string& image, const vision::TrioReading& reading) {
  std::cout << image << ": " << reading.cards.size() << " card(s)";
  if (reading.unstable) std::cout << ", view unstable (" << reading.unstable_reason << ')';
  std::cout << '\n';
  for (std::size_t id = 0; id < reading.cards.size(); ++id) {
    const vision::TrioCardReading& card = reading.cards[id];
    std::cout << "  card " << id << ": " << vision::colour_word(card.colour);
    if (card.place) std::cout << " at " << referee::trio::describe(*card.place);
    std::cout << ", sides touch";
    for (const int other : card.edge_neighbours) std::cout << ' ' << other;
    if (card.edge_neighbours.empty()) std::cout << " none";
    std::cout << ", corners touch";
    for (const int other : card.corner_neighbours) std::cout << ' ' << other;
    if (card.corner_neighbours.empty()) std::cout << " none";
    std::cout << '\n';
  }
  std::cout << "  detached:";
  for (const int id : reading.detached) std::cout << ' ' << id;
  if (reading.detached.empty())
    std::cout << (reading.largest_group_tie ? " (groups tie for largest)" : " none");
  std::cout << '\n';
}

referee::Result<Analyzer> trio_analyzer(const AnalyzeOptions& options) {
  // Cards are read by colour alone; a deck file given is still checked.
  if (!options.deck_path.empty()) {
    const referee::Result<referee::TrioDeck> deck = referee::load_trio_deck(options.deck_path);
    if (!deck) return deck.error();
  }
  return Analyzer([references = options.profile.references()](
                      const std::string& image_path, const cv::Mat& image, vision::StageLog& log) {
    auto reading = std::make_shared<const vision::TrioReading>(
        vision::read_trio(image, references, vision::TrioReaderParams{}, log));
    return Analysis{vision::trio_fields(*reading),
                    [image_path, reading] { print_trio_summary(image_path, *reading); },
                    [image, reading] { return vision::annotate_trio(image, *reading); }};
  });
}

void print_punto_summary(const std::string& image, const vision::PuntoReading& reading) {
  std::cout << image << ": " << reading.cards.size() << " card(s)"
            << (reading.unstable ? ", view unstable" : "") << '\n';
  for (const vision::PuntoCardReading& card : reading.cards) {
    std::cout << "  [" << card.cell.col << ',' << card.cell.row << "] "
              << vision::colour_word(card.colour) << ' ' << vision::value_word(card.value) << '\n';
  }
  std::cout << "  lines:";
  if (reading.lines.empty()) std::cout << " none";
  for (const referee::punto::Line& line : reading.lines) {
    std::cout << ' ' << referee::colour_name(line.colour) << " of " << line.length() << " from ["
              << line.cells.front().col << ',' << line.cells.front().row << ']';
  }
  std::cout << "\n  fits 6 x 6: " << (reading.fits_6x6 ? "yes" : "NO") << '\n';
  for (const std::string& doubt : reading.doubts) std::cout << "  unstable: " << doubt << '\n';
}

referee::Result<Analyzer> punto_analyzer(const AnalyzeOptions& options) {
  // Cards are read by colour and value alone; a deck file given is still checked.
  if (!options.deck_path.empty()) {
    const referee::Result<referee::PuntoDeck> deck = referee::load_punto_deck(options.deck_path);
    if (!deck) return deck.error();
  }
  return Analyzer([references = options.profile.references()](
                      const std::string& image_path, const cv::Mat& image, vision::StageLog& log) {
    auto reading = std::make_shared<const vision::PuntoReading>(
        vision::read_punto(image, references, vision::PuntoReaderParams{}, log));
    return Analysis{vision::punto_fields(*reading),
                    [image_path, reading] { print_punto_summary(image_path, *reading); },
                    [image, reading] { return vision::annotate_punto(image, *reading); }};
  });
}

// The reader of each game that can be read from pictures so far.
referee::Result<Analyzer> make_analyzer(const AnalyzeOptions& options) {
  if (options.game == "freeze") return freeze_analyzer(options);
  if (options.game == "trio") return trio_analyzer(options);
  if (options.game == "punto") return punto_analyzer(options);
  return referee::Error{"analyze --game " + options.game +
                        ": only freeze, trio and punto can be read from pictures so far"};
}

int run_analyze(AnalyzeOptions& options) {
  if (const auto error = options.profile.load()) {
    print_error(error->message);
    return kExitBadInput;
  }
  const referee::Result<Analyzer> analyzer = make_analyzer(options);
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
