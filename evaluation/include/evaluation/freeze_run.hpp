#pragma once
// Renders a fixed set of Monster Freeze scenes, reads each one and scores it: the accuracy run
// that the tests lock in, that the accuracy report prints and that `tableref bench` times.

#include <cstdint>

#include "evaluation/freeze_score.hpp"
#include "samples/level.hpp"
#include "vision/colour_references.hpp"
#include "vision/freeze_reader.hpp"

namespace tableref::evaluation {

struct FreezeRun {
  FreezeScore score;
  double read_milliseconds = 0;  // reading only, rendering excluded
};

FreezeRun run_freeze_level(samples::Level level, std::uint64_t run_seed, int images,
                           const vision::ColourReferences& references,
                           const vision::FreezeReaderParams& params = {});

}  // namespace tableref::evaluation
