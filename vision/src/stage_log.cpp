#include "vision/stage_log.hpp"

namespace tableref::vision {

void StageLog::record(std::string name, double milliseconds, int candidates) {
  stages_.push_back({std::move(name), milliseconds, candidates});
}

void StageLog::debug_image(const std::string& name, const cv::Mat& image) {
  if (keep_debug_images_) images_.push_back({name, image.clone()});
}

double StageLog::total_milliseconds() const {
  double total = 0;
  for (const StageRecord& stage : stages_) total += stage.milliseconds;
  return total;
}

void StageTimer::finish(int candidates) {
  if (finished_) return;
  finished_ = true;
  const auto elapsed = std::chrono::steady_clock::now() - start_;
  log_->record(name_, std::chrono::duration<double, std::milli>(elapsed).count(), candidates);
}

}  // namespace tableref::vision
