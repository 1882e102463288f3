#include "calibration/table_plane.hpp"

#include <cmath>
#include <opencv2/imgproc.hpp>
#include <string>

namespace tableref::calibration {

namespace {

// Maps a point through a homography; nullopt where it lands on the far side of the horizon from
// `reference` (a point known to be on the plane in front of the camera).
std::optional<cv::Point2d> map_in_front(const cv::Matx33d& homography, cv::Point2d point,
                                        cv::Point2d reference) {
  const cv::Vec3d mapped = homography * cv::Vec3d(point.x, point.y, 1);
  const cv::Vec3d mapped_reference = homography * cv::Vec3d(reference.x, reference.y, 1);
  if (!(mapped[2] * mapped_reference[2] > 0)) return std::nullopt;
  const cv::Point2d result(mapped[0] / mapped[2], mapped[1] / mapped[2]);
  if (!std::isfinite(result.x) || !std::isfinite(result.y)) return std::nullopt;
  return result;
}

cv::Point2d project(const cv::Matx33d& homography, cv::Point2d point) {
  const cv::Vec3d mapped = homography * cv::Vec3d(point.x, point.y, 1);
  return {mapped[0] / mapped[2], mapped[1] / mapped[2]};
}

std::string point_text(cv::Point2d p) {
  return std::to_string(std::lround(p.x)) + "," + std::to_string(std::lround(p.y));
}

}  // namespace

std::optional<cv::Point2d> TablePlane::table_point(cv::Point2d image_px) const {
  const cv::Point2d centre_px = project(table_from_image.inv(), area_centre_mm());
  return map_in_front(table_from_image, image_px, centre_px);
}

std::optional<cv::Point2d> TablePlane::image_point(cv::Point2d table_mm) const {
  return map_in_front(table_from_image.inv(), table_mm, area_centre_mm());
}

referee::Result<TablePlane> table_from_corners(const std::array<cv::Point2d, 4>& corners_px,
                                               cv::Size2d area_mm, cv::Size image_size) {
  if (!(area_mm.width > 0 && area_mm.height > 0 && std::isfinite(area_mm.area()))) {
    return referee::Error{"the play area's size must be positive millimetres"};
  }
  const cv::Rect2d picture(0, 0, image_size.width, image_size.height);
  for (const cv::Point2d& corner : corners_px) {
    if (!(corner.x >= 0 && corner.y >= 0 && corner.x <= picture.width &&
          corner.y <= picture.height)) {
      return referee::Error{"corner " + point_text(corner) + " lies outside the " +
                            std::to_string(image_size.width) + "x" +
                            std::to_string(image_size.height) + " picture"};
    }
  }
  // Clockwise on screen (y down) turns right at every corner: positive cross products.
  for (std::size_t i = 0; i < 4; ++i) {
    const cv::Point2d in = corners_px[(i + 1) % 4] - corners_px[i];
    const cv::Point2d out = corners_px[(i + 2) % 4] - corners_px[(i + 1) % 4];
    if (!(in.cross(out) > 1.0)) {
      return referee::Error{
          "the corners must outline the play area clockwise as seen in the "
          "picture, without crossing (corner " +
          point_text(corners_px[(i + 1) % 4]) + ")"};
    }
  }
  const std::vector<cv::Point2f> image_points(corners_px.begin(), corners_px.end());
  const float width = static_cast<float>(area_mm.width),
              height = static_cast<float>(area_mm.height);
  const std::vector<cv::Point2f> table_points = {{0, 0}, {width, 0}, {width, height}, {0, height}};
  return TablePlane{image_size,
                    cv::Matx33d(cv::getPerspectiveTransform(image_points, table_points)), area_mm};
}

TablePlane table_from_sheet(const SheetSighting& sheet) {
  return TablePlane{sheet.image_size, sheet.image_from_sheet.inv(), kSheetSizeMm};
}

}  // namespace tableref::calibration
