#pragma once
// Trio Monsters: what of a picture is card face. Each pixel is weighed against the light around
// it (a card's cream field and border are the brightest surface near them), so that a face reads
// as face in shadow as in full light.

#include <opencv2/core.hpp>

#include "vision/trio_reader.hpp"

namespace tableref::vision::trio {

// Each pixel's smallest channel over that channel's local white (the brightest surface nearby).
// Made where it is asked for: a frame asks it of its holes of a body's size and of a few points,
// a small part of the picture.
class FaceRatio {
 public:
  FaceRatio() = default;
  // `bgr` and its local white (CV_8UC3, of one size, the white never below 1).
  FaceRatio(cv::Mat bgr, cv::Mat white);
  cv::Rect bounds() const { return {0, 0, bgr_.cols, bgr_.rows}; }
  // At a pixel inside bounds().
  float at(cv::Point pixel) const;
  // CV_32F over `box`, which lies inside bounds().
  cv::Mat in(const cv::Rect& box) const;

 private:
  cv::Mat bgr_, white_;
};

// Each pixel against the light around it: what is card face and what is not.
struct FaceMaps {
  FaceRatio ratio;
  cv::Mat face;    // CV_8U: 255 where the pixel looks like card face
  cv::Mat white;   // CV_8UC3: the local white the ratio is taken against
  cv::Mat around;  // CV_8U: the brightness of the wider surroundings a face stands out from
};
FaceMaps face_maps(const cv::Mat& bgr, const TrioReaderParams& params);

}  // namespace tableref::vision::trio
