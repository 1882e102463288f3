// Undoing a calibrated lens: the geometry against the renderer's camera model, and the Monster
// Freeze reader reading through it under the envelope's strongest lenses.

#include "vision/lens_correction.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

#include "evaluation/freeze_run.hpp"
#include "evaluation/freeze_score.hpp"
#include "referee/deck.hpp"
#include "samples/camera.hpp"
#include "samples/freeze_scene.hpp"
#include "samples/render.hpp"
#include "vision/freeze_reader.hpp"
#include "vision/observation_json.hpp"

namespace tableref::vision {
namespace {

samples::CaptureConditions strong_lens(double k1) {
  samples::CaptureConditions conditions;
  conditions.tilt_deg = 25;
  conditions.yaw_deg = 30;
  conditions.k1 = k1;
  conditions.k2 = k1 < 0 ? 0.02 : 0.0;
  return conditions;
}

LensCorrection lens_of(const samples::TableCamera& camera) {
  const cv::Vec<double, 5> distortion = camera.distortion_coefficients();
  return LensCorrection(camera.camera_matrix(),
                        std::vector<double>(distortion.val, distortion.val + 5), camera.image_size);
}

TEST(LensCorrection, PinholePixelsGoBackWhereTheLensShowsThem) {
  for (const double k1 : {-0.15, 0.15}) {
    const auto camera = samples::TableCamera::looking_at(strong_lens(k1), {0, 0}, 600);
    samples::TableCamera pinhole = camera;
    pinhole.k1 = pinhole.k2 = 0;
    const LensCorrection lens = lens_of(camera);
    for (const cv::Point2d table_mm : {cv::Point2d(0, 0), cv::Point2d(200, -120),
                                       cv::Point2d(-250, 90), cv::Point2d(150, 150)}) {
      const cv::Point2d raw = camera.image_from_table(table_mm);
      const cv::Point2d mapped = lens.raw_from_pinhole(pinhole.image_from_table(table_mm));
      EXPECT_NEAR(mapped.x, raw.x, 0.01) << "k1 " << k1;
      EXPECT_NEAR(mapped.y, raw.y, 0.01) << "k1 " << k1;
    }
  }
}

TEST(LensCorrection, TheUndistortedPictureShowsWhatTheRawOneShowsThere) {
  const auto camera = samples::TableCamera::looking_at(strong_lens(-0.15), {0, 0}, 600);
  const LensCorrection lens = lens_of(camera);
  // Every raw pixel holds its own coordinates, so the pinhole picture says where it looked.
  cv::Mat raw(camera.image_size, CV_32FC2);
  raw.forEach<cv::Vec2f>([](cv::Vec2f& value, const int* at) {
    value = {static_cast<float>(at[1]), static_cast<float>(at[0])};
  });
  const cv::Mat pinhole = lens.undistort(raw);
  for (const cv::Point pinhole_px :
       {cv::Point(640, 360), cv::Point(200, 150), cv::Point(1100, 600), cv::Point(300, 650)}) {
    const cv::Vec2f looked_at = pinhole.at<cv::Vec2f>(pinhole_px);
    const cv::Point2d expected = lens.raw_from_pinhole(pinhole_px);
    EXPECT_NEAR(looked_at[0], expected.x, 0.1);
    EXPECT_NEAR(looked_at[1], expected.y, 0.1);
  }
}

TEST(LensCorrection, RefusesWhatOpenCvCannotModel) {
  EXPECT_THROW(LensCorrection(cv::Matx33d::eye(), {0.1, 0.0, 0.0}, {1280, 720}),
               std::invalid_argument);
  EXPECT_THROW(LensCorrection(cv::Matx33d(0, 0, 640, 0, 0, 360, 0, 0, 1),
                              std::vector<double>(5, 0.0), {1280, 720}),
               std::invalid_argument);
  const LensCorrection lens(cv::Matx33d(1000, 0, 640, 0, 1000, 360, 0, 0, 1),
                            std::vector<double>(5, 0.0), {1280, 720});
  EXPECT_THROW(lens.undistort(cv::Mat(1080, 1920, CV_8UC3)), std::invalid_argument);
}

evaluation::FreezeScore read_scenes(double k1, bool through_lens) {
  evaluation::FreezeScore score;
  for (int i = 0; i < 10; ++i) {
    std::mt19937_64 rng(samples::image_seed(4242, i));
    samples::CaptureConditions conditions = samples::draw_conditions(samples::Level::webcam, rng);
    conditions.k1 = k1;
    conditions.k2 = k1 < 0 ? 0.02 : 0.0;
    samples::RenderedImage rendered;
    for (;;) {
      try {
        rendered = samples::render_freeze(samples::random_freeze_scene(rng), conditions, rng());
        break;
      } catch (const std::invalid_argument&) {
        // Too large to frame: draw another layout.
      }
    }
    FreezeReaderParams params;
    if (through_lens) params.lens = evaluation::true_lens(rendered.truth);
    StageLog log;
    const auto reading = read_freeze(rendered.image_bgr, referee::builtin_freeze_deck(),
                                     palette_references(), params, log);
    // Scored against the truth in raw pixels: the corners come back where the picture shows them.
    score.add(evaluation::score_freeze(rendered.truth, freeze_fields(reading)));
  }
  return score;
}

TEST(LensCorrection, FreezeStacksAreReadThroughTheStrongestLensesAndReportedInRawPixels) {
  for (const double k1 : {-0.15, 0.15}) {
    const auto as_seen = read_scenes(k1, false);
    const auto undistorted = read_scenes(k1, true);
    std::cout << "k1 " << k1 << " as seen:\n"
              << as_seen.report() << "\nthrough the lens:\n"
              << undistorted.report() << '\n';
    EXPECT_GE(undistorted.recall(), 0.99) << "k1 " << k1;
    EXPECT_GE(undistorted.precision(), 0.99) << "k1 " << k1;
    EXPECT_GE(undistorted.cell_accuracy(), as_seen.cell_accuracy()) << "k1 " << k1;
    EXPECT_LE(undistorted.cells_wrong, as_seen.cells_wrong) << "k1 " << k1;
    EXPECT_EQ(undistorted.false_tricks, 0) << "k1 " << k1;
  }
}

}  // namespace
}  // namespace tableref::vision
