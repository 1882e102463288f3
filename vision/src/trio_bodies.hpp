#pragma once
// Trio Monsters: the card faces of a picture, and the monsters' round bodies they enclose.

#include <opencv2/core.hpp>
#include <optional>
#include <vector>

#include "vision/stage_log.hpp"
#include "vision/trio_reader.hpp"

namespace tableref::vision::trio {

inline constexpr double kBodyDiameterMm = 34.0;

// Each pixel against the light around it: what is card face and what is not.
struct FaceMaps {
  // CV_32F: the smallest of the three channels over that channel's local white (the brightest
  // surface nearby)
  cv::Mat ratio;
  cv::Mat face;   // CV_8U: 255 where the pixel looks like card face
  cv::Mat white;  // CV_8UC3: the local white the ratio is taken against
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
