#include "live/frame_source.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <opencv2/core/utils/logger.hpp>
#include <opencv2/imgcodecs.hpp>
#include <thread>

#include "vision/picture_file.hpp"

namespace tableref::live {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kCameraPrefix = "camera:";
constexpr double kFallbackVideoFps = 30;

bool is_picture(const fs::path& path) {
  static const std::array<std::string_view, 7> kExtensions = {".png", ".jpg",  ".jpeg", ".bmp",
                                                              ".tif", ".tiff", ".webp"};
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return std::find(kExtensions.begin(), kExtensions.end(), extension) != kExtensions.end();
}

// Opens a capture with OpenCV's own warnings silenced: a failure is reported in one line.
std::unique_ptr<cv::VideoCapture> quiet_capture(const auto& what, int backend) {
  const cv::utils::logging::LogLevel level = cv::utils::logging::getLogLevel();
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
  auto capture = std::make_unique<cv::VideoCapture>(what, backend);
  cv::utils::logging::setLogLevel(level);
  return capture;
}

std::optional<int> camera_index(std::string_view input) {
  if (!input.starts_with(kCameraPrefix)) return std::nullopt;
  const std::string_view digits = input.substr(kCameraPrefix.size());
  int index = -1;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
  if (error != std::errc() || end != digits.data() + digits.size() || index < 0) return -1;
  return index;
}

}  // namespace

referee::Result<FrameSource> FrameSource::open(const std::string& input, double folder_fps) {
  FrameSource source;
  source.input_ = input;
  if (const std::optional<int> camera = camera_index(input)) {
    if (*camera < 0) return referee::Error{input + ": expected camera:K with K a camera number"};
    source.camera_ = true;
    source.capture_ = quiet_capture(*camera, cv::CAP_ANY);
    if (!source.capture_->isOpened()) {
      return referee::Error{input + ": cannot open camera " + std::to_string(*camera)};
    }
    const double fps = source.capture_->get(cv::CAP_PROP_FPS);
    source.fps_ = fps > 0 ? fps : kFallbackVideoFps;
    source.camera_start_ = std::chrono::steady_clock::now();
    return source;
  }

  std::error_code error;
  if (fs::is_directory(input, error)) {
    for (const fs::directory_entry& entry : fs::directory_iterator(input, error)) {
      if (entry.is_regular_file() && is_picture(entry.path()))
        source.pictures_.push_back(entry.path());
    }
    if (error) return referee::Error{input + ": cannot list the folder"};
    if (source.pictures_.empty()) return referee::Error{input + ": no pictures in the folder"};
    std::sort(source.pictures_.begin(), source.pictures_.end());
    if (!(folder_fps > 0)) return referee::Error{"the frame rate of a folder must be positive"};
    source.fps_ = folder_fps;
    return source;
  }
  if (!fs::exists(input, error)) return referee::Error{input + ": no such file or folder"};
  // FFmpeg reads every common video file; other back ends print their own errors.
  source.capture_ = quiet_capture(input, cv::CAP_FFMPEG);
  if (!source.capture_->isOpened()) return referee::Error{input + ": cannot read the video"};
  const double fps = source.capture_->get(cv::CAP_PROP_FPS);
  source.fps_ = fps > 0 ? fps : kFallbackVideoFps;
  return source;
}

bool FrameSource::skip_one() {
  if (!pictures_.empty()) {
    if (static_cast<std::size_t>(next_index_) >= pictures_.size()) return false;
  } else if (!capture_->grab()) {
    return false;
  }
  ++next_index_;
  return true;
}

void FrameSource::keep_pace() {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point now = Clock::now();
  if (!paced_start_) {
    paced_start_ = now;
    paced_first_index_ = next_index_;
    return;
  }
  const auto due = [&](int index) {
    return *paced_start_ + std::chrono::duration_cast<Clock::duration>(
                               std::chrono::duration<double>((index - paced_first_index_) / fps_));
  };
  // Late by more than a frame: that frame was shown while the referee was busy.
  while (due(next_index_ + 1) < now) {
    if (!skip_one()) return;
    ++dropped_;
  }
  std::this_thread::sleep_until(due(next_index_));
}

std::optional<Frame> FrameSource::next() {
  if (paced_) keep_pace();
  Frame frame;
  frame.index = next_index_;
  if (!pictures_.empty()) {
    if (static_cast<std::size_t>(next_index_) >= pictures_.size()) return std::nullopt;
    // A picture that cannot be read whole is a gap in the input, not a view of the table.
    referee::Result<cv::Mat> picture =
        vision::read_picture(pictures_[static_cast<std::size_t>(next_index_)]);
    if (picture) frame.bgr = std::move(picture).value();
    frame.time_s = next_index_ / fps_;
  } else {
    if (!capture_->read(frame.bgr) || frame.bgr.empty()) return std::nullopt;
    if (camera_) {
      const std::chrono::duration<double> since = std::chrono::steady_clock::now() - camera_start_;
      frame.time_s = (camera_first_index_ / fps_) + since.count();
    } else {
      frame.time_s = next_index_ / fps_;
    }
  }
  ++next_index_;
  return frame;
}

void FrameSource::skip_to(int index) {
  if (camera_) {
    camera_first_index_ = index;
    next_index_ = index;
    return;
  }
  while (next_index_ < index && skip_one()) {
  }
}

std::optional<int> FrameSource::frame_count() const {
  if (!pictures_.empty()) return static_cast<int>(pictures_.size());
  if (camera_) return std::nullopt;
  const double count = capture_->get(cv::CAP_PROP_FRAME_COUNT);
  if (count > 0) return static_cast<int>(count);
  return std::nullopt;
}

}  // namespace tableref::live
