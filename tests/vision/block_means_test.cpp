// Pictures shrunk by whole factors: the same bytes as cv::resize with INTER_AREA, on rendered
// tables and on noise (whose blocks' sums often fall halfway between two bytes), in one channel
// and three, whole pictures and parts of them, and sizes no whole factor gives; shrunk by a factor,
// the blocks a picture holds whole.

#include "block_means.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"

namespace tableref::vision {
namespace {

cv::Mat area_resized(const cv::Mat& picture, cv::Size size) {
  cv::Mat shrunk;
  cv::resize(picture, shrunk, size, 0, 0, cv::INTER_AREA);
  return shrunk;
}

// The bytes where `block_means` and cv::resize differ.
int differing_bytes(const cv::Mat& picture, cv::Size size) {
  const cv::Mat ours = block_means(picture, size), theirs = area_resized(picture, size);
  EXPECT_EQ(ours.size(), size);
  EXPECT_EQ(ours.type(), picture.type());
  const cv::Mat differing = ours != theirs;
  return cv::countNonZero(differing.reshape(1));
}

std::vector<cv::Mat> pictures() {
  const cv::Mat bgr = samples::render_random(referee::Game::trio, samples::Level::webcam,
                                             samples::image_seed(43, 0))
                          .image_bgr;
  cv::Mat grey, noise(bgr.size(), CV_8UC3);
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  cv::RNG rng(7);
  rng.fill(noise, cv::RNG::UNIFORM, 0, 256);
  cv::Mat noise_grey;
  cv::extractChannel(noise, noise_grey, 1);
  return {bgr, grey, noise, noise_grey};
}

TEST(BlockMeans, SameAsAreaResamplingByWholeFactors) {
  int compared = 0;
  for (const cv::Mat& whole : pictures()) {
    // A part of the picture too, whose rows lie further apart than its width.
    for (const cv::Mat& picture : {whole, whole(cv::Rect(3, 5, 960, 540))}) {
      for (const int factor : {2, 3, 4, 5, 6, 16}) {
        const cv::Size size(picture.cols / factor, picture.rows / factor);
        const cv::Mat even = picture(cv::Rect(0, 0, size.width * factor, size.height * factor));
        EXPECT_EQ(differing_bytes(even, size), 0)
            << factor << ", " << picture.channels() << " channels";
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 48);
}

TEST(BlockMeans, SizesNoWholeFactorGivesAreAreaResampled) {
  for (const cv::Mat& picture : pictures()) {
    for (const cv::Size size :
         {cv::Size(picture.cols / 3, picture.rows / 3 - 1), cv::Size(333, 187), cv::Size(1, 1)}) {
      const cv::Mat part = picture(cv::Rect(0, 0, 3 * (picture.cols / 3) - 1, picture.rows));
      EXPECT_EQ(differing_bytes(part, size), 0) << size;
    }
  }
}

// By a whole factor, a picture no multiple of it is shrunk from the blocks it holds whole: the rows
// and columns past the last block are left out, where cv::resize to that size weighs every pixel.
TEST(BlockMeans, ByAFactorTheBlocksHeldWholeAreAveraged) {
  for (const cv::Mat& picture : pictures()) {
    for (const int factor : {2, 3, 4, 7}) {
      const cv::Mat part = picture(cv::Rect(0, 0, 1001, 577));
      const cv::Size size(1001 / factor, 577 / factor);
      const cv::Mat whole_blocks = part(cv::Rect(0, 0, size.width * factor, size.height * factor));
      const cv::Mat shrunk = block_means(part, factor);
      ASSERT_EQ(shrunk.size(), size);
      const cv::Mat differing = shrunk != area_resized(whole_blocks, size);
      EXPECT_EQ(cv::countNonZero(differing.reshape(1)), 0) << factor;
    }
    EXPECT_EQ(block_means(picture, 1).data, picture.data);  // a factor of 1 keeps the picture
  }
}

}  // namespace
}  // namespace tableref::vision
