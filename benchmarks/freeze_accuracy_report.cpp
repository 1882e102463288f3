// Monster Freeze accuracy per level on many rendered scenes (about 1 000 stacks per level by
// default): the figures the README quotes. Usage: freeze_accuracy_report [images per level] [seed]

#include <cstdlib>
#include <iostream>

#include "evaluation/freeze_run.hpp"

int main(int argc, char** argv) {
  using namespace tableref;
  const int images = argc > 1 ? std::atoi(argv[1]) : 300;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20261122;
  if (images <= 0) {
    std::cerr << "freeze_accuracy_report: the number of images must be positive\n";
    return 2;
  }
  const auto references = vision::palette_references();
  for (const samples::Level level : {samples::Level::clean, samples::Level::webcam, samples::Level::hard}) {
    const auto run = evaluation::run_freeze_level(level, seed, images, references);
    std::cout << "== " << samples::level_name(level) << "\n"
              << run.score.report() << "\nfalse-trick rate " << 100 * run.score.false_trick_rate()
              << " %; reading " << run.read_milliseconds / images << " ms per image\n"
              << std::endl;
  }
  return 0;
}
