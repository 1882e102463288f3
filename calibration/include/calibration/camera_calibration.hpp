#pragma once
// Camera intrinsics and distortion from views of a printed chessboard: found with
// cv::findChessboardCorners, refined with cv::cornerSubPix, solved with cv::calibrateCamera.
// Views that fit far worse than the others (a blurred or mis-detected board) are named.

#include <functional>
#include <opencv2/core.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "calibration/camera_model.hpp"
#include "referee/result.hpp"

namespace tableref::calibration {

struct ChessboardSpec {
  cv::Size inner_corners{9, 6};  // corners where four squares meet, across and down
  double square_mm = 25;         // side of one printed square
};

struct ChessboardView {
  std::string name;                  // the picture's file name, or "view 3" for a live camera
  std::vector<cv::Point2f> corners;  // px, in cv::findChessboardCorners' order
};

// The board's inner corners, refined to sub-pixel; nullopt when the whole board is not found.
// `fast` first checks cheaply whether a board is there at all (for live video).
std::optional<std::vector<cv::Point2f>> find_chessboard(const cv::Mat& image,
                                                        cv::Size inner_corners, bool fast = false);

struct CameraCalibrationOptions {
  int flags = 0;               // cv::CALIB_*, e.g. cv::CALIB_FIX_ASPECT_RATIO
  double aspect_ratio = 1;     // fx / fy under cv::CALIB_FIX_ASPECT_RATIO
  bool drop_outliers = false;  // solve again without the outlier views
  int min_views = 3;
};

struct CameraCalibration {
  CameraModel model;
  std::vector<std::string> outlier_views;  // reprojection error far above the others'
  std::vector<std::string> dropped_views;  // outliers left out of `model` (drop_outliers)
};

// Solves for the camera; an Error when there are too few views or the solution is not finite.
referee::Result<CameraCalibration> calibrate_camera(std::span<const ChessboardView> views,
                                                    cv::Size image_size,
                                                    const ChessboardSpec& board,
                                                    const CameraCalibrationOptions& options);

// Indices of the views whose error is an outlier: more than twice the median AND more than the
// median plus three robust deviations (1.4826 × the median absolute deviation). Both tests must
// hold, so that a set of uniformly good views, whose deviation is tiny, names nobody.
std::vector<std::size_t> outlier_view_indices(std::span<const double> errors_px);

struct ChessboardViews {
  cv::Size image_size;
  std::vector<ChessboardView> views;
  std::vector<std::string> boardless;  // pictures where the board was not found whole
};

// Finds the board in each picture. An Error for an unreadable picture or pictures of different
// sizes; pictures without the board are listed in `boardless`, not an error.
referee::Result<ChessboardViews> chessboard_views_from_files(std::span<const std::string> paths,
                                                             cv::Size inner_corners);

struct LiveCaptureOptions {
  int camera_index = 0;
  int views = 15;          // how many views to take
  int steady_frames = 5;   // the board must hold still this many frames in a row ...
  double steady_px = 1.5;  // ... each corner moving less than this (mean) between frames
  double min_new_view_px =
      40;                  // a new view must differ this much (mean corner move) from each taken
  double timeout_s = 300;  // give up after this long
};

// Takes views from camera `camera_index` through cv::VideoCapture: a view each time the board
// is found whole, holds still and differs from the views already taken. `progress` hears a line
// once the camera is open and one per view. An Error when the camera cannot be opened, stops
// delivering frames, or the time runs out before enough views.
referee::Result<ChessboardViews> capture_chessboard_views(
    const LiveCaptureOptions& options, cv::Size inner_corners,
    const std::function<void(std::string_view)>& progress);

}  // namespace tableref::calibration
