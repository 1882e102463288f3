#pragma once
// Whether the cards a follower knows account for what intrudes on a still view (GameFollower::
// accounts_for): a card lying at the picture's edge differs from the reference like an arm does,
// but lies within a card's outline, grown about its centre by its drop shadow.

#include <opencv2/core.hpp>
#include <span>

namespace tableref::live {

class CardOutlineMask {
 public:
  // A mask of `mask_size` over a picture of `image_size` (any scale).
  CardOutlineMask(cv::Size mask_size, cv::Size image_size);

  // A card's outline in picture pixels (convex), and its centre.
  void add(std::span<const cv::Point2d> corners, cv::Point2d centre);
  // Whether the outlines cover most of the non-zero pixels of `intrusions` (a mask of mask_size).
  bool covers_most_of(const cv::Mat& intrusions) const;

 private:
  cv::Mat outlines_;
  double scale_;
};

}  // namespace tableref::live
