#pragma once
// Where frames come from: a video file, a folder of pictures taken in order (sorted by name), or
// a camera ("camera:K", through cv::VideoCapture).

#include <chrono>
#include <filesystem>
#include <memory>
#include <opencv2/core.hpp>
#include <opencv2/videoio.hpp>
#include <optional>
#include <string>
#include <vector>

#include "referee/result.hpp"

namespace tableref::live {

struct Frame {
  cv::Mat bgr;  // empty when a picture of a folder could not be read
  int index = 0;
  double time_s = 0;  // since the first frame of the input
};

class FrameSource {
 public:
  // Opens INPUT; `folder_fps` times the pictures of a folder. An Error (one line) when the input
  // cannot be opened: no such file, not a video, an empty folder, no such camera.
  static referee::Result<FrameSource> open(const std::string& input, double folder_fps = 10);

  // The next frame, or nullopt at the end of the input (or when a camera stops).
  std::optional<Frame> next();
  // Plays a video or a folder in real time, as a camera delivers it: a frame is handed out no
  // sooner than its time since the first one handed out, and frames whose time has passed by more
  // than a frame's length are dropped (a camera does not wait for a busy referee). A camera is
  // always in real time.
  void play_in_real_time() { paced_ = !camera_; }
  int dropped_frames() const { return dropped_; }
  // Skips the frames before `index` (a resumed game); a camera skips nothing, it numbers its
  // frames from `index` on.
  void skip_to(int index);

  bool is_camera() const { return camera_; }
  double fps() const { return fps_; }
  std::optional<int> frame_count() const;  // when known
  const std::string& input() const { return input_; }

 private:
  FrameSource() = default;

  std::string input_;
  bool camera_ = false;
  double fps_ = 10;
  std::vector<std::filesystem::path> pictures_;  // a folder's, sorted by name
  std::unique_ptr<cv::VideoCapture> capture_;    // a video or a camera
  int next_index_ = 0;
  int camera_first_index_ = 0;
  std::chrono::steady_clock::time_point camera_start_;
  bool paced_ = false;
  std::optional<std::chrono::steady_clock::time_point> paced_start_;  // with paced_first_index_
  int paced_first_index_ = 0;
  int dropped_ = 0;

  // In real time: waits for the next frame's time, or skips the frames already too late.
  void keep_pace();
  bool skip_one();  // false at the end of the input
};

}  // namespace tableref::live
