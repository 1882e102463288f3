#pragma once
// The table's plane: where each pixel of the picture lies on the table, in millimetres, through a
// homography (the table is flat; lens distortion is left to the camera model).
//
// Table frame: millimetres, origin at the play area's first corner, x along its first edge, y
// along its second, so that x right and y down as seen from above (the picture is not
// mirrored). The play area is the rectangle [0, width] × [0, height].

#include <array>
#include <opencv2/core.hpp>
#include <optional>

#include "calibration/colour_sheet.hpp"
#include "referee/result.hpp"

namespace tableref::calibration {

struct TablePlane {
  cv::Size image_size;           // of the pictures it was made for, px
  cv::Matx33d table_from_image;  // px to table mm
  cv::Size2d area_mm;            // the play area

  // nullopt for a pixel whose ray does not meet the table in front of the camera.
  std::optional<cv::Point2d> table_point(cv::Point2d image_px) const;
  std::optional<cv::Point2d> image_point(cv::Point2d table_mm) const;
  cv::Point2d area_centre_mm() const { return {area_mm.width / 2, area_mm.height / 2}; }
};

// From the play area's four corners as seen in the picture, clockwise from the corner that becomes
// the origin, and the area's real size. An Error when the corners do not outline a convex area
// clockwise, lie outside the picture, or the size is not positive.
referee::Result<TablePlane> table_from_corners(const std::array<cv::Point2d, 4>& corners_px,
                                               cv::Size2d area_mm, cv::Size image_size);

// From the colour sheet lying on the table: the table frame is the sheet's, and the play area is
// the sheet itself (lay it in the middle of the play area: seats are split around its centre).
TablePlane table_from_sheet(const SheetSighting& sheet);

}  // namespace tableref::calibration
