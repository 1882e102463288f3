#include "samples/camera.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "samples/freeze_scene.hpp"

namespace tableref::samples {
namespace {

CaptureConditions view(double tilt_deg, double yaw_deg, double k1, double k2) {
  CaptureConditions conditions;
  conditions.image_size = {1280, 720};
  conditions.horizontal_fov_deg = 66;
  conditions.tilt_deg = tilt_deg;
  conditions.tilt_azimuth_deg = 130;
  conditions.yaw_deg = yaw_deg;
  conditions.k1 = k1;
  conditions.k2 = k2;
  return conditions;
}

// The envelope's lenses: none, strong barrel (with the k2 that keeps it monotonic), pincushion.
const std::vector<CaptureConditions> kViews = {view(0, 0, 0, 0), view(35, 250, -0.15, 0.03),
                                               view(20, 40, 0.15, -0.01),
                                               view(12, 300, -0.08, 0.0)};

double cross(cv::Point2d a, cv::Point2d b) {
  return a.x * b.y - a.y * b.x;
}

std::vector<std::vector<cv::Point2d>> card_outlines(const FreezeScene& scene) {
  std::vector<std::vector<cv::Point2d>> outlines;
  for (const FreezeStackLayout& stack : scene.stacks) {
    for (std::size_t card = 0; card < stack.cards.size(); ++card) {
      const auto corners = card_corners(card_pose(stack, card));
      outlines.emplace_back(corners.begin(), corners.end());
    }
  }
  return outlines;
}

TEST(TableCamera, ImageAndTableMapsAreInverse) {
  for (const CaptureConditions& conditions : kViews) {
    const TableCamera camera = TableCamera::looking_at(conditions, {100, -50}, 550);
    for (int y = 0; y <= 720; y += 60) {
      for (int x = 0; x <= 1280; x += 80) {
        const cv::Point2d pixel(x - 0.5, y - 0.5);
        const cv::Point2d table = camera.table_from_image(pixel);
        ASSERT_TRUE(std::isfinite(table.x)) << pixel;
        EXPECT_LT(cv::norm(camera.image_from_table(table) - pixel), 1e-6) << pixel;
        EXPECT_LT(cv::norm(camera.table_from_image(camera.image_from_table(table)) - table), 1e-6);
      }
    }
  }
}

TEST(TableCamera, StraightDownWithoutDistortionIsAScaledView) {
  const TableCamera camera = TableCamera::looking_at(view(0, 0, 0, 0), {30, 40}, 500);
  const cv::Point2d centre = camera.image_from_table({30, 40});
  EXPECT_LT(cv::norm(centre - camera.principal_point), 1e-9);
  const cv::Point2d step = camera.image_from_table({40, 40}) - centre;
  EXPECT_NEAR(step.x, camera.focal_px * 10 / 500, 1e-9);
  EXPECT_NEAR(step.y, 0, 1e-9);
  EXPECT_NEAR(camera.focal_px, 640 / std::tan(33 * 3.14159265358979323846 / 180), 1e-9);
}

TEST(TableCamera, OpticalAxisIsTiltedAndMeetsTheTarget) {
  const TableCamera camera = TableCamera::looking_at(view(30, 77, -0.1, 0.02), {10, 20}, 600);
  EXPECT_LT(cv::norm(camera.table_from_image(camera.principal_point) - cv::Point2d(10, 20)), 1e-9);
  EXPECT_NEAR(camera.height_mm(), 600, 1e-9);
  // The optical axis is the third row of the rotation, in table axes (z into the table).
  const double axis_z = camera.camera_from_table(2, 2);
  EXPECT_NEAR(std::acos(axis_z) * 180 / 3.14159265358979323846, 30, 1e-9);
}

TEST(TableCamera, ClockwiseOnTheTableStaysClockwiseInTheImage) {
  for (const CaptureConditions& conditions : kViews) {
    const TableCamera camera = TableCamera::looking_at(conditions, {0, 0}, 500);
    const std::array<cv::Point2d, 3> table = {cv::Point2d(-20, -20), cv::Point2d(20, -20),
                                              cv::Point2d(20, 20)};
    std::array<cv::Point2d, 3> image;
    for (std::size_t i = 0; i < 3; ++i) image[i] = camera.image_from_table(table[i]);
    EXPECT_GT(cross(table[1] - table[0], table[2] - table[1]), 0);
    EXPECT_GT(cross(image[1] - image[0], image[2] - image[1]), 0);
  }
}

TEST(TableCamera, FittedLayoutsAreInViewWithEveryCardAtLeast70Px) {
  std::mt19937_64 rng(42);
  for (int draw = 0; draw < 60; ++draw) {
    const Level level = static_cast<Level>(draw % 3);
    const CaptureConditions conditions = draw_conditions(level, rng);
    const FreezeScene scene = random_freeze_scene(rng);
    const auto outlines = card_outlines(scene);
    const std::optional<TableCamera> camera = fit_camera(conditions, outlines);
    ASSERT_TRUE(camera.has_value()) << "draw " << draw;
    EXPECT_GE(shortest_side_px(*camera, outlines), kMinPieceSidePx) << "draw " << draw;
    for (const auto& outline : outlines) {
      for (const cv::Point2d& corner : outline) {
        const cv::Point2d pixel = camera->image_from_table(corner);
        EXPECT_TRUE(
            cv::Rect2d(0, 0, conditions.image_size.width - 1, conditions.image_size.height - 1)
                .contains(pixel))
            << "draw " << draw << " corner " << pixel;
      }
    }
  }
}

TEST(TableCamera, FitPrefersTheConditionsHeight) {
  CaptureConditions conditions = view(10, 0, 0, 0);
  const std::vector<std::vector<cv::Point2d>> one_card = {{{0, 0}, {65, 0}, {65, 65}, {0, 65}}};
  conditions.camera_height_mm = 500;
  EXPECT_NEAR(fit_camera(conditions, one_card)->height_mm(), 500, 1e-6);
  // Too high: the card would be smaller than 70 px, so the camera comes down just enough.
  conditions.camera_height_mm = 5000;
  const TableCamera lowered = *fit_camera(conditions, one_card);
  EXPECT_LT(lowered.height_mm(), 1000);
  EXPECT_NEAR(shortest_side_px(lowered, one_card), kMinPieceSidePx + 2, 0.5);
}

TEST(TableCamera, LayoutTooLargeForTheImageCannotBeFitted) {
  const CaptureConditions conditions = view(35, 0, 0, 0);
  const std::vector<std::vector<cv::Point2d>> far_apart = {
      {{0, 0}, {65, 0}, {65, 65}, {0, 65}}, {{3000, 0}, {3065, 0}, {3065, 65}, {3000, 65}}};
  EXPECT_FALSE(fit_camera(conditions, far_apart).has_value());
}

}  // namespace
}  // namespace tableref::samples
