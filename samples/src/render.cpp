#include "samples/render.hpp"

#include <functional>
#include <stdexcept>
#include <string>

#include "bugs_render.hpp"
#include "freeze_render.hpp"
#include "punto_render.hpp"
#include "random_draws.hpp"
#include "samples/capture.hpp"
#include "trio_render.hpp"

namespace tableref::samples {

namespace {

// Lays out, frames and photographs a freeze scene; nullopt when it cannot be framed.
std::optional<RenderedImage> try_render_freeze(const FreezeScene& scene,
                                               const CaptureConditions& conditions,
                                               std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const TableLayout layout = freeze_table_layout(scene, conditions, rng);
  const auto outlines = layout.outlines_on_table();
  const std::optional<TableCamera> camera = fit_camera(conditions, outlines);
  if (!camera) return std::nullopt;
  const Photo photo = capture_photo(layout, conditions, *camera, rng());
  nlohmann::json truth = freeze_truth(scene, photo);
  truth["truth"]["conditions"] = to_json(conditions);
  truth["truth"]["render_seed"] = seed;
  return RenderedImage{photo.image_bgr, std::move(truth)};
}

}  // namespace

RenderedImage render_freeze(const FreezeScene& scene, const CaptureConditions& conditions,
                            std::uint64_t seed) {
  if (scene.stacks.empty()) throw std::invalid_argument("a freeze scene needs at least one stack");
  std::optional<RenderedImage> rendered = try_render_freeze(scene, conditions, seed);
  if (!rendered) {
    throw std::invalid_argument("the layout is too large to frame with every card at least 70 px");
  }
  return std::move(*rendered);
}

RenderedImage render_random(referee::Game game, Level level, std::uint64_t seed) {
  // Draws a random scene of the game and renders it; nullopt when it cannot be framed.
  std::function<std::optional<RenderedImage>(const CaptureConditions&, std::mt19937_64&)> attempt;
  switch (game) {
    case referee::Game::freeze:
      attempt = [](const CaptureConditions& conditions, std::mt19937_64& rng) {
        const FreezeScene scene = random_freeze_scene(rng);
        return try_render_freeze(scene, conditions, rng());
      };
      break;
    case referee::Game::trio:
      attempt = [](const CaptureConditions& conditions, std::mt19937_64& rng) {
        const TrioScene scene = random_trio_scene(rng);
        return try_render_trio(scene, conditions, rng());
      };
      break;
    case referee::Game::punto:
      attempt = [](const CaptureConditions& conditions, std::mt19937_64& rng) {
        const PuntoScene scene = random_punto_scene(rng);
        return try_render_punto(scene, conditions, rng());
      };
      break;
    case referee::Game::bugs:
      attempt = [](const CaptureConditions& conditions, std::mt19937_64& rng) {
        const BugsScene scene = random_bugs_scene(rng);
        return try_render_bugs(scene, conditions, rng());
      };
      break;
  }
  std::mt19937_64 rng(seed);
  const CaptureConditions conditions = draw_conditions(level, rng);
  // Random layouts are kept compact: one that cannot be framed is rare and simply drawn again.
  constexpr int kAttempts = 20;
  for (int tries = 0; tries < kAttempts; ++tries) {
    std::optional<RenderedImage> rendered = attempt(conditions, rng);
    if (rendered) {
      rendered->truth["truth"]["seed"] = seed;
      rendered->truth["truth"]["level"] = level_name(level);
      return std::move(*rendered);
    }
  }
  throw std::logic_error("no random " + std::string(referee::game_name(game)) +
                         " layout could be framed");
}

std::uint64_t image_seed(std::uint64_t run_seed, int index) {
  return mix_bits(mix_bits(run_seed) + static_cast<std::uint64_t>(index));
}

}  // namespace tableref::samples
