// Monster Freeze accuracy per level on many rendered scenes (about 1 000 stacks per level by
// default): the figures the README quotes.
// Usage: freeze_accuracy_report [images per level] [seed] [--mistakes] [LEVEL]
// --mistakes lists every misread cell and stack, by scene (the scene's index for `tableref render
// --seed SEED`); LEVEL (clean, webcam or hard) runs that level alone.

#include <cstdlib>
#include <iostream>
#include <string_view>
#include <vector>

#include "evaluation/freeze_run.hpp"

int main(int argc, char** argv) {
  using namespace tableref;
  const int images = argc > 1 ? std::atoi(argv[1]) : 300;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20261122;
  if (images <= 0) {
    std::cerr << "freeze_accuracy_report: the number of images must be positive\n";
    return 2;
  }
  bool list_mistakes = false;
  std::vector<samples::Level> levels;
  for (int i = 3; i < argc; ++i) {
    const std::string_view argument = argv[i];
    if (argument == "--mistakes") {
      list_mistakes = true;
    } else if (const auto level = samples::parse_level(argument)) {
      levels.push_back(*level);
    } else {
      std::cerr << "freeze_accuracy_report: expected --mistakes or a level, not " << argument
                << '\n';
      return 2;
    }
  }
  if (levels.empty())
    levels = {samples::Level::clean, samples::Level::webcam, samples::Level::hard};
  const auto references = vision::palette_references();
  for (const samples::Level level : levels) {
    const auto run = evaluation::run_freeze_level(level, seed, images, references);
    std::cout << "== " << samples::level_name(level) << "\n"
              << run.score.report() << "\nfalse-trick rate " << 100 * run.score.false_trick_rate()
              << " %; reading " << run.read_milliseconds / images << " ms per image\n"
              << std::endl;
    if (list_mistakes) {
      for (const std::string& mistake : run.score.mistakes) std::cout << "  " << mistake << '\n';
      std::cout << std::endl;
    }
  }
  return 0;
}
