// The colour sheet: the printable page, and finding it again in photos under a coloured light,
// in perspective, with noise; synthetic (a warp of the page itself) and rendered (the scene
// renderer's lamp, lens and sensor).

#include "calibration/colour_sheet.hpp"

#include <gtest/gtest.h>

#include <array>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <random>

#include "calibration/colour_profile.hpp"
#include "calibration/table_plane.hpp"
#include "colour_sheet_scene.hpp"
#include "vision/colour_space.hpp"

namespace tableref::calibration {
namespace {

cv::Point2d apply(const cv::Matx33d& homography, cv::Point2d point) {
  const cv::Vec3d p = homography * cv::Vec3d(point.x, point.y, 1);
  return {p[0] / p[2], p[1] / p[2]};
}

cv::Vec3f palette_lab(Patch patch) {
  const referee::Rgb rgb = patch_reference_rgb(patch);
  return vision::lab_of(rgb);
}

// The page warped into a 1280 × 720 picture of a grey table, lit by a lamp whose linear-RGB
// colour is `lamp_rgb`, with Gaussian noise of `noise_sigma` (8-bit).
struct SyntheticPhoto {
  cv::Mat image;
  cv::Matx33d image_from_sheet;
};

SyntheticPhoto synthetic_photo(const cv::Vec3f& lamp_rgb, double noise_sigma) {
  constexpr double kDpi = 100;
  const cv::Mat page = draw_colour_sheet(kDpi);
  const double px_per_mm = kDpi / 25.4;
  // A tilted view: the page's far edge is shorter, and the page is turned.
  const std::vector<cv::Point2f> page_corners_px = {
      {0, 0},
      {static_cast<float>(page.cols), 0},
      {static_cast<float>(page.cols), static_cast<float>(page.rows)},
      {0, static_cast<float>(page.rows)}};
  const std::vector<cv::Point2f> image_corners = {{540, 80}, {830, 120}, {880, 650}, {430, 610}};
  const cv::Matx33d image_from_page(cv::getPerspectiveTransform(page_corners_px, image_corners));
  cv::Mat photo(720, 1280, CV_8UC3, cv::Scalar(110, 120, 125));
  cv::warpPerspective(page, photo, cv::Mat(image_from_page), photo.size(), cv::INTER_AREA,
                      cv::BORDER_TRANSPARENT);
  // The lamp multiplies linear light; the camera encodes sRGB and adds noise. Each channel's
  // 256 values map through a table.
  std::array<std::array<float, 256>, 3> lit_srgb;  // [BGR channel][8-bit value]
  for (int value = 0; value < 256; ++value) {
    const float v = static_cast<float>(value);
    const cv::Vec3f lit = vision::linear_from_srgb(cv::Vec3f(v, v, v)).mul(lamp_rgb);
    const cv::Vec3f srgb = vision::srgb_from_linear(lit);
    for (int c = 0; c < 3; ++c)
      lit_srgb[static_cast<std::size_t>(2 - c)][static_cast<std::size_t>(value)] = srgb[c];
  }
  cv::Mat linear(photo.size(), CV_32FC3);
  for (int row = 0; row < photo.rows; ++row) {
    const auto* in = photo.ptr<cv::Vec3b>(row);
    auto* out = linear.ptr<cv::Vec3f>(row);
    for (int col = 0; col < photo.cols; ++col) {
      for (int c = 0; c < 3; ++c) out[col][c] = lit_srgb[static_cast<std::size_t>(c)][in[col][c]];
    }
  }
  cv::Mat noise(photo.size(), CV_32FC3);
  cv::RNG rng(12345);
  rng.fill(noise, cv::RNG::NORMAL, 0, noise_sigma);
  const cv::Mat noisy = linear + noise;
  noisy.convertTo(photo, CV_8UC3);
  const cv::Matx33d page_from_sheet(px_per_mm, 0, 0, 0, px_per_mm, 0, 0, 0, 1);
  return {photo, image_from_page * page_from_sheet};
}

const cv::Vec3f kWarmLamp(1.0f, 0.72f, 0.38f);  // about 2700 K on a daylight-balanced camera

// The photo the tests share (each changes its own copy): made once, it is the slowest part.
SyntheticPhoto warm_photo() {
  static const SyntheticPhoto photo = synthetic_photo(kWarmLamp, 3.0);
  return {photo.image.clone(), photo.image_from_sheet};
}

TEST(ColourSheet, IsAnA4PageAt300DpiThatSaysSo) {
  const cv::Mat page = draw_colour_sheet(300);
  EXPECT_EQ(page.size(), cv::Size(2480, 3508));
  const std::vector<std::uint8_t> png = colour_sheet_png(300);
  const cv::Mat decoded = cv::imdecode(png, cv::IMREAD_COLOR);
  ASSERT_EQ(decoded.size(), page.size());
  EXPECT_EQ(cv::norm(decoded, page, cv::NORM_INF), 0);
  // The pHYs chunk right after the header: 11811 dots per metre both ways, unit metre.
  const std::string bytes(png.begin() + 33, png.begin() + 33 + 21);
  EXPECT_EQ(bytes.substr(4, 4), "pHYs");
  const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(bytes[i]); };
  EXPECT_EQ((byte(8) << 24) | (byte(9) << 16) | (byte(10) << 8) | byte(11), 11811);
  EXPECT_EQ(byte(16), 1);
}

TEST(ColourSheet, PrintsEveryPatchInItsReferenceColour) {
  constexpr double kDpi = 300;
  const cv::Mat page = draw_colour_sheet(kDpi);
  for (const Patch patch : kAllPatches) {
    const cv::Point2d centre_mm = (patch_rect_mm(patch).tl() + patch_rect_mm(patch).br()) * 0.5;
    const cv::Vec3b bgr = page.at<cv::Vec3b>(cv::Point(centre_mm * (kDpi / 25.4)));
    const referee::Rgb rgb = patch_reference_rgb(patch);
    EXPECT_EQ(bgr, cv::Vec3b(rgb.b, rgb.g, rgb.r)) << patch_name(patch);
  }
  EXPECT_EQ(patch_reference_rgb(Patch::freeze_face).b, 0xF5);
  EXPECT_EQ(patch_reference_rgb(Patch::trio_cream).r, 0xF5);
  EXPECT_EQ(parse_patch("trio_cream"), Patch::trio_cream);
  EXPECT_FALSE(parse_patch("pink").has_value());
}

TEST(ColourSheet, IsFoundUnderAColourCastInPerspective) {
  const SyntheticPhoto photo = warm_photo();
  const auto sheet = find_colour_sheet(photo.image);
  ASSERT_TRUE(sheet) << sheet.error().message;
  EXPECT_EQ(sheet->markers_found, 4);
  // The homography puts the page's corners and patches where the warp put them.
  for (const cv::Point2d sheet_mm :
       {cv::Point2d(0, 0), {210, 0}, {210, 297}, {0, 297}, {105, 148}}) {
    EXPECT_LT(cv::norm(apply(sheet->image_from_sheet, sheet_mm) -
                       apply(photo.image_from_sheet, sheet_mm)),
              1.5)
        << sheet_mm;
  }
  // The profile divides the lamp out: gains proportional to 1 / lamp, and every colour back at
  // its printed reference, though under the lamp they are far from it.
  const auto balanced = profile_from_sheet(*sheet);
  ASSERT_TRUE(balanced) << balanced.error().message;
  const ColourProfile& profile = balanced.value();
  const cv::Vec3f gains = profile.white_balance_gains;
  EXPECT_NEAR(gains[0] * kWarmLamp[0], gains[1] * kWarmLamp[1], 0.03 * gains[0] * kWarmLamp[0]);
  EXPECT_NEAR(gains[2] * kWarmLamp[2], gains[1] * kWarmLamp[1], 0.03 * gains[2] * kWarmLamp[2]);
  float largest_cast = 0;
  for (const Patch patch : {Patch::yellow, Patch::green, Patch::red, Patch::blue, Patch::purple,
                            Patch::freeze_face, Patch::trio_cream}) {
    ASSERT_TRUE(profile.lab_of(patch).has_value());
    EXPECT_LT(vision::lab_distance(*profile.lab_of(patch), palette_lab(patch)), 3.0f)
        << patch_name(patch);
    largest_cast = std::max(
        largest_cast,
        vision::lab_distance(vision::lab_from_linear(sheet->measured(patch)), palette_lab(patch)));
  }
  EXPECT_GT(largest_cast, 20.0f);
}

TEST(ColourSheet, GivesTheTablePlane) {
  const SyntheticPhoto photo = warm_photo();
  const auto sheet = find_colour_sheet(photo.image);
  ASSERT_TRUE(sheet) << sheet.error().message;
  const TablePlane table = table_from_sheet(*sheet);
  EXPECT_EQ(table.image_size, cv::Size(1280, 720));
  EXPECT_EQ(table.area_mm, kSheetSizeMm);
  const auto corner_mm = table.table_point(apply(photo.image_from_sheet, {210, 297}));
  ASSERT_TRUE(corner_mm.has_value());
  EXPECT_LT(cv::norm(*corner_mm - cv::Point2d(210, 297)), 1.0);
}

TEST(ColourSheet, ThreeMarkersAreEnough) {
  SyntheticPhoto photo = warm_photo();
  // A hand over the bottom-right marker.
  const std::array<cv::Point2f, 4> marker = marker_corners_mm(2);
  std::vector<cv::Point> hidden;
  for (const cv::Point2f& corner : marker)
    hidden.emplace_back(apply(photo.image_from_sheet, corner));
  cv::fillConvexPoly(photo.image, hidden, cv::Scalar(90, 120, 180));
  const auto sheet = find_colour_sheet(photo.image);
  ASSERT_TRUE(sheet) << sheet.error().message;
  EXPECT_EQ(sheet->markers_found, 3);
  EXPECT_LT(cv::norm(apply(sheet->image_from_sheet, {105, 148}) -
                     apply(photo.image_from_sheet, {105, 148})),
            2.0);
}

TEST(ColourSheet, NoSheetInViewIsAnError) {
  const cv::Mat table(720, 1280, CV_8UC3, cv::Scalar(60, 90, 130));
  const auto sheet = find_colour_sheet(table);
  ASSERT_FALSE(sheet);
  EXPECT_EQ(sheet.error().message,
            "found 0 of the colour sheet's 4 markers (3 are needed): is the whole sheet in view, "
            "flat and lit?");
}

TEST(ColourSheet, AHalfCoveredPatchIsNamed) {
  SyntheticPhoto photo = warm_photo();
  const cv::Rect2d red = patch_rect_mm(Patch::red);
  std::vector<cv::Point> left_half;
  for (const cv::Point2d corner_mm :
       {red.tl(), red.tl() + cv::Point2d(red.width / 2, 0),
        red.br() - cv::Point2d(red.width / 2, 0), red.tl() + cv::Point2d(0, red.height)}) {
    left_half.emplace_back(apply(photo.image_from_sheet, corner_mm));
  }
  cv::fillConvexPoly(photo.image, left_half, cv::Scalar(120, 150, 200));  // a finger
  const auto sheet = find_colour_sheet(photo.image);
  ASSERT_FALSE(sheet);
  EXPECT_EQ(sheet.error().message,
            "patch red is uneven or cut off: a hand, a shadow or glare over it?");
}

TEST(ColourSheet, AWhollyCoveredPatchIsNamed) {
  SyntheticPhoto photo = warm_photo();
  const cv::Rect2d blue = patch_rect_mm(Patch::blue);
  const cv::Point centre(apply(photo.image_from_sheet, (blue.tl() + blue.br()) * 0.5));
  cv::circle(photo.image, centre, 30, cv::Scalar(120, 150, 200), cv::FILLED);  // a fingertip
  const auto sheet = find_colour_sheet(photo.image);
  ASSERT_TRUE(sheet) << sheet.error().message;  // the patch looks even: it is all finger
  const auto profile = profile_from_sheet(*sheet);
  ASSERT_FALSE(profile);
  EXPECT_EQ(profile.error().message.rfind("patch blue is far from its printed colour", 0), 0u)
      << profile.error().message;
}

// The renderer's own photograph of the sheet under a 2700 K lamp, a tilted camera, brightness
// fall-off, blur, noise and JPEG.
TEST(ColourSheet, IsFoundInARenderedPhotoUnderAWarmLamp) {
  std::mt19937_64 rng(4242);
  samples::CaptureConditions conditions =
      testing::sheet_photo_conditions(samples::Level::webcam, 2700, rng);
  conditions.tilt_deg = 25;
  conditions.k1 = conditions.k2 = 0;  // a straight lens, so that the truth is a homography
  const testing::SheetPhoto rendered = testing::photograph_colour_sheet(conditions, 23.0, rng());
  const auto sheet = find_colour_sheet(rendered.photo.image_bgr);
  ASSERT_TRUE(sheet) << sheet.error().message;
  EXPECT_EQ(sheet->markers_found, 4);
  for (const cv::Point2d sheet_mm :
       {cv::Point2d(0, 0), {210, 0}, {210, 297}, {0, 297}, {105, 148}}) {
    const cv::Point2d truth =
        rendered.photo.camera.image_from_table(samples::table_from_piece(rendered.sheet, sheet_mm));
    EXPECT_LT(cv::norm(apply(sheet->image_from_sheet, sheet_mm) - truth), 2.0) << sheet_mm;
  }
  const auto balanced = profile_from_sheet(*sheet);
  ASSERT_TRUE(balanced) << balanced.error().message;
  const ColourProfile& profile = balanced.value();
  // A warm lamp: blue is boosted most, red least.
  EXPECT_GT(profile.white_balance_gains[2], 1.5f * profile.white_balance_gains[0]);
  for (const Patch patch :
       {Patch::green, Patch::red, Patch::blue, Patch::purple, Patch::freeze_face}) {
    const cv::Vec3f raw = vision::lab_from_linear(sheet->measured(patch));
    EXPECT_LT(vision::lab_distance(*profile.lab_of(patch), palette_lab(patch)),
              0.5f * vision::lab_distance(raw, palette_lab(patch)))
        << patch_name(patch);
  }
}

}  // namespace
}  // namespace tableref::calibration
