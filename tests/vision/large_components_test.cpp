// Tracing only where a mask's large components can lie, or only those components, against tracing
// the whole mask, on the face masks of rendered tables (light cloths, and patterned ones that break
// into thousands of specks): every large component's outline the same, point for point, in the
// same order.

#include "large_components.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"
#include "vision/relative_luminance.hpp"

namespace tableref::vision {
namespace {

constexpr double kMinBoxArea = 600;

cv::Mat face_mask_of_scene(int index) {
  const cv::Mat bgr = samples::render_random(referee::Game::freeze, samples::Level::webcam,
                                             samples::image_seed(77, index))
                          .image_bgr;
  cv::Mat mask = RelativeLuminance(bgr, 4).above(0.86);
  cv::morphologyEx(mask, mask, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));
  return mask;
}

bool large(const ComponentOutline& outline) {
  return cv::boundingRect(outline.points).area() >= kMinBoxArea;
}

// Whether `found` lists outlines of `all` in `all`'s order, and every large one of them.
::testing::AssertionResult large_ones_in_order(const std::vector<ComponentOutline>& found,
                                               const std::vector<ComponentOutline>& all) {
  std::size_t next = 0;
  for (const ComponentOutline& outline : all) {
    const bool listed = next < found.size() && found[next].points == outline.points;
    if (listed) {
      if (found[next].area != outline.area) return ::testing::AssertionFailure() << "area";
      ++next;
    } else if (large(outline)) {
      return ::testing::AssertionFailure()
             << "a large outline at " << outline.points.front() << " missing or out of order";
    }
  }
  if (next != found.size())
    return ::testing::AssertionFailure() << found.size() - next << " outlines not in the mask's";
  return ::testing::AssertionSuccess();
}

TEST(LargeComponents, TracesEveryLargeComponentAsTheWholeMaskDoes) {
  int located = 0;
  for (int scene = 0; scene < 8; ++scene) {
    const cv::Mat mask = face_mask_of_scene(scene);
    const auto all = component_outlines(mask);
    const auto found = large_component_outlines(mask, {}, mask.size(), kMinBoxArea);
    EXPECT_TRUE(large_ones_in_order(found, all)) << "scene " << scene;
    EXPECT_GT(std::count_if(found.begin(), found.end(), large), 0) << "scene " << scene;
    if (areas_of_large_components(mask, kMinBoxArea).front().size() != mask.size()) ++located;
  }
  // Patterned cloths: only parts of the mask traced.
  EXPECT_GE(located, 2);
}

TEST(LargeComponents, LeavesOutWhatAPartsEdgeCuts) {
  const cv::Mat mask = face_mask_of_scene(0);
  const cv::Rect part(mask.cols / 5, mask.rows / 6, mask.cols / 2, mask.rows / 2);
  std::vector<ComponentOutline> whole_in_part;
  for (ComponentOutline& outline : component_outlines(mask)) {
    const cv::Rect box = cv::boundingRect(outline.points);
    const bool inside =
        box.x > part.x && box.y > part.y && box.br().x < part.br().x && box.br().y < part.br().y;
    if (inside) whole_in_part.push_back(std::move(outline));
  }
  const auto found = large_component_outlines(mask(part), part.tl(), mask.size(), kMinBoxArea);
  EXPECT_TRUE(large_ones_in_order(found, whole_in_part));
  EXPECT_GT(std::count_if(found.begin(), found.end(), large), 0);
}

// Components in a mask's last, cut blocks (its width and height no multiple of the block), and
// astride the pixels pooled a vector at a time and those left over.
TEST(LargeComponents, FindsComponentsInTheCutBlocksAtAMasksEdges) {
  for (const cv::Size size : {cv::Size(303, 203), cv::Size(258, 131), cv::Size(199, 122)}) {
    cv::Mat mask = cv::Mat::zeros(size, CV_8U);
    const cv::Point far_corner(size.width - 1, size.height - 1);
    cv::rectangle(mask, far_corner - cv::Point(24, 24), far_corner, 255, cv::FILLED);
    cv::rectangle(mask, {size.width - 1, 0}, {size.width - 30, 25}, 255, cv::FILLED);
    cv::rectangle(mask, {size.width / 2 - 12, 0}, {size.width / 2 + 12, 24}, 255, cv::FILLED);
    const auto found = large_component_outlines(mask, {}, size, 600);
    EXPECT_TRUE(large_ones_in_order(found, component_outlines(mask))) << size;
    EXPECT_EQ(std::count_if(found.begin(), found.end(), large), 3) << size;
    // Each in its own part of the mask, not the whole mask traced.
    EXPECT_EQ(areas_of_large_components(mask, 600).size(), 3U) << size;
  }
}

// Only the large components' outlines, the same and in the same order as tracing the whole mask
// gives them: on face masks and on their inverses (the table's component with its holes, and the
// components nested in them).
TEST(LargeComponents, TracesOnlyTheLargeComponentsEachAlone) {
  for (int scene = 0; scene < 4; ++scene) {
    const cv::Mat mask = face_mask_of_scene(scene);
    for (const cv::Mat& picture : {mask, cv::Mat(~mask)}) {
      std::vector<ComponentOutline> large_ones;
      for (ComponentOutline& outline : component_outlines(picture))
        if (large(outline)) large_ones.push_back(std::move(outline));
      const auto found = outlines_of_large_components(picture, kMinBoxArea);
      ASSERT_EQ(found.size(), large_ones.size()) << "scene " << scene;
      EXPECT_GT(found.size(), 0U) << "scene " << scene;
      for (std::size_t i = 0; i < found.size(); ++i) {
        EXPECT_EQ(found[i].points, large_ones[i].points) << "scene " << scene << ", outline " << i;
        EXPECT_EQ(found[i].area, large_ones[i].area) << "scene " << scene << ", outline " << i;
      }
    }
  }
}

}  // namespace
}  // namespace tableref::vision
