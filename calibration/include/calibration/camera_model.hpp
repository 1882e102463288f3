#pragma once
// A camera's intrinsics and lens distortion, with how they were measured: the fields of the
// calibration files that OpenCV's calibration sample (samples/cpp/calibration.cpp) writes.

#include <memory>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "vision/lens_correction.hpp"

namespace tableref::calibration {

struct CameraModel {
  cv::Size image_size;  // the pictures it was measured on, px
  cv::Matx33d camera_matrix = cv::Matx33d::eye();
  // OpenCV's order: k1 k2 p1 p2 [k3 [k4 k5 k6 [s1 s2 s3 s4 [tx ty]]]]: 4, 5, 8, 12 or 14 values.
  std::vector<double> distortion_coefficients = std::vector<double>(5, 0.0);

  // How it was measured: informative, kept so that the file reads like OpenCV's own.
  std::string calibration_time;
  cv::Size board_size;                   // inner corners of the chessboard
  double square_size_mm = 0;             // side of one square
  int flags = 0;                         // cv::CALIB_* given to cv::calibrateCamera
  double aspect_ratio = 1;               // fx / fy held fixed under cv::CALIB_FIX_ASPECT_RATIO
  double avg_reprojection_error_px = 0;  // RMS over every corner of every view
  std::vector<double> per_view_reprojection_errors_px;
  std::vector<std::string> view_names;          // same order; empty when unknown
  std::vector<cv::Vec6d> extrinsic_parameters;  // per view: rotation vector, then translation (mm)

  double fx() const { return camera_matrix(0, 0); }
  double fy() const { return camera_matrix(1, 1); }
  cv::Point2d principal_point() const { return {camera_matrix(0, 2), camera_matrix(1, 2)}; }
};

// What the readers undo of this camera's lens (vision::LensCorrection), for its pictures' size.
std::shared_ptr<const vision::LensCorrection> lens_correction(const CameraModel& camera);

}  // namespace tableref::calibration
