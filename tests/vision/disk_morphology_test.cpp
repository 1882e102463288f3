// Dilation and erosion by a disk, row by row of the disk, against OpenCV's own over every point of
// it: the same pictures, up to the picture's edges, for disks from one pixel to fifty across.

#include "disk_morphology.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"

namespace tableref::vision {
namespace {

// A part of a rendered Bugs & Co table around a tile, its grey and a mask of its light parts
// (cream, eyes, highlights): a picture of its own, small enough that the widest disks reach past
// its edges.
struct Pictures {
  cv::Mat grey, mask;
};

Pictures rendered_pictures() {
  const cv::Mat bgr =
      samples::render_random(referee::Game::bugs, samples::Level::webcam, samples::image_seed(5, 0))
          .image_bgr;
  cv::Mat grey;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  const cv::Rect light = cv::boundingRect(grey > 170);
  const cv::Point middle = (light.tl() + light.br()) / 2;
  const cv::Rect part =
      cv::Rect(middle.x - 160, middle.y - 120, 320, 240) & cv::Rect(0, 0, grey.cols, grey.rows);
  Pictures pictures;
  pictures.grey = grey(part).clone();
  pictures.mask = pictures.grey > 170;
  return pictures;
}

cv::Mat disk(int diameter) {
  return cv::getStructuringElement(cv::MORPH_ELLIPSE, {diameter, diameter});
}

// What one of the disk morphologies makes of the pictures against OpenCV's `reference` (cv::dilate
// or cv::erode), for every odd diameter up to 51: the largest difference.
template <typename Morphology, typename Reference>
double largest_difference(const Pictures& pictures, Morphology morphology, Reference reference) {
  double largest = 0;
  for (int diameter = 1; diameter <= 51; diameter += 2) {
    for (const cv::Mat& image : {pictures.grey, pictures.mask}) {
      cv::Mat expected;
      reference(image, expected, disk(diameter));
      largest = std::max(largest, cv::norm(morphology(image, diameter), expected, cv::NORM_INF));
    }
  }
  return largest;
}

TEST(DiskMorphology, DilatesAsOpenCVDoesForEveryDiameter) {
  const Pictures pictures = rendered_pictures();
  ASSERT_GT(cv::countNonZero(pictures.mask), 1000);
  ASSERT_LT(cv::countNonZero(pictures.mask), static_cast<int>(pictures.mask.total()) - 1000);
  EXPECT_EQ(largest_difference(pictures, dilated_by_disk,
                               [](const cv::Mat& in, cv::Mat& out, const cv::Mat& kernel) {
                                 cv::dilate(in, out, kernel);
                               }),
            0);
}

TEST(DiskMorphology, ErodesAsOpenCVDoesForEveryDiameter) {
  EXPECT_EQ(largest_difference(rendered_pictures(), eroded_by_disk,
                               [](const cv::Mat& in, cv::Mat& out, const cv::Mat& kernel) {
                                 cv::erode(in, out, kernel);
                               }),
            0);
}

TEST(DiskMorphology, AnEvenDiameterIsTheNextOddOne) {
  const Pictures pictures = rendered_pictures();
  cv::Mat expected;
  cv::dilate(pictures.mask, expected, disk(13));
  EXPECT_EQ(cv::norm(dilated_by_disk(pictures.mask, 12), expected, cv::NORM_INF), 0);
}

TEST(DiskMorphology, ADiskWiderThanThePictureStillMatches) {
  const Pictures pictures = rendered_pictures();
  const cv::Mat small = pictures.grey(cv::Rect(100, 100, 9, 7)).clone();
  cv::Mat expected;
  cv::erode(small, expected, disk(21));
  EXPECT_EQ(cv::norm(eroded_by_disk(small, 21), expected, cv::NORM_INF), 0);
  cv::dilate(small, expected, disk(21));
  EXPECT_EQ(cv::norm(dilated_by_disk(small, 21), expected, cv::NORM_INF), 0);
}

}  // namespace
}  // namespace tableref::vision
