#pragma once
// Per-stage timing, candidate counts and optional debug images of a vision pipeline, so that a
// failure can be traced to the stage that caused it.

#include <chrono>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

namespace tableref::vision {

struct StageRecord {
  std::string name;
  double milliseconds = 0;
  int candidates = -1;  // -1 where the stage counts nothing
};

struct DebugImage {
  std::string name;
  cv::Mat image;  // BGR or single channel, 8-bit
};

class StageLog {
 public:
  explicit StageLog(bool keep_debug_images = false) : keep_debug_images_(keep_debug_images) {}

  void record(std::string name, double milliseconds, int candidates = -1);
  // Stores a copy when debug images were asked for; costs nothing otherwise.
  void debug_image(const std::string& name, const cv::Mat& image);
  bool wants_debug_images() const { return keep_debug_images_; }

  const std::vector<StageRecord>& stages() const { return stages_; }
  const std::vector<DebugImage>& debug_images() const { return images_; }
  double total_milliseconds() const;

 private:
  bool keep_debug_images_ = false;
  std::vector<StageRecord> stages_;
  std::vector<DebugImage> images_;
};

// Times one stage from construction to `finish` (or destruction).
class StageTimer {
 public:
  StageTimer(StageLog& log, std::string name)
      : log_(&log), name_(std::move(name)), start_(std::chrono::steady_clock::now()) {}
  StageTimer(const StageTimer&) = delete;
  StageTimer& operator=(const StageTimer&) = delete;
  ~StageTimer() { finish(); }

  void finish(int candidates = -1);

 private:
  StageLog* log_;
  std::string name_;
  std::chrono::steady_clock::time_point start_;
  bool finished_ = false;
};

}  // namespace tableref::vision
