#pragma once
// Punto on the capture pipeline (render_punto in samples/punto_scene.hpp), for render_random.

#include <cstdint>
#include <optional>

#include "samples/level.hpp"
#include "samples/punto_scene.hpp"
#include "samples/render.hpp"

namespace tableref::samples {

// Lays out, frames and photographs a punto scene; nullopt when it cannot be framed.
std::optional<RenderedImage> try_render_punto(const PuntoScene& scene,
                                              const CaptureConditions& conditions,
                                              std::uint64_t seed);

}  // namespace tableref::samples
