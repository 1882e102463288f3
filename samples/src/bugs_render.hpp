#pragma once
// Bugs & Co on the capture pipeline (render_bugs in samples/bugs_scene.hpp), for render_random.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>

#include "samples/bugs_scene.hpp"
#include "samples/capture.hpp"
#include "samples/level.hpp"
#include "samples/render.hpp"

namespace tableref::samples {

// One tile as a flat piece on the table, printed with `print_rng` (the same seed prints the
// same copy).
FlatPiece bugs_tile_piece(const BugsTileLayout& tile, const CaptureConditions& conditions,
                          std::mt19937_64& print_rng);

// The bugs analyze line of interface.md for a photograph of `scene`, plus "players" (each
// collection's tiles and score) and "truth" (species, body colour and occlusion of every tile).
nlohmann::json bugs_truth(const BugsScene& scene, const Photo& photo);

// Lays out, frames and photographs a bugs scene; nullopt when it cannot be framed.
std::optional<RenderedImage> try_render_bugs(const BugsScene& scene,
                                             const CaptureConditions& conditions,
                                             std::uint64_t seed);

}  // namespace tableref::samples
