#pragma once
// Trio Monsters on the capture pipeline (render_trio in samples/trio_scene.hpp), for render_random.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>

#include "samples/capture.hpp"
#include "samples/level.hpp"
#include "samples/render.hpp"
#include "samples/trio_scene.hpp"

namespace tableref::samples {

// The cards of `scene` as pieces for the capture pipeline, each printed with ink drawn from `rng`.
TableLayout trio_table_layout(const TrioScene& scene, const CaptureConditions& conditions,
                              std::mt19937_64& rng);

// The trio analyze line a perfect reader gives for `photo` of `scene`, with a "truth" object.
nlohmann::json trio_truth(const TrioScene& scene, const Photo& photo);

// Lays out, frames and photographs a trio scene; nullopt when it cannot be framed.
std::optional<RenderedImage> try_render_trio(const TrioScene& scene,
                                             const CaptureConditions& conditions,
                                             std::uint64_t seed);

}  // namespace tableref::samples
