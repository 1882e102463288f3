// tableref calibrate: measures the camera, the colours, the table's plane and the seats, and keeps
// them in a profile file (docs/calibration.md).

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgcodecs.hpp>
#include <sstream>

#include "calibration/camera_calibration.hpp"
#include "calibration/colour_profile.hpp"
#include "calibration/colour_sheet.hpp"
#include "calibration/profile.hpp"
#include "commands.hpp"
#include "referee/deck.hpp"

namespace tableref::cli {

namespace {

using calibration::Profile;

// ---- arguments ----------------------------------------------------------------------------------

std::optional<double> parse_number(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

// "A<sep>B" as two numbers.
std::optional<std::pair<double, double>> parse_pair(std::string_view text, char separator) {
  const std::size_t split = text.find(separator);
  if (split == std::string_view::npos) return std::nullopt;
  const auto first = parse_number(text.substr(0, split));
  const auto second = parse_number(text.substr(split + 1));
  if (!first || !second) return std::nullopt;
  return std::pair{*first, *second};
}

std::optional<cv::Size> parse_size(std::string_view text) {
  const auto pair = parse_pair(text, 'x');
  if (!pair || pair->first < 1 || pair->second < 1 || pair->first > 100000 ||
      pair->second > 100000 || pair->first != std::floor(pair->first) ||
      pair->second != std::floor(pair->second)) {
    return std::nullopt;
  }
  return cv::Size(static_cast<int>(pair->first), static_cast<int>(pair->second));
}

std::string size_text(cv::Size size) {
  return std::to_string(size.width) + "x" + std::to_string(size.height);
}

// Where the result goes: --profile names a profile to update, --out the file to write (by
// default the --profile file itself).
struct ProfileTarget {
  std::string base_path;
  std::string out_path;

  std::string destination() const { return out_path.empty() ? base_path : out_path; }

  std::optional<std::string> check(std::string_view command) const {
    if (base_path.empty() && out_path.empty()) {
      return std::string(command) +
             ": give --out FILE (a new profile) or --profile FILE (to update)";
    }
    return std::nullopt;
  }

  referee::Result<Profile> load_base() const {
    if (base_path.empty()) return Profile{};
    return calibration::load_profile(base_path);
  }
};

void add_target_options(CLI::App& command, ProfileTarget& target) {
  command.add_option(
      "--profile", target.base_path,
      "Profile to update: its other parts are kept (written back to it unless --out)");
  command.add_option("--out", target.out_path, "Profile file to write");
}

// The profile to update: the --profile file, or an empty one; nullopt once the error is printed.
std::optional<Profile> open_base(const ProfileTarget& target) {
  referee::Result<Profile> profile = target.load_base();
  if (!profile) {
    print_error(profile.error().message);
    return std::nullopt;
  }
  return std::move(profile).value();
}

int save(const ProfileTarget& target, const Profile& profile) {
  if (profile.camera && profile.table && profile.camera->image_size != profile.table->image_size) {
    print_error("warning: the camera was calibrated on " + size_text(profile.camera->image_size) +
                " pictures and the table on " + size_text(profile.table->image_size) +
                ": the profile fits neither size whole");
  }
  if (const auto error = calibration::save_profile(profile, target.destination())) {
    print_error(error->message);
    return kExitFailure;
  }
  std::cout << "wrote " << target.destination() << '\n';
  return kExitOk;
}

// Empty when the file cannot be read as a picture (without OpenCV's own warning on stderr).
cv::Mat read_photo(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return {};
  try {
    return cv::imread(path, cv::IMREAD_COLOR);
  } catch (const cv::Exception&) {
    return {};
  }
}

// ---- calibrate camera ---------------------------------------------------------------------------

struct CameraOptions {
  std::string board = "9x6";
  double square_mm = 25;
  std::vector<std::string> images;
  std::optional<int> camera_index;
  int views = 15;
  double timeout_s = 300;
  bool fix_aspect = false;
  bool drop_outliers = false;
  ProfileTarget target;
};

void report_camera(const calibration::CameraCalibration& result) {
  const calibration::CameraModel& model = result.model;
  const auto& errors = model.per_view_reprojection_errors_px;
  std::vector<double> sorted = errors;
  std::sort(sorted.begin(), sorted.end());
  const double median = sorted.empty() ? 0 : sorted[sorted.size() / 2];
  for (std::size_t i = 0; i < model.view_names.size(); ++i) {
    const bool outlier = std::find(result.outlier_views.begin(), result.outlier_views.end(),
                                   model.view_names[i]) != result.outlier_views.end();
    if (outlier) {
      std::ostringstream line;
      line << std::fixed << std::setprecision(2) << "warning: " << model.view_names[i]
           << ": reprojection error " << errors[i] << " px, far above the median " << median
           << " px: blurred, or the board mis-detected? (--drop-outliers leaves it out)";
      print_error(line.str());
    }
  }
  for (const std::string& dropped : result.dropped_views) {
    print_error("warning: " + dropped + ": left out of the calibration");
  }
  std::cout << std::fixed << std::setprecision(2) << "camera " << size_text(model.image_size)
            << ": fx " << model.fx() << " fy " << model.fy() << " cx " << model.principal_point().x
            << " cy " << model.principal_point().y << " px, k1 " << std::setprecision(4)
            << model.distortion_coefficients[0] << std::setprecision(3)
            << ", RMS reprojection error " << model.avg_reprojection_error_px << " px over "
            << model.per_view_reprojection_errors_px.size() << " views\n";
}

int run_camera(const CameraOptions& options) {
  const std::optional<cv::Size> board = parse_size(options.board);
  if (!board || board->width < 2 || board->height < 2) {
    print_error("calibrate camera: --board " + options.board +
                ": expected the inner corners as COLSxROWS, e.g. 9x6");
    return kExitBadInput;
  }
  if (!(options.square_mm > 0)) {
    print_error("calibrate camera: --square-mm must be positive");
    return kExitBadInput;
  }
  if (options.images.empty() == !options.camera_index) {
    print_error("calibrate camera: give either pictures of the board or --camera K");
    return kExitBadInput;
  }
  if (const auto problem = options.target.check("calibrate camera")) {
    print_error(*problem);
    return kExitBadInput;
  }
  std::optional<Profile> profile = open_base(options.target);
  if (!profile) return kExitBadInput;
  referee::Result<calibration::ChessboardViews> views = referee::Error{};
  if (options.camera_index) {
    calibration::LiveCaptureOptions live;
    live.camera_index = *options.camera_index;
    live.views = options.views;
    live.timeout_s = options.timeout_s;
    views = calibration::capture_chessboard_views(
        live, *board, [](std::string_view line) { std::cerr << "tableref: " << line << '\n'; });
  } else {
    views = calibration::chessboard_views_from_files(options.images, *board);
  }
  if (!views) {
    print_error(views.error().message);
    return kExitBadInput;
  }
  for (const std::string& path : views->boardless) {
    print_error("warning: " + path + ": the " + options.board + " board was not found whole");
  }
  calibration::CameraCalibrationOptions solve;
  solve.flags = options.fix_aspect ? cv::CALIB_FIX_ASPECT_RATIO : 0;
  solve.drop_outliers = options.drop_outliers;
  referee::Result<calibration::CameraCalibration> result = calibration::calibrate_camera(
      views->views, views->image_size, {*board, options.square_mm}, solve);
  if (!result) {
    print_error(result.error().message);
    return kExitBadInput;
  }
  report_camera(result.value());
  profile->camera = result->model;
  return save(options.target, *profile);
}

void add_camera_command(CLI::App& calibrate, int& exit_status) {
  auto options = std::make_shared<CameraOptions>();
  CLI::App* command = calibrate.add_subcommand(
      "camera",
      "Camera intrinsics and lens distortion from pictures of a printed chessboard (OpenCV's "
      "calibration file keys)");
  command->add_option("images", options->images,
                      "Pictures of the board in varied poses (10 to 20)");
  command->add_option("--board", options->board, "Inner corners of the board, COLSxROWS")
      ->capture_default_str();
  command->add_option("--square-mm", options->square_mm, "Side of one printed square, mm")
      ->capture_default_str();
  command->add_option("--camera", options->camera_index,
                      "Take the views live from camera K instead");
  command->add_option("--views", options->views, "Views to take with --camera")
      ->check(CLI::Range(3, 200))
      ->capture_default_str();
  command->add_option("--timeout-s", options->timeout_s, "Give up a live session after this long")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  command->add_flag("--fix-aspect", options->fix_aspect,
                    "Hold fx = fy (cv::CALIB_FIX_ASPECT_RATIO)");
  command->add_flag("--drop-outliers", options->drop_outliers,
                    "Solve again without the views that fit far worse than the others");
  add_target_options(*command, options->target);
  command->callback([options, &exit_status] { exit_status = run_camera(*options); });
}

// ---- calibrate sheet ----------------------------------------------------------------------------

struct SheetOptions {
  std::string out;
  double dpi = 300;
};

int run_sheet(const SheetOptions& options) {
  const std::vector<std::uint8_t> png = calibration::colour_sheet_png(options.dpi);
  std::ofstream file(options.out, std::ios::binary);
  file.write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
  if (!file.good()) {
    print_error(options.out + ": cannot write the file");
    return kExitFailure;
  }
  std::cout << "wrote " << options.out << ": print it on A4 at 100 % (no fit to page)\n";
  return kExitOk;
}

void add_sheet_command(CLI::App& calibrate, int& exit_status) {
  auto options = std::make_shared<SheetOptions>();
  CLI::App* command = calibrate.add_subcommand(
      "sheet", "Write the printable colour sheet (A4 PNG): the reference colours and four markers");
  command->add_option("--out", options->out, "PNG file to write")->required();
  command->add_option("--dpi", options->dpi, "Resolution of the PNG")
      ->check(CLI::Range(72.0, 1200.0))
      ->capture_default_str();
  command->callback([options, &exit_status] { exit_status = run_sheet(*options); });
}

// ---- calibrate colours --------------------------------------------------------------------------

struct ColourOptions {
  std::string sheet_photo;
  std::vector<std::string> card_photos;
  std::string deck_path;
  ProfileTarget target;
};

void report_colours(const calibration::ColourProfile& colours) {
  std::cout << std::fixed << std::setprecision(3)
            << "white balance gains (linear R, G, B): " << colours.white_balance_gains[0] << ' '
            << colours.white_balance_gains[1] << ' ' << colours.white_balance_gains[2] << '\n'
            << std::setprecision(1);
  for (const calibration::Patch patch : calibration::kAllPatches) {
    if (const auto& lab = colours.lab_of(patch)) {
      std::cout << "  " << std::left << std::setw(12) << calibration::patch_name(patch)
                << std::right << " L " << (*lab)[0] << "  a " << (*lab)[1] << "  b " << (*lab)[2]
                << '\n';
    }
  }
}

referee::Result<calibration::ColourProfile> colours_from_sheet(const std::string& path) {
  const cv::Mat photo = read_photo(path);
  if (photo.empty()) return referee::Error{path + ": cannot read the picture"};
  const referee::Result<calibration::SheetSighting> sheet = calibration::find_colour_sheet(photo);
  if (!sheet) return referee::Error{path + ": " + sheet.error().message};
  referee::Result<calibration::ColourProfile> colours =
      calibration::profile_from_sheet(sheet.value());
  if (!colours) return referee::Error{path + ": " + colours.error().message};
  return colours;
}

referee::Result<calibration::ColourProfile> colours_from_cards(const ColourOptions& options) {
  referee::Result<referee::FreezeDeck> deck = referee::builtin_freeze_deck();
  if (!options.deck_path.empty()) deck = referee::load_freeze_deck(options.deck_path);
  if (!deck) return deck.error();
  std::vector<cv::Mat> photos;
  for (const std::string& path : options.card_photos) {
    photos.push_back(read_photo(path));
    if (photos.back().empty()) return referee::Error{path + ": cannot read the picture"};
  }
  return calibration::profile_from_cards(photos, deck.value());
}

int run_colours(const ColourOptions& options) {
  if (options.sheet_photo.empty() == options.card_photos.empty()) {
    print_error("calibrate colours: give either --sheet-photo PHOTO or --from-cards PHOTO...");
    return kExitBadInput;
  }
  if (const auto problem = options.target.check("calibrate colours")) {
    print_error(*problem);
    return kExitBadInput;
  }
  std::optional<Profile> profile = open_base(options.target);
  if (!profile) return kExitBadInput;
  const referee::Result<calibration::ColourProfile> colours =
      options.sheet_photo.empty() ? colours_from_cards(options)
                                  : colours_from_sheet(options.sheet_photo);
  if (!colours) {
    print_error(colours.error().message);
    return kExitBadInput;
  }
  report_colours(colours.value());
  profile->colours = colours.value();
  return save(options.target, *profile);
}

void add_colours_command(CLI::App& calibrate, int& exit_status) {
  auto options = std::make_shared<ColourOptions>();
  CLI::App* command = calibrate.add_subcommand(
      "colours",
      "How the camera sees each reference colour under the table's light, from a photo of the "
      "colour sheet or of Monster Freeze cards");
  command->add_option("--sheet-photo", options->sheet_photo,
                      "Photo of the printed colour sheet (tableref calibrate sheet) on the table");
  command->add_option("--from-cards", options->card_photos,
                      "Photo(s) of Monster Freeze cards showing, between them, a monster of each "
                      "colour");
  command->add_option("--deck", options->deck_path, "Monster Freeze deck file (default: built in)");
  add_target_options(*command, options->target);
  command->callback([options, &exit_status] { exit_status = run_colours(*options); });
}

// ---- calibrate table ----------------------------------------------------------------------------

struct TableOptions {
  std::vector<std::string> corners;
  std::string size_mm;
  std::string sheet_photo;
  std::string image_path;
  std::string image_size;
  std::optional<int> seats;
  std::string first_seat = "bottom";
  ProfileTarget target;
};

// The size of the pictures the corners were clicked on: --image-size, --image, or the camera's.
referee::Result<cv::Size> picture_size(const TableOptions& options, const Profile& base) {
  if (!options.image_size.empty()) {
    const std::optional<cv::Size> size = parse_size(options.image_size);
    if (!size)
      return referee::Error{"--image-size " + options.image_size + ": expected WxH, e.g. 1280x720"};
    return *size;
  }
  if (!options.image_path.empty()) {
    const cv::Mat image = read_photo(options.image_path);
    if (image.empty()) return referee::Error{options.image_path + ": cannot read the picture"};
    return image.size();
  }
  if (base.camera) return base.camera->image_size;
  return referee::Error{
      "calibrate table: give --image PHOTO or --image-size WxH (the pictures the corners were "
      "taken from)"};
}

referee::Result<calibration::TablePlane> plane_from_corners(const TableOptions& options,
                                                            const Profile& base) {
  if (options.corners.size() != 4) {
    return referee::Error{"--corners: expected four corners x,y x,y x,y x,y, clockwise"};
  }
  std::array<cv::Point2d, 4> corners;
  for (std::size_t i = 0; i < 4; ++i) {
    const auto point = parse_pair(options.corners[i], ',');
    if (!point)
      return referee::Error{"--corners: " + options.corners[i] + ": expected x,y in pixels"};
    corners[i] = {point->first, point->second};
  }
  const auto size = parse_pair(options.size_mm, ',');
  if (!size)
    return referee::Error{"--size-mm " + options.size_mm + ": expected W,H in millimetres"};
  const referee::Result<cv::Size> image_size = picture_size(options, base);
  if (!image_size) return image_size.error();
  return calibration::table_from_corners(corners, {size->first, size->second}, image_size.value());
}

referee::Result<calibration::TablePlane> plane_from_sheet(const std::string& path) {
  const cv::Mat photo = read_photo(path);
  if (photo.empty()) return referee::Error{path + ": cannot read the picture"};
  const referee::Result<calibration::SheetSighting> sheet = calibration::find_colour_sheet(photo);
  if (!sheet) return referee::Error{path + ": " + sheet.error().message};
  return calibration::table_from_sheet(sheet.value());
}

int change_table(const TableOptions& options, Profile& profile) {
  if (!options.corners.empty() || !options.sheet_photo.empty()) {
    const referee::Result<calibration::TablePlane> plane =
        options.sheet_photo.empty() ? plane_from_corners(options, profile)
                                    : plane_from_sheet(options.sheet_photo);
    if (!plane) {
      print_error(plane.error().message);
      return kExitBadInput;
    }
    profile.set_table(plane.value());
    std::cout << "table: play area " << plane->area_mm.width << " x " << plane->area_mm.height
              << " mm in " << size_text(plane->image_size) << " pictures\n";
  }
  if (options.seats) {
    const std::optional<calibration::TableSide> side = calibration::parse_side(options.first_seat);
    if (!side) {
      print_error("--first-seat " + options.first_seat + ": expected top, right, bottom or left");
      return kExitBadInput;
    }
    if (!profile.table) {
      print_error(
          "calibrate table --seats: the profile has no table yet: give --corners or --sheet-photo");
      return kExitBadInput;
    }
    profile.set_seats(*options.seats, *side);
    std::cout << "seats: " << *options.seats << ", the first at the " << options.first_seat
              << " side, then clockwise\n";
  }
  return kExitOk;
}

int run_table(const TableOptions& options) {
  const bool by_corners = !options.corners.empty() || !options.size_mm.empty();
  if (by_corners && !options.sheet_photo.empty()) {
    print_error("calibrate table: give either --corners with --size-mm or --sheet-photo, not both");
    return kExitBadInput;
  }
  if (by_corners && (options.corners.empty() || options.size_mm.empty())) {
    print_error("calibrate table: --corners and --size-mm go together");
    return kExitBadInput;
  }
  if (!by_corners && options.sheet_photo.empty() && !options.seats) {
    print_error("calibrate table: give --corners with --size-mm, --sheet-photo, or --seats");
    return kExitBadInput;
  }
  if (const auto problem = options.target.check("calibrate table")) {
    print_error(*problem);
    return kExitBadInput;
  }
  std::optional<Profile> profile = open_base(options.target);
  if (!profile) return kExitBadInput;
  if (const int status = change_table(options, *profile); status != kExitOk) return status;
  return save(options.target, *profile);
}

void add_table_command(CLI::App& calibrate, int& exit_status) {
  auto options = std::make_shared<TableOptions>();
  CLI::App* command = calibrate.add_subcommand(
      "table",
      "The play area's plane (pixels to table millimetres) and the players' seats around it");
  command
      ->add_option("--corners", options->corners,
                   "The play area's corners in the picture, x,y x,y x,y x,y (pixels), clockwise "
                   "from the one that becomes the origin")
      ->expected(4);
  command->add_option("--size-mm", options->size_mm,
                      "The play area's real size W,H in mm (W along the first edge)");
  command->add_option("--sheet-photo", options->sheet_photo,
                      "Take the plane from the colour sheet lying in the middle of the play area");
  command->add_option("--image", options->image_path, "A picture from the camera, for its size");
  command->add_option("--image-size", options->image_size, "Size of the camera's pictures, WxH");
  command->add_option("--seats", options->seats, "Number of players' seats around the play area")
      ->check(CLI::Range(1, calibration::kMaxSeats));
  command
      ->add_option("--first-seat", options->first_seat,
                   "Side of the play area where seat 0 sits: top, right, bottom or left (the "
                   "others follow clockwise)")
      ->capture_default_str();
  add_target_options(*command, options->target);
  command->callback([options, &exit_status] { exit_status = run_table(*options); });
}

}  // namespace

void add_calibrate_command(CLI::App& app, int& exit_status) {
  CLI::App* calibrate = app.add_subcommand(
      "calibrate",
      "Measure the camera, the colours, the table's plane and the seats into a profile file "
      "(docs/calibration.md)");
  calibrate->require_subcommand(1);
  add_camera_command(*calibrate, exit_status);
  add_sheet_command(*calibrate, exit_status);
  add_colours_command(*calibrate, exit_status);
  add_table_command(*calibrate, exit_status);
}

}  // namespace tableref::cli
