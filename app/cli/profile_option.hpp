#pragma once
// --profile FILE for the commands that read the table (analyze, referee): the calibrated colours,
// the seats and the picture size the profile was made for (calibration/profile.hpp).

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "calibration/profile.hpp"
#include "referee/result.hpp"
#include "vision/colour_references.hpp"

namespace tableref::cli {

struct ProfileOption {
  std::string path;  // empty: no profile
  std::optional<calibration::Profile> profile;

  // Loads the file named by --profile, if any.
  std::optional<referee::Error> load();
  // The profile's colours where it has them, the palette's otherwise.
  vision::ColourReferences references() const;
  // The profile's camera lens to undo; none without a camera part.
  std::shared_ptr<const vision::LensCorrection> lens() const;
  // An Error when the profile was made for pictures of another size.
  std::optional<referee::Error> check_size(cv::Size image_size) const;
};

void add_profile_option(CLI::App& command, ProfileOption& option);

}  // namespace tableref::cli
