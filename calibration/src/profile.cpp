#include "calibration/profile.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <filesystem>
#include <fstream>
#include <opencv2/calib3d.hpp>
#include <regex>

#include "file_fields.hpp"
#include "referee/deck.hpp"

namespace tableref::calibration {

namespace {

namespace fs = std::filesystem;

constexpr int kMaxImageSide = 100000;
constexpr std::string_view kVersionKey = "tableref_profile_version";

// The camera's keys, as OpenCV's calibration sample writes them (and view_names, ours).
constexpr std::array<std::string_view, 16> kCameraKeys = {"calibration_time",
                                                          "nr_of_frames",
                                                          "nframes",
                                                          "image_width",
                                                          "image_height",
                                                          "board_width",
                                                          "board_height",
                                                          "square_size",
                                                          "aspectRatio",
                                                          "flags",
                                                          "camera_matrix",
                                                          "distortion_coefficients",
                                                          "avg_reprojection_error",
                                                          "per_view_reprojection_errors",
                                                          "extrinsic_parameters",
                                                          "view_names"};
// Written by OpenCV's sample with its -op and -oo options; a camera file may have them, they are
// not part of the model.
constexpr std::array<std::string_view, 2> kOpenCvDetailKeys = {"image_points", "grid_points"};

bool is_camera_key(std::string_view key) {
  return std::find(kCameraKeys.begin(), kCameraKeys.end(), key) != kCameraKeys.end();
}

// ---- reading --------------------------------------------------------------------------------

cv::Size read_image_size(const Field& section) {
  return {section.required("image_width").integer(1, kMaxImageSide),
          section.required("image_height").integer(1, kMaxImageSide)};
}

std::vector<double> column_values(const cv::Mat& matrix) {
  return std::vector<double>(matrix.begin<double>(), matrix.end<double>());
}

// The camera's keys lie at the top of the file, like OpenCV's own calibration files.
CameraModel read_camera(const Field& root) {
  CameraModel camera;
  camera.image_size = read_image_size(root);
  const Field matrix_field = root.required("camera_matrix");
  camera.camera_matrix = cv::Matx33d(matrix_field.matrix(3, 3));
  const cv::Matx33d& k = camera.camera_matrix;
  if (!(k(0, 0) > 0 && k(1, 1) > 0) || k(1, 0) != 0 || k(2, 0) != 0 || k(2, 1) != 0 ||
      k(2, 2) != 1) {
    matrix_field.fail("not a camera matrix [fx s cx; 0 fy cy; 0 0 1] with fx, fy > 0");
  }
  const Field distortion_field = root.required("distortion_coefficients");
  const cv::Mat distortion = distortion_field.matrix(-1, -1);
  const int count = static_cast<int>(distortion.total());
  if ((distortion.rows != 1 && distortion.cols != 1) ||
      (count != 4 && count != 5 && count != 8 && count != 12 && count != 14)) {
    distortion_field.fail("expected 4, 5, 8, 12 or 14 coefficients in one row or column");
  }
  camera.distortion_coefficients = column_values(distortion);

  if (const Field f = root.member("calibration_time"); f.present())
    camera.calibration_time = f.text();
  int frames = -1;
  for (const char* key : {"nr_of_frames", "nframes"}) {
    if (const Field f = root.member(key); f.present()) frames = f.integer(0, 100000);
  }
  if (root.member("board_width").present() || root.member("board_height").present()) {
    camera.board_size = {root.required("board_width").integer(1, 1000),
                         root.required("board_height").integer(1, 1000)};
  }
  if (const Field f = root.member("square_size"); f.present())
    camera.square_size_mm = f.number(0, 1e6);
  if (const Field f = root.member("flags"); f.present()) camera.flags = f.integer(0, 1 << 30);
  if (const Field f = root.member("aspectRatio"); f.present())
    camera.aspect_ratio = f.number(1e-3, 1e3);
  if (const Field f = root.member("avg_reprojection_error"); f.present()) {
    camera.avg_reprojection_error_px = f.number(0, 1e6);
  }
  if (const Field f = root.member("per_view_reprojection_errors"); f.present()) {
    camera.per_view_reprojection_errors_px = column_values(f.matrix(frames, 1));
  }
  if (const Field f = root.member("extrinsic_parameters"); f.present()) {
    const cv::Mat extrinsics = f.matrix(frames, 6);
    for (int row = 0; row < extrinsics.rows; ++row)
      camera.extrinsic_parameters.emplace_back(extrinsics.ptr<double>(row));
  }
  if (const Field f = root.member("view_names"); f.present()) {
    camera.view_names = f.texts();
    const std::size_t views = camera.per_view_reprojection_errors_px.size();
    if (camera.view_names.size() != views) {
      f.fail(std::to_string(camera.view_names.size()) + " names for " + std::to_string(views) +
             " per-view errors");
    }
  }
  return camera;
}

ColourProfile read_colours(const Field& section) {
  section.require_map();
  section.allow_only({"source", "white_balance_gains", "lab"});
  ColourProfile colours;
  const Field source = section.required("source");
  const std::string source_name = source.text();
  if (source_name == "sheet") {
    colours.source = ColourProfile::Source::sheet;
  } else if (source_name == "cards") {
    colours.source = ColourProfile::Source::cards;
  } else {
    source.fail("expected sheet or cards, got \"" + source_name + "\"");
  }
  colours.white_balance_gains = section.required("white_balance_gains").vec3(1e-3, 1e3);
  const Field lab = section.required("lab");
  lab.require_map();
  for (const std::string& name : lab.member_names()) {
    const std::optional<Patch> patch = parse_patch(name);
    if (!patch) lab.member(name).fail("not a reference colour of the colour sheet");
    const Field value = lab.member(name);
    const cv::Vec3f lab_value = value.vec3(-300, 300);
    if (lab_value[0] < 0 || lab_value[0] > 200) value.fail("lightness L is out of range [0, 200]");
    colours.lab[static_cast<std::size_t>(*patch)] = lab_value;
  }
  return colours;
}

TablePlane read_table(const Field& section) {
  section.require_map();
  section.allow_only(
      {"image_width", "image_height", "table_from_image", "area_width_mm", "area_height_mm"});
  TablePlane table;
  table.image_size = read_image_size(section);
  const Field homography = section.required("table_from_image");
  table.table_from_image = cv::Matx33d(homography.matrix(3, 3));
  table.area_mm = {section.required("area_width_mm").number(1e-3, 1e7),
                   section.required("area_height_mm").number(1e-3, 1e7)};
  const double scale = cv::norm(table.table_from_image, cv::NORM_INF);
  if (!(std::abs(cv::determinant(table.table_from_image)) > 1e-12 * scale * scale * scale) ||
      !table.image_point(table.area_centre_mm())) {
    homography.fail("not an invertible homography that sees the play area");
  }
  return table;
}

SeatZones read_seats(const Field& section, const std::optional<TablePlane>& table) {
  section.require_map();
  section.allow_only({"count", "first_seat"});
  if (!table) section.fail("seats need the table part (tableref calibrate table)");
  SeatZones seats;
  seats.count = section.required("count").integer(1, kMaxSeats);
  const Field first = section.required("first_seat");
  const std::optional<TableSide> side = parse_side(first.text());
  if (!side) first.fail("expected top, right, bottom or left");
  seats.first_seat = *side;
  seats.plane = *table;
  return seats;
}

Profile read_profile(const Field& root) {
  const Field version = root.member(kVersionKey);
  if (!version.present()) version.fail("missing: not a tableref profile");
  const int number = version.integer(0, 1 << 30);
  if (number != kProfileVersion) {
    version.fail("version " + std::to_string(number) +
                 " is not supported (this tableref reads version " +
                 std::to_string(kProfileVersion) + ")");
  }
  bool has_camera_keys = false;
  for (const std::string& key : root.member_names()) {
    if (is_camera_key(key)) {
      has_camera_keys = true;
    } else if (key != kVersionKey && key != "colours" && key != "table" && key != "seats") {
      root.member(key).fail("unknown key (misspelt, or from a newer version of tableref?)");
    }
  }
  Profile profile;
  if (has_camera_keys) profile.camera = read_camera(root);
  if (const Field f = root.member("colours"); f.present()) profile.colours = read_colours(f);
  if (const Field f = root.member("table"); f.present()) profile.table = read_table(f);
  if (const Field f = root.member("seats"); f.present())
    profile.seats = read_seats(f, profile.table);
  return profile;
}

constexpr std::string_view kNotYaml = "not an OpenCV YAML file (its first line must be %YAML:1.0)";

// "b.yml(4): Incorrect indentation" (cv::Exception::func of a parse error) as "line 4: ...".
std::string parse_error_text(const cv::Exception& error) {
  const std::string& where = error.func;
  const std::size_t close = where.rfind("): ");
  const std::size_t open = close == std::string::npos ? close : where.rfind('(', close);
  if (open == std::string::npos) return std::string(kNotYaml);
  return "not valid YAML (line " + where.substr(open + 1, close - open - 1) + ": " +
         where.substr(close + 3) + ")";
}

// OpenCV's YAML parser loops forever on some malformed text (found by fuzz_profile), so it is
// only given text in the shape its own writer gives: a %YAML:1.0 line, then lines of `key:
// value`, `key: [ numbers`, numbers continuing a list, `---`, comments and blank lines, in plain
// ASCII. Anything else is refused here with the line that breaks the shape; "" when the text has
// it.
std::string unparseable_text(std::string_view text) {
  const auto odd = std::find_if(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') || byte > 0x7E;
  });
  if (odd != text.end()) {
    return "not a text file (byte " + std::to_string(odd - text.begin()) +
           " is not printable ASCII)";
  }
  static const std::regex kHeader(R"(%YAML[: ]1\.[0-9]+ *)");
  // Numbers include .nan and .inf, which the readers then refuse with a clearer message.
  static const std::regex kLine(
      R"( *(#.*|---|[A-Za-z_][A-Za-z0-9_]*:( +(!!opencv-matrix|"[^"]*"|'[^']*'|[A-Za-z0-9_.+-]+|\[[-+0-9.eEnaifNAIF, ]*\]?))? *| +[-+0-9.eEnaifNAIF, ]+\]? *| +- +("[^"]*"|[-+0-9.eE]+) *)?)");
  std::size_t start = 0;
  for (int number = 1; start < text.size(); ++number) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string line(text.substr(start, end - start));
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (number == 1 ? !std::regex_match(line, kHeader) : !std::regex_match(line, kLine)) {
      return number == 1 ? std::string(kNotYaml)
                         : "line " + std::to_string(number) + ": not a line of a profile";
    }
  }
  return "";
}

// Parses `text` and runs `read` on its root; every failure is one line naming `origin`.
template <typename T, typename Reader>
referee::Result<T> read_text(std::string_view text, const std::string& origin, Reader&& read) {
  // FileStorage reads memory only from a string it can see the end of, and takes an empty one
  // for a file name.
  const std::string content(text);
  if (content.find_first_not_of(" \t\r\n") == std::string::npos)
    return referee::Error{origin + ": " + std::string(kNotYaml)};
  if (const std::string problem = unparseable_text(content); !problem.empty())
    return referee::Error{origin + ": " + problem};
  cv::FileStorage storage;
  try {
    storage.open(content, cv::FileStorage::READ | cv::FileStorage::MEMORY);
  } catch (const cv::Exception& exception) {
    return referee::Error{origin + ": " + parse_error_text(exception)};
  } catch (const std::exception&) {
    // OpenCV's parser lets standard exceptions through on some garbage (found by fuzz_profile).
    return referee::Error{origin + ": " + std::string(kNotYaml)};
  }
  if (!storage.isOpened()) return referee::Error{origin + ": " + std::string(kNotYaml)};
  const Field root(storage.root(), "");
  try {
    if (!storage.root().isMap()) root.fail("expected a map of keys at the top");
    return read(root);
  } catch (const FormatError& format) {
    return referee::Error{origin + ": " + format.what()};
  } catch (const cv::Exception& exception) {
    return referee::Error{origin + ": " + parse_error_text(exception)};
  }
}

template <typename T, typename Reader>
referee::Result<T> read_file(const std::string& path, Reader&& read) {
  const referee::Result<std::string> text = referee::read_text_file(path);
  if (!text) return referee::Error{path + ": cannot read the file"};
  return read_text<T>(text.value(), path, std::forward<Reader>(read));
}

// ---- writing --------------------------------------------------------------------------------

cv::Mat column(const std::vector<double>& values) {
  return cv::Mat(values, true).reshape(1, static_cast<int>(values.size()));
}

void write_camera(cv::FileStorage& out, const CameraModel& camera) {
  if (!camera.calibration_time.empty()) out << "calibration_time" << camera.calibration_time;
  if (!camera.per_view_reprojection_errors_px.empty()) {
    out << "nr_of_frames" << static_cast<int>(camera.per_view_reprojection_errors_px.size());
  }
  out << "image_width" << camera.image_size.width << "image_height" << camera.image_size.height;
  if (!camera.board_size.empty()) {
    out << "board_width" << camera.board_size.width << "board_height" << camera.board_size.height;
  }
  if (camera.square_size_mm > 0) out << "square_size" << camera.square_size_mm;
  if (camera.flags & cv::CALIB_FIX_ASPECT_RATIO) out << "aspectRatio" << camera.aspect_ratio;
  out << "flags" << camera.flags;
  out << "camera_matrix" << cv::Mat(camera.camera_matrix);
  out << "distortion_coefficients" << column(camera.distortion_coefficients);
  out << "avg_reprojection_error" << camera.avg_reprojection_error_px;
  if (!camera.per_view_reprojection_errors_px.empty()) {
    out << "per_view_reprojection_errors" << column(camera.per_view_reprojection_errors_px);
  }
  if (!camera.extrinsic_parameters.empty()) {
    cv::Mat extrinsics(static_cast<int>(camera.extrinsic_parameters.size()), 6, CV_64F);
    for (int row = 0; row < extrinsics.rows; ++row) {
      for (int col = 0; col < 6; ++col) {
        extrinsics.at<double>(row, col) =
            camera.extrinsic_parameters[static_cast<std::size_t>(row)][col];
      }
    }
    out << "extrinsic_parameters" << extrinsics;
  }
  if (!camera.view_names.empty()) {
    out << "view_names"
        << "[";
    for (const std::string& name : camera.view_names) out << name;
    out << "]";
  }
}

void write_colours(cv::FileStorage& out, const ColourProfile& colours) {
  out << "colours"
      << "{";
  out << "source" << (colours.source == ColourProfile::Source::sheet ? "sheet" : "cards");
  out << "white_balance_gains" << colours.white_balance_gains;
  out << "lab"
      << "{";
  for (const Patch patch : kAllPatches) {
    if (const auto& lab = colours.lab_of(patch)) out << std::string(patch_name(patch)) << *lab;
  }
  out << "}"
      << "}";
}

void write_table(cv::FileStorage& out, const TablePlane& table) {
  out << "table"
      << "{";
  out << "image_width" << table.image_size.width << "image_height" << table.image_size.height;
  out << "table_from_image" << cv::Mat(table.table_from_image);
  out << "area_width_mm" << table.area_mm.width << "area_height_mm" << table.area_mm.height;
  out << "}";
}

void write_seats(cv::FileStorage& out, const SeatZones& seats) {
  out << "seats"
      << "{"
      << "count" << seats.count << "first_seat" << std::string(side_name(seats.first_seat)) << "}";
}

std::string size_text(cv::Size size) {
  return std::to_string(size.width) + "x" + std::to_string(size.height);
}

}  // namespace

void Profile::set_table(const TablePlane& plane) {
  table = plane;
  if (seats) seats->plane = plane;
}

void Profile::set_seats(int count, TableSide first_seat) {
  assert(table && count >= 1 && count <= kMaxSeats);
  seats = SeatZones{count, first_seat, *table};
}

referee::Result<Profile> load_profile(const std::string& path) {
  return read_file<Profile>(path, [](const Field& root) { return read_profile(root); });
}

referee::Result<Profile> parse_profile(std::string_view text, const std::string& origin) {
  return read_text<Profile>(text, origin, [](const Field& root) { return read_profile(root); });
}

referee::Result<CameraModel> load_opencv_camera(const std::string& path) {
  return read_file<CameraModel>(path, [](const Field& root) {
    for (const std::string& key : root.member_names()) {
      const bool detail = std::find(kOpenCvDetailKeys.begin(), kOpenCvDetailKeys.end(), key) !=
                          kOpenCvDetailKeys.end();
      if (!is_camera_key(key) && !detail && key != kVersionKey) {
        root.member(key).fail("not a key of OpenCV's calibration files");
      }
    }
    return read_camera(root);
  });
}

std::optional<referee::Error> save_profile(const Profile& profile, const std::string& path) {
  assert(!profile.seats || profile.table);
  const std::string temporary = path + ".writing";
  try {
    cv::FileStorage out(temporary, cv::FileStorage::WRITE | cv::FileStorage::FORMAT_YAML);
    if (!out.isOpened()) return referee::Error{path + ": cannot write the file"};
    out << std::string(kVersionKey) << kProfileVersion;
    if (profile.camera) write_camera(out, *profile.camera);
    if (profile.colours) write_colours(out, *profile.colours);
    if (profile.table) write_table(out, *profile.table);
    if (profile.seats) write_seats(out, *profile.seats);
    out.release();
  } catch (const cv::Exception&) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    return referee::Error{path + ": cannot write the file"};
  }
  std::error_code error;
  fs::rename(temporary, path, error);
  if (error) {
    fs::remove(temporary, error);
    return referee::Error{path + ": cannot write the file"};
  }
  return std::nullopt;
}

std::optional<referee::Error> check_image_size(const Profile& profile, cv::Size image_size,
                                               std::string_view profile_path) {
  const auto mismatch = [&](std::string_view keys, std::string_view part, cv::Size made_for) {
    return referee::Error{std::string(profile_path) + ": " + std::string(keys) + ": the " +
                          std::string(part) + " was made for " + size_text(made_for) +
                          " pictures, this one is " + size_text(image_size) +
                          " (calibrate again at this resolution)"};
  };
  if (profile.camera && profile.camera->image_size != image_size) {
    return mismatch("image_width, image_height", "camera calibration", profile.camera->image_size);
  }
  if (profile.table && profile.table->image_size != image_size) {
    return mismatch("table.image_width, table.image_height", "table plane",
                    profile.table->image_size);
  }
  return std::nullopt;
}

}  // namespace tableref::calibration
