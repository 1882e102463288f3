#include "calibration/camera_calibration.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

namespace tableref::calibration {

namespace {

double median_of(std::vector<double> values) {
  const auto middle = values.begin() + static_cast<long>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

// The board's corners in its own plane (z = 0), in millimetres, in the detector's order.
std::vector<cv::Point3f> board_points_mm(const ChessboardSpec& board) {
  std::vector<cv::Point3f> points;
  for (int row = 0; row < board.inner_corners.height; ++row) {
    for (int col = 0; col < board.inner_corners.width; ++col) {
      points.emplace_back(static_cast<float>(col * board.square_mm),
                          static_cast<float>(row * board.square_mm), 0.0f);
    }
  }
  return points;
}

std::string local_time_now() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[64];
  std::strftime(text, sizeof text, "%c", &local);
  return text;
}

bool all_finite(const cv::Mat& values) {
  return cv::checkRange(values, true, nullptr, -1e12, 1e12);
}

referee::Result<CameraModel> solve(std::span<const ChessboardView> views, cv::Size image_size,
                                   const ChessboardSpec& board,
                                   const CameraCalibrationOptions& options) {
  if (static_cast<int>(views.size()) < options.min_views) {
    return referee::Error{"the chessboard was found in " + std::to_string(views.size()) +
                          " picture(s); calibration needs at least " +
                          std::to_string(options.min_views)};
  }
  const std::vector<cv::Point3f> board_mm = board_points_mm(board);
  std::vector<std::vector<cv::Point3f>> object_points(views.size(), board_mm);
  std::vector<std::vector<cv::Point2f>> image_points;
  for (const ChessboardView& view : views) {
    if (view.corners.size() != board_mm.size()) {
      return referee::Error{view.name + ": " + std::to_string(view.corners.size()) +
                            " corners where the board has " + std::to_string(board_mm.size())};
    }
    image_points.push_back(view.corners);
  }
  cv::Mat camera_matrix = cv::Mat::eye(3, 3, CV_64F);
  if (options.flags & cv::CALIB_FIX_ASPECT_RATIO) {
    camera_matrix.at<double>(0, 0) = options.aspect_ratio;
  }
  cv::Mat distortion = cv::Mat::zeros(5, 1, CV_64F);
  std::vector<cv::Mat> rotations, translations;
  cv::Mat intrinsic_deviations, extrinsic_deviations, per_view_errors;
  double rms_px = 0;
  try {
    rms_px = cv::calibrateCamera(object_points, image_points, image_size, camera_matrix, distortion,
                                 rotations, translations, intrinsic_deviations,
                                 extrinsic_deviations, per_view_errors, options.flags);
  } catch (const cv::Exception& error) {
    return referee::Error{"the camera could not be solved for: " + error.err};
  }
  if (!all_finite(camera_matrix) || !all_finite(distortion) || !std::isfinite(rms_px)) {
    return referee::Error{"the camera could not be solved for: the solution is not finite"};
  }

  CameraModel model;
  model.image_size = image_size;
  model.camera_matrix = cv::Matx33d(camera_matrix);
  model.distortion_coefficients.assign(distortion.begin<double>(), distortion.end<double>());
  model.calibration_time = local_time_now();
  model.board_size = board.inner_corners;
  model.square_size_mm = board.square_mm;
  model.flags = options.flags;
  model.aspect_ratio = options.aspect_ratio;
  model.avg_reprojection_error_px = rms_px;
  per_view_errors.convertTo(per_view_errors, CV_64F);
  model.per_view_reprojection_errors_px.assign(per_view_errors.begin<double>(),
                                               per_view_errors.end<double>());
  for (std::size_t i = 0; i < views.size(); ++i) {
    model.view_names.push_back(views[i].name);
    const cv::Vec3d rotation(rotations[i]);
    const cv::Vec3d translation(translations[i]);
    model.extrinsic_parameters.emplace_back(rotation[0], rotation[1], rotation[2], translation[0],
                                            translation[1], translation[2]);
  }
  return model;
}

}  // namespace

std::optional<std::vector<cv::Point2f>> find_chessboard(const cv::Mat& image,
                                                        cv::Size inner_corners, bool fast) {
  cv::Mat grey;
  if (image.channels() == 1) {
    grey = image;
  } else {
    cv::cvtColor(image, grey, cv::COLOR_BGR2GRAY);
  }
  std::vector<cv::Point2f> corners;
  const int flags = cv::CALIB_CB_ADAPTIVE_THRESH | cv::CALIB_CB_NORMALIZE_IMAGE |
                    (fast ? cv::CALIB_CB_FAST_CHECK : 0);
  if (!cv::findChessboardCorners(grey, inner_corners, corners, flags)) return std::nullopt;
  // The window of OpenCV's calibration sample; corners closer than that to each other (a board
  // seen from afar) would pull each other, so the window shrinks with the board's scale.
  double nearest_px = 1e9;
  for (std::size_t i = 1; i < corners.size(); ++i) {
    if (static_cast<int>(i) % inner_corners.width == 0) continue;
    nearest_px = std::min(nearest_px, cv::norm(corners[i] - corners[i - 1]));
  }
  const int half_window = std::clamp(static_cast<int>(nearest_px / 2) - 1, 2, 5);
  cv::cornerSubPix(grey, corners, cv::Size(half_window, half_window), cv::Size(-1, -1),
                   cv::TermCriteria(cv::TermCriteria::EPS + cv::TermCriteria::COUNT, 30, 0.01));
  return corners;
}

std::vector<std::size_t> outlier_view_indices(std::span<const double> errors_px) {
  std::vector<std::size_t> outliers;
  if (errors_px.size() < 3) return outliers;  // no "others" to compare with
  const std::vector<double> errors(errors_px.begin(), errors_px.end());
  const double median = median_of(errors);
  std::vector<double> deviations;
  for (const double error : errors) deviations.push_back(std::abs(error - median));
  const double robust_sigma = 1.4826 * median_of(deviations);
  for (std::size_t i = 0; i < errors.size(); ++i) {
    if (errors[i] > 2 * median && errors[i] > median + 3 * robust_sigma) outliers.push_back(i);
  }
  return outliers;
}

referee::Result<CameraCalibration> calibrate_camera(std::span<const ChessboardView> views,
                                                    cv::Size image_size,
                                                    const ChessboardSpec& board,
                                                    const CameraCalibrationOptions& options) {
  referee::Result<CameraModel> first = solve(views, image_size, board, options);
  if (!first) return first.error();
  CameraCalibration calibration{std::move(first).value(), {}, {}};
  const std::vector<std::size_t> outliers =
      outlier_view_indices(calibration.model.per_view_reprojection_errors_px);
  for (const std::size_t index : outliers) calibration.outlier_views.push_back(views[index].name);
  if (!options.drop_outliers || outliers.empty()) return calibration;

  std::vector<ChessboardView> kept;
  for (std::size_t i = 0; i < views.size(); ++i) {
    if (std::find(outliers.begin(), outliers.end(), i) == outliers.end()) kept.push_back(views[i]);
  }
  referee::Result<CameraModel> second = solve(kept, image_size, board, options);
  if (!second) return second.error();
  calibration.model = std::move(second).value();
  calibration.dropped_views = calibration.outlier_views;
  return calibration;
}

referee::Result<ChessboardViews> chessboard_views_from_files(std::span<const std::string> paths,
                                                             cv::Size inner_corners) {
  ChessboardViews found;
  for (const std::string& path : paths) {
    std::error_code error;
    const cv::Mat image = std::filesystem::is_regular_file(path, error)
                              ? cv::imread(path, cv::IMREAD_GRAYSCALE)
                              : cv::Mat();
    if (image.empty()) return referee::Error{path + ": cannot read the picture"};
    if (found.image_size.empty()) found.image_size = image.size();
    if (image.size() != found.image_size) {
      return referee::Error{
          path + ": " + std::to_string(image.cols) + "x" + std::to_string(image.rows) +
          " where the first picture is " + std::to_string(found.image_size.width) + "x" +
          std::to_string(found.image_size.height) + " (one calibration per camera resolution)"};
    }
    std::optional<std::vector<cv::Point2f>> corners = find_chessboard(image, inner_corners);
    if (corners) {
      found.views.push_back({path, std::move(*corners)});
    } else {
      found.boardless.push_back(path);
    }
  }
  return found;
}

}  // namespace tableref::calibration
