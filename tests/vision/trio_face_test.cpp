// Trio Monsters' face maps on rendered tables: the face ratio made where it is asked for is the
// ratio of each pixel, and the face mask made in whole numbers is the test written in floats.

#include "trio_face.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"

namespace tableref::vision::trio {
namespace {

cv::Mat rendered_table(int scene) {
  return samples::render_random(referee::Game::trio, samples::Level::webcam,
                                samples::image_seed(93, scene))
      .image_bgr;
}

// The smallest channel over its local white, by division.
float divided_ratio(const cv::Vec3b& pixel, const std::uint8_t* white) {
  float smallest = 10;
  for (int c = 0; c < 3; ++c) smallest = std::min(smallest, float(pixel[c]) / float(white[c]));
  return smallest;
}

TEST(TrioFace, TheRatioOfABoxIsEachPixelsChannelsOverTheirWhite) {
  const TrioReaderParams params;
  for (int scene = 0; scene < 3; ++scene) {
    const cv::Mat bgr = rendered_table(scene);
    const FaceMaps maps = face_maps(bgr, params);
    // A box whose rows are no whole number of vectors, then the whole picture.
    for (const cv::Rect box : {cv::Rect(7, 11, bgr.cols / 3 + 5, bgr.rows / 4), maps.bounds()}) {
      const cv::Mat ratio = maps.ratio_in(box);
      ASSERT_EQ(ratio.size(), box.size());
      int compared = 0;
      for (int y = 0; y < box.height; y += 3) {
        for (int x = 0; x < box.width; x += 2) {
          const cv::Point at = box.tl() + cv::Point(x, y);
          const float expected = divided_ratio(bgr.at<cv::Vec3b>(at), maps.white.at(at));
          ASSERT_EQ(ratio.at<float>(y, x), maps.ratio_at(at)) << at;
          ASSERT_NEAR(ratio.at<float>(y, x), expected, 1e-6f * expected) << at;
          ++compared;
        }
      }
      EXPECT_GT(compared, 1000);
    }
  }
}

TEST(TrioFace, MapsKeptSmallServeEachPixelOfABox) {
  TrioReaderParams params;
  params.face_step = 2;
  const cv::Mat bgr = rendered_table(0);
  const FaceMaps maps = face_maps(bgr, params);
  // Boxes about an edge of the face mask from the picture's middle on, from odd and even columns,
  // some whose rows are no whole number of vectors.
  cv::Point edge(-1, -1);
  for (int y = maps.face.rows / 2; y < maps.face.rows && edge.x < 0; ++y) {
    for (int x = maps.face.cols / 4; x + 1 < maps.face.cols * 3 / 4 && edge.x < 0; ++x) {
      if (maps.face.at<std::uint8_t>(y, x) != maps.face.at<std::uint8_t>(y, x + 1)) edge = {x, y};
    }
  }
  ASSERT_GE(edge.x, 0);
  const cv::Point at_edge = edge * 2;
  for (const cv::Rect box : {cv::Rect(at_edge - cv::Point(21, 15), cv::Size(45, 30)),
                             cv::Rect(at_edge - cv::Point(32, 4), cv::Size(64, 9)),
                             cv::Rect(at_edge - cv::Point(65, 19), cv::Size(131, 40))}) {
    const cv::Mat face = maps.face_in(box), ratio = maps.ratio_in(box);
    ASSERT_EQ(face.size(), box.size());
    ASSERT_EQ(ratio.size(), box.size());
    int face_pixels = 0;
    for (int y = 0; y < box.height; ++y) {
      for (int x = 0; x < box.width; ++x) {
        const cv::Point at = box.tl() + cv::Point(x, y);
        ASSERT_EQ(face.at<std::uint8_t>(y, x) != 0, maps.face_at(at)) << at;
        ASSERT_EQ(ratio.at<float>(y, x), maps.ratio_at(at)) << at;
        face_pixels += maps.face_at(at);
      }
    }
    // Neither all face nor none: the white's and the surroundings' values are where they matter.
    EXPECT_GT(face_pixels, 0) << box;
    EXPECT_LT(face_pixels, box.area()) << box;
  }
}

TEST(TrioFace, FaceIsLightAgainstItsWhiteAndItsSurroundings) {
  const TrioReaderParams params;
  for (int scene = 0; scene < 3; ++scene) {
    const cv::Mat bgr = rendered_table(scene);
    const FaceMaps maps = face_maps(bgr, params);
    const cv::Mat ratio = maps.ratio_in(maps.bounds());
    int face = 0, not_face = 0, differing = 0;
    for (int y = 0; y < bgr.rows; ++y) {
      for (int x = 0; x < bgr.cols; ++x) {
        const cv::Vec3b pixel = bgr.at<cv::Vec3b>(y, x);
        const float grey = 0.114f * pixel[0] + 0.587f * pixel[1] + 0.299f * pixel[2];
        const float needed = params.min_face_brightness * *maps.around.at({x, y});
        const bool light = ratio.at<float>(y, x) >= params.face_ratio;
        const bool is_face = maps.face.at<std::uint8_t>(y, x) != 0;
        // The ratio's test is exact; the grey's holds but within a level of its cut.
        if (!light || std::abs(grey - needed) > 1.0f) {
          differing += is_face != (light && grey >= needed);
        }
        (is_face ? face : not_face) += 1;
      }
    }
    EXPECT_EQ(differing, 0) << "scene " << scene;
    EXPECT_GT(face, bgr.total() / 10) << "scene " << scene;
    EXPECT_GT(not_face, bgr.total() / 10) << "scene " << scene;
  }
}

}  // namespace
}  // namespace tableref::vision::trio
