#include "live/card_outlines.hpp"

#include <opencv2/imgproc.hpp>
#include <vector>

namespace tableref::live {

CardOutlineMask::CardOutlineMask(cv::Size mask_size, cv::Size image_size)
    : outlines_(mask_size, CV_8U, cv::Scalar(0)),
      scale_(static_cast<double>(mask_size.width) / image_size.width) {}

void CardOutlineMask::add(std::span<const cv::Point2d> corners, cv::Point2d centre) {
  constexpr double kWithShadow = 1.2;  // the outline grown about its centre: the drop shadow
  std::vector<cv::Point> polygon;
  for (const cv::Point2d& corner : corners) {
    polygon.push_back((centre + (corner - centre) * kWithShadow) * scale_);
  }
  cv::fillConvexPoly(outlines_, polygon, cv::Scalar(255));
}

bool CardOutlineMask::covers_most_of(const cv::Mat& intrusions) const {
  constexpr double kAccountedShare = 0.9;
  const int intruding = cv::countNonZero(intrusions);
  return intruding > 0 && cv::countNonZero(intrusions & outlines_) >= kAccountedShare * intruding;
}

double share_set_within(const cv::Mat& mask, cv::Size image_size,
                        std::span<const cv::Point2d> corners) {
  const double scale = static_cast<double>(mask.cols) / image_size.width;
  std::vector<cv::Point> polygon;
  for (const cv::Point2d& corner : corners) polygon.push_back(corner * scale);
  cv::Mat inside(mask.size(), CV_8U, cv::Scalar(0));
  cv::fillConvexPoly(inside, polygon, cv::Scalar(255));
  const int area = cv::countNonZero(inside);
  return area == 0 ? 0.0 : static_cast<double>(cv::countNonZero(mask & inside)) / area;
}

}  // namespace tableref::live
