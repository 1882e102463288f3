// Profile files: a round trip keeps every part exactly, and every kind of bad file is refused with
// one line naming the file and the key.

#include "calibration/profile.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <opencv2/calib3d.hpp>
#include <sstream>

namespace tableref::calibration {
namespace {

namespace fs = std::filesystem;

class ProfileFile : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    directory_ = fs::temp_directory_path() / ("tableref-profile-" + std::string(test->name()));
    fs::create_directories(directory_);
  }
  void TearDown() override { fs::remove_all(directory_); }

  std::string path(const std::string& name) const { return (directory_ / name).string(); }

  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name)) << text;
    return path(name);
  }

  // The message of loading `text` as a profile, which must fail.
  std::string load_error(const std::string& text) const {
    const std::string file = write("bad.yml", text);
    const referee::Result<Profile> profile = load_profile(file);
    if (profile) return "(loaded)";
    const std::string& message = profile.error().message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(message.rfind(file + ": ", 0), 0u) << message;
    return message.substr(file.size() + 2);
  }

 private:
  fs::path directory_;
};

const std::string kValidProfile = R"(%YAML:1.0
---
tableref_profile_version: 1
image_width: 1280
image_height: 720
camera_matrix: !!opencv-matrix
   rows: 3
   cols: 3
   dt: d
   data: [ 1000., 0., 640., 0., 1000., 360., 0., 0., 1. ]
distortion_coefficients: !!opencv-matrix
   rows: 5
   cols: 1
   dt: d
   data: [ -0.1, 0.01, 0., 0., 0. ]
colours:
   source: sheet
   white_balance_gains: [ 1.2, 1.0, 0.8 ]
   lab:
      red: [ 50., 60., 40. ]
table:
   image_width: 1280
   image_height: 720
   table_from_image: !!opencv-matrix
      rows: 3
      cols: 3
      dt: d
      data: [ 1., 0., 0., 0., 1., 0., 0., 0., 1. ]
   area_width_mm: 800.
   area_height_mm: 600.
seats:
   count: 4
   first_seat: bottom
)";

// kValidProfile with `from` (which must occur) replaced by `to`.
std::string changed(const std::string& from, const std::string& to) {
  std::string text = kValidProfile;
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

Profile full_profile() {
  Profile profile;
  CameraModel camera;
  camera.image_size = {1920, 1080};
  camera.camera_matrix = cv::Matx33d(1402.5, 0, 961.25, 0, 1398.75, 538.5, 0, 0, 1);
  camera.distortion_coefficients = {-0.12, 0.031, 0.0011, -0.0004, 0.002};
  camera.calibration_time = "Sat Mar  1 10:00:00 2025";
  camera.board_size = {9, 6};
  camera.square_size_mm = 24.5;
  camera.flags = cv::CALIB_FIX_ASPECT_RATIO;
  camera.aspect_ratio = 1;
  camera.avg_reprojection_error_px = 0.2375;
  camera.per_view_reprojection_errors_px = {0.21, 0.19, 0.33};
  camera.view_names = {"a.jpg", "views/b c.jpg", "c.jpg"};
  camera.extrinsic_parameters = {{0.1, 0.2, 0.3, 10, 20, 500},
                                 {-0.1, 0.05, 1.2, -15, 8, 620},
                                 {0.3, -0.2, -0.4, 30, -12, 450}};
  profile.camera = camera;

  ColourProfile colours;
  colours.source = ColourProfile::Source::cards;
  colours.white_balance_gains = {1.31f, 0.98f, 0.62f};
  colours.lab[static_cast<std::size_t>(Patch::red)] = cv::Vec3f(51.5f, 63.25f, 41.125f);
  colours.lab[static_cast<std::size_t>(Patch::blue)] = cv::Vec3f(46.0f, 8.5f, -58.75f);
  colours.lab[static_cast<std::size_t>(Patch::freeze_face)] = cv::Vec3f(91.5f, -2.0f, -7.5f);
  profile.colours = colours;

  const auto table = table_from_corners({{{402, 118}, {1530, 141}, {1611, 990}, {318, 962}}},
                                        {900, 600}, {1920, 1080});
  EXPECT_TRUE(table);
  profile.set_table(table.value());
  profile.set_seats(3, TableSide::left);
  return profile;
}

void expect_same_camera(const CameraModel& a, const CameraModel& b) {
  EXPECT_EQ(a.image_size, b.image_size);
  EXPECT_EQ(a.camera_matrix, b.camera_matrix);
  EXPECT_EQ(a.distortion_coefficients, b.distortion_coefficients);
  EXPECT_EQ(a.calibration_time, b.calibration_time);
  EXPECT_EQ(a.board_size, b.board_size);
  EXPECT_EQ(a.square_size_mm, b.square_size_mm);
  EXPECT_EQ(a.flags, b.flags);
  EXPECT_EQ(a.aspect_ratio, b.aspect_ratio);
  EXPECT_EQ(a.avg_reprojection_error_px, b.avg_reprojection_error_px);
  EXPECT_EQ(a.per_view_reprojection_errors_px, b.per_view_reprojection_errors_px);
  EXPECT_EQ(a.view_names, b.view_names);
  EXPECT_EQ(a.extrinsic_parameters, b.extrinsic_parameters);
}

TEST_F(ProfileFile, KeepsEveryPartExactly) {
  const Profile saved = full_profile();
  ASSERT_FALSE(save_profile(saved, path("profile.yml")));
  const referee::Result<Profile> loaded = load_profile(path("profile.yml"));
  ASSERT_TRUE(loaded) << loaded.error().message;

  ASSERT_TRUE(loaded->camera && loaded->colours && loaded->table && loaded->seats);
  expect_same_camera(*loaded->camera, *saved.camera);
  EXPECT_EQ(loaded->colours->source, ColourProfile::Source::cards);
  EXPECT_EQ(loaded->colours->white_balance_gains, saved.colours->white_balance_gains);
  for (const Patch patch : kAllPatches) {
    EXPECT_EQ(loaded->colours->lab_of(patch), saved.colours->lab_of(patch)) << patch_name(patch);
  }
  EXPECT_EQ(loaded->table->image_size, saved.table->image_size);
  EXPECT_EQ(loaded->table->table_from_image, saved.table->table_from_image);
  EXPECT_EQ(loaded->table->area_mm, saved.table->area_mm);
  EXPECT_EQ(loaded->seats->count, 3);
  EXPECT_EQ(loaded->seats->first_seat, TableSide::left);
  EXPECT_EQ(loaded->seats->plane.table_from_image, saved.table->table_from_image);
  EXPECT_FALSE(fs::exists(path("profile.yml.writing")));
}

TEST_F(ProfileFile, PartsAreOptional) {
  ASSERT_FALSE(save_profile(Profile{}, path("empty.yml")));
  const referee::Result<Profile> empty = load_profile(path("empty.yml"));
  ASSERT_TRUE(empty) << empty.error().message;
  EXPECT_FALSE(empty->camera || empty->colours || empty->table || empty->seats);

  Profile colours_only;
  colours_only.colours = full_profile().colours;
  ASSERT_FALSE(save_profile(colours_only, path("colours.yml")));
  const referee::Result<Profile> loaded = load_profile(path("colours.yml"));
  ASSERT_TRUE(loaded) << loaded.error().message;
  EXPECT_TRUE(loaded->colours && !loaded->camera && !loaded->table && !loaded->seats);
}

TEST_F(ProfileFile, TheCameraKeysAreOpenCvsOwn) {
  Profile camera_only;
  camera_only.camera = full_profile().camera;
  ASSERT_FALSE(save_profile(camera_only, path("camera.yml")));
  cv::FileStorage file(path("camera.yml"), cv::FileStorage::READ);
  for (const char* key :
       {"calibration_time", "nr_of_frames", "image_width", "image_height", "board_width",
        "board_height", "square_size", "flags", "camera_matrix", "distortion_coefficients",
        "avg_reprojection_error", "per_view_reprojection_errors", "extrinsic_parameters"}) {
    EXPECT_FALSE(file[key].empty()) << key;
  }
  cv::Mat camera_matrix;
  file["camera_matrix"] >> camera_matrix;
  EXPECT_EQ(cv::Matx33d(camera_matrix), camera_only.camera->camera_matrix);
  EXPECT_EQ(static_cast<int>(file["nr_of_frames"]), 3);
  // And the camera of a profile reads as an OpenCV calibration file.
  const referee::Result<CameraModel> as_opencv = load_opencv_camera(path("camera.yml"));
  ASSERT_TRUE(as_opencv) << as_opencv.error().message;
  expect_same_camera(*as_opencv, *camera_only.camera);
}

TEST_F(ProfileFile, TheValidExampleLoads) {
  const std::string file = write("good.yml", kValidProfile);
  const referee::Result<Profile> profile = load_profile(file);
  ASSERT_TRUE(profile) << profile.error().message;
  EXPECT_EQ(profile->camera->fx(), 1000);
  EXPECT_EQ(profile->colours->lab_of(Patch::red), cv::Vec3f(50, 60, 40));
  EXPECT_FALSE(profile->colours->lab_of(Patch::blue).has_value());
  EXPECT_EQ(profile->seats->seat_of({400, 590}), 0);  // bottom side, the identity plane
}

TEST_F(ProfileFile, AMissingOrUnreadableFileIsOneLine) {
  const referee::Result<Profile> missing = load_profile(path("none.yml"));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message, path("none.yml") + ": cannot read the file");
  EXPECT_EQ(load_error("%YAML:1.0\n---\na: [1, 2\nb: 3\n"),
            "not valid YAML (line 4: Incorrect indentation)");
  EXPECT_EQ(load_error("\x89PNG\r\n"), "not a text file (byte 0 is not printable ASCII)");
  EXPECT_EQ(load_error("colours: 1\n"),
            "not an OpenCV YAML file (its first line must be %YAML:1.0)");
  EXPECT_EQ(load_error(""), "not an OpenCV YAML file (its first line must be %YAML:1.0)");
  EXPECT_EQ(load_error("%YAML:1.0\n---\n- 1\n- 2\n"), "line 3: not a line of a profile");
}

// Inputs the fuzz_profile target found to break the parser, kept in its corpus.
TEST_F(ProfileFile, InputsTheFuzzerFoundAreOneLineErrors) {
  const fs::path corpus = fs::path(TABLEREF_SOURCE_DIR) / "fuzz" / "corpus" / "profiles";
  const auto found = [&](const std::string& name) {
    std::ifstream file(corpus / name, std::ios::binary);
    return std::string{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  };
  EXPECT_EQ(load_error(found("regression-nul-bytes.yml")),
            "not a text file (byte 806 is not printable ASCII)");
  EXPECT_NE(load_error(found("regression-matrix-size.yml")).find("not a text file"),
            std::string::npos);
  // OpenCV's parser would never return from these.
  EXPECT_NE(load_error(found("regression-parser-loop-found.yml")).find("not a text file"),
            std::string::npos);
  EXPECT_EQ(load_error(found("regression-parser-loop.yml")), "line 2: not a line of a profile");
}

TEST_F(ProfileFile, AMatrixOfAGarbageSizeIsRefusedBeforeItIsAllocated) {
  const std::string matrix = "   rows: 3\n   cols: 3\n";
  EXPECT_NE(
      load_error(changed(matrix, "   rows: 300000\n   cols: 300000\n")).find("not a valid matrix"),
      std::string::npos);
}

TEST_F(ProfileFile, TheVersionIsChecked) {
  EXPECT_EQ(load_error(changed("tableref_profile_version: 1\n", "")),
            "tableref_profile_version: missing: not a tableref profile");
  EXPECT_EQ(load_error(changed("tableref_profile_version: 1", "tableref_profile_version: 2")),
            "tableref_profile_version: version 2 is not supported (this tableref reads version 1)");
  EXPECT_EQ(load_error(changed("tableref_profile_version: 1", "tableref_profile_version: one")),
            "tableref_profile_version: expected a whole number");
}

TEST_F(ProfileFile, MissingKeysAreNamed) {
  EXPECT_EQ(load_error(changed("image_width: 1280\nimage_height: 720\n", "image_height: 720\n")),
            "image_width: missing");
  EXPECT_EQ(load_error(changed("distortion_coefficients:", "distortion:")),
            "distortion: unknown key (misspelt, or from a newer version of tableref?)");
  EXPECT_EQ(load_error(changed("   source: sheet\n", "")), "colours.source: missing");
  EXPECT_EQ(load_error(changed("   area_height_mm: 600.\n", "")), "table.area_height_mm: missing");
  EXPECT_EQ(load_error(changed("   first_seat: bottom\n", "")), "seats.first_seat: missing");
}

TEST_F(ProfileFile, NonFiniteValuesAreRefused) {
  EXPECT_EQ(load_error(changed("red: [ 50., 60., 40. ]", "red: [ .nan, 60., 40. ]")),
            "colours.lab.red[0]: not a finite number (NaN)");
  EXPECT_EQ(load_error(changed("data: [ 1000., 0., 640.", "data: [ .inf, 0., 640.")),
            "camera_matrix: element (0, 0) is not a finite number");
  EXPECT_EQ(load_error(changed("area_width_mm: 800.", "area_width_mm: -.inf")),
            "table.area_width_mm: not a finite number (-inf)");
  EXPECT_EQ(load_error(changed("white_balance_gains: [ 1.2, 1.0, 0.8 ]",
                               "white_balance_gains: [ 1.2, 0, 0.8 ]")),
            "colours.white_balance_gains[1]: 0 is out of range [0.001, 1000]");
}

TEST_F(ProfileFile, MatricesOfTheWrongSizeAreRefused) {
  EXPECT_EQ(load_error(changed(
                "   rows: 3\n   cols: 3\n   dt: d\n   data: [ 1000., 0., 640., 0., 1000., 360., "
                "0., 0., 1. ]",
                "   rows: 2\n   cols: 3\n   dt: d\n   data: [ 1000., 0., 640., 0., 1000., 360. ]")),
            "camera_matrix: expected a 3x3 matrix, got 2x3");
  EXPECT_EQ(
      load_error(changed("   rows: 5\n   cols: 1\n   dt: d\n   data: [ -0.1, 0.01, 0., 0., 0. ]",
                         "   rows: 3\n   cols: 1\n   dt: d\n   data: [ -0.1, 0.01, 0. ]")),
      "distortion_coefficients: expected 4, 5, 8, 12 or 14 coefficients in one row or column");
  EXPECT_EQ(load_error(changed("   rows: 5\n   cols: 1\n", "   rows: 6\n   cols: 1\n")),
            "distortion_coefficients: not a valid matrix (data does not match rows x cols, or an "
            "unknown dt)");
  EXPECT_EQ(load_error(changed("red: [ 50., 60., 40. ]", "red: [ 50., 60. ]")),
            "colours.lab.red: expected a list of 3 numbers");
  EXPECT_EQ(load_error(changed("data: [ 1., 0., 0., 0., 1., 0., 0., 0., 1. ]",
                               "data: [ 1., 2., 0., 2., 4., 0., 0., 0., 1. ]")),
            "table.table_from_image: not an invertible homography that sees the play area");
  EXPECT_EQ(load_error(changed("data: [ 1000., 0., 640., 0., 1000., 360., 0., 0., 1. ]",
                               "data: [ 1000., 0., 640., 0., 1000., 360., 0., 0., 2. ]")),
            "camera_matrix: not a camera matrix [fx s cx; 0 fy cy; 0 0 1] with fx, fy > 0");
}

TEST_F(ProfileFile, UnknownKeysAndValuesAreErrors) {
  EXPECT_EQ(load_error(changed("colours:", "colors:")),
            "colors: unknown key (misspelt, or from a newer version of tableref?)");
  EXPECT_EQ(load_error(changed("   area_width_mm: 800.\n",
                               "   area_width_mm: 800.\n   area_depth_mm: 3.\n")),
            "table.area_depth_mm: unknown key (misspelt, or from a newer version of tableref?)");
  EXPECT_EQ(load_error(changed("red: [", "pink: [")),
            "colours.lab.pink: not a reference colour of the colour sheet");
  EXPECT_EQ(load_error(changed("source: sheet", "source: guess")),
            "colours.source: expected sheet or cards, got \"guess\"");
  EXPECT_EQ(load_error(changed("first_seat: bottom", "first_seat: north")),
            "seats.first_seat: expected top, right, bottom or left");
  EXPECT_EQ(load_error(changed("count: 4", "count: 0")), "seats.count: 0 is out of range [1, 12]");
  EXPECT_EQ(
      load_error(changed("image_width: 1280\nimage_height", "image_width: wide\nimage_height")),
      "image_width: expected a whole number");
}

TEST_F(ProfileFile, SeatsNeedATable) {
  const std::string without_table = kValidProfile.substr(0, kValidProfile.find("table:")) +
                                    kValidProfile.substr(kValidProfile.find("seats:"));
  EXPECT_EQ(load_error(without_table),
            "seats: seats need the table part (tableref calibrate table)");
}

TEST_F(ProfileFile, AProfileForAnotherResolutionIsRefused) {
  const Profile profile = full_profile();  // 1920 × 1080
  EXPECT_FALSE(check_image_size(profile, {1920, 1080}, "p.yml"));
  const auto camera = check_image_size(profile, {1280, 720}, "p.yml");
  ASSERT_TRUE(camera);
  EXPECT_EQ(camera->message,
            "p.yml: image_width, image_height: the camera calibration was made for 1920x1080 "
            "pictures, this one is 1280x720 (calibrate again at this resolution)");
  Profile table_only;
  table_only.set_table(*profile.table);
  const auto table = check_image_size(table_only, {1280, 720}, "p.yml");
  ASSERT_TRUE(table);
  EXPECT_EQ(table->message,
            "p.yml: table.image_width, table.image_height: the table plane was made for 1920x1080 "
            "pictures, this one is 1280x720 (calibrate again at this resolution)");
  Profile colours_only;
  colours_only.colours = profile.colours;
  EXPECT_FALSE(check_image_size(colours_only, {640, 480}, "p.yml"));  // colours have no size
}

TEST_F(ProfileFile, AnUnwritablePlaceIsAnError) {
  const auto error = save_profile(full_profile(), path("no/such/folder/p.yml"));
  ASSERT_TRUE(error);
  EXPECT_EQ(error->message, path("no/such/folder/p.yml") + ": cannot write the file");
}

TEST_F(ProfileFile, UpdatingATableKeepsItsSeats) {
  Profile profile = full_profile();
  const auto other =
      table_from_corners({{{0, 0}, {100, 0}, {100, 100}, {0, 100}}}, {500, 500}, {1920, 1080});
  ASSERT_TRUE(other);
  profile.set_table(other.value());
  ASSERT_TRUE(profile.seats);
  EXPECT_EQ(profile.seats->count, 3);
  EXPECT_EQ(profile.seats->plane.table_from_image, other->table_from_image);
}

}  // namespace
}  // namespace tableref::calibration
