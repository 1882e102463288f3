// Trio Monsters' bodies found on a face mask made of the picture halved, each hole traced again at
// full size, against the bodies found on the full mask: rendered webcam tables at about 1920x1080,
// where a body spans some 50 to 100 pixels.

#include "trio_bodies.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"

namespace tableref::vision::trio {
namespace {

// Scene `scene` at 1920x1080, every third one pixel wider and higher (a picture of odd size is
// halved but for its last column and row).
cv::Mat table_at_1080p(int scene) {
  const cv::Mat rendered = samples::render_random(referee::Game::trio, samples::Level::webcam,
                                                  samples::image_seed(95, scene))
                               .image_bgr;
  const int odd = scene % 3 == 2 ? 1 : 0;
  cv::Mat frame;
  cv::resize(rendered, frame, {1920 + odd, 1080 + odd}, 0, 0, cv::INTER_LINEAR);
  return frame;
}

std::vector<MonsterBody> bodies_of(const cv::Mat& bgr, const TrioReaderParams& params) {
  StageLog log;
  return find_bodies(face_maps(bgr, params), params, log);
}

TEST(TrioBodies, AHalvedFaceMaskFindsTheBodiesOfTheFullOne) {
  int bodies = 0;
  for (int scene = 0; scene < 6; ++scene) {
    const cv::Mat bgr = table_at_1080p(scene);
    TrioReaderParams full;
    full.min_body_px = 30;
    TrioReaderParams halved = full;
    halved.face_step = 2;
    const std::vector<MonsterBody> expected = bodies_of(bgr, full);
    const std::vector<MonsterBody> found = bodies_of(bgr, halved);
    ASSERT_EQ(found.size(), expected.size()) << "scene " << scene;
    for (const MonsterBody& body : expected) {
      const auto same = std::find_if(found.begin(), found.end(), [&](const MonsterBody& other) {
        return cv::norm(other.centre - body.centre) < 1.0 &&
               std::abs(other.diameter_px() - body.diameter_px()) < 1.0 &&
               other.eyes_mm.has_value() == body.eyes_mm.has_value();
      });
      EXPECT_NE(same, found.end()) << "scene " << scene << ", body at " << body.centre;
    }
    bodies += static_cast<int>(expected.size());
  }
  EXPECT_GT(bodies, 6 * 8);
}

}  // namespace
}  // namespace tableref::vision::trio
