#include "gui/video_file_source.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <condition_variable>
#include <mutex>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

namespace tableref::gui {

namespace {

bool is_picture(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  constexpr std::array<std::string_view, 7> kExtensions = {".png", ".jpg",  ".jpeg", ".bmp",
                                                           ".tif", ".tiff", ".webp"};
  return std::find(kExtensions.begin(), kExtensions.end(), extension) != kExtensions.end();
}

// Frames are handed on as 8-bit BGR whatever the file holds.
cv::Mat as_bgr(const cv::Mat& image) {
  if (image.type() == CV_8UC3) return image;
  cv::Mat bgr;
  if (image.channels() == 1) {
    cv::cvtColor(image, bgr, cv::COLOR_GRAY2BGR);
  } else if (image.channels() == 4) {
    cv::cvtColor(image, bgr, cv::COLOR_BGRA2BGR);
  } else {
    return {};
  }
  if (bgr.depth() != CV_8U) bgr.convertTo(bgr, CV_8U, 1.0 / 256);
  return bgr;
}

// Sleeps until `deadline` unless stopped first; false when stopped.
bool sleep_until(std::stop_token stop, std::chrono::steady_clock::time_point deadline) {
  std::mutex mutex;
  std::condition_variable_any wake;
  std::unique_lock lock(mutex);
  return !wake.wait_until(lock, stop, deadline, [] { return false; }) && !stop.stop_requested();
}

}  // namespace

std::vector<std::filesystem::path> folder_frames(const std::filesystem::path& folder) {
  std::vector<std::filesystem::path> frames;
  std::error_code error;
  for (const auto& item : std::filesystem::directory_iterator(folder, error)) {
    if (item.is_regular_file(error) && is_picture(item.path())) frames.push_back(item.path());
  }
  std::sort(frames.begin(), frames.end());
  return frames;
}

VideoFileSource::VideoFileSource(std::filesystem::path path, PlaybackOptions options,
                                 std::shared_ptr<LatestFrameMailbox> mailbox, QObject* parent)
    : FrameSource(std::move(mailbox), parent), path_(std::move(path)), options_(options) {}

VideoFileSource::~VideoFileSource() {
  stop();
}

void VideoFileSource::start() {
  stop();
  thread_ = std::jthread([this](std::stop_token stop) { run(stop); });
}

void VideoFileSource::stop() {
  if (!thread_.joinable()) return;
  thread_.request_stop();
  thread_.join();
}

QString VideoFileSource::description() const {
  return QString::fromStdString(path_.filename().string());
}

void VideoFileSource::run(std::stop_token stop) {
  std::error_code error;
  if (std::filesystem::is_directory(path_, error)) {
    play_folder(stop);
  } else {
    play_video(stop);
  }
}

bool VideoFileSource::wait_for_turn(std::stop_token stop, double time_s) {
  if (options_.every_frame) return mailbox().wait_until_idle(stop);
  const auto offset = std::chrono::duration<double>(time_s / std::max(0.01, options_.speed));
  return sleep_until(stop, started_ + std::chrono::duration_cast<std::chrono::nanoseconds>(offset));
}

void VideoFileSource::play_video(std::stop_token stop) {
  cv::VideoCapture capture(path_.string());
  if (!capture.isOpened()) {
    emit failed(tr("cannot open the video %1").arg(QString::fromStdString(path_.string())));
    return;
  }
  double fps = capture.get(cv::CAP_PROP_FPS);
  if (!(fps > 0 && fps < 1000)) fps = 25;  // a file that does not say
  started_ = std::chrono::steady_clock::now();
  int index = 0;
  double loop_start_s = 0;
  int in_loop = 0;
  while (!stop.stop_requested()) {
    cv::Mat image;
    if (!capture.read(image) || image.empty()) {
      if (!options_.loop || in_loop == 0) break;
      capture.set(cv::CAP_PROP_POS_FRAMES, 0);
      loop_start_s += in_loop / fps;
      in_loop = 0;
      continue;
    }
    const double time_s = loop_start_s + in_loop / fps;
    cv::Mat bgr = as_bgr(image);
    if (bgr.empty()) continue;
    if (!wait_for_turn(stop, time_s)) return;
    deliver(Frame{bgr.clone(), time_s, index});
    ++index;
    ++in_loop;
  }
  if (!stop.stop_requested()) {
    if (options_.every_frame) mailbox().wait_until_idle(stop);
    emit finished();
  }
}

void VideoFileSource::play_folder(std::stop_token stop) {
  const std::vector<std::filesystem::path> frames = folder_frames(path_);
  if (frames.empty()) {
    emit failed(tr("no pictures (PNG, JPEG, BMP, TIFF, WebP) in %1")
                    .arg(QString::fromStdString(path_.string())));
    return;
  }
  const double fps = std::max(0.1, options_.folder_fps);
  started_ = std::chrono::steady_clock::now();
  int index = 0;
  do {
    for (const std::filesystem::path& file : frames) {
      if (stop.stop_requested()) return;
      const double time_s = index / fps;
      cv::Mat bgr = as_bgr(cv::imread(file.string(), cv::IMREAD_UNCHANGED));
      if (bgr.empty()) {
        emit failed(tr("cannot read the picture %1 (skipped)")
                        .arg(QString::fromStdString(file.filename().string())));
        ++index;
        continue;
      }
      if (!wait_for_turn(stop, time_s)) return;
      deliver(Frame{std::move(bgr), time_s, index});
      ++index;
    }
  } while (options_.loop && !stop.stop_requested());
  if (!stop.stop_requested()) {
    if (options_.every_frame) mailbox().wait_until_idle(stop);
    emit finished();
  }
}

}  // namespace tableref::gui
