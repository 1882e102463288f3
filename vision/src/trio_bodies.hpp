#pragma once
// Trio Monsters: the monsters' round bodies, the holes of a card's face.

#include <opencv2/core.hpp>
#include <optional>
#include <vector>

#include "trio_face.hpp"
#include "vision/stage_log.hpp"
#include "vision/trio_reader.hpp"

namespace tableref::vision::trio {

inline constexpr double kBodyDiameterMm = 34.0;

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
