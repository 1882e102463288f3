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

// The share of a card's outline (`corners` in picture pixels, convex) where `mask` (CV_8U of a
// picture of `image_size`, at any scale) is set; 0 for an outline smaller than a mask pixel.
double share_set_within(const cv::Mat& mask, cv::Size image_size,
                        std::span<const cv::Point2d> corners);

// Whether the outlines of the pieces read `now` and of those committed `before` (anything with a
// `polygon` and a `center`) cover most of `intrusions`; false for no intrusion.
template <typename Now, typename Before>
bool outlines_cover_most_of(const cv::Mat& intrusions, cv::Size image_size, const Now& now,
                            const Before& before) {
  if (intrusions.empty() || image_size.width <= 0) return false;
  CardOutlineMask outlines(intrusions.size(), image_size);
  for (const auto& piece : now) outlines.add(piece.polygon, piece.center);
  for (const auto& piece : before) outlines.add(piece.polygon, piece.center);
  return outlines.covers_most_of(intrusions);
}

}  // namespace tableref::live
