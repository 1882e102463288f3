// Camera calibration on OpenCV's own sample pictures (the opencv-doc package, which
// scripts/setup.sh installs), checked against the calibration file OpenCV ships with them.

#include "calibration/camera_calibration.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "calibration/profile.hpp"

namespace tableref::calibration {
namespace {

namespace fs = std::filesystem;

const fs::path kOpenCvSamples = "/usr/share/doc/opencv-doc/examples/data";

// left01.jpg to left14.jpg (there is no left10.jpg), as OpenCV's stereo samples list them.
std::vector<std::string> left_pictures() {
  std::vector<std::string> paths;
  for (int i = 1; i <= 14; ++i) {
    if (i == 10) continue;
    char name[16];
    std::snprintf(name, sizeof name, "left%02d.jpg", i);
    paths.push_back((kOpenCvSamples / name).string());
  }
  return paths;
}

void require_opencv_samples() {
  for (const std::string& path : left_pictures()) {
    ASSERT_TRUE(fs::exists(path)) << path
                                  << " is missing: install Debian's opencv-doc package "
                                     "(scripts/setup.sh does)";
  }
  ASSERT_TRUE(fs::exists(kOpenCvSamples / "left_intrinsics.yml"));
}

TEST(CameraCalibration, MatchesOpenCvsOwnCalibrationOfItsSamplePictures) {
  ASSERT_NO_FATAL_FAILURE(require_opencv_samples());
  const referee::Result<CameraModel> reference =
      load_opencv_camera((kOpenCvSamples / "left_intrinsics.yml").string());
  ASSERT_TRUE(reference) << reference.error().message;

  const std::vector<std::string> paths = left_pictures();
  const auto views = chessboard_views_from_files(paths, {9, 6});
  ASSERT_TRUE(views) << views.error().message;
  EXPECT_EQ(views->image_size, cv::Size(640, 480));
  EXPECT_EQ(views->views.size(), 13u);
  EXPECT_TRUE(views->boardless.empty());

  CameraCalibrationOptions options;
  options.flags = reference->flags;  // OpenCV's file was made with a fixed aspect ratio
  const auto result = calibrate_camera(views->views, views->image_size, {{9, 6}, 25.0}, options);
  ASSERT_TRUE(result) << result.error().message;
  const CameraModel& model = result->model;
  std::cout << "fx " << model.fx() << " (OpenCV " << reference->fx() << "), cx "
            << model.principal_point().x << " (OpenCV " << reference->principal_point().x
            << "), cy " << model.principal_point().y << " (OpenCV "
            << reference->principal_point().y << "), RMS " << model.avg_reprojection_error_px
            << " px\n";
  EXPECT_NEAR(model.fx(), reference->fx(), 0.01 * reference->fx());
  EXPECT_NEAR(model.principal_point().x, reference->principal_point().x,
              0.01 * reference->principal_point().x);
  EXPECT_NEAR(model.principal_point().y, reference->principal_point().y,
              0.01 * reference->principal_point().y);
  EXPECT_LT(model.avg_reprojection_error_px, 1.0);
  ASSERT_EQ(model.per_view_reprojection_errors_px.size(), 13u);
  ASSERT_EQ(model.view_names.size(), 13u);

  // The refined corners fit every picture well: nothing is named an outlier.
  EXPECT_TRUE(result->outlier_views.empty());
  for (const double error : model.per_view_reprojection_errors_px) EXPECT_LT(error, 0.5);
}

// A view whose corners were mis-detected (here: a corner of left05.jpg moved by 6 px, as when a
// corner locks onto the wrong edge) fits far worse than the others and is named.
std::vector<ChessboardView> views_with_one_misdetected(const ChessboardViews& views,
                                                       std::string& misdetected) {
  std::vector<ChessboardView> changed = views.views;
  ChessboardView& view = changed[4];
  misdetected = view.name;
  view.corners[20] += cv::Point2f(6, -4);
  view.corners[33] += cv::Point2f(-5, 5);
  return changed;
}

TEST(CameraCalibration, AMisdetectedViewIsNamedAsAnOutlier) {
  ASSERT_NO_FATAL_FAILURE(require_opencv_samples());
  const auto views = chessboard_views_from_files(left_pictures(), {9, 6});
  ASSERT_TRUE(views) << views.error().message;
  std::string misdetected;
  const std::vector<ChessboardView> changed = views_with_one_misdetected(*views, misdetected);
  const auto result = calibrate_camera(changed, views->image_size, {{9, 6}, 25.0}, {});
  ASSERT_TRUE(result) << result.error().message;
  ASSERT_EQ(result->outlier_views, std::vector<std::string>{misdetected});
  EXPECT_TRUE(result->dropped_views.empty());
  EXPECT_EQ(result->model.per_view_reprojection_errors_px.size(), 13u);
}

TEST(CameraCalibration, DroppingTheOutlierSolvesWithoutIt) {
  ASSERT_NO_FATAL_FAILURE(require_opencv_samples());
  const auto views = chessboard_views_from_files(left_pictures(), {9, 6});
  ASSERT_TRUE(views) << views.error().message;
  std::string misdetected;
  const std::vector<ChessboardView> changed = views_with_one_misdetected(*views, misdetected);
  CameraCalibrationOptions options;
  options.drop_outliers = true;
  const auto result = calibrate_camera(changed, views->image_size, {{9, 6}, 25.0}, options);
  ASSERT_TRUE(result) << result.error().message;
  ASSERT_EQ(result->dropped_views, std::vector<std::string>{misdetected});
  EXPECT_EQ(result->model.per_view_reprojection_errors_px.size(), 12u);
  for (const std::string& name : result->model.view_names) EXPECT_NE(name, misdetected);
  EXPECT_LT(result->model.avg_reprojection_error_px, 0.3);
}

TEST(CameraCalibration, OutliersNeedBothTwiceTheMedianAndThreeRobustDeviations) {
  const std::vector<double> one_bad = {0.2, 0.21, 0.19, 0.2, 0.22, 1.2, 0.18};
  EXPECT_EQ(outlier_view_indices(one_bad), std::vector<std::size_t>{5});
  // All alike: the deviation is tiny, but nothing is twice the median.
  const std::vector<double> alike = {0.10, 0.10, 0.10, 0.10, 0.13};
  EXPECT_TRUE(outlier_view_indices(alike).empty());
  // Widely spread: twice the median, but within three deviations.
  const std::vector<double> spread = {0.1, 0.3, 0.5, 0.7, 0.9, 1.1};
  EXPECT_TRUE(outlier_view_indices(spread).empty());
  EXPECT_TRUE(outlier_view_indices(std::vector<double>{0.1, 5.0}).empty());
}

TEST(CameraCalibration, TooFewViewsIsAnError) {
  const std::vector<std::string> paths = {(kOpenCvSamples / "left01.jpg").string()};
  ASSERT_NO_FATAL_FAILURE(require_opencv_samples());
  const auto views = chessboard_views_from_files(paths, {9, 6});
  ASSERT_TRUE(views);
  const auto result = calibrate_camera(views->views, views->image_size, {{9, 6}, 25.0}, {});
  ASSERT_FALSE(result);
  EXPECT_NE(result.error().message.find("at least 3"), std::string::npos) << result.error().message;
}

TEST(CameraCalibration, PicturesOfAnotherSizeOrUnreadableAreErrors) {
  ASSERT_NO_FATAL_FAILURE(require_opencv_samples());
  const std::vector<std::string> unreadable = {"/nonexistent/board.jpg"};
  const auto missing = chessboard_views_from_files(unreadable, {9, 6});
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message, "/nonexistent/board.jpg: cannot read the picture");

  const fs::path smaller = fs::temp_directory_path() / "tableref-calibration-left01-small.png";
  cv::Mat half;
  cv::resize(cv::imread((kOpenCvSamples / "left01.jpg").string()), half, {320, 240});
  ASSERT_TRUE(cv::imwrite(smaller.string(), half));
  const std::vector<std::string> mixed = {(kOpenCvSamples / "left01.jpg").string(),
                                          smaller.string()};
  const auto sizes = chessboard_views_from_files(mixed, {9, 6});
  fs::remove(smaller);
  ASSERT_FALSE(sizes);
  EXPECT_EQ(sizes.error().message, smaller.string() +
                                       ": 320x240 where the first picture is 640x480 (one "
                                       "calibration per camera resolution)");
}

TEST(CameraCalibration, ABoardOfTheWrongSizeIsNotFound) {
  ASSERT_NO_FATAL_FAILURE(require_opencv_samples());
  const cv::Mat picture = cv::imread((kOpenCvSamples / "left01.jpg").string());
  EXPECT_TRUE(find_chessboard(picture, {9, 6}).has_value());
  EXPECT_FALSE(find_chessboard(picture, {7, 7}).has_value());
}

TEST(CameraCalibration, ACameraThatCannotBeOpenedIsAOneLineError) {
  LiveCaptureOptions options;
  options.camera_index = 97;  // no machine has that many cameras
  options.timeout_s = 5;
  int progress_lines = 0;
  const auto views =
      capture_chessboard_views(options, {9, 6}, [&](std::string_view) { ++progress_lines; });
  ASSERT_FALSE(views);
  EXPECT_EQ(views.error().message, "camera 97: cannot open the camera (is it connected and free?)");
  EXPECT_EQ(progress_lines, 0);
}

}  // namespace
}  // namespace tableref::calibration
