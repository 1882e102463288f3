// Trio Monsters reading on rendered scenes with known truth. The thresholds lock in the accuracy
// measured on these fixed seeds, so that a regression fails.

#include "vision/trio_reader.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>

#include "evaluation/trio_score.hpp"
#include "samples/render.hpp"
#include "samples/trio_scene.hpp"
#include "vision/observation_json.hpp"

namespace tableref::vision {
namespace {

// TABLEREF_TRIO_IMAGES=N scores N images per level instead (for measuring, not for the suite).
int image_count(int fallback) {
  const char* wanted = std::getenv("TABLEREF_TRIO_IMAGES");
  return wanted ? std::max(1, std::atoi(wanted)) : fallback;
}

evaluation::TrioScore score_level(samples::Level level, std::uint64_t run_seed, int images) {
  const ColourReferences references = palette_references();
  const TrioReaderParams params;
  evaluation::TrioScore total;
  const int count = image_count(images);
  for (int i = 0; i < count; ++i) {
    const auto rendered =
        samples::render_random(referee::Game::trio, level, samples::image_seed(run_seed, i));
    StageLog log;
    const TrioReading reading = read_trio(rendered.image_bgr, references, params, log);
    const auto score = evaluation::score_trio(rendered.truth, trio_fields(reading));
    if (std::getenv("TABLEREF_TRIO_VERBOSE") && score.exact_graphs == 0)
      std::cout << "image " << i << ": " << score.report() << '\n';
    total.add(score);
  }
  std::cout << samples::level_name(level) << ":\n" << total.report() << '\n';
  return total;
}

TEST(TrioReader, CleanScenesAreReadExactly) {
  const auto score = score_level(samples::Level::clean, 1101, 10);
  EXPECT_GE(score.recall(), 0.999);
  EXPECT_GE(score.precision(), 0.999);
  EXPECT_GE(score.colour_accuracy(), 0.999);
  EXPECT_GE(score.exact_graph_rate(), 0.99);
  EXPECT_EQ(score.read_ok_wrong, 0);
}

}  // namespace
}  // namespace tableref::vision
