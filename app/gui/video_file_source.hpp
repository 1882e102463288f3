#pragma once
// Frames from a video file (cv::VideoCapture) or a folder of pictures taken in order (sorted by
// name, cv::imread), decoded on a thread of their own and paced as they were recorded.

#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "gui/frame_source.hpp"
#include "referee/result.hpp"

namespace tableref::gui {

struct PlaybackOptions {
  double speed = 1.0;        // 1 plays in real time; more is faster
  bool every_frame = false;  // wait for recognition on each frame instead of dropping frames
  bool loop = false;         // start again at the end
  double folder_fps = 5.0;   // frames per second of a folder of pictures
};

// The pictures of a folder, in order: PNG, JPEG, BMP, TIFF and WebP files sorted by name.
std::vector<std::filesystem::path> folder_frames(const std::filesystem::path& folder);

class VideoFileSource final : public FrameSource {
  Q_OBJECT

 public:
  VideoFileSource(std::filesystem::path path, PlaybackOptions options,
                  std::shared_ptr<LatestFrameMailbox> mailbox, QObject* parent = nullptr);
  ~VideoFileSource() override;

  void start() override;
  void stop() override;
  QString description() const override;

 private:
  void run(std::stop_token stop);
  void play_video(std::stop_token stop);
  void play_folder(std::stop_token stop);
  // Waits until frame time `time_s` (paced playback) or until recognition is idle (every frame);
  // false when stopped.
  bool wait_for_turn(std::stop_token stop, double time_s);

  std::filesystem::path path_;
  PlaybackOptions options_;
  std::chrono::steady_clock::time_point started_;
  std::jthread thread_;
};

}  // namespace tableref::gui
