// Colours for everyone: the overlay's colour-blind palette stays distinct for red-green and
// blue-yellow colour blindness, every monster colour has its own symbol and pattern, and the
// colour probe names colours as the readers do, under any light.
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>
#include <set>

#include "gui/colour_probe.hpp"
#include "gui/colour_vision.hpp"
#include "gui/overlay_style.hpp"
#include "vision/colour_space.hpp"

namespace tableref::gui {
namespace {

cv::Vec3f rgb_of(const QColor& colour) {
  return {static_cast<float>(colour.red()), static_cast<float>(colour.green()),
          static_cast<float>(colour.blue())};
}
cv::Vec3f rgb_of(referee::Colour colour) {
  const referee::Rgb rgb = referee::reference_rgb(colour);
  return {static_cast<float>(rgb.r), static_cast<float>(rgb.g), static_cast<float>(rgb.b)};
}

TEST(ColourVision, ThePrintRedAndGreenLookAlikeToGreenBlindPeople) {
  // Why the overlay names colours: the cards' own red and green are hard to tell apart.
  const cv::Vec3f red = rgb_of(referee::Colour::red), green = rgb_of(referee::Colour::green);
  EXPECT_GT(seen_difference(ColourVision::typical, red, green), 100);
  EXPECT_LT(seen_difference(ColourVision::deutan, red, green), 20);
  // And tritan vision confuses the print blue with the purple far more than typical vision does.
  const cv::Vec3f blue = rgb_of(referee::Colour::blue), purple = rgb_of(referee::Colour::purple);
  EXPECT_LT(seen_difference(ColourVision::protan, blue, purple), 15);
}

TEST(OverlayStyle, TheColourBlindPaletteStaysDistinctForEveryColourVision) {
  for (const ColourVision vision : kAllColourVisions) {
    for (std::size_t i = 0; i < kAllOverlayRoles.size(); ++i) {
      for (std::size_t j = i + 1; j < kAllOverlayRoles.size(); ++j) {
        const QColor a = role_style(kAllOverlayRoles[i], true).colour;
        const QColor b = role_style(kAllOverlayRoles[j], true).colour;
        EXPECT_GT(seen_difference(vision, rgb_of(a), rgb_of(b)), 35)
            << colour_vision_name(vision) << ": roles " << i << " and " << j;
      }
    }
  }
}

TEST(OverlayStyle, EveryRoleHasItsOwnWordAndEveryMarkedRoleItsOwnLine) {
  std::set<QString> tags;
  std::set<int> lines;
  for (const OverlayRole role : kAllOverlayRoles) {
    const RoleStyle style = role_style(role, true);
    tags.insert(style.tag);
    if (role != OverlayRole::card && role != OverlayRole::trick) lines.insert(style.line);
  }
  EXPECT_EQ(tags.size(), kAllOverlayRoles.size());
  EXPECT_EQ(lines.size(), 3u) << "illegal, capture and detached are told apart by their lines too";
}

TEST(OverlayStyle, EveryMonsterColourHasItsOwnSymbolAndPattern) {
  std::set<ColourSymbol> symbols;
  std::set<Qt::BrushStyle> patterns;
  for (const referee::Colour colour : referee::kAllColours) {
    symbols.insert(symbol_of(colour));
    patterns.insert(pattern_of(colour));
    EXPECT_FALSE(symbol_path(symbol_of(colour), {10, 10}, 16).isEmpty());
  }
  EXPECT_EQ(symbols.size(), referee::kAllColours.size());
  EXPECT_EQ(patterns.size(), referee::kAllColours.size());
}

// A Monster Freeze card seen from above under a tinted light: its face, a border, and one monster
// in each of the first five positions, in palette order.
struct CardPicture {
  cv::Mat bgr;
  std::array<cv::Point2d, 4> corners;
  std::vector<cv::Point2d> monster_centres;
};

CardPicture card_picture(const cv::Vec3f& light_gains) {
  constexpr double kPxPerMm = 4;
  CardPicture picture;
  picture.bgr = cv::Mat(400, 400, CV_8UC3, cv::Scalar(60, 50, 40));
  const cv::Point2d origin(70, 70);
  const auto at = [&](double x_mm, double y_mm) {
    return origin + cv::Point2d(x_mm, y_mm) * kPxPerMm;
  };
  picture.corners = {at(0, 0), at(65, 0), at(65, 65), at(0, 65)};
  cv::rectangle(picture.bgr, at(0, 0), at(65, 65), cv::Scalar(0xC9, 0xA7, 0x7F), cv::FILLED);
  cv::rectangle(picture.bgr, at(2, 2), at(63, 63), cv::Scalar(0xF5, 0xEA, 0xDC), cv::FILLED);
  for (std::size_t i = 0; i < 5; ++i) {
    const cv::Point2d centre =
        at(13.5 + 19.0 * static_cast<double>(i % 3), 13.5 + 19.0 * static_cast<double>(i / 3));
    const referee::Rgb rgb = referee::reference_rgb(referee::kMonsterColours[i]);
    cv::circle(picture.bgr, centre, static_cast<int>(8 * kPxPerMm), cv::Scalar(rgb.b, rgb.g, rgb.r),
               cv::FILLED);
    picture.monster_centres.push_back(centre);
  }
  // The light: per-channel gains in linear light.
  picture.bgr.forEach<cv::Vec3b>([&](cv::Vec3b& pixel, const int*) {
    const cv::Vec3f linear = vision::linear_from_srgb(cv::Vec3f(pixel[2], pixel[1], pixel[0]));
    const cv::Vec3f lit = vision::srgb_from_linear(linear.mul(light_gains));
    pixel = cv::Vec3b(cv::saturate_cast<uchar>(lit[2]), cv::saturate_cast<uchar>(lit[1]),
                      cv::saturate_cast<uchar>(lit[0]));
  });
  return picture;
}

TEST(ColourProbe, NamesEveryMonsterUnderAWarmLampAgainstTheCardsFace) {
  const CardPicture picture = card_picture({0.95f, 0.75f, 0.45f});  // about 3000 K
  const std::vector<std::array<cv::Point2d, 4>> corners = {picture.corners};
  for (std::size_t i = 0; i < picture.monster_centres.size(); ++i) {
    const auto reading = probe_colour(picture.bgr, picture.monster_centres[i], corners,
                                      vision::palette_references());
    ASSERT_TRUE(reading.has_value());
    EXPECT_EQ(reading->name, referee::colour_name(referee::kMonsterColours[i]));
    EXPECT_EQ(reading->white, "card face");
    EXPECT_LT(reading->distance, 30);
    EXPECT_EQ(probe_sentence(*reading), reading->name);
  }
}

TEST(ColourProbe, SaysUnknownWithTheNearestColourForAColourOutsideThePalette) {
  const CardPicture picture = card_picture({1, 1, 1});
  cv::Mat bgr = picture.bgr.clone();
  cv::rectangle(bgr, cv::Rect(340, 340, 40, 40), cv::Scalar(40, 110, 150), cv::FILLED);  // brown
  const std::vector<std::array<cv::Point2d, 4>> corners = {picture.corners};
  const auto reading = probe_colour(bgr, {360, 360}, corners, vision::palette_references());
  ASSERT_TRUE(reading.has_value());
  EXPECT_EQ(reading->name, "unknown");
  EXPECT_FALSE(reading->nearest.empty());
  EXPECT_GT(reading->distance, 30);
  EXPECT_EQ(probe_sentence(*reading).rfind("unknown, nearest " + reading->nearest, 0), 0u);
  EXPECT_FALSE(probe_colour(bgr, {-5, 10}, corners, vision::palette_references()).has_value());
}

TEST(ColourProbe, WithoutACardInViewBalancesOnTheBrightestAreas) {
  const CardPicture picture = card_picture({1.0f, 0.9f, 0.8f});
  const auto reading =
      probe_colour(picture.bgr, picture.monster_centres[2], {}, vision::palette_references());
  ASSERT_TRUE(reading.has_value());
  EXPECT_EQ(reading->white, "bright areas");
  EXPECT_EQ(reading->nearest, "red");
}

}  // namespace
}  // namespace tableref::gui
