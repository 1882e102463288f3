// Views of the chessboard from a live camera: a view is taken when the board holds still (no
// motion blur, no rolling-shutter skew) and shows a pose unlike the views already taken.

#include <chrono>
#include <opencv2/core/utils/logger.hpp>
#include <opencv2/videoio.hpp>

#include "calibration/camera_calibration.hpp"

namespace tableref::calibration {

namespace {

double mean_corner_move_px(const std::vector<cv::Point2f>& a, const std::vector<cv::Point2f>& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += cv::norm(a[i] - b[i]);
  return a.empty() ? 0 : sum / static_cast<double>(a.size());
}

// Follows the board from frame to frame and says when it has held still long enough.
class SteadyBoard {
 public:
  explicit SteadyBoard(const LiveCaptureOptions& options) : options_(options) {}

  // The board's corners in the newest frame (nullopt: not found); true once it is steady.
  bool update(std::optional<std::vector<cv::Point2f>> corners) {
    if (!corners) {
      previous_.reset();
      still_frames_ = 0;
      return false;
    }
    const bool still = previous_ && mean_corner_move_px(*previous_, *corners) < options_.steady_px;
    still_frames_ = still ? still_frames_ + 1 : 0;
    previous_ = std::move(corners);
    return still_frames_ >= options_.steady_frames;
  }

  const std::vector<cv::Point2f>& corners() const { return *previous_; }
  void restart() { still_frames_ = 0; }

 private:
  const LiveCaptureOptions& options_;
  std::optional<std::vector<cv::Point2f>> previous_;
  int still_frames_ = 0;
};

// Video back ends log every device they fail to open; the caller reports the failure in one line.
class QuietOpenCvLog {
 public:
  QuietOpenCvLog()
      : previous_(cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_ERROR)) {}
  QuietOpenCvLog(const QuietOpenCvLog&) = delete;
  QuietOpenCvLog& operator=(const QuietOpenCvLog&) = delete;
  ~QuietOpenCvLog() { cv::utils::logging::setLogLevel(previous_); }

 private:
  cv::utils::logging::LogLevel previous_;
};

bool unlike_taken(const std::vector<cv::Point2f>& corners, const std::vector<ChessboardView>& taken,
                  double min_move_px) {
  for (const ChessboardView& view : taken) {
    if (mean_corner_move_px(view.corners, corners) < min_move_px) return false;
  }
  return true;
}

}  // namespace

referee::Result<ChessboardViews> capture_chessboard_views(
    const LiveCaptureOptions& options, cv::Size inner_corners,
    const std::function<void(std::string_view)>& progress) {
  const std::string camera_name = "camera " + std::to_string(options.camera_index);
  cv::VideoCapture camera;
  try {
    const QuietOpenCvLog quiet;
    camera.open(options.camera_index);
  } catch (const cv::Exception&) {
    // Some back ends throw instead of reporting a closed device.
  }
  if (!camera.isOpened()) {
    return referee::Error{camera_name + ": cannot open the camera (is it connected and free?)"};
  }
  progress(camera_name + ": show the board in varied poses, holding it still for each view");
  ChessboardViews captured;
  SteadyBoard board(options);
  const auto start = std::chrono::steady_clock::now();
  constexpr int kMaxMissedFrames = 30;
  int missed_frames = 0;
  cv::Mat frame;
  while (static_cast<int>(captured.views.size()) < options.views) {
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    if (elapsed.count() > options.timeout_s) {
      return referee::Error{camera_name + ": took " + std::to_string(captured.views.size()) +
                            " of " + std::to_string(options.views) +
                            " views before the time ran out"};
    }
    if (!camera.read(frame) || frame.empty()) {
      if (++missed_frames > kMaxMissedFrames) {
        return referee::Error{camera_name + ": the camera stopped delivering frames"};
      }
      continue;
    }
    missed_frames = 0;
    if (captured.image_size.empty()) captured.image_size = frame.size();
    if (!board.update(find_chessboard(frame, inner_corners, true))) continue;
    if (!unlike_taken(board.corners(), captured.views, options.min_new_view_px)) continue;
    captured.views.push_back(
        {"view " + std::to_string(captured.views.size() + 1), board.corners()});
    board.restart();
    progress("took view " + std::to_string(captured.views.size()) + " of " +
             std::to_string(options.views) + "; now move the board to another pose");
  }
  return captured;
}

}  // namespace tableref::calibration
