#pragma once
// Trio Monsters: the colour of a card's monster, white-balanced by the card's own cream field.

#include <array>
#include <opencv2/core.hpp>
#include <optional>
#include <vector>

#include "referee/colour.hpp"
#include "trio_bodies.hpp"
#include "vision/colour_references.hpp"
#include "vision/trio_reader.hpp"

namespace tableref::vision::trio {

struct BodyColour {
  std::optional<referee::Colour> colour;  // nullopt: unknown
  bool hidden = false;  // the field or the body is covered (a hand, a sleeve, glare)
  std::optional<cv::Vec3f> field_linear;  // the cream field as seen; nullopt: covered
};

// Body pixels darker than this (face ratio) are print, not eye or glare.
inline constexpr float kBodyRatioCut = 0.45f;

// The monster colour of print samples (sRGB), white-balanced by the cream field as seen
// (linear RGB); nullopt when they are not uniform or near no colour of the palette.
std::optional<referee::Colour> print_colour(const std::vector<cv::Vec3f>& samples,
                                            const cv::Vec3f& field_linear,
                                            const ColourReferences& references,
                                            const TrioReaderParams& params);

// `corners`: the card's outer corners in the image; the field is sampled between the body and
// each corner, where the cream is widest.
BodyColour read_body_colour(const cv::Mat& bgr, const FaceMaps& maps, const MonsterBody& body,
                            const std::array<cv::Point2d, 3>& corners,
                            const ColourReferences& references, const TrioReaderParams& params);

// Whether the picture shows a monster's print where no body was found: a round patch of one
// monster colour (white-balanced by the light around it as if that were a card's field), of a
// body's size even when a hand bites into it, in a colour rare in the picture (so not the
// table's).
bool monster_print_in_view(const cv::Mat& bgr, const FaceMaps& maps,
                           const ColourReferences& references, const TrioReaderParams& params);

}  // namespace tableref::vision::trio
