#pragma once
// Monster Freeze on the capture pipeline: the cards' art as flat pieces, and the truth of a photo.

#include <nlohmann/json.hpp>
#include <random>

#include "samples/capture.hpp"
#include "samples/freeze_scene.hpp"

namespace tableref::samples {

// Every card of the scene as a flat piece, lower cards first; each printed copy's colours vary
// by conditions.print_variation.
TableLayout freeze_table_layout(const FreezeScene& scene, const CaptureConditions& conditions,
                                std::mt19937_64& rng);

// The analyze line of interface.md that a perfect reader would print for `photo`, with a "truth"
// object of facts for evaluation.
nlohmann::json freeze_truth(const FreezeScene& scene, const Photo& photo);

}  // namespace tableref::samples
