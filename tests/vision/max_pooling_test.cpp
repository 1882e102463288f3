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

// Pooled a few rows at a time, each band given only the image's rows it says it needs (the rows
// below blanked), the pooling is the same as in one pass.
TEST(BandedMaxPooling, EachBandNeedsOnlyTheRowsItNamesAndTheWholeIsTheSame) {
  const cv::Mat bgr =
      samples::render_random(referee::Game::trio, samples::Level::webcam, samples::image_seed(9, 1))
          .image_bgr;
  int compared = 0;
  for (const cv::Size size : {bgr.size(), cv::Size(1363, 766), cv::Size(97, 41)}) {
    cv::Mat resized;
    cv::resize(bgr, resized, size, 0, 0, cv::INTER_AREA);
    for (const int block : {1, 3, 6, 11}) {
      for (const int band : {1, 3, 8}) {
        // Rows are copied in as the bands ask for them: a band reading further sees zeros.
        cv::Mat arriving(resized.size(), resized.type(), cv::Scalar::all(0));
        BandedMaxPooling pooling(arriving, block);
        int arrived = 0;
        for (int from = 0; from < pooling.pooled_rows(); from += band) {
          const int to = std::min(from + band, pooling.pooled_rows());
          const int needed = pooling.image_rows_before(to);
          ASSERT_GE(needed, arrived);
          resized.rowRange(arrived, needed).copyTo(arriving.rowRange(arrived, needed));
          arrived = needed;
          pooling.pool(from, to);
        }
        EXPECT_EQ(cv::norm(pooling.pooled(), max_pooled(resized, block), cv::NORM_INF), 0)
            << size << " block " << block << " band " << band;
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 36);
}

}  // namespace
}  // namespace tableref::vision
