#pragma once
// A table's profile: everything calibration learns about one camera over one table, in a file
// the user keeps (cv::FileStorage YAML). Every part is optional.
//
//   tableref_profile_version: 1
//   calibration_time, nr_of_frames, image_width, ... camera_matrix, distortion_coefficients, ...
//       the camera, as flat keys exactly as OpenCV's calibration sample writes them, so that
//       tools reading OpenCV calibration files read a profile too
//   colours: { source, white_balance_gains, lab: { yellow: [L, a, b], ... } }
//   table: { image_width, image_height, table_from_image, area_width_mm, area_height_mm }
//   seats: { count, first_seat }          (needs the table)
//
// Loading checks everything and fails with one line naming the file and the key: a missing or
// unsupported version, a missing key, a value of the wrong kind, NaN or infinity, a matrix of
// the wrong size, and any key it does not know (a misspelt key would otherwise drop a part
// silently; a future version of the file changes tableref_profile_version).

#include <optional>
#include <string>
#include <string_view>

#include "calibration/camera_model.hpp"
#include "calibration/colour_profile.hpp"
#include "calibration/seat_zones.hpp"
#include "calibration/table_plane.hpp"
#include "referee/result.hpp"

namespace tableref::calibration {

inline constexpr int kProfileVersion = 1;

struct Profile {
  std::optional<CameraModel> camera;
  std::optional<ColourProfile> colours;
  std::optional<TablePlane> table;
  std::optional<SeatZones> seats;  // lies on `table`: set both with set_table / set_seats

  // Replaces the table; seats already there are kept, moved onto the new plane.
  void set_table(const TablePlane& plane);
  // Seats on the profile's table (which must be set).
  void set_seats(int count, TableSide first_seat);
};

referee::Result<Profile> load_profile(const std::string& path);
// The same from the text of a profile file; `origin` names it in errors.
referee::Result<Profile> parse_profile(std::string_view text, const std::string& origin);
// Writes the file whole (through a temporary file, so a failure leaves the old one intact).
std::optional<referee::Error> save_profile(const Profile& profile, const std::string& path);

// An Error when a part of the profile was made for pictures of another size than `image_size`
// (the camera's intrinsics and the table's homography are in pixels of those pictures).
std::optional<referee::Error> check_image_size(const Profile& profile, cv::Size image_size,
                                               std::string_view profile_path);

// A camera from a calibration file as OpenCV's calibration sample writes it (no version key;
// "nframes" or "nr_of_frames"), checked like a profile's camera.
referee::Result<CameraModel> load_opencv_camera(const std::string& path);

}  // namespace tableref::calibration
