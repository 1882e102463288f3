#include "vision/lens_correction.hpp"

#include <array>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>
#include <stdexcept>
#include <string>

namespace tableref::vision {

namespace {

bool is_opencv_distortion_length(std::size_t count) {
  constexpr std::array<std::size_t, 5> kLengths{4, 5, 8, 12, 14};
  for (const std::size_t length : kLengths) {
    if (count == length) return true;
  }
  return false;
}

}  // namespace

LensCorrection::LensCorrection(const cv::Matx33d& camera_matrix,
                               std::vector<double> distortion_coefficients, cv::Size image_size)
    : camera_matrix_(camera_matrix),
      distortion_coefficients_(std::move(distortion_coefficients)),
      image_size_(image_size) {
  if (image_size_.width <= 0 || image_size_.height <= 0) {
    throw std::invalid_argument("lens correction: the picture size must be positive");
  }
  if (!is_opencv_distortion_length(distortion_coefficients_.size())) {
    throw std::invalid_argument(
        "lens correction: " + std::to_string(distortion_coefficients_.size()) +
        " distortion coefficients (OpenCV takes 4, 5, 8, 12 or 14)");
  }
  if (!(camera_matrix_(0, 0) > 0 && camera_matrix_(1, 1) > 0)) {
    throw std::invalid_argument("lens correction: the focal lengths must be positive");
  }
  // The same matrix for the pinhole picture: sizes in pixels stay what the readers expect.
  cv::initUndistortRectifyMap(camera_matrix_, distortion_coefficients_, cv::noArray(),
                              camera_matrix_, image_size_, CV_16SC2, pinhole_to_raw_map1_,
                              pinhole_to_raw_map2_);
}

cv::Mat LensCorrection::undistort(const cv::Mat& raw) const {
  if (raw.size() != image_size_) {
    throw std::invalid_argument("lens correction: a picture of " + std::to_string(raw.cols) + "x" +
                                std::to_string(raw.rows) + " for a camera calibrated at " +
                                std::to_string(image_size_.width) + "x" +
                                std::to_string(image_size_.height));
  }
  cv::Mat pinhole;
  cv::remap(raw, pinhole, pinhole_to_raw_map1_, pinhole_to_raw_map2_, cv::INTER_LINEAR,
            cv::BORDER_CONSTANT);
  return pinhole;
}

cv::Point2d LensCorrection::raw_from_pinhole(cv::Point2d pinhole_px) const {
  // The pinhole pixel's ray, then the lens model forward: exact, no iteration.
  const double x = (pinhole_px.x - camera_matrix_(0, 2)) / camera_matrix_(0, 0);
  const double y = (pinhole_px.y - camera_matrix_(1, 2)) / camera_matrix_(1, 1);
  const std::vector<cv::Point3d> ray{{x, y, 1.0}};
  std::vector<cv::Point2d> raw;
  cv::projectPoints(ray, cv::Vec3d(0, 0, 0), cv::Vec3d(0, 0, 0), camera_matrix_,
                    distortion_coefficients_, raw);
  return raw.front();
}

}  // namespace tableref::vision
