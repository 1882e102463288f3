#pragma once
// Trio Monsters: the card faces of a picture, and the monsters' round bodies they enclose.

#include <opencv2/core.hpp>
#include <optional>
#include <vector>

#include "vision/stage_log.hpp"
#include "vision/trio_reader.hpp"

namespace tableref::vision::trio {

inline constexpr double kBodyDiameterMm = 34.0;

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

struct MonsterBody {
  cv::Point2d centre;  // image pixels
  cv::RotatedRect ellipse;
  // Image pixel offsets near the centre to table millimetres, up to a rotation: the body's
  // ellipse made a 34 mm circle.
  cv::Matx22d mm_from_px;
  float eye_contrast = 0;
  // Where the eyes sit from the centre, in the rectified millimetres of mm_from_px: towards the
  // card's tip. nullopt when they cannot be told.
  std::optional<cv::Point2d> eyes_mm;
  double diameter_px() const { return 0.5 * (ellipse.size.width + ellipse.size.height); }
};

// The bodies: dark or coloured holes in the face, round, with eyes.
std::vector<MonsterBody> find_bodies(const FaceMaps& maps, const TrioReaderParams& params,
                                     StageLog& log);

}  // namespace tableref::vision::trio
