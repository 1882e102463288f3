#include "evaluation/freeze_run.hpp"

#include "referee/deck.hpp"
#include "samples/render.hpp"
#include "vision/observation_json.hpp"

namespace tableref::evaluation {

FreezeRun run_freeze_level(samples::Level level, std::uint64_t run_seed, int images,
                           const vision::ColourReferences& references,
                           const vision::FreezeReaderParams& params) {
  FreezeRun run;
  for (int i = 0; i < images; ++i) {
    const auto rendered =
        samples::render_random(referee::Game::freeze, level, samples::image_seed(run_seed, i));
    vision::StageLog log;
    const auto reading =
        vision::read_freeze(rendered.image_bgr, referee::builtin_freeze_deck(), references, params, log);
    run.read_milliseconds += log.total_milliseconds();
    run.score.add(score_freeze(rendered.truth, vision::freeze_fields(reading)));
  }
  return run;
}

}  // namespace tableref::evaluation
