// Max-pooling in one pass against the dilation and nearest sampling it stands for, on rendered
// tables of every game's size: the same small pictures, also where the blocks do not divide the
// picture.

#include "max_pooling.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"

namespace tableref::vision {
namespace {

cv::Mat dilated_then_sampled(const cv::Mat& image, int block) {
  cv::Mat pooled, small;
  cv::dilate(image, pooled, cv::getStructuringElement(cv::MORPH_RECT, {block, block}));
  cv::resize(pooled, small,
             cv::Size(std::max(1, image.cols / block), std::max(1, image.rows / block)), 0, 0,
             cv::INTER_NEAREST);
  return small;
}

TEST(MaxPooling, EqualsTheDilationSampledAtTheNearestPixel) {
  const cv::Mat bgr =
      samples::render_random(referee::Game::trio, samples::Level::webcam, samples::image_seed(9, 0))
          .image_bgr;
  cv::Mat grey;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  int compared = 0;
  for (const cv::Size size :
       {bgr.size(), cv::Size(1363, 766), cv::Size(997, 541), cv::Size(7, 5)}) {
    for (const cv::Mat& picture : {bgr, grey}) {
      cv::Mat resized;
      cv::resize(picture, resized, size, 0, 0, cv::INTER_AREA);
      for (const int block : {1, 2, 3, 4, 6, 8, 11}) {
        const cv::Mat expected = dilated_then_sampled(resized, block);
        const cv::Mat pooled = max_pooled(resized, block);
        ASSERT_EQ(pooled.size(), expected.size()) << size << " block " << block;
        ASSERT_EQ(pooled.type(), expected.type());
        EXPECT_EQ(cv::norm(pooled, expected, cv::NORM_INF), 0) << size << " block " << block;
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 56);
}

}  // namespace
}  // namespace tableref::vision
