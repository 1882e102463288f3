#pragma once
// Rendered images with their ground truth.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>

#include "referee/game.hpp"
#include "samples/freeze_scene.hpp"
#include "samples/level.hpp"

namespace tableref::samples {

struct RenderedImage {
  cv::Mat image_bgr;  // CV_8UC3
  // The analyze line of interface.md for this image (without "image"), plus "truth": facts for
  // evaluation (cards, occluded cells, conditions, camera, image size).
  nlohmann::json truth;
};

// Photographs `scene` under `conditions`; every random detail comes from `seed`.
// Throws std::invalid_argument when the layout is too large to frame with every card >= 70 px.
RenderedImage render_freeze(const FreezeScene& scene, const CaptureConditions& conditions,
                            std::uint64_t seed);

// Draws the conditions of `level` and a random scene of `game` from `seed`, and renders them.
RenderedImage render_random(referee::Game game, Level level, std::uint64_t seed);

// The seed of image `index` of a run started with `run_seed`: runs with nearby seeds share no
// image.
std::uint64_t image_seed(std::uint64_t run_seed, int index);

}  // namespace tableref::samples
