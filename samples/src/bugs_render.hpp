#pragma once
// Bugs & Co on the capture pipeline (render_bugs in samples/bugs_scene.hpp), for render_random.

#include <cstdint>
#include <optional>

#include "samples/bugs_scene.hpp"
#include "samples/level.hpp"
#include "samples/render.hpp"

namespace tableref::samples {

// Lays out, frames and photographs a bugs scene; nullopt when it cannot be framed.
std::optional<RenderedImage> try_render_bugs(const BugsScene& scene,
                                             const CaptureConditions& conditions,
                                             std::uint64_t seed);

}  // namespace tableref::samples
