#pragma once
// Trio Monsters: the colour of a card's monster, white-balanced by the card's own cream field.

#include <array>
#include <opencv2/core.hpp>
#include <optional>

#include "referee/colour.hpp"
#include "trio_bodies.hpp"
#include "vision/colour_references.hpp"
#include "vision/trio_reader.hpp"

namespace tableref::vision::trio {

struct BodyColour {
  std::optional<referee::Colour> colour;  // nullopt: unknown
  bool hidden = false;  // the field or the body is covered (a hand, a sleeve, glare)
};

// `corners`: the card's outer corners in the image; the field is sampled between the body and
// each corner, where the cream is widest.
BodyColour read_body_colour(const cv::Mat& bgr, const FaceMaps& maps, const MonsterBody& body,
                            const std::array<cv::Point2d, 3>& corners,
                            const ColourReferences& references, const TrioReaderParams& params);

}  // namespace tableref::vision::trio
