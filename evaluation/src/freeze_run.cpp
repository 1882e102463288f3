#include "evaluation/freeze_run.hpp"

#include "referee/deck.hpp"
#include "samples/render.hpp"
#include "vision/observation_json.hpp"

namespace tableref::evaluation {

std::shared_ptr<const vision::LensCorrection> true_lens(const nlohmann::json& truth) {
  const nlohmann::json& camera = truth.at("truth").at("camera");
  const auto matrix = camera.at("camera_matrix").get<std::vector<double>>();
  const auto size = camera.at("image_size").get<std::vector<int>>();
  cv::Matx33d camera_matrix;
  std::copy(matrix.begin(), matrix.end(), camera_matrix.val);
  return std::make_shared<const vision::LensCorrection>(
      camera_matrix, camera.at("distortion_coefficients").get<std::vector<double>>(),
      cv::Size(size.at(0), size.at(1)));
}

FreezeRun run_freeze_level(samples::Level level, std::uint64_t run_seed, int images,
                           const vision::ColourReferences& references,
                           const vision::FreezeReaderParams& params, LensKnowledge lens) {
  FreezeRun run;
  for (int i = 0; i < images; ++i) {
    const auto rendered =
        samples::render_random(referee::Game::freeze, level, samples::image_seed(run_seed, i));
    vision::FreezeReaderParams scene_params = params;
    if (lens == LensKnowledge::calibrated) scene_params.lens = true_lens(rendered.truth);
    vision::StageLog log;
    const auto reading = vision::read_freeze(rendered.image_bgr, referee::builtin_freeze_deck(),
                                             references, scene_params, log);
    run.read_milliseconds += log.total_milliseconds();
    FreezeScore scene = score_freeze(rendered.truth, vision::freeze_fields(reading));
    for (std::string& mistake : scene.mistakes)
      mistake = "scene " + std::to_string(i) + ", " + mistake;
    run.score.add(scene);
  }
  return run;
}

}  // namespace tableref::evaluation
