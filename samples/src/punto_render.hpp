#pragma once
// Punto on the capture pipeline (render_punto in samples/punto_scene.hpp), for render_random.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>

#include "samples/capture.hpp"
#include "samples/level.hpp"
#include "samples/punto_scene.hpp"
#include "samples/render.hpp"

namespace tableref::samples {

// Card `level` of `pile` (0 lies on the table) as a flat piece; the printed copy's colours vary by
// conditions.print_variation, drawn from `print_rng`.
FlatPiece punto_card_piece(const PuntoScene& scene, const PuntoPileLayout& pile, std::size_t level,
                           const CaptureConditions& conditions, std::mt19937_64& print_rng);

// The analyze line of interface.md that a perfect reader would print for `photo`, with a "truth"
// object of facts for evaluation. An empty scene shows no cards.
nlohmann::json punto_truth(const PuntoScene& scene, const Photo& photo);

// Lays out, frames and photographs a punto scene; nullopt when it cannot be framed.
std::optional<RenderedImage> try_render_punto(const PuntoScene& scene,
                                              const CaptureConditions& conditions,
                                              std::uint64_t seed);

}  // namespace tableref::samples
