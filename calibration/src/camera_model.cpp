#include "calibration/camera_model.hpp"

namespace tableref::calibration {

std::shared_ptr<const vision::LensCorrection> lens_correction(const CameraModel& camera) {
  return std::make_shared<const vision::LensCorrection>(
      camera.camera_matrix, camera.distortion_coefficients, camera.image_size);
}

}  // namespace tableref::calibration
