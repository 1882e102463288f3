#include "profile_option.hpp"

namespace tableref::cli {

std::optional<referee::Error> ProfileOption::load() {
  if (path.empty()) return std::nullopt;
  referee::Result<calibration::Profile> loaded = calibration::load_profile(path);
  if (!loaded) return loaded.error();
  profile = std::move(loaded).value();
  return std::nullopt;
}

vision::ColourReferences ProfileOption::references() const {
  if (profile && profile->colours) return profile->colours->references();
  return vision::palette_references();
}

std::shared_ptr<const vision::LensCorrection> ProfileOption::lens() const {
  if (profile && profile->camera) return calibration::lens_correction(*profile->camera);
  return nullptr;
}

std::optional<referee::Error> ProfileOption::check_size(cv::Size image_size) const {
  if (!profile) return std::nullopt;
  return calibration::check_image_size(*profile, image_size, path);
}

void add_profile_option(CLI::App& command, ProfileOption& option) {
  command.add_option("--profile", option.path,
                     "A calibration profile (tableref calibrate): its colours are read with, its "
                     "camera's lens distortion is undone, its seats say whose cards are whose");
}

}  // namespace tableref::cli
