#pragma once
// Trio Monsters on the capture pipeline (render_trio in samples/trio_scene.hpp), for render_random.

#include <cstdint>
#include <optional>

#include "samples/level.hpp"
#include "samples/render.hpp"
#include "samples/trio_scene.hpp"

namespace tableref::samples {

// Lays out, frames and photographs a trio scene; nullopt when it cannot be framed.
std::optional<RenderedImage> try_render_trio(const TrioScene& scene,
                                             const CaptureConditions& conditions,
                                             std::uint64_t seed);

}  // namespace tableref::samples
