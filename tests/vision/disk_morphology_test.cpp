// Dilation and erosion of masks by a disk, row by row of the disk with the rows packed as bits,
// against OpenCV's own over every point of it: the same masks, up to the mask's edges, for disks
// from one pixel to fifty across, odd and even.

#include "disk_morphology.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"

namespace tableref::vision {
namespace {

// A mask of the light parts (cream, eyes, highlights) of a rendered Bugs & Co table around a tile:
// a mask of its own, small enough that the widest disks reach past its edges.
cv::Mat rendered_mask() {
  const cv::Mat bgr =
      samples::render_random(referee::Game::bugs, samples::Level::webcam, samples::image_seed(5, 0))
          .image_bgr;
  cv::Mat grey;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  const cv::Rect light = cv::boundingRect(grey > 170);
  const cv::Point middle = (light.tl() + light.br()) / 2;
  const cv::Rect part =
      cv::Rect(middle.x - 160, middle.y - 120, 320, 240) & cv::Rect(0, 0, grey.cols, grey.rows);
  return grey(part) > 170;
}

cv::Mat disk(int diameter) {
  return cv::getStructuringElement(cv::MORPH_ELLIPSE, {diameter, diameter});
}

// What one of the disk morphologies makes of the mask against OpenCV's `reference` (cv::dilate or
// cv::erode), for every diameter up to 51, on the rendered mask and on parts of it around the 64
// pixels of a word: the largest difference.
template <typename Morphology, typename Reference>
double largest_mask_difference(Morphology morphology, Reference reference) {
  const cv::Mat mask = rendered_mask();
  EXPECT_GT(cv::countNonZero(mask), 1000);
  EXPECT_LT(cv::countNonZero(mask), static_cast<int>(mask.total()) - 1000);
  double largest = 0;
  for (const int width : {1, 5, 63, 64, 65, 130, mask.cols}) {
    const cv::Mat part = mask(cv::Rect(mask.cols - width, 0, width, mask.rows));
    for (int diameter = 1; diameter <= 51; ++diameter) {
      cv::Mat expected;
      reference(part.clone(), expected, disk(diameter));
      largest = std::max(largest, cv::norm(morphology(part, diameter), expected, cv::NORM_INF));
    }
  }
  return largest;
}

TEST(DiskMorphology, DilatesAMaskAsOpenCVDoes) {
  EXPECT_EQ(largest_mask_difference(dilated_mask_by_disk,
                                    [](const cv::Mat& in, cv::Mat& out, const cv::Mat& kernel) {
                                      cv::dilate(in, out, kernel);
                                    }),
            0);
}

TEST(DiskMorphology, ErodesAMaskAsOpenCVDoes) {
  EXPECT_EQ(largest_mask_difference(eroded_mask_by_disk,
                                    [](const cv::Mat& in, cv::Mat& out, const cv::Mat& kernel) {
                                      cv::erode(in, out, kernel);
                                    }),
            0);
}

TEST(DiskMorphology, OpensAMaskAsOpenCVDoes) {
  EXPECT_EQ(largest_mask_difference(opened_mask_by_disk,
                                    [](const cv::Mat& in, cv::Mat& out, const cv::Mat& kernel) {
                                      cv::morphologyEx(in, out, cv::MORPH_OPEN, kernel);
                                    }),
            0);
}

TEST(DiskMorphology, AMaskSmallerThanTheDisk) {
  // A part of the rendered mask at the edge of something light: partly set.
  const cv::Mat mask = rendered_mask();
  cv::Mat small;
  for (int y = 0; y + 7 <= mask.rows && small.empty(); y += 7) {
    for (int x = 0; x + 9 <= mask.cols && small.empty(); x += 9) {
      const cv::Mat part = mask(cv::Rect(x, y, 9, 7));
      if (cv::countNonZero(part) > 10 && cv::countNonZero(part) < 50) small = part.clone();
    }
  }
  ASSERT_FALSE(small.empty());
  cv::Mat expected;
  cv::dilate(small, expected, disk(21));
  EXPECT_EQ(cv::norm(dilated_mask_by_disk(small, 21), expected, cv::NORM_INF), 0);
  cv::erode(small, expected, disk(21));
  EXPECT_EQ(cv::norm(eroded_mask_by_disk(small, 21), expected, cv::NORM_INF), 0);
  EXPECT_TRUE(dilated_mask_by_disk(cv::Mat(0, 0, CV_8U), 5).empty());
}

}  // namespace
}  // namespace tableref::vision
