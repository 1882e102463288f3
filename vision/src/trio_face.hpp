#pragma once
// Trio Monsters: what of a picture is card face. Each pixel is weighed against the light around
// it (a card's cream field and border are the brightest surface near them), so that a face reads
// as face in shadow as in full light.

#include <array>
#include <cstdint>
#include <opencv2/core.hpp>

#include "spread_rows.hpp"
#include "vision/trio_reader.hpp"

namespace tableref::vision::trio {

// Whether a pixel is light enough for face: each channel at least `face_ratio` of its local white
// (the face ratio's own test, exactly: each white level's cut found once), and its grey at least
// `min_face_brightness` of its wider surroundings' (in whole numbers: grey weights in 256ths).
class FaceTest {
 public:
  explicit FaceTest(const TrioReaderParams& params);
  // The pixel at `bgr`, its local white at `white` (three channels each).
  bool pixel(const std::uint8_t* bgr, const std::uint8_t* white, std::uint8_t around) const;
  // One row of `cols` pixels into `face` (255 for face): `bgr` and `white` of three channels.
  void row(const std::uint8_t* bgr, const std::uint8_t* white, const std::uint8_t* around,
           std::uint8_t* face, int cols) const;

 private:
  std::array<std::uint8_t, 256> cuts_;  // LevelCuts
  std::uint16_t factor_;
  std::uint16_t brightness_factor_;
};

// Each pixel against the light around it: what is card face and what is not.
struct FaceMaps {
  cv::Mat bgr;       // the picture
  CoarseMap white;   // CV_8UC3: the local white the ratio is taken against
  CoarseMap around;  // CV_8U: the brightness of the wider surroundings a face stands out from
  FaceTest test;
  // CV_8U: 255 where the picture looks like card face, a pixel for each `face_step` by
  // `face_step` pixels of the picture (their mean); `white` and `around`, smooth, are kept a
  // pixel for 4 by 4.
  cv::Mat face;
  int face_step = 1;

  cv::Rect bounds() const { return {0, 0, bgr.cols, bgr.rows}; }
  // Whether the picture's pixel `at`, inside bounds(), looks like face.
  bool face_at(cv::Point at) const;
  // The face mask of `box` (inside bounds()), a pixel for each of the picture's.
  cv::Mat face_in(const cv::Rect& box) const;
  // Each pixel's smallest channel over that channel's local white (the brightest surface
  // nearby), made where it is asked for: a frame asks it of its holes of a body's size and of a
  // few points, a small part of the picture. At the pixel `at` inside bounds(), or CV_32F over
  // `box` inside bounds().
  float ratio_at(cv::Point at) const;
  cv::Mat ratio_in(const cv::Rect& box) const;
};
FaceMaps face_maps(const cv::Mat& bgr, const TrioReaderParams& params);

}  // namespace tableref::vision::trio
