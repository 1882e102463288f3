#pragma once
// Renders a fixed set of Monster Freeze scenes, reads each one and scores it: the accuracy run
// that the tests lock in, that the accuracy report prints and that `tableref bench` times.

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>

#include "evaluation/freeze_score.hpp"
#include "samples/level.hpp"
#include "vision/colour_references.hpp"
#include "vision/freeze_reader.hpp"

namespace tableref::evaluation {

struct FreezeRun {
  FreezeScore score;
  double read_milliseconds = 0;  // reading only, rendering excluded
};

// Whether the reader undoes each scene's lens distortion, knowing the camera as exactly as a
// perfect calibration (a profile's camera part) would.
enum class LensKnowledge { none, calibrated };

FreezeRun run_freeze_level(samples::Level level, std::uint64_t run_seed, int images,
                           const vision::ColourReferences& references,
                           const vision::FreezeReaderParams& params = {},
                           LensKnowledge lens = LensKnowledge::none);

// The lens of the camera that rendered a scene, from its truth ("truth"."camera").
std::shared_ptr<const vision::LensCorrection> true_lens(const nlohmann::json& truth);

}  // namespace tableref::evaluation
