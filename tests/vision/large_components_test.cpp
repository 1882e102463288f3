// Tracing only a mask's large components, against tracing the whole mask, on the face masks of
// rendered tables (light cloths, and patterned ones that break into thousands of specks): every
// large component's outline the same, point for point, in the same order.

#include "large_components.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"
#include "vision/relative_luminance.hpp"

namespace tableref::vision {
namespace {

constexpr double kMinBoxArea = 600;

cv::Mat face_picture_of_scene(int index) {
  return samples::render_random(referee::Game::freeze, samples::Level::webcam,
                                samples::image_seed(77, index))
      .image_bgr;
}

cv::Mat opened_face_mask(const RelativeLuminance& relative) {
  cv::Mat mask = relative.above(0.86);
  cv::morphologyEx(mask, mask, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));
  return mask;
}

cv::Mat face_mask_of_scene(int index) {
  return opened_face_mask(RelativeLuminance(face_picture_of_scene(index), 4));
}

bool large(const ComponentOutline& outline) {
  return cv::boundingRect(outline.points).area() >= kMinBoxArea;
}

// The large ones of `outlines`, in their order.
std::vector<ComponentOutline> large_ones(std::vector<ComponentOutline> outlines) {
  std::erase_if(outlines, [](const ComponentOutline& outline) { return !large(outline); });
  return outlines;
}

// Whether `found` are `expected`, point for point, area for area, in the same order.
::testing::AssertionResult same_outlines(const std::vector<ComponentOutline>& found,
                                         const std::vector<ComponentOutline>& expected) {
  if (found.size() != expected.size())
    return ::testing::AssertionFailure() << found.size() << " outlines, not " << expected.size();
  for (std::size_t i = 0; i < found.size(); ++i) {
    if (found[i].points != expected[i].points || found[i].area != expected[i].area)
      return ::testing::AssertionFailure()
             << "outline " << i << " at " << expected[i].points.front() << " unlike";
  }
  return ::testing::AssertionSuccess();
}

// Only the large components' outlines, the same and in the same order as tracing the whole mask
// gives them: on face masks and on their inverses (the table's component with its holes, and the
// components nested in them).
TEST(LargeComponents, TracesOnlyTheLargeComponentsAsTheWholeMaskDoes) {
  for (int scene = 0; scene < 4; ++scene) {
    const cv::Mat mask = face_mask_of_scene(scene);
    for (const cv::Mat& picture : {mask, cv::Mat(~mask)}) {
      const auto found = outlines_of_large_components(picture, kMinBoxArea);
      EXPECT_GT(found.size(), 0U) << "scene " << scene;
      EXPECT_TRUE(same_outlines(found, large_ones(component_outlines(picture))))
          << "scene " << scene;
    }
  }
}

TEST(LargeComponents, LeavesOutWhatAPartsEdgeCuts) {
  const cv::Mat mask = face_mask_of_scene(0);
  const cv::Rect part(mask.cols / 5, mask.rows / 6, mask.cols / 2, mask.rows / 2);
  std::vector<ComponentOutline> whole_in_part;
  for (ComponentOutline& outline : large_ones(component_outlines(mask))) {
    const cv::Rect box = cv::boundingRect(outline.points);
    const bool inside =
        box.x > part.x && box.y > part.y && box.br().x < part.br().x && box.br().y < part.br().y;
    if (inside) whole_in_part.push_back(std::move(outline));
  }
  const auto found =
      outlines_of_large_components_in_part(mask(part), part.tl(), mask.size(), kMinBoxArea);
  EXPECT_GT(found.size(), 0U);
  EXPECT_TRUE(same_outlines(found, whole_in_part));
}

// A mask within another looked at only around the other's large components: the same outlines in
// the same order as the whole mask gives, on a scene's stricter face mask within its looser one
// (a few parts) and on the looser one's inverse within the stricter one's (the table: the whole).
TEST(LargeComponents, AMaskWithinAnotherIsLookedAtAroundItsLargeComponentsAlone) {
  for (int scene = 0; scene < 3; ++scene) {
    const RelativeLuminance relative(face_picture_of_scene(scene), 4);
    const cv::Mat looser = opened_face_mask(relative);
    const cv::Mat stricter = looser & relative.above(0.92);
    const std::vector<std::pair<cv::Mat, cv::Mat>> nested = {{stricter, looser},
                                                             {~looser, ~stricter}};
    for (const auto& [mask, enclosing] : nested) {
      const auto expected = outlines_of_large_components(mask, kMinBoxArea);
      EXPECT_GT(expected.size(), 0U) << "scene " << scene;
      EXPECT_TRUE(same_outlines(
          outlines_of_large_components_within(mask, {}, mask.size(),
                                              outlines_of_large_components(enclosing, kMinBoxArea),
                                              kMinBoxArea),
          expected))
          << "scene " << scene;
    }
  }
}

TEST(LargeComponents, AreasWithinOthersAreLeftOutAndOverlappingOnesJoinedWhereNoLarger) {
  const cv::Size picture(400, 300);
  const cv::Rect outer(10, 10, 100, 100), inner(20, 30, 40, 40), apart(300, 200, 50, 50);
  // Overlapping by half: the rectangle around both (150 x 100) is smaller than the two together.
  const cv::Rect beside(60, 10, 100, 100);
  // Overlapping at a corner: the rectangle around both (190 x 190) is larger.
  const cv::Rect diagonal(200, 100, 90, 90), corner(110, 10, 100, 100);
  const auto sorted = [](std::vector<cv::Rect> areas) {
    std::sort(areas.begin(), areas.end(), [](const cv::Rect& a, const cv::Rect& b) {
      return std::tie(a.x, a.y) < std::tie(b.x, b.y);
    });
    return areas;
  };
  EXPECT_EQ(sorted(joined_areas({inner, apart, outer}, picture)), sorted({outer, apart}));
  EXPECT_EQ(sorted(joined_areas({outer, beside, inner}, picture)),
            std::vector<cv::Rect>{cv::Rect(10, 10, 150, 100)});
  EXPECT_EQ(sorted(joined_areas({corner, diagonal}, picture)), sorted({corner, diagonal}));
  EXPECT_TRUE(joined_areas({}, picture).empty());
  // Most of the picture: the whole of it.
  EXPECT_EQ(joined_areas({cv::Rect(0, 0, 300, 300)}, picture),
            std::vector<cv::Rect>{cv::Rect({}, picture)});
}

// Components at a mask's edges are whole when they are the picture's edges, cut when they are a
// part's.
TEST(LargeComponents, KeepsComponentsAtThePicturesEdgesOnly) {
  const cv::Size size(203, 131);
  cv::Mat mask = cv::Mat::zeros(size, CV_8U);
  const cv::Point far_corner(size.width - 1, size.height - 1);
  cv::rectangle(mask, far_corner - cv::Point(24, 24), far_corner, 255, cv::FILLED);
  cv::rectangle(mask, {size.width / 2 - 12, 0}, {size.width / 2 + 12, 24}, 255, cv::FILLED);
  cv::rectangle(mask, {20, 40}, {50, 70}, 255, cv::FILLED);
  EXPECT_EQ(outlines_of_large_components_in_part(mask, {}, size, 600).size(), 3U);
  const cv::Size picture = size + cv::Size(40, 40);
  const auto in_part = outlines_of_large_components_in_part(mask, {20, 20}, picture, 600);
  ASSERT_EQ(in_part.size(), 1U);
  EXPECT_EQ(cv::boundingRect(in_part.front().points), cv::Rect(40, 60, 31, 31));
}

}  // namespace
}  // namespace tableref::vision
