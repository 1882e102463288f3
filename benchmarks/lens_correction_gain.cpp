// How much undoing the lens (a profile's camera part) helps the Monster Freeze reader under the
// capture envelope's strongest lenses (k1 = -0.15 and +0.15): stacks found, cells right and
// alignment right, reading each webcam-level scene as it comes and through its camera's lens.
//
// Usage: lens_correction_gain [SCENES_PER_LENS (default 40)] [SEED]

#include <cstdlib>
#include <iostream>
#include <random>

#include "evaluation/freeze_run.hpp"
#include "evaluation/freeze_score.hpp"
#include "referee/deck.hpp"
#include "samples/freeze_scene.hpp"
#include "samples/render.hpp"
#include "vision/observation_json.hpp"

namespace {

using namespace tableref;

samples::RenderedImage render_with_lens(double k1, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  samples::CaptureConditions conditions = samples::draw_conditions(samples::Level::webcam, rng);
  conditions.k1 = k1;
  // A barrel lens this strong has a positive k2 that keeps it monotonic (as the hard level draws).
  conditions.k2 = k1 < 0 ? 0.02 : 0.0;
  for (;;) {
    try {
      return samples::render_freeze(samples::random_freeze_scene(rng), conditions, rng());
    } catch (const std::invalid_argument&) {
      // Too large to frame: draw another layout.
    }
  }
}

evaluation::FreezeScore read_and_score(const samples::RenderedImage& rendered,
                                       vision::FreezeReaderParams params) {
  vision::StageLog log;
  const auto reading = vision::read_freeze(rendered.image_bgr, referee::builtin_freeze_deck(),
                                           vision::palette_references(), params, log);
  evaluation::FreezeScore score;
  score.add(evaluation::score_freeze(rendered.truth, vision::freeze_fields(reading)));
  return score;
}

}  // namespace

int main(int argc, char** argv) {
  const int scenes = argc > 1 ? std::atoi(argv[1]) : 40;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20261124;
  if (scenes <= 0) {
    std::cerr << "lens_correction_gain: the number of scenes must be positive\n";
    return 2;
  }
  for (const double k1 : {-0.15, 0.15}) {
    evaluation::FreezeScore as_seen, undistorted;
    for (int i = 0; i < scenes; ++i) {
      const auto rendered = render_with_lens(k1, samples::image_seed(seed, i));
      as_seen.add(read_and_score(rendered, {}));
      vision::FreezeReaderParams through_lens;
      through_lens.lens = evaluation::true_lens(rendered.truth);
      undistorted.add(read_and_score(rendered, through_lens));
    }
    std::cout << "== k1 " << k1 << ", " << scenes << " webcam scenes\n-- as seen\n"
              << as_seen.report() << "\n-- through the calibrated lens\n"
              << undistorted.report() << "\n"
              << std::endl;
  }
  return 0;
}
