#include "bugs_tiles.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <opencv2/core/hal/intrin.hpp>
#include <opencv2/imgproc.hpp>
#include <span>
#include <tuple>
#include <utility>

#include "colour_edges.hpp"
#include "disk_morphology.hpp"
#include "enlarged_mask.hpp"
#include "laid_out_once.hpp"
#include "large_components.hpp"
#include "run_components.hpp"
#include "vision/quad_geometry.hpp"
#include "vision/relative_luminance.hpp"
#include "vision/square_card_detector.hpp"

namespace tableref::vision::bugs {

namespace {

using referee::BugPattern;
using referee::BugShape;

constexpr double kTrophyFaceMm = kTileSideMm - 2 * kTrophyBorderMm;
// The cream face sampled for its colour: clear of the edge, the gold border and the art.
constexpr double kFaceBandFromMm = 3.8, kFaceBandToMm = 6.5;
// The gold border sampled: clear of the edge and of the rounded corners.
constexpr double kGoldBandFromMm = 0.8, kGoldBandToMm = 2.2, kCornerClearMm = 5.0;
constexpr double kMinGoldShare = 0.55;
// The art of a monster lies within this distance of the tile's centre (body about 28 mm across,
// eyes a little beyond its edge).
constexpr double kArtRadiusMm = 18.5;
// Colour against the cream face, channel by channel (face = 1).
constexpr float kNotCream = 0.2f;                        // any channel this far off: not face
constexpr float kWhiteBlue = 1.08f, kWhiteGreen = 1.0f;  // white eyes: bluer than cream
constexpr float kWhiteRed = 0.94f;
// Spots and stripes: darker than the body by this factor.
constexpr float kPatternDark = 0.74f;
constexpr double kMinPatternPartMm2 = 3.0;
constexpr double kMaxPlainPatternMm2 = 4.0;
// Glare over a spot's area of the body: with the 3 mm left out around it, two of the five spots
// may lie under it.
constexpr double kSpotsUnderGlareMm2 = std::numbers::pi * 2.0 * 2.0;
constexpr int kSpots = 5;  // printed on a spotted body
constexpr double kElongated = 2.3;
constexpr double kMinMergedStripesMm = 10.0;  // stripes merged into one band: at least this long
constexpr double kMaxStripeTiltDeg = 15.0;    // ... and this near the row of eyes' direction
// A monster's body covers 330 mm² (star) to 620 mm² (square): a face without one is no tile.
constexpr double kMinBodyMm2 = 150.0;
// Shapes, from the body's outline seen from its centroid.
constexpr double kStarSolidity = 0.82;         // area / convex hull area
constexpr double kMinConvexSolidity = 0.9;     // between: neither a star nor a convex body
constexpr int kStarPoints = 5;                 // ... unless its hull shows a star's points
constexpr double kMinPeakProminence = 0.09;    // of the mean radius: a point of the shape
constexpr double kClearPeakProminence = 0.14;  // ... one clearly
constexpr double kDropPointProminence = 0.25;  // a drop's point (0.3 to 0.45)
// Trophy dots: 6 mm, dark.
constexpr float kDotDark = 0.5f;
constexpr double kDotAreaMm2 = std::numbers::pi * 3 * 3;

cv::Mat resampled(const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners, double side_mm,
                  double px_per_mm) {
  const cv::Matx33d image_from_mm = image_from_square(corners, side_mm);
  const cv::Matx33d mm_from_px(1 / px_per_mm, 0, 0.5 / px_per_mm, 0, 1 / px_per_mm, 0.5 / px_per_mm,
                               0, 0, 1);
  const int side = static_cast<int>(std::lround(side_mm * px_per_mm));
  cv::Mat face;
  cv::warpPerspective(bgr, face, cv::Mat(image_from_mm * mm_from_px), cv::Size(side, side),
                      cv::INTER_LINEAR | cv::WARP_INVERSE_MAP, cv::BORDER_REPLICATE);
  return face;
}

// Pixels whose distance (mm) from the nearest edge of the square lies in [from, to), away from
// the corners by `corner_clear` along the edge.
cv::Mat laid_out_edge_band(int side_px, double px_per_mm, double from_mm, double to_mm,
                           double corner_clear_mm) {
  cv::Mat band(side_px, side_px, CV_8U, cv::Scalar(0));
  const double side_mm = side_px / px_per_mm;
  for (int y = 0; y < side_px; ++y) {
    for (int x = 0; x < side_px; ++x) {
      const double mx = (x + 0.5) / px_per_mm, my = (y + 0.5) / px_per_mm;
      const double dx = std::min(mx, side_mm - mx), dy = std::min(my, side_mm - my);
      const double edge = std::min(dx, dy), along = std::max(dx, dy);
      if (edge >= from_mm && edge < to_mm && along >= corner_clear_mm) band.at<uchar>(y, x) = 255;
    }
  }
  return band;
}

// laid_out_edge_band, laid out once for each size and band: every tile of a picture, and every
// picture, asks for the same few.
const cv::Mat& edge_band(int side_px, double px_per_mm, double from_mm, double to_mm,
                         double corner_clear_mm = 0) {
  using Key = std::tuple<int, double, double, double, double>;
  return laid_out_once<cv::Mat>(Key{side_px, px_per_mm, from_mm, to_mm, corner_clear_mm}, [&] {
    return laid_out_edge_band(side_px, px_per_mm, from_mm, to_mm, corner_clear_mm);
  });
}

// The median of each channel of `bgr` where `mask` is set (at least 1), counted in histograms.
cv::Vec3f median_colour(const cv::Mat& bgr, const cv::Mat& mask) {
  std::array<std::array<int, 256>, 3> counts{};
  int total = 0;
  for (int y = 0; y < bgr.rows; ++y) {
    const auto* pixel = bgr.ptr<cv::Vec3b>(y);
    const auto* in = mask.ptr<uchar>(y);
    for (int x = 0; x < bgr.cols; ++x) {
      if (in[x] == 0) continue;
      for (std::size_t c = 0; c < 3; ++c) ++counts[c][pixel[x][static_cast<int>(c)]];
      ++total;
    }
  }
  cv::Vec3f median(1, 1, 1);
  if (total == 0) return median;
  for (std::size_t c = 0; c < 3; ++c) {
    // The value at place total / 2 of the sorted values.
    int seen = 0, value = 0;
    while (seen + counts[c][static_cast<std::size_t>(value)] <= total / 2)
      seen += counts[c][static_cast<std::size_t>(value++)];
    median[static_cast<int>(c)] = std::max(1.0f, static_cast<float>(value));
  }
  return median;
}

// The cream of a face resampled square: the median colour of its band inside the edge.
cv::Vec3f face_cream(const cv::Mat& face_bgr, double px_per_mm) {
  return median_colour(face_bgr, edge_band(face_bgr.rows, px_per_mm, kFaceBandFromMm, kFaceBandToMm,
                                           kCornerClearMm));
}

// The face in units of its cream (each channel divided by the cream's): independent of the
// light's colour and brightness.
struct RelativeFace {
  std::vector<cv::Mat> ratio;  // CV_32F, blue, green and red, each over the cream's
  cv::Mat grey;                // CV_32F, grey / cream grey
  cv::Mat spread;  // CV_32F, (max - min channel) / cream grey, in the picture's own units
  cv::Mat white;   // CV_32F, the lowest channel of `ratio`: whiteness, 1 on the cream
  double px_per_mm = 0;
  // Where the face shows an eye (eye_marks), found when first asked: one face is read twice
  // (with its highlights known and without) and asked for its eyes at each step.
  mutable std::optional<cv::Mat> eye_marks;
};

RelativeFace relative_face(const cv::Mat& face_bgr, const cv::Vec3f& cream, double px_per_mm) {
  RelativeFace out;
  out.px_per_mm = px_per_mm;
  cv::Mat as_float;
  face_bgr.convertTo(as_float, CV_32FC3);
  const float cream_grey = 0.114f * cream[0] + 0.587f * cream[1] + 0.299f * cream[2];
  cv::split(as_float.mul(cv::Scalar(1 / cream[0], 1 / cream[1], 1 / cream[2])), out.ratio);
  std::vector<cv::Mat> channels;
  cv::split(as_float, channels);
  out.grey = (0.114f * channels[0] + 0.587f * channels[1] + 0.299f * channels[2]) / cream_grey;
  cv::Mat high = cv::max(cv::max(channels[0], channels[1]), channels[2]);
  cv::Mat low = cv::min(cv::min(channels[0], channels[1]), channels[2]);
  out.spread = (high - low) / cream_grey;
  out.white = cv::min(cv::min(out.ratio[0], out.ratio[1]), out.ratio[2]);
  return out;
}

cv::Mat disk_mask(int side_px, double px_per_mm, double radius_mm) {
  cv::Mat mask(side_px, side_px, CV_8U, cv::Scalar(0));
  cv::circle(mask, {side_px / 2, side_px / 2}, static_cast<int>(std::lround(radius_mm * px_per_mm)),
             cv::Scalar(255), cv::FILLED);
  return mask;
}

// A disk `diameter_px` across, in whole pixels: odd, so that it is centred on a pixel.
int disk_px(double diameter_px) {
  return std::max(1, static_cast<int>(std::lround(diameter_px)) | 1);
}

// A face's masks (its body, eyes, highlights) dilated or eroded by a disk `diameter_px` across,
// worked only where the result can be set: the marks cover a part of the face. Outside the
// mask's set pixels (grown by the disk, for a dilation) the result is empty; within, it is worked
// on a region of the mask wide enough that its edges change nothing: the same masks as over the
// whole face.
cv::Mat by_disk_near_set(const cv::Mat& mask, double diameter_px, bool dilate) {
  const int diameter = disk_px(diameter_px);
  cv::Mat result(mask.size(), CV_8U, cv::Scalar(0));
  const cv::Rect set = cv::boundingRect(mask);
  if (set.empty()) return result;
  const cv::Rect around = grown_within(set, diameter / 2, mask.size());
  const cv::Rect changed = dilate ? around : set;
  const cv::Mat worked = dilate ? dilated_mask_by_disk(mask(around), diameter)
                                : eroded_mask_by_disk(mask(around), diameter);
  worked(changed - around.tl()).copyTo(result(changed));
  return result;
}

cv::Mat dilated(const cv::Mat& mask, double diameter_px) {
  return by_disk_near_set(mask, diameter_px, true);
}

cv::Mat eroded(const cv::Mat& mask, double diameter_px) {
  return by_disk_near_set(mask, diameter_px, false);
}

cv::Mat opened(const cv::Mat& mask, double diameter_px) {
  return dilated(eroded(mask, diameter_px), diameter_px);
}

cv::Mat closed(const cv::Mat& mask, double diameter_px) {
  return eroded(dilated(mask, diameter_px), diameter_px);
}

// The largest component of `mask`, its holes filled.
cv::Mat largest_filled(const cv::Mat& mask) {
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(mask.clone(), contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  cv::Mat filled(mask.size(), CV_8U, cv::Scalar(0));
  if (contours.empty()) return filled;
  const auto largest = std::max_element(
      contours.begin(), contours.end(),
      [](const auto& a, const auto& b) { return cv::contourArea(a) < cv::contourArea(b); });
  cv::drawContours(filled, std::vector<std::vector<cv::Point>>{*largest}, 0, cv::Scalar(255),
                   cv::FILLED);
  return filled;
}

// How far the polygon's boundary lies from `centre` in each of `bins` directions.
std::vector<double> radial_profile(const std::vector<cv::Point>& polygon, cv::Point2d centre,
                                   int bins) {
  std::vector<double> radius(static_cast<std::size_t>(bins), 0.0);
  for (int bin = 0; bin < bins; ++bin) {
    const double angle = 2 * std::numbers::pi * bin / bins;
    const cv::Point2d ray(std::cos(angle), std::sin(angle));
    for (std::size_t i = 0; i < polygon.size(); ++i) {
      const cv::Point2d a = cv::Point2d(polygon[i]) - centre;
      const cv::Point2d b = cv::Point2d(polygon[(i + 1) % polygon.size()]) - centre;
      const cv::Point2d edge = b - a;
      const double denominator = ray.x * edge.y - ray.y * edge.x;
      if (std::abs(denominator) < 1e-9) continue;
      const double t = (a.x * edge.y - a.y * edge.x) / denominator;  // along the ray
      const double u = (a.x * ray.y - a.y * ray.x) / denominator;    // along the edge
      if (t > 0 && u >= 0 && u <= 1)
        radius[static_cast<std::size_t>(bin)] = std::max(radius[static_cast<std::size_t>(bin)], t);
    }
  }
  return radius;
}

// The share of directions in which the outline lies within 5 % of its median distance from the
// centre: all of a disk, about half of a drop, little of a triangle.
double round_share(const std::vector<double>& radius) {
  std::vector<double> sorted = radius;
  const auto middle = sorted.begin() + static_cast<long>(sorted.size() / 2);
  std::nth_element(sorted.begin(), middle, sorted.end());
  const double median = *middle;
  const auto near = std::count_if(radius.begin(), radius.end(),
                                  [&](double r) { return std::abs(r - median) < 0.05 * median; });
  return static_cast<double>(near) / static_cast<double>(radius.size());
}

// The round shares each shape shows on rendered webcam pictures (round 0.37 to 1, drop 0.29 to
// 0.70, triangle 0.15 to 0.22, square 0.27 to 0.41), with a margin.
struct RoundShare {
  double low, high;
};

RoundShare round_share_of(BugShape shape) {
  switch (shape) {
    case BugShape::round:
      return {0.3, 1.0};
    case BugShape::drop:
      return {0.25, 0.8};
    case BugShape::triangle:
      return {0.0, 0.26};
    case BugShape::square:
      return {0.24, 0.5};
    default:
      return {0.0, 1.0};
  }
}

// The points of a convex outline: directions in which it stands out from its centre.
struct OutlinePoints {
  int points = 0;         // standing out at least kMinPeakProminence
  int clear_points = 0;   // ... at least kClearPeakProminence
  double strongest = 0;   // prominence of the most prominent
  std::vector<int> bins;  // where the points lie
};

OutlinePoints outline_points(const std::vector<double>& radius) {
  constexpr int kPeakHalfWidth = 6, kDipHalfWidth = 12;  // 18 and 36 degrees of 120 bins
  const int bins = static_cast<int>(radius.size());
  double mean = 0;
  for (const double r : radius) mean += r / bins;
  OutlinePoints found;
  if (mean <= 0) return found;
  const auto at = [&](int j) { return radius[static_cast<std::size_t>((j + bins) % bins)]; };
  for (int i = 0; i < bins; ++i) {
    bool highest = true;
    for (int j = i - kPeakHalfWidth; j <= i + kPeakHalfWidth && highest; ++j)
      highest = at(j) < at(i) || (at(j) == at(i) && j >= i);
    if (!highest) continue;
    double lowest = at(i);
    for (int j = i - kDipHalfWidth; j <= i + kDipHalfWidth; ++j) lowest = std::min(lowest, at(j));
    const double prominence = (at(i) - lowest) / mean;
    if (prominence > kMinPeakProminence) {
      ++found.points;
      found.bins.push_back(i);
    }
    if (prominence > kClearPeakProminence) ++found.clear_points;
    found.strongest = std::max(found.strongest, prominence);
  }
  return found;
}

// The shape of a convex body from its radial profile: told apart by the points of its outline,
// none (round), one (drop), three (triangle) or four (square).
std::optional<BugShape> convex_shape(const std::vector<double>& radius) {
  const OutlinePoints found = outline_points(radius);
  int points = found.points;
  // A drop's point stands far out; the broad far side of its round part may show as a faint
  // point of its own (a small tile, a blurred outline).
  if (found.clear_points == 1 && found.strongest > kDropPointProminence)
    points = 1;
  else if (points == 1)
    return std::nullopt;  // one bump, too faint for a drop's point: a disk seen askew?
  std::optional<BugShape> shape;
  switch (points) {
    case 0:
      shape = BugShape::round;
      break;
    case 1:
      shape = BugShape::drop;
      break;
    case 3:
      shape = BugShape::triangle;
      break;
    case 4:
      shape = BugShape::square;
      break;
    default:
      return std::nullopt;
  }
  // The points counted must agree with how much of the outline is an arc about its centre
  // (a bumpy drop passes for a triangle by its points, not by its arc): else unknown.
  const RoundShare range = round_share_of(*shape);
  const double share = round_share(radius);
  if (share < range.low || share > range.high) return std::nullopt;
  return shape;
}

constexpr int kProfileBins = 120;

// The radial profile of `hull` about its centroid, first stretched so that its second moments are
// the same in every direction: a disk, a triangle and a square keep their shape, and a face
// rectified askew (its quadrilateral's corners a little off) no longer squeezes them.
std::vector<double> isotropic_profile(const std::vector<cv::Point>& hull,
                                      const cv::Moments& moments) {
  const cv::Point2d centre(moments.m10 / moments.m00, moments.m01 / moments.m00);
  const cv::Matx22d covariance(moments.mu20, moments.mu11, moments.mu11, moments.mu02);
  cv::Matx21d eigenvalues;
  cv::Matx22d eigenvectors;
  cv::eigen(covariance, eigenvalues, eigenvectors);
  // Scale the minor axis up to the major: the body keeps its size along its longest extent.
  const double stretch = std::sqrt(eigenvalues(0) / std::max(eigenvalues(1), 1e-9));
  const cv::Point2d minor(eigenvectors(1, 0), eigenvectors(1, 1));
  constexpr double kScale = 16.0;  // sub-pixel positions kept through integer points
  std::vector<cv::Point> stretched;
  for (const cv::Point& point : hull) {
    const cv::Point2d offset = cv::Point2d(point) - centre;
    const double along_minor = offset.dot(minor);
    const cv::Point2d moved = offset + minor * (along_minor * (stretch - 1));
    stretched.emplace_back(cvRound(moved.x * kScale), cvRound(moved.y * kScale));
  }
  return radial_profile(stretched, {0, 0}, kProfileBins);
}

// Whether two of `bins` (of kProfileBins) lie opposite each other, as the ends of an ellipse's
// long axis do.
bool two_opposite(const std::vector<int>& bins) {
  if (bins.size() != 2) return false;
  const int apart = std::abs(bins[0] - bins[1]);
  return std::abs(apart - kProfileBins / 2) <= kProfileBins / 18;  // within 20 degrees
}

// The shape from the body's outline. A star is far from convex; the others are told apart by
// convex_shape. The hull smooths over an eye that spills over the body's edge.
std::optional<BugShape> classify_shape(const cv::Mat& body) {
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(body.clone(), contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  if (contours.empty() || contours.front().size() < 10) return std::nullopt;
  const std::vector<cv::Point> hull = outline_hull(contours.front());
  const double hull_area = cv::contourArea(hull);
  if (hull_area <= 0) return std::nullopt;
  const double solidity = cv::contourArea(contours.front()) / hull_area;
  if (solidity < kStarSolidity) return BugShape::star;
  const cv::Moments moments = cv::moments(hull);
  const cv::Point2d centre(moments.m10 / moments.m00, moments.m01 / moments.m00);
  const std::vector<double> radius = radial_profile(hull, centre, kProfileBins);
  if (solidity < kMinConvexSolidity) {
    // A star whose arms are partly filled in (its pattern, blurred, taken for body) is no longer
    // hollow enough, but its hull is still a pentagon: five clear points, where no other shape
    // has more than four.
    if (outline_points(radius).clear_points == kStarPoints) return BugShape::star;
    return std::nullopt;
  }
  if (const auto shape = convex_shape(radius)) return shape;
  // Seen squeezed, a disk shows two opposite points, and a square or a triangle its own points
  // but too little arc. Undoing the squeeze may read them; a drop, long of itself, is not read
  // this way, nor any shape whose points the squeeze would have to change.
  const OutlinePoints seen = outline_points(radius);
  const auto shape = convex_shape(isotropic_profile(hull, moments));
  if (shape == BugShape::round && two_opposite(seen.bins)) return shape;
  if ((shape == BugShape::triangle && seen.points == 3) ||
      (shape == BugShape::square && seen.points == 4))
    return shape;
  return std::nullopt;
}

struct Blob {
  cv::Point2d centre;
  double area_mm2 = 0;
  double elongation = 1;
  double length_mm = 0;
  cv::Point2d axis{1, 0};  // along its length
};

std::vector<Blob> blobs_of(const cv::Mat& mask, double px_per_mm, double min_area_mm2) {
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(mask.clone(), contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  std::vector<Blob> blobs;
  const double mm2_per_px = 1 / (px_per_mm * px_per_mm);
  for (const auto& contour : contours) {
    const double area = cv::contourArea(contour) * mm2_per_px;
    if (area < min_area_mm2 || contour.size() < 5) continue;
    const cv::RotatedRect box = cv::minAreaRect(contour);
    const double longer = std::max(box.size.width, box.size.height);
    const double shorter = std::max(1.0f, std::min(box.size.width, box.size.height));
    std::array<cv::Point2f, 4> corners;
    box.points(corners.data());
    cv::Point2d side = corners[1] - corners[0];
    const cv::Point2d other = corners[2] - corners[1];
    if (cv::norm(other) > cv::norm(side)) side = other;
    const double side_length = std::max(1e-9, cv::norm(side));
    blobs.push_back({box.center, area, longer / shorter, longer / px_per_mm, side / side_length});
  }
  return blobs;
}

// The white of the eyes: brighter than the cream, and bluer (the cream is yellowish).
cv::Mat eye_white(const RelativeFace& face, const cv::Mat& art_area) {
  const std::vector<cv::Mat>& ratio = face.ratio;
  return (ratio[0] > kWhiteBlue) & (ratio[1] > kWhiteGreen) & (ratio[2] > kWhiteRed) & art_area;
}

// Eyes as a row of white disks across the upper body, fitted as a whole: a blurred pupil or a
// dim white no longer loses an eye, and eye counts whose fits come close are left unknown.
constexpr double kEyeRadiusMm = 3.0, kPupilRadiusMm = 1.4, kPupilDropMm = 0.4;
constexpr int kMostEyes = 3;           // a monster has one to three eyes
constexpr double kEyeRowHalfMm = 2.5;  // the band across the eyes that is read
constexpr double kBodyInsetMm = 1.5;   // the body's blurred edge is left out
constexpr double kSolidWhiteMm = 1.0;  // white thinner than this is noise, not an eye
constexpr double kEyeSpillMm = 2.0;    // how far an eye may stick out of the body
constexpr double kEyeRimMm = 1.5;      // the blurred rim around an eye's white
constexpr double kMinCutOffMm2 = 8.0;  // a part of the body an eye row cut off (a pupil is less)
constexpr double kEyeRingWhiteness = 0.75;  // around a pupil: as white as the cream or whiter
// Whiteness (the lowest channel against the cream's): eyes about 1, every body colour below 0.35.
constexpr float kBodyWhiteness = 0.45f, kEyeWhiteness = 0.9f;
// White against cream #EFE3C2: blue over red by 255 / 194 - 255 / 239.
constexpr float kEyeBlueLift = 0.24f;
constexpr double kMinEyeRiseMm = 1.2;  // eyes lie at least 2.5 mm above the body's centroid
constexpr double kMaxEyeSkew = 0.5;    // eyes off the tile's axes: across / along
// Eyes the tiles found do not hold: a dark pupil in a white ring in a body far less white.
// Half-sides of square windows: the pupil, the eye's white ring, the body around it.
constexpr double kStrayPupilMm = 0.7, kStrayWhiteFromMm = 1.3, kStrayWhiteToMm = 2.3;
constexpr double kStrayBodyFromMm = 3.6, kStrayBodyToMm = 5.0;
// Loose enough to see the eyes of a tile the finder missed even small and blurred, or on a light
// body beside the cream: over 60 webcam scenes, 99.3 % of the tiles left out show an eye (97.4 %
// at 1.8 and 0.7); a few patterned cloths show eye-like spots more often.
constexpr double kStrayWhiteOverBody = 1.6, kStrayPupilDark = 0.75;
constexpr double kEyeMarkPupilDark = 0.7;    // an eye on a face being read
constexpr double kStraySmallerScale = 0.85;  // of the tiles' own scale, for outlines found wide
constexpr double kStrayMinWhite = 40;        // lowest channel, 8-bit: not a dark patch of the table
constexpr double kMaxEyeShiftMm = 1.5;       // the row's centre against the body's axis
constexpr double kMinEyeContrast = 0.25;     // eye white above the body, in whiteness
constexpr double kEyeFitMargin = 2.0;        // the runner-up's residual against the best one's
constexpr double kEyeFitCloseMargin = 1.05;  // below it, no count is read even with its pupils
constexpr double kEyeFitNoise = 0.03;        // whiteness noise allowed per sample in that margin
constexpr double kPupilOffMm = 1.5;          // how far a fitted eye's centre may lie from its pupil

// How much a pixel looks like an eye's white, 0 to 1: as white as no body is, and bluer than the
// cream (white against a yellowish cream). Neither the body nor the cream passes, so an eye that
// spills over the body's edge is read whole.
cv::Mat eye_whiteness(const RelativeFace& face, const cv::Mat& white) {
  const std::vector<cv::Mat>& ratio = face.ratio;
  cv::Mat lightness = (white - kBodyWhiteness) / (kEyeWhiteness - kBodyWhiteness);
  cv::Mat blueness = (ratio[0] - ratio[2]) / kEyeBlueLift;
  return cv::min(cv::max(cv::min(lightness, blueness), 0.0), 1.0);
}

// The share of a band 2 * kEyeRowHalfMm high that an eye's white covers at `dx_mm` from its
// centre.
double eye_white_share(double dx_mm) {
  const auto chord = [](double radius, double dx, double centre_dy) {
    if (std::abs(dx) >= radius) return 0.0;
    const double half = std::sqrt(radius * radius - dx * dx);
    return std::max(0.0, std::min(centre_dy + half, kEyeRowHalfMm) -
                             std::max(centre_dy - half, -kEyeRowHalfMm));
  };
  return (chord(kEyeRadiusMm, dx_mm, 0) - chord(kPupilRadiusMm, dx_mm, kPupilDropMm)) /
         (2 * kEyeRowHalfMm);
}

// eye_white_share blurred by a Gaussian of `sigma_mm`, tabulated every kShareStepMm.
constexpr double kShareStepMm = 0.05, kShareReachMm = 8.0;
std::vector<double> blurred_eye_share(double sigma_mm) {
  const int half = static_cast<int>(kShareReachMm / kShareStepMm);
  std::vector<double> sharp(static_cast<std::size_t>(2 * half + 1));
  for (int i = -half; i <= half; ++i)
    sharp[static_cast<std::size_t>(i + half)] = eye_white_share(i * kShareStepMm);
  if (sigma_mm <= 0) return sharp;
  const int reach = static_cast<int>(3 * sigma_mm / kShareStepMm);
  std::vector<double> blurred(sharp.size(), 0.0);
  for (int i = -half; i <= half; ++i) {
    double sum = 0, weights = 0;
    for (int j = -reach; j <= reach; ++j) {
      const double weight = std::exp(-0.5 * std::pow(j * kShareStepMm / sigma_mm, 2));
      const int k = std::clamp(i + j, -half, half);
      sum += weight * sharp[static_cast<std::size_t>(k + half)];
      weights += weight;
    }
    blurred[static_cast<std::size_t>(i + half)] = sum / weights;
  }
  return blurred;
}

double tabulated_share(const std::vector<double>& table, double dx_mm) {
  const double at = dx_mm / kShareStepMm + static_cast<double>(table.size() / 2);
  if (at <= 0 || at >= static_cast<double>(table.size() - 1)) return 0.0;
  const auto below = static_cast<std::size_t>(at);
  const double t = at - static_cast<double>(below);
  return (1 - t) * table[below] + t * table[below + 1];
}

struct ProfileSample {
  double across_mm = 0;
  double white = 0;
};

struct EyeFit {
  double residual = std::numeric_limits<double>::infinity();
  double shift_mm = 0;
  double contrast = 0;
  double pitch_mm = 0;
};

double eye_pitch_mm(int eyes) {
  return eyes == 3 ? 7.0 : 8.0;
}

// The best least-squares fit of body level + contrast * (`eyes` eyes in a row) to the profile,
// the eyes' pitch the printed one times one of `pitch_scales`.
EyeFit fit_eyes(const std::vector<ProfileSample>& profile, int eyes,
                const std::vector<std::vector<double>>& shares,
                std::span<const double> pitch_scales) {
  EyeFit best;
  const double n = static_cast<double>(profile.size());
  for (const double pitch_scale : pitch_scales) {
    const double pitch = eye_pitch_mm(eyes) * pitch_scale;
    for (const auto& share : shares) {
      for (double shift = -kMaxEyeShiftMm; shift <= kMaxEyeShiftMm + 1e-9; shift += 0.25) {
        double sm = 0, sp = 0, smm = 0, smp = 0, spp = 0;
        for (const ProfileSample& sample : profile) {
          double model = 0;
          for (int eye = 0; eye < eyes; ++eye) {
            const double centre = (eye - (eyes - 1) / 2.0) * pitch + shift;
            model += tabulated_share(share, sample.across_mm - centre);
          }
          sm += model;
          sp += sample.white;
          smm += model * model;
          smp += model * sample.white;
          spp += sample.white * sample.white;
        }
        const double spread = n * smm - sm * sm;
        if (spread <= 1e-9) continue;
        const double contrast = (n * smp - sm * sp) / spread;
        const double level = (sp - contrast * sm) / n;
        const double residual = spp - 2 * contrast * smp - 2 * level * sp +
                                contrast * contrast * smm + 2 * contrast * level * sm +
                                n * level * level;
        if (contrast > 0 && residual < best.residual) best = {residual, shift, contrast, pitch};
      }
    }
  }
  return best;
}

// An eye count read from the row's profile: clear when it fits clearly better than every other,
// else the best of counts that fit about as well (the pupils must then confirm it).
struct EyeCount {
  int eyes = 0;
  bool clear = false;
};

// The eye count whose fit to the profile is the best, with that fit; nullopt when the eyes do not
// stand out or another count fits almost as well.
std::optional<std::pair<EyeCount, EyeFit>> best_eye_count(const std::vector<ProfileSample>& profile,
                                                          std::span<const double> pitch_scales) {
  static const std::vector<std::vector<double>> shares{
      blurred_eye_share(0.3), blurred_eye_share(0.8), blurred_eye_share(1.3)};
  std::array<EyeFit, kMostEyes> fits;
  for (int eyes = 1; eyes <= kMostEyes; ++eyes)
    fits[static_cast<std::size_t>(eyes - 1)] = fit_eyes(profile, eyes, shares, pitch_scales);
  const auto best = std::min_element(fits.begin(), fits.end(), [](const auto& a, const auto& b) {
    return a.residual < b.residual;
  });
  double runner_up = std::numeric_limits<double>::infinity();
  for (const EyeFit& fit : fits) {
    if (&fit != &*best) runner_up = std::min(runner_up, fit.residual);
  }
  const double noise = kEyeFitNoise * kEyeFitNoise * static_cast<double>(profile.size());
  if (best->contrast < kMinEyeContrast || runner_up < kEyeFitCloseMargin * best->residual + noise)
    return std::nullopt;
  const EyeCount count{static_cast<int>(best - fits.begin()) + 1,
                       runner_up >= kEyeFitMargin * best->residual + noise};
  return std::pair(count, *best);
}

// The body's whiteness, its blurred edge left out, in the units the eye row is read in.
struct BodyWhiteness {
  cv::Point2d centroid;  // of the body, eyes included
  cv::Mat inner;         // the body without its edge
  cv::Mat white;         // whiteness
  cv::Mat excess;        // whiteness above the body's, 0 to 1, within `inner`
  cv::Mat row_area;      // where the eye row is read: the body, its eyes and the cream beside
  cv::Mat eye_white;     // eye_whiteness
  cv::Mat glare;         // highlights within the row area, when any: no eye shows there
  cv::Mat face_glare;    // highlights anywhere on the face (the body's outline stops at them)
};

// Whether a highlight lies on the eye row: an eye under it would be lost, so nothing is counted.
bool glare_on_row(const BodyWhiteness& body, cv::Point2d up, int rise_px, int reach_px) {
  if (body.glare.empty()) return false;
  std::vector<cv::Point> points;
  cv::findNonZero(body.glare, points);
  return std::any_of(points.begin(), points.end(), [&](const cv::Point& point) {
    return std::abs((cv::Point2d(point) - body.centroid).dot(up) - rise_px) <= reach_px;
  });
}

// Where the eye row lies on the face.
struct EyeRow {
  cv::Point2d centroid;  // of the body
  cv::Point2d up, right;
  int rise_px = 0;       // of the row above the centroid
  int half_band_px = 0;  // the band across the eyes that is read
};

// The eye count that fits the profile of `white` across the row best, read within `area`, with
// the eyes' centres; nullopt when none does.
std::optional<EyeCount> count_eye_row(const EyeRow& row, const cv::Mat& area, const cv::Mat& white,
                                      std::span<const double> pitch_scales, double px_per_mm,
                                      std::vector<cv::Point2d>& eye_centres) {
  // The whiteness across the row, column by column.
  const int reach = area.rows, band = row.half_band_px;
  std::vector<double> white_sum(static_cast<std::size_t>(2 * reach + 1), 0.0);
  std::vector<int> count(white_sum.size(), 0);
  for (int y = 0; y < area.rows; ++y) {
    for (int x = 0; x < area.cols; ++x) {
      if (area.at<uchar>(y, x) == 0) continue;
      const cv::Point2d offset = cv::Point2d(x, y) - row.centroid;
      if (std::abs(offset.dot(row.up) - row.rise_px) > band) continue;
      const auto column = static_cast<std::size_t>(std::lround(offset.dot(row.right)) + reach);
      white_sum[column] += white.at<float>(y, x);
      ++count[column];
    }
  }
  std::vector<ProfileSample> profile;
  for (std::size_t column = 0; column < white_sum.size(); ++column) {
    if (count[column] < static_cast<int>(0.6 * (2 * band + 1))) continue;
    profile.push_back(
        {(static_cast<double>(column) - reach) / px_per_mm, white_sum[column] / count[column]});
  }
  if (profile.size() < static_cast<std::size_t>(10 * px_per_mm)) return std::nullopt;
  const auto read = best_eye_count(profile, pitch_scales);
  if (!read) return std::nullopt;
  const auto& [eye_count, fit] = *read;
  const int eyes = eye_count.eyes;
  for (int eye = 0; eye < eyes; ++eye) {
    const double across_mm = (eye - (eyes - 1) / 2.0) * fit.pitch_mm + fit.shift_mm;
    eye_centres.push_back(row.centroid + row.right * (across_mm * px_per_mm) +
                          row.up * double(row.rise_px));
  }
  return eye_count;
}

// The printed pitch of the eyes, and the pitches a face resampled a little askew gives them.
constexpr std::array<double, 1> kPrintedPitch{1.0};
constexpr std::array<double, 5> kSkewedPitches{0.85, 0.92, 1.0, 1.08, 1.15};

// Whether `glare` covers a third of an eye's disk or more where one more eye would lie, beside
// either end of the row `eyes` (centres in order along `right`), at any pitch the row may show:
// such an eye would be lost. Less glare leaves most of it in sight, and it would have been read.
bool glare_may_hide_an_eye_beside(const cv::Mat& glare, const std::vector<cv::Point2d>& eyes,
                                  cv::Point2d right, double px_per_mm) {
  constexpr double kHiddenShare = 1.0 / 3.0, kPitchStepMm = 0.5;
  const double nearest_mm = kSkewedPitches.front() * eye_pitch_mm(kMostEyes);
  const double farthest_mm = kSkewedPitches.back() * eye_pitch_mm(1);
  const int radius = static_cast<int>(std::lround(kEyeRadiusMm * px_per_mm));
  const cv::Rect whole(0, 0, glare.cols, glare.rows);
  for (const auto& [end, away] : {std::pair(eyes.front(), -right), std::pair(eyes.back(), right)}) {
    for (double pitch_mm = nearest_mm; pitch_mm <= farthest_mm; pitch_mm += kPitchStepMm) {
      const cv::Point centre(end + away * (pitch_mm * px_per_mm));
      const cv::Rect box(centre.x - radius, centre.y - radius, 2 * radius + 1, 2 * radius + 1);
      cv::Mat disk = cv::Mat::zeros(box.size(), CV_8U);
      cv::circle(disk, centre - box.tl(), radius, 255, cv::FILLED);
      const cv::Rect seen = box & whole;
      if (seen.empty()) continue;
      const cv::Mat disk_seen = disk(seen - box.tl());
      const int covered = cv::countNonZero(disk_seen & glare(seen));
      if (covered >= kHiddenShare * cv::countNonZero(disk)) return true;
    }
  }
  return false;
}

bool every_eye_has_a_pupil(const RelativeFace& face, const std::vector<cv::Point2d>& eyes,
                           double px_per_mm);
const cv::Mat& eye_marks(const RelativeFace& face);

// The marks of eyes (a pupil in its white) within `area` farther than `reach_mm` from every one
// of `eyes`.
cv::Mat eye_marks_off_the_row(const cv::Mat& marks, const cv::Mat& area,
                              const std::vector<cv::Point2d>& eyes, double reach_mm,
                              double px_per_mm) {
  cv::Mat off_row = marks & area;
  for (const cv::Point2d& eye : eyes)
    cv::circle(off_row, eye, static_cast<int>(std::lround(reach_mm * px_per_mm)), 0, cv::FILLED);
  return off_row;
}

// Whether an eye shows within `area` away from every one of `eyes`: the row read is not the
// monster's, or not all of it.
bool eye_off_the_row(const RelativeFace& face, const cv::Mat& area,
                     const std::vector<cv::Point2d>& eyes, double px_per_mm) {
  return cv::countNonZero(
             eye_marks_off_the_row(eye_marks(face), area, eyes, kEyeRadiusMm, px_per_mm)) > 0;
}

// Whether the pupils confirm a count another count fits almost as well (the whites of a row
// blurred together): an eye's mark lies at the centre of each of `eyes` (as far off as a fitted
// centre may lie from its pupil), and none in `area` elsewhere. Marks within the eyes' whites but
// off their centres are a row fitted between its pupils.
bool pupils_confirm_the_row(const cv::Mat& marks, const cv::Mat& area,
                            const std::vector<cv::Point2d>& eyes, double px_per_mm) {
  const int reach = static_cast<int>(std::lround(kPupilOffMm * px_per_mm));
  const bool each_marked = std::all_of(eyes.begin(), eyes.end(), [&](const cv::Point2d& eye) {
    const cv::Point centre(cvRound(eye.x), cvRound(eye.y));
    const cv::Rect box =
        cv::Rect(centre.x - reach, centre.y - reach, 2 * reach + 1, 2 * reach + 1) &
        cv::Rect(0, 0, marks.cols, marks.rows);
    if (box.empty()) return false;
    cv::Mat disk = cv::Mat::zeros(box.size(), CV_8U);
    cv::circle(disk, centre - box.tl(), reach, 255, cv::FILLED);
    return cv::countNonZero(disk & marks(box)) > 0;
  });
  return each_marked &&
         cv::countNonZero(eye_marks_off_the_row(marks, area, eyes, kPupilOffMm, px_per_mm)) == 0;
}

// The eye count read across `row`, with the eyes' centres: the first clear one, else the first
// fitted almost as well as another that the pupils confirm (where no glare lies on the row);
// nullopt when there is none.
std::optional<int> eye_count_of_row(const RelativeFace& face, const BodyWhiteness& body,
                                    const EyeRow& row, bool glare_on_the_row, double px_per_mm,
                                    std::vector<cv::Point2d>& eye_centres) {
  // The whiteness within the body first (it holds where a bright light leaves the eyes no blue),
  // then the eyes' own white wherever it shows (an eye spilling over the body's edge).
  // The printed pitch first; a face resampled a little askew squeezes or stretches the row, which
  // is tried only when the printed pitch fits no count clearly.
  std::optional<int> confirmed;
  std::vector<cv::Point2d> confirmed_centres;
  for (const std::span<const double> pitches :
       {std::span<const double>(kPrintedPitch), std::span<const double>(kSkewedPitches)}) {
    for (const auto& [area, white] :
         {std::pair(&body.inner, &body.white), std::pair(&body.row_area, &body.eye_white)}) {
      std::vector<cv::Point2d> centres;
      const std::optional<EyeCount> read =
          count_eye_row(row, *area, *white, pitches, px_per_mm, centres);
      if (!read) continue;
      if (read->clear) {
        eye_centres = centres;
        return read->eyes;
      }
      if (confirmed || glare_on_the_row) continue;
      if (pupils_confirm_the_row(eye_marks(face), body.row_area, centres, px_per_mm)) {
        confirmed = read->eyes;
        confirmed_centres = centres;
      }
    }
  }
  eye_centres = confirmed_centres;
  return confirmed;
}

// The eye count read across the row of eyes found above the centroid in direction `up`, with
// the eyes' centres; nullopt when no count fits clearly better than the others.
std::optional<int> fit_eye_row(const RelativeFace& face, const BodyWhiteness& body, cv::Point2d up,
                               double px_per_mm, std::vector<cv::Point2d>& eye_centres) {
  const cv::Point2d right(-up.y, up.x);
  // The eye row: the band above the centroid holding the most white.
  const int reach = body.inner.rows;
  std::vector<double> white_of_row(static_cast<std::size_t>(2 * reach + 1), 0.0);
  for (int y = 0; y < body.inner.rows; ++y) {
    for (int x = 0; x < body.inner.cols; ++x) {
      if (body.inner.at<uchar>(y, x) == 0) continue;
      const int row = static_cast<int>(std::lround((cv::Point2d(x, y) - body.centroid).dot(up)));
      white_of_row[static_cast<std::size_t>(row + reach)] += body.excess.at<float>(y, x);
    }
  }
  const int band = static_cast<int>(std::lround(kEyeRowHalfMm * px_per_mm));
  int eye_row = 0;
  double most = -1;
  for (int row = static_cast<int>(std::lround(kMinEyeRiseMm * px_per_mm)); row + band < reach;
       ++row) {
    double sum = 0;
    for (int r = row - band; r <= row + band; ++r)
      sum += white_of_row[static_cast<std::size_t>(r + reach)];
    if (sum > most) {
      most = sum;
      eye_row = row;
    }
  }
  const EyeRow row{body.centroid, up, right, eye_row, band};
  const bool on_row_glare = glare_on_row(body, up, eye_row, band);
  const std::optional<int> eyes =
      eye_count_of_row(face, body, row, on_row_glare, px_per_mm, eye_centres);
  // Glare on the row may hide an eye. The count stands when each eye shows its pupil (a
  // highlight's halo beside the glare has none), no eye shows off the row, and no more eyes could
  // lie under the glare: as many as a monster has show, or none is covered where one more would
  // lie.
  const auto no_eye_lost = [&] {
    return eyes && every_eye_has_a_pupil(face, eye_centres, px_per_mm) &&
           !eye_off_the_row(face, body.row_area, eye_centres, px_per_mm) &&
           (eyes == kMostEyes ||
            !glare_may_hide_an_eye_beside(body.face_glare, eye_centres, right, px_per_mm));
  };
  if (on_row_glare && !no_eye_lost()) {
    eye_centres.clear();
    return std::nullopt;
  }
  return eyes;
}

// Reads the eye count from the body's whiteness; `eye_centres` receives where the eyes are.
std::optional<int> read_eye_row(const RelativeFace& face, const cv::Mat& body_mask,
                                const cv::Mat& glare, double px_per_mm,
                                std::vector<cv::Point2d>& eye_centres) {
  const cv::Moments body_moments = cv::moments(body_mask, true);
  if (body_moments.m00 <= 0) return std::nullopt;
  BodyWhiteness body;
  body.centroid = {body_moments.m10 / body_moments.m00, body_moments.m01 / body_moments.m00};
  body.inner = eroded(body_mask, 2 * kBodyInsetMm * px_per_mm);
  body.white = face.white;
  body.excess = (body.white - kBodyWhiteness) / (kEyeWhiteness - kBodyWhiteness);
  body.excess = cv::min(cv::max(body.excess, 0.0), 1.0);
  body.row_area = dilated(body_mask, 2 * kEyeSpillMm * px_per_mm);
  if (!glare.empty()) {  // glare is no eye's white: it is left out of the row's profile
    body.face_glare = glare;
    body.glare = glare & body.row_area;
    body.inner.setTo(0, glare);
    body.row_area.setTo(0, glare);
  }
  body.excess.setTo(0, body.inner == 0);
  body.eye_white = eye_whiteness(face, body.white);
  // Up is the tile's axis nearest to the eyes' side of the body. When the white leans between
  // two axes (glare on the body), both are read and must agree.
  const cv::Moments eye_moments = cv::moments(body.excess);
  const double eye_px2 = std::numbers::pi * kEyeRadiusMm * kEyeRadiusMm * px_per_mm * px_per_mm;
  if (eye_moments.m00 < 0.3 * eye_px2) return std::nullopt;
  const cv::Point2d rise =
      cv::Point2d(eye_moments.m10 / eye_moments.m00, eye_moments.m01 / eye_moments.m00) -
      body.centroid;
  const cv::Point2d up_x(rise.x > 0 ? 1 : -1, 0), up_y(0, rise.y > 0 ? 1 : -1);
  const bool mostly_x = std::abs(rise.x) > std::abs(rise.y);
  const double along = std::max(std::abs(rise.x), std::abs(rise.y));
  const double across = std::min(std::abs(rise.x), std::abs(rise.y));
  if (along < kMinEyeRiseMm * px_per_mm) return std::nullopt;
  std::vector<cv::Point2d> ups{mostly_x ? up_x : up_y};
  if (across > kMaxEyeSkew * along) ups.push_back(mostly_x ? up_y : up_x);
  std::optional<int> eyes;
  for (const cv::Point2d& up : ups) {
    std::vector<cv::Point2d> centres;
    const std::optional<int> read = fit_eye_row(face, body, up, px_per_mm, centres);
    if (!read || (eyes && *eyes != *read)) {
      eye_centres.clear();
      return std::nullopt;
    }
    eyes = read;
    eye_centres = centres;
  }
  return eyes;
}

std::optional<BugPattern> classify_pattern(const RelativeFace& face, const cv::Mat& body,
                                           const cv::Mat& white, const cv::Mat& glare,
                                           const std::vector<cv::Point2d>& pupils, double px_per_mm,
                                           cv::Mat& pattern_mask) {
  // The body without its eyes: eyes and their surroundings are neither body nor pattern.
  cv::Mat inner = eroded(body, 1.6 * px_per_mm);
  // How much of the body glare hides: spots may lie under it.
  const double hidden_mm2 =
      glare.empty() ? 0.0 : cv::countNonZero(glare & inner) / (px_per_mm * px_per_mm);
  inner.setTo(0, dilated(white, 3.0 * px_per_mm));
  for (const cv::Point2d& pupil : pupils)
    cv::circle(inner, pupil, static_cast<int>(std::lround(4.2 * px_per_mm)), cv::Scalar(0),
               cv::FILLED);
  if (cv::countNonZero(inner) == 0) return std::nullopt;
  std::vector<float> greys;
  for (int y = 0; y < inner.rows; ++y) {
    for (int x = 0; x < inner.cols; ++x) {
      if (inner.at<uchar>(y, x) != 0) greys.push_back(face.grey.at<float>(y, x));
    }
  }
  // Most of the body is its colour even with stripes: the upper quartile is the body's grey.
  std::nth_element(greys.begin(), greys.begin() + static_cast<long>(greys.size() * 3 / 4),
                   greys.end());
  const float body_grey = greys[greys.size() * 3 / 4];
  pattern_mask = (face.grey < kPatternDark * body_grey) & inner;
  pattern_mask = opened(pattern_mask, 0.8 * px_per_mm);
  const double pattern_mm2 = cv::countNonZero(pattern_mask) / (px_per_mm * px_per_mm);
  const std::vector<Blob> parts = blobs_of(pattern_mask, px_per_mm, kMinPatternPartMm2);
  if (parts.empty()) {
    if (pattern_mm2 <= kMaxPlainPatternMm2) return BugPattern::plain;
    return std::nullopt;
  }
  const auto elongated = std::count_if(
      parts.begin(), parts.end(), [](const Blob& blob) { return blob.elongation > kElongated; });
  const auto compact = static_cast<long>(parts.size()) - elongated;
  if (elongated >= 2) return BugPattern::stripes;
  // Stripes blurred into one band (a small body's narrow end): one long band and nothing else,
  // lying along the row of eyes as stripes do.
  if (elongated == 1 && compact == 0 && pupils.size() >= 2) {
    const auto band = std::find_if(parts.begin(), parts.end(),
                                   [](const Blob& blob) { return blob.elongation > kElongated; });
    const cv::Point2d row = pupils.back() - pupils.front();
    const double row_length = cv::norm(row);
    if (row_length > 0 && band->length_mm >= kMinMergedStripesMm &&
        std::abs(band->axis.dot(row / row_length)) > std::cos(kMaxStripeTiltDeg * CV_PI / 180))
      return BugPattern::stripes;
  }
  if (elongated == 0 && compact >= 4 && compact <= 6) return BugPattern::spots;
  // Two or three spots seen, and glare over enough of the body to hide the others: a spot's area
  // for each spot hidden beyond the first.
  if (elongated == 0 && compact >= 2 && compact <= 3 &&
      hidden_mm2 >= static_cast<double>(kSpots - 1 - compact) * kSpotsUnderGlareMm2)
    return BugPattern::spots;
  return std::nullopt;
}

std::optional<int> count_trophy_dots(const RelativeFace& face, double px_per_mm) {
  const int side = face.grey.rows;
  const cv::Mat& inner = edge_band(side, px_per_mm, kTrophyBorderMm + 1.0, kTileSideMm);
  const cv::Mat dark = (face.grey < kDotDark) & inner;
  int dots = 0;
  for (const Blob& blob : blobs_of(dark, px_per_mm, 0.4 * kDotAreaMm2)) {
    if (blob.area_mm2 > 1.6 * kDotAreaMm2 || blob.elongation > 1.6) return std::nullopt;
    ++dots;
  }
  if (dots < 1 || dots > 3) return std::nullopt;
  return dots;
}

double gold_share(const cv::Mat& face_bgr, const cv::Vec3f& cream, double px_per_mm) {
  const int side = face_bgr.rows;
  const cv::Mat& band = edge_band(side, px_per_mm, kGoldBandFromMm, kGoldBandToMm, kCornerClearMm);
  int gold = 0, total = 0;
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      if (band.at<uchar>(y, x) == 0) continue;
      const cv::Vec3b pixel = face_bgr.at<cv::Vec3b>(y, x);
      const double blue = pixel[0] / cream[0], green = pixel[1] / cream[1],
                   red = pixel[2] / cream[2];
      // Gold against cream: red and green nearly kept, blue mostly gone.
      if (blue < 0.5 && green > 0.5 && red > 0.62 && green < 0.95 * red + 0.1 && blue < 0.7 * green)
        ++gold;
      ++total;
    }
  }
  return total == 0 ? 0.0 : static_cast<double>(gold) / total;
}

bool plausible(const std::array<cv::Point2d, 4>& corners, const BugsReaderParams& params,
               cv::Size image_size) {
  const double max_side = params.max_side_fraction * std::min(image_size.width, image_size.height);
  for (std::size_t i = 0; i < 4; ++i) {
    const double side = cv::norm(corners[i] - corners[(i + 1) % 4]);
    if (side < params.min_side_px * 0.9 || side > max_side) return false;
  }
  if (side_ratio(corners) > params.max_side_ratio) return false;
  const std::vector<cv::Point2f> polygon(corners.begin(), corners.end());
  if (!cv::isContourConvex(polygon)) return false;
  const cv::Rect image_area(0, 0, image_size.width, image_size.height);
  return std::all_of(corners.begin(), corners.end(), [&](const cv::Point2d& corner) {
    return image_area.contains(cv::Point(cvRound(corner.x), cvRound(corner.y)));
  });
}

}  // namespace

bool gold_bordered(const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners,
                   double px_per_mm) {
  const cv::Mat face_bgr = resampled(bgr, corners, kTileSideMm, px_per_mm);
  return gold_share(face_bgr, face_cream(face_bgr, px_per_mm), px_per_mm) >= kMinGoldShare;
}

namespace {

// Regions that no edge crosses, in colour: a face as bright as the table (a light cloth) still
// has an outline, in the hue it differs by. A face's cream band, edge-free all around, is the
// region whose outline is the tile's (edge_gap_px + 1 in from it).
cv::Mat edge_free(const cv::Mat& bgr, const BugsReaderParams& params) {
  cv::Mat smooth;
  cv::GaussianBlur(bgr, smooth, {0, 0}, params.edge_blur_px);
  const cv::Mat edges = colour_edges(smooth, params.edge_low, params.edge_high);
  // A one-pixel line leaves the regions on either side touching at its diagonal steps, and a
  // faint side of a face may have gaps: the edges are thickened over both.
  return dilated_mask_by_disk(edges, 2 * params.edge_gap_px + 1) == 0;
}

}  // namespace

namespace {

// Cream faces by their hue: on a light cloth a face is no brighter than the table, and a side
// lit from across it has next to no outline, yet its hue sets it apart. Hue is read as the log
// ratios blue / green and red / green, which the light's brightness leaves alone.
constexpr double kHueBin = 0.01;  // log ratio per histogram bin
constexpr int kHueBins = 150;     // both ratios from kHueLow to kHueLow + 1.5
constexpr double kHueLowBlue = -1.0, kHueLowRed = -0.5;
constexpr double kEvenHueSpread = 0.015;  // an even area's hue varies less than this nearby
constexpr double kMinEvenRelative = 0.5;  // even areas as light as a face
constexpr double kCreamHueRadius = 0.06;  // a face's pixels lie this close to its peak's hue
// A face's outline from its mask is moved onto the picture's edge within this distance.
constexpr double kSnapReachMm = 2.5;
// Around an eye no tile holds, its tile is looked for this many tile sides away.
constexpr double kNearTileReach = 1.2;
// A tile outlined off its place lies within this share of a side of the outline found.
constexpr double kRefitReach = 0.25;
// An eye lies within this share of a tile's side from the tile's centre.
constexpr double kEyeFromTileCentre = 0.35;
// A tile fitted around eyes steps across each side at least this share of the nearest tile's
// weakest side.
constexpr double kMinSideStepOfModel = 0.3;
// How many of the most common hues of even, light areas are tried, and whether on the picture
// halved.
struct HueSearch {
  int hues;
  bool halved;
};
// Across the whole picture, halved; around an eye (the table, its print, the tiles nearby and the
// one sought), at full scale: a face cut out more sharply is fitted better.
constexpr HueSearch kPictureHueSearch{3, true}, kNearHueSearch{5, false};

struct HuePlanes {
  cv::Mat blue, red;  // CV_32F log ratios against green
};

HuePlanes hue_planes(const cv::Mat& bgr) {
  cv::Mat as_float;
  bgr.convertTo(as_float, CV_32FC3, 1.0, 1.0);
  cv::GaussianBlur(as_float, as_float, {0, 0}, 1.0);
  std::vector<cv::Mat> channels;
  cv::split(as_float, channels);
  HuePlanes planes;
  cv::log(channels[0] / channels[1], planes.blue);
  cv::log(channels[2] / channels[1], planes.red);
  return planes;
}

// The local variance of `plane` over a `window` square.
cv::Mat local_variance(const cv::Mat& plane, int window) {
  cv::Mat mean, mean_of_squares;
  cv::blur(plane, mean, {window, window});
  cv::blur(plane.mul(plane), mean_of_squares, {window, window});
  return mean_of_squares - mean.mul(mean);
}

// The most common hues of the even, light areas: the table's, a face's (a face's cream band is
// even; the rims of a cloth's printed pattern, which pass through the same hues, are not).
std::vector<cv::Point2d> common_even_hues(const HuePlanes& hue, const cv::Mat& light, int wanted) {
  constexpr int kWindow = 7;
  const cv::Mat even = (local_variance(hue.blue, kWindow) + local_variance(hue.red, kWindow)) <
                       kEvenHueSpread * kEvenHueSpread;
  const std::array<cv::Mat, 2> planes = {hue.blue, hue.red};
  const std::array<int, 2> channels = {0, 1}, bins = {kHueBins, kHueBins};
  const std::array<float, 2> blue_range = {static_cast<float>(kHueLowBlue),
                                           static_cast<float>(kHueLowBlue + kHueBins * kHueBin)};
  const std::array<float, 2> red_range = {static_cast<float>(kHueLowRed),
                                          static_cast<float>(kHueLowRed + kHueBins * kHueBin)};
  std::array<const float*, 2> ranges = {blue_range.data(), red_range.data()};
  cv::Mat histogram;
  cv::calcHist(planes.data(), 2, channels.data(), even & light, histogram, 2, bins.data(),
               ranges.data());
  cv::GaussianBlur(histogram, histogram, {0, 0}, 1.5);
  cv::Mat neighbourhood_max;
  cv::dilate(histogram, neighbourhood_max, cv::getStructuringElement(cv::MORPH_RECT, {7, 7}));
  std::vector<std::pair<float, cv::Point2d>> peaks;
  for (int row = 0; row < kHueBins; ++row) {
    for (int col = 0; col < kHueBins; ++col) {
      const float count = histogram.at<float>(row, col);
      if (count < 1 || count < neighbourhood_max.at<float>(row, col)) continue;
      peaks.emplace_back(count, cv::Point2d(kHueLowBlue + (row + 0.5) * kHueBin,
                                            kHueLowRed + (col + 0.5) * kHueBin));
    }
  }
  std::sort(peaks.begin(), peaks.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<cv::Point2d> hues;
  for (std::size_t i = 0; i < peaks.size() && std::cmp_less(i, wanted); ++i)
    hues.push_back(peaks[i].second);
  return hues;
}

// The `light` pixels whose hue lies within kCreamHueRadius of `peak`: each difference squared
// and summed in floats, as the planes of them would be, without writing the planes.
cv::Mat near_hue(const HuePlanes& hue, cv::Point2d peak, const cv::Mat& light) {
  const float blue_peak = static_cast<float>(peak.x), red_peak = static_cast<float>(peak.y);
  const auto radius_squared = static_cast<float>(kCreamHueRadius * kCreamHueRadius);
  cv::Mat near(light.size(), CV_8U);
  for (int y = 0; y < near.rows; ++y) {
    const float* blue = hue.blue.ptr<float>(y);
    const float* red = hue.red.ptr<float>(y);
    const std::uint8_t* is_light = light.ptr<std::uint8_t>(y);
    std::uint8_t* out = near.ptr<std::uint8_t>(y);
    for (int x = 0; x < near.cols; ++x) {
      const float blue_off = blue[x] - blue_peak, red_off = red[x] - red_peak;
      const bool near_peak = blue_off * blue_off + red_off * red_off < radius_squared;
      out[x] = near_peak ? is_light[x] : 0;
    }
  }
  return near;
}

// One mask per common hue of even, light areas: the pixels of that hue, full size.
std::vector<cv::Mat> even_hue_masks(const cv::Mat& bgr, const RelativeLuminance& relative,
                                    const HueSearch& search) {
  cv::Mat small = bgr, light;
  if (search.halved) {
    cv::resize(bgr, small, {}, 0.5, 0.5, cv::INTER_AREA);
    light = relative.above_halved(kMinEvenRelative);
  } else {
    light = relative.above(kMinEvenRelative);
  }
  const HuePlanes hue = hue_planes(small);
  std::vector<cv::Mat> masks;
  for (const cv::Point2d& peak : common_even_hues(hue, light, search.hues))
    masks.push_back(enlarged_mask(near_hue(hue, peak, light), bgr.size()));
  return masks;
}

}  // namespace

namespace {

// `corners` with each side moved once to the picture's strongest colour step within reach.
std::array<cv::Point2d, 4> moved_to_edges(const cv::Mat& bgr,
                                          const std::array<cv::Point2d, 4>& corners) {
  const double reach_px = kSnapReachMm * mean_side(corners) / kTileSideMm;
  return canonical_corner_order(snap_sides_to_edges(bgr, corners, reach_px));
}

// A tile found at the place of another this much larger may be the tile around a body taken for
// one: a body's 28 mm are 0.62 of a tile's side, and a tile's outlines found at different masks
// differ by less than a tenth.
constexpr double kBodyTakenForTile = 1.3;

// A mask of faces with its specks opened away: its tiles are looked for in it whole, then parted
// (TileCollector::add_parted_faces).
cv::Mat without_specks(const cv::Mat& mask) {
  cv::Mat opened;
  cv::morphologyEx(mask, opened, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));
  return opened;
}

// Tiles gathered from masks of their faces, each tile once.
class TileCollector {
 public:
  TileCollector(const cv::Mat& bgr, const BugsReaderParams& params,
                std::vector<std::array<cv::Point2d, 4>> known_tiles = {})
      : bgr_(bgr),
        params_(params),
        tiles_(std::move(known_tiles)),
        known_count_(tiles_.size()),
        gold_(known_count_, false),
        around_(known_count_) {}

  // The faces in `mask` (a part of the picture from `origin` on), whose outlines lie `inset_px`
  // inside the tiles' edges; returns how many tiles were new.
  int add_faces(const cv::Mat& mask, int inset_px, cv::Point origin = {0, 0}) {
    const double min_area = params_.min_side_px * params_.min_side_px * 0.5;
    int found = 0;
    const cv::Rect inside(1, 1, mask.cols - 2, mask.rows - 2);
    for (auto& [outline, area] : outlines_of_large_components(mask, min_area)) {
      if (area < min_area) continue;
      // A face the mask's edge cuts is not seen whole (a part of the picture holds the table).
      const cv::Rect bounds = cv::boundingRect(outline);
      if ((bounds & inside) != bounds) continue;
      for (cv::Point& point : outline) point += origin;
      const auto tile = tile_of(outline, area, inset_px);
      if (!tile) continue;
      const auto same = same_tile(tile->corners);
      if (!same) {
        tiles_.push_back(tile->gold ? tile->corners : on_edges(tile->corners));
        gold_.push_back(tile->gold);
        around_.emplace_back();
        ++found;
      } else if (*same >= known_count_ && tile->gold && !gold_[*same]) {
        // A trophy's face found whole after a rough outline of it that missed the gold.
        tiles_[*same] = tile->corners;
        gold_[*same] = true;
      } else if (*same >= known_count_ && !gold_[*same] && !tile->gold && !around_[*same] &&
                 mean_side(tile->corners) > kBodyTakenForTile * mean_side(tiles_[*same])) {
        around_[*same] = on_edges(tile->corners);
      }
    }
    return found;
  }

  // As add_faces, on a mask with its specks opened away (without_specks); tiles lying close may
  // touch in it at a corner: an eroded mask parts them, and the quadrilaterals found are grown
  // back by the erosion.
  int add_parted_faces(const cv::Mat& opened, int erosion_px, cv::Point origin = {0, 0}) {
    return add_faces(erosion_px > 0 ? eroded_mask_by_disk(opened, 2 * erosion_px + 1) : opened,
                     erosion_px, origin);
  }

  bool holds(cv::Point2d point) const {
    return std::any_of(tiles_.begin(), tiles_.end(), [&](const auto& tile) {
      const std::vector<cv::Point2f> polygon(tile.begin(), tile.end());
      return cv::pointPolygonTest(polygon, cv::Point2f(point), false) >= 0;
    });
  }

  // The tiles found, those it was given first left out.
  std::vector<FoundTile> take_new() const {
    std::vector<FoundTile> found;
    for (std::size_t i = known_count_; i < tiles_.size(); ++i)
      found.push_back({tiles_[i], around_[i]});
    return found;
  }

 private:
  struct Outline {
    std::array<cv::Point2d, 4> corners;
    bool gold = false;  // within a gold border: a trophy
  };

  // The tile whose face has this outline, when it is a plausible one.
  std::optional<Outline> tile_of(const std::vector<cv::Point>& outline, double area,
                                 int inset_px) const {
    // A gold border may join the face or part from it: a quadrilateral found inside a gold band
    // is a trophy's face, grown to its outer edge.
    constexpr double kCheckPxPerMm = 2.0;
    const auto rough = quadrilateral_of(outline);
    if (!rough) return std::nullopt;
    const std::vector<cv::Point2f> rough_polygon(rough->begin(), rough->end());
    const double fill = area / cv::contourArea(rough_polygon);
    if (fill < params_.min_fill || fill > params_.max_fill) return std::nullopt;
    std::array<cv::Point2d, 4> corners = canonical_corner_order(refine_corners(outline, *rough));
    if (inset_px > 0) {
      const double side_px = mean_side(corners);
      corners = canonical_corner_order(
          grow_square(corners, kTileSideMm, kTileSideMm * (side_px + 2 * inset_px) / side_px));
    }
    bool gold = gold_bordered(bgr_, corners, kCheckPxPerMm);
    if (!gold) {
      // A gold band with gold beyond it is the table's colour (yellow stripes), not a border.
      const auto grown = grow_square(corners, kTrophyFaceMm, kTileSideMm);
      const auto beyond = grow_square(corners, kTrophyFaceMm, kTileSideMm + 2 * kTrophyBorderMm);
      gold =
          gold_bordered(bgr_, grown, kCheckPxPerMm) && !gold_bordered(bgr_, beyond, kCheckPxPerMm);
      if (gold) corners = canonical_corner_order(grown);
    }
    if (!plausible(corners, params_, bgr_.size())) return std::nullopt;
    return Outline{corners, gold};
  }

  // A monster's face moved onto the picture's edges (a trophy's gold border has two edges, and
  // is left as found); done once per tile kept, not per mask that finds it.
  std::array<cv::Point2d, 4> on_edges(const std::array<cv::Point2d, 4>& corners) const {
    return moved_to_edges(bgr_, corners);
  }

  // The index of the tile found already at about the same place.
  std::optional<std::size_t> same_tile(const std::array<cv::Point2d, 4>& corners) const {
    const double side = mean_side(corners);
    for (std::size_t i = 0; i < tiles_.size(); ++i)
      if (cv::norm(centre_of(tiles_[i]) - centre_of(corners)) < side / 4) return i;
    return std::nullopt;
  }

  const cv::Mat& bgr_;
  const BugsReaderParams& params_;
  std::vector<std::array<cv::Point2d, 4>> tiles_;
  std::size_t known_count_;
  std::vector<bool> gold_;  // of each tile, the known ones as false
  std::vector<std::optional<std::array<cv::Point2d, 4>>> around_;  // a larger outline found there
};

// Adds the faces of the most common hues of even, light areas of `part`, the picture's part
// from `origin` on (`relative`: its luminance against the local white).
int add_faces_by_hue(TileCollector& collector, const cv::Mat& part,
                     const RelativeLuminance& relative, cv::Point origin, const HueSearch& search,
                     const BugsReaderParams& params, StageLog* log) {
  int found = 0;
  const std::vector<cv::Mat> masks = even_hue_masks(part, relative, search);
  for (std::size_t i = 0; i < masks.size(); ++i) {
    if (log != nullptr) log->debug_image("face-hue-" + std::to_string(i), masks[i]);
    const cv::Mat opened = without_specks(masks[i]);
    for (const int erosion_px : {0, params.parting_erosion_px})
      found += collector.add_parted_faces(opened, erosion_px, origin);
  }
  return found;
}

// Tiles are all one size, and the camera's tilt changes it across the picture by far less than
// this: an outline this many times as wide as the picture's median tile spans several tiles (the
// table between them taken for a face).
constexpr double kSpanningSeveralTiles = 2.0;

void drop_outlines_spanning_several_tiles(std::vector<FoundTile>& found) {
  if (found.size() < 3) return;  // too few for their median to be a tile's size
  std::vector<std::array<cv::Point2d, 4>> outlines;
  for (const FoundTile& tile : found) outlines.push_back(tile.corners);
  const double tile_side = median_side(outlines);
  std::erase_if(found, [&](const FoundTile& tile) {
    return mean_side(tile.corners) >= kSpanningSeveralTiles * tile_side;
  });
}

}  // namespace

std::vector<FoundTile> find_tiles(const cv::Mat& bgr, const BugsReaderParams& params,
                                  StageLog& log) {
  StageTimer white_stage(log, "local white");
  const RelativeLuminance relative(bgr, params.white_downscale);
  white_stage.finish();
  TileCollector collector(bgr, params);
  // Each threshold's mask, its specks opened away, looked at whole, then parted.
  std::vector<cv::Mat> face_masks(params.face_thresholds.size());
  for (const int erosion_px : {0, params.parting_erosion_px}) {
    for (std::size_t i = 0; i < face_masks.size(); ++i) {
      const std::string name = std::to_string(params.face_thresholds[i]).substr(0, 4);
      StageTimer stage(log, "face mask " + name + " eroded " + std::to_string(erosion_px));
      if (face_masks[i].empty()) {
        const cv::Mat mask = relative.above(params.face_thresholds[i]);
        log.debug_image("face-mask-" + name, mask);
        face_masks[i] = without_specks(mask);
      }
      stage.finish(collector.add_parted_faces(face_masks[i], erosion_px));
    }
  }
  StageTimer edge_stage(log, "face outlines");
  const cv::Mat outlined = edge_free(bgr, params);
  log.debug_image("edge-free", outlined);
  edge_stage.finish(collector.add_faces(outlined, params.edge_gap_px + 1));

  StageTimer hue_stage(log, "face hues");
  hue_stage.finish(
      add_faces_by_hue(collector, bgr, relative, {0, 0}, kPictureHueSearch, params, &log));
  std::vector<FoundTile> found = collector.take_new();
  drop_outlines_spanning_several_tiles(found);
  return found;
}

std::array<cv::Point2d, 4> realigned(const cv::Mat& bgr,
                                     const std::array<cv::Point2d, 4>& corners) {
  // Two moves, each to the strongest step within reach: the nearest edge is followed.
  return moved_to_edges(bgr, moved_to_edges(bgr, corners));
}

std::vector<FoundTile> find_tiles_near(const cv::Mat& bgr, const std::vector<cv::Point2d>& eyes,
                                       const std::vector<std::array<cv::Point2d, 4>>& found,
                                       const BugsReaderParams& params) {
  if (found.empty()) return {};
  TileCollector collector(bgr, params, found);
  const double side_px = median_side(found);
  const cv::Rect picture(0, 0, bgr.cols, bgr.rows);
  for (const cv::Point2d& eye : eyes) {
    if (collector.holds(eye)) continue;  // another eye of a tile found here
    const int reach = static_cast<int>(std::lround(kNearTileReach * side_px));
    const cv::Rect area =
        cv::Rect(cvRound(eye.x) - reach, cvRound(eye.y) - reach, 2 * reach, 2 * reach) & picture;
    if (area.width < 16 || area.height < 16) continue;
    const cv::Mat part = bgr(area);
    add_faces_by_hue(collector, part, RelativeLuminance(part, params.white_downscale), area.tl(),
                     kNearHueSearch, params, nullptr);
  }
  return collector.take_new();
}

namespace {

// The colour steps of `bgr` across x and across y, each channel's (CV_32FC3 each).
struct ColourSteps {
  cv::Mat across_x, across_y;
  explicit ColourSteps(const cv::Mat& bgr) {
    cv::Mat smooth;
    cv::GaussianBlur(bgr, smooth, {0, 0}, 1.0);
    cv::Sobel(smooth, across_x, CV_32F, 1, 0, 3);
    cv::Sobel(smooth, across_y, CV_32F, 0, 1, 3);
  }
  // The step across `normal` at `at`, summed over the channels.
  double across(cv::Point2d at, cv::Point2d normal) const {
    const cv::Point pixel(cvRound(at.x), cvRound(at.y));
    if (pixel.x < 0 || pixel.y < 0 || pixel.x >= across_x.cols || pixel.y >= across_x.rows)
      return 0;
    const cv::Vec3f& dx = across_x.at<cv::Vec3f>(pixel);
    const cv::Vec3f& dy = across_y.at<cv::Vec3f>(pixel);
    double sum = 0;
    for (int c = 0; c < 3; ++c) sum += std::abs(dx[c] * normal.x + dy[c] * normal.y);
    return sum;
  }
};

constexpr int kOutlineSamples = 12;  // per side
using OutlineSteps = std::array<std::array<double, kOutlineSamples>, 4>;

// The steps across the outline `corners`, sampled along each side away from the rounded corners;
// empty when a side is too short to sample.
std::optional<OutlineSteps> outline_steps(const ColourSteps& steps,
                                          const std::array<cv::Point2d, 4>& corners) {
  OutlineSteps sampled{};
  for (std::size_t side = 0; side < 4; ++side) {
    const cv::Point2d a = corners[side], b = corners[(side + 1) % 4];
    const cv::Point2d along = b - a;
    const double length = cv::norm(along);
    if (length < 1) return std::nullopt;
    const cv::Point2d normal(-along.y / length, along.x / length);
    for (int i = 0; i < kOutlineSamples; ++i) {
      sampled[side][static_cast<std::size_t>(i)] =
          steps.across(a + along * (0.15 + 0.7 * (i + 0.5) / kOutlineSamples), normal);
    }
  }
  return sampled;
}

// The value below which `share` of `values` lie.
template <std::size_t N>
double quantile(std::array<double, N> values, double share) {
  const auto at = values.begin() + static_cast<long>(share * (N - 1));
  std::nth_element(values.begin(), at, values.end());
  return *at;
}

// How strongly the picture steps across the outline all along it: the lower quartile of its
// steps. A tile's outline steps everywhere; an outline placed on a printed cloth only where it
// crosses the print.
double outline_strength(const OutlineSteps& sampled) {
  std::array<double, 4 * kOutlineSamples> all{};
  for (std::size_t side = 0; side < 4; ++side)
    std::copy(sampled[side].begin(), sampled[side].end(), all.begin() + side * kOutlineSamples);
  return quantile(all, 0.25);
}

// The weakest side's median step: a side that a hand or the frame hides steps too little.
double weakest_side(const OutlineSteps& sampled) {
  double weakest = std::numeric_limits<double>::max();
  for (const auto& side : sampled) weakest = std::min(weakest, quantile(side, 0.5));
  return weakest;
}

// `shape` (corners about their centre) turned by `angle` and placed at `centre`.
std::array<cv::Point2d, 4> placed(const std::array<cv::Point2d, 4>& shape, double angle,
                                  cv::Point2d centre) {
  const double c = std::cos(angle), s = std::sin(angle);
  std::array<cv::Point2d, 4> corners;
  for (std::size_t i = 0; i < 4; ++i)
    corners[i] =
        centre + cv::Point2d(c * shape[i].x - s * shape[i].y, s * shape[i].x + c * shape[i].y);
  return corners;
}

// The found tile nearest `point`.
const std::array<cv::Point2d, 4>& nearest_tile(const std::vector<std::array<cv::Point2d, 4>>& tiles,
                                               cv::Point2d point) {
  return *std::min_element(tiles.begin(), tiles.end(), [&](const auto& a, const auto& b) {
    return cv::norm(centre_of(a) - point) < cv::norm(centre_of(b) - point);
  });
}

}  // namespace

namespace {

// Where a tile's outline may lie: turned by `angle` ± `angle_reach` in steps of `angle_step`, its
// centre within `reach_px` of `centre` on a grid of `step_px`.
struct OutlineSearch {
  double angle = 0, angle_reach = 0, angle_step = 1;
  cv::Point2d centre;
  double reach_px = 0, step_px = 1;
};

struct PlacedOutline {
  double angle = 0;
  cv::Point2d centre;
  double strength = 0;  // outline_strength; 0 when none was placed
};

// The placement of `shape` (corners about their centre) in `search` where `steps` step most
// strongly across its outline all along it.
PlacedOutline strongest_placement(const ColourSteps& steps, const std::array<cv::Point2d, 4>& shape,
                                  const OutlineSearch& search) {
  PlacedOutline best;
  for (double turn = -search.angle_reach; turn <= search.angle_reach + 1e-9;
       turn += search.angle_step) {
    for (double dy = -search.reach_px; dy <= search.reach_px; dy += search.step_px) {
      for (double dx = -search.reach_px; dx <= search.reach_px; dx += search.step_px) {
        if (dx * dx + dy * dy > search.reach_px * search.reach_px) continue;
        const cv::Point2d centre = search.centre + cv::Point2d(dx, dy);
        const auto sampled = outline_steps(steps, placed(shape, search.angle + turn, centre));
        const double strength = sampled ? outline_strength(*sampled) : 0;
        if (strength > best.strength) best = {search.angle + turn, centre, strength};
      }
    }
  }
  return best;
}

// `shape` (corners about their centre), turned and placed with its centre within `reach_px` of
// `near`, where `steps` step most strongly across its outline all along it: searched coarsely
// over every turn (a square's quarter), then finely around the best.
std::optional<std::array<cv::Point2d, 4>> strongest_outline(const ColourSteps& steps,
                                                            const std::array<cv::Point2d, 4>& shape,
                                                            cv::Point2d near, double reach_px) {
  constexpr double kCoarseTurn = std::numbers::pi / 45, kFineTurn = std::numbers::pi / 135;
  const double fine_px = std::max(1.0, mean_side(shape) / 60), coarse_px = 2 * fine_px;
  const PlacedOutline coarse = strongest_placement(
      steps, shape,
      {std::numbers::pi / 4, std::numbers::pi / 4, kCoarseTurn, near, reach_px, coarse_px});
  if (coarse.strength <= 0) return std::nullopt;
  const PlacedOutline fine = strongest_placement(
      steps, shape, {coarse.angle, kCoarseTurn, kFineTurn, coarse.centre, coarse_px, fine_px});
  return placed(shape, fine.angle, fine.centre);
}

// strongest_outline on the picture `bgr` around `near` (image pixels); nullopt when the area
// searched is cut by the frame.
std::optional<std::array<cv::Point2d, 4>> strongest_outline_in(
    const cv::Mat& bgr, const std::array<cv::Point2d, 4>& shape, cv::Point2d near,
    double reach_px) {
  const int margin = static_cast<int>(std::ceil(reach_px + 0.75 * mean_side(shape))) + 4;
  const cv::Rect area(cvRound(near.x) - margin, cvRound(near.y) - margin, 2 * margin, 2 * margin);
  if ((area & cv::Rect(0, 0, bgr.cols, bgr.rows)) != area) return std::nullopt;
  const cv::Point2d origin(area.x, area.y);
  auto corners = strongest_outline(ColourSteps(bgr(area)), shape, near - origin, reach_px);
  if (!corners) return std::nullopt;
  for (cv::Point2d& corner : *corners) corner += origin;
  return corners;
}

// The weakest side's step across the tile `corners` (image pixels), measured on the picture
// around it.
double weakest_side_in(const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners) {
  constexpr int kPadding = 4;  // the steps at the area's edge are the picture's own
  const cv::Rect area =
      grown_within(cv::boundingRect(std::vector<cv::Point2f>(corners.begin(), corners.end())),
                   kPadding, bgr.size());
  std::array<cv::Point2d, 4> in_area;
  for (std::size_t i = 0; i < 4; ++i) in_area[i] = corners[i] - cv::Point2d(area.tl());
  const auto sampled = outline_steps(ColourSteps(bgr(area)), in_area);
  return sampled ? weakest_side(*sampled) : 0;
}

}  // namespace

std::vector<FoundTile> fit_tiles_at_eyes(const cv::Mat& bgr, const std::vector<cv::Point2d>& eyes,
                                         const std::vector<std::array<cv::Point2d, 4>>& found) {
  std::vector<FoundTile> fitted;
  if (found.empty()) return fitted;
  const auto held = [&](cv::Point2d eye) {
    const auto inside = [&](const std::array<cv::Point2d, 4>& corners) {
      const std::vector<cv::Point2f> polygon(corners.begin(), corners.end());
      return cv::pointPolygonTest(polygon, eye, false) >= 0;
    };
    return std::any_of(found.begin(), found.end(), inside) ||
           std::any_of(fitted.begin(), fitted.end(),
                       [&](const FoundTile& tile) { return inside(tile.corners); });
  };
  for (const cv::Point2d& eye : eyes) {
    if (held(eye)) continue;
    const std::array<cv::Point2d, 4>& model = nearest_tile(found, eye);
    std::array<cv::Point2d, 4> shape;
    for (std::size_t i = 0; i < 4; ++i) shape[i] = model[i] - centre_of(model);
    const auto corners =
        strongest_outline_in(bgr, shape, eye, kEyeFromTileCentre * mean_side(model));
    if (!corners) continue;
    // Each side must step across as a tile's does here (the model's, in the same light and
    // focus): a side a hand or a finger crosses does not.
    if (weakest_side_in(bgr, *corners) < kMinSideStepOfModel * weakest_side_in(bgr, model))
      continue;
    fitted.push_back({canonical_corner_order(*corners), std::nullopt});
  }
  return fitted;
}

std::optional<std::array<cv::Point2d, 4>> refitted(
    const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners,
    const std::vector<std::array<cv::Point2d, 4>>& found) {
  const double half = median_side(found) / 2;
  const std::array<cv::Point2d, 4> square{cv::Point2d(-half, -half), cv::Point2d(half, -half),
                                          cv::Point2d(half, half), cv::Point2d(-half, half)};
  const auto fitted = strongest_outline_in(bgr, square, centre_of(corners), kRefitReach * 2 * half);
  // A tile's outline steps all along it; the outline found steps where it leaves the tile.
  if (!fitted || weakest_side_in(bgr, *fitted) <= weakest_side_in(bgr, corners))
    return std::nullopt;
  return canonical_corner_order(*fitted);
}

namespace {

// The average of `image` over the square ring between half-sides `inner_px` and `outer_px`
// around each pixel (a box filter: its cost does not grow with the size).
cv::Mat ring_mean(const cv::Mat& image, double inner_px, double outer_px) {
  const auto box_sum = [&](double half_px, double& area) {
    const int side = 2 * static_cast<int>(std::lround(half_px)) + 1;
    area = static_cast<double>(side) * side;
    cv::Mat sum;
    cv::boxFilter(image, sum, CV_32F, {side, side}, {-1, -1}, false);
    return sum;
  };
  double outer_area = 0, inner_area = 0;
  const cv::Mat outer = box_sum(outer_px, outer_area);
  if (inner_px <= 0) return outer / outer_area;
  const cv::Mat inner = box_sum(inner_px, inner_area);
  return (outer - inner) / (outer_area - inner_area);
}

// Sums of an 8-bit plane over square windows, each in four reads of its integral image. The
// search for eyes measures five windows around every pixel of the picture, once or twice a frame:
// summed this way, no full-size plane of floats is written for each window. The plane is padded
// as cv::boxFilter pads it (reflected, the pixels beyond a region of interest used when there are
// some), by `border`, the widest half-side asked for.
class WindowSums {
 public:
  WindowSums(const cv::Mat& plane, int border) : border_(border) {
    cv::Mat padded;
    cv::copyMakeBorder(plane, padded, border, border, border, border, cv::BORDER_REFLECT_101);
    cv::integral(padded, integral_, CV_32S);
  }

  // The windows of one half-side around the pixels of one row.
  class Row {
   public:
    Row(const int* top, const int* bottom, int half, int border)
        : top_(top),
          bottom_(bottom),
          left_(border - half),
          right_(border + half + 1),
          area_(static_cast<float>(2 * half + 1) * static_cast<float>(2 * half + 1)) {}
    int sum(int x) const {
      return bottom_[x + right_] - top_[x + right_] - bottom_[x + left_] + top_[x + left_];
    }
#if CV_SIMD
    cv::v_int32 sums(int x) const {
      return cv::vx_load(bottom_ + x + right_) - cv::vx_load(top_ + x + right_) -
             cv::vx_load(bottom_ + x + left_) + cv::vx_load(top_ + x + left_);
    }
#endif
    float area() const {
      return area_;
    }

   private:
    const int* top_;
    const int* bottom_;
    int left_, right_;  // from a pixel's column to its window's edges in the integral image
    float area_;
  };

  Row row(int y, int half) const {
    return {integral_.ptr<int>(y + border_ - half), integral_.ptr<int>(y + border_ + half + 1),
            half, border_};
  }

 private:
  int border_;
  cv::Mat integral_;
};

int half_side_px(double half_px) {
  return static_cast<int>(std::lround(half_px));
}

// An eye's pattern around the pixels of one row: a dark pupil (grey) in a white ring (lowest
// channel) in a body far less white. The same sums, divisions and comparisons of floats whether
// a vector of pixels is tested at once or one pixel.
class EyePatternRow {
 public:
  EyePatternRow(const WindowSums& lowest, const WindowSums& grey, int y, double px_per_mm)
      : pupil_(grey.row(y, half_side_px(kStrayPupilMm * px_per_mm))),
        white_from_(lowest.row(y, half_side_px(kStrayWhiteFromMm * px_per_mm))),
        white_to_(lowest.row(y, half_side_px(kStrayWhiteToMm * px_per_mm))),
        body_from_(lowest.row(y, half_side_px(kStrayBodyFromMm * px_per_mm))),
        body_to_(lowest.row(y, half_side_px(kStrayBodyToMm * px_per_mm))),
        white_area_(white_to_.area() - white_from_.area()),
        body_area_(body_to_.area() - body_from_.area()) {}

  bool eye(int x) const {
    const float white = static_cast<float>(white_to_.sum(x) - white_from_.sum(x)) / white_area_;
    const float around = static_cast<float>(body_to_.sum(x) - body_from_.sum(x)) / body_area_;
    const float pupil = static_cast<float>(pupil_.sum(x)) / pupil_.area();
    return white > kMinWhite && white > kWhiteOverBody * around && pupil < kPupilDark * white;
  }
#if CV_SIMD
  // The lanes' white rings, and all bits set in those with a white ring around a dark pupil.
  struct Rings {
    cv::v_float32 white;
    cv::v_float32 ringed;
  };
  Rings rings(int x) const {
    const cv::v_float32 white =
        cv::v_cvt_f32(white_to_.sums(x) - white_from_.sums(x)) / cv::vx_setall_f32(white_area_);
    const cv::v_float32 pupil = cv::v_cvt_f32(pupil_.sums(x)) / cv::vx_setall_f32(pupil_.area());
    return {white, (white > cv::vx_setall_f32(kMinWhite)) &
                       (pupil < cv::vx_setall_f32(kPupilDark) * white)};
  }
  // All bits set in the lanes that show an eye: ringed, in a body far less white.
  cv::v_int32 eyes(int x, const Rings& rings) const {
    const cv::v_float32 around =
        cv::v_cvt_f32(body_to_.sums(x) - body_from_.sums(x)) / cv::vx_setall_f32(body_area_);
    return cv::v_reinterpret_as_s32(rings.ringed &
                                    (rings.white > cv::vx_setall_f32(kWhiteOverBody) * around));
  }
#endif

 private:
  static constexpr auto kMinWhite = static_cast<float>(kStrayMinWhite);
  static constexpr auto kWhiteOverBody = static_cast<float>(kStrayWhiteOverBody);
  static constexpr auto kPupilDark = static_cast<float>(kStrayPupilDark);
  WindowSums::Row pupil_, white_from_, white_to_, body_from_, body_to_;
  float white_area_, body_area_;
};

// The planes of a picture that eyes are looked for in, summed over windows up to the widest the
// search measures at `px_per_mm`: the lowest channel (an eye's white against a body of any colour)
// and the grey (the pupil).
class EyePlanes {
 public:
  EyePlanes(const cv::Mat& bgr, double px_per_mm)
      : lowest_(lowest_channel(bgr), half_side_px(kStrayBodyToMm * px_per_mm)),
        grey_(grey_of(bgr), half_side_px(kStrayBodyToMm * px_per_mm)),
        size_(bgr.size()) {}

  // Where the picture shows an eye's pattern at `px_per_mm` (no wider than the planes were summed
  // for), looked at only where `where` is set (the whole picture when it is empty).
  cv::Mat pattern(double px_per_mm, const cv::Mat& where = {}) const {
    cv::Mat eyes(size_, CV_8U);
    const cv::Mat everywhere = where.empty() ? cv::Mat(size_, CV_8U, cv::Scalar(255)) : where;
    for (int y = 0; y < size_.height; ++y) {
      const EyePatternRow row(lowest_, grey_, y, px_per_mm);
      const uchar* wanted = everywhere.ptr<uchar>(y);
      auto* out = eyes.ptr<uchar>(y);
      int x = 0;
#if CV_SIMD
      // Four vectors of lanes packed into one of bytes; none measured where none is wanted.
      constexpr int kLanes = cv::v_int32::nlanes;
      for (; x + 4 * kLanes <= size_.width; x += 4 * kLanes) {
        const cv::v_uint8 wanted_here = cv::vx_load(wanted + x);
        if (!cv::v_check_any(wanted_here != cv::vx_setzero_u8())) {
          cv::v_store(out + x, wanted_here);
          continue;
        }
        // The body around is measured only where some lane shows a ringed pupil.
        std::array<EyePatternRow::Rings, 4> rings;
        cv::v_float32 any_ringed = cv::vx_setzero_f32();
        for (int q = 0; q < 4; ++q) {
          rings[q] = row.rings(x + q * kLanes);
          any_ringed = any_ringed | rings[q].ringed;
        }
        if (!cv::v_check_any(any_ringed)) {
          cv::v_store(out + x, cv::vx_setzero_u8());
          continue;
        }
        const cv::v_int16 low = cv::v_pack(row.eyes(x, rings[0]), row.eyes(x + kLanes, rings[1]));
        const cv::v_int16 high =
            cv::v_pack(row.eyes(x + 2 * kLanes, rings[2]), row.eyes(x + 3 * kLanes, rings[3]));
        cv::v_store(out + x, cv::v_reinterpret_as_u8(cv::v_pack(low, high)) & wanted_here);
      }
#endif
      for (; x < size_.width; ++x) out[x] = wanted[x] != 0 && row.eye(x) ? wanted[x] : 0;
    }
    return eyes;
  }

 private:
  static cv::Mat lowest_channel(const cv::Mat& bgr) {
    cv::Mat lowest(bgr.size(), CV_8U);
    for (int y = 0; y < bgr.rows; ++y) {
      const std::uint8_t* pixel = bgr.ptr<std::uint8_t>(y);
      std::uint8_t* out = lowest.ptr<std::uint8_t>(y);
      int x = 0;
#if CV_SIMD
      for (; x + cv::v_uint8::nlanes <= bgr.cols; x += cv::v_uint8::nlanes) {
        cv::v_uint8 blue, green, red;
        cv::v_load_deinterleave(pixel + 3 * x, blue, green, red);
        cv::v_store(out + x, cv::v_min(cv::v_min(blue, green), red));
      }
#endif
      for (; x < bgr.cols; ++x)
        out[x] = std::min({pixel[3 * x], pixel[3 * x + 1], pixel[3 * x + 2]});
    }
    return lowest;
  }
  static cv::Mat grey_of(const cv::Mat& bgr) {
    cv::Mat grey;
    cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
    return grey;
  }

  WindowSums lowest_, grey_;
  cv::Size size_;
};

}  // namespace

double share_showing_eyes(const cv::Mat& bgr,
                          const std::vector<std::array<cv::Point2d, 4>>& monsters) {
  if (monsters.empty()) return 0;
  const double px_per_mm = median_side(monsters) / kTileSideMm;
  // Only around the tiles, with room for the widest ring the search measures.
  const int room = static_cast<int>(std::ceil(kStrayBodyToMm * px_per_mm)) + 1;
  cv::Rect area;
  for (const auto& corners : monsters) {
    const cv::Rect box = cv::boundingRect(std::vector<cv::Point2f>(corners.begin(), corners.end()));
    area = area.empty() ? box : (area | box);
  }
  area = grown_within(area, room, bgr.size());
  if (area.empty()) return 0;
  const cv::Mat eyes = EyePlanes(bgr(area), px_per_mm).pattern(px_per_mm);
  const auto shows_an_eye = [&](const std::array<cv::Point2d, 4>& corners) {
    const std::vector<cv::Point2f> outline(corners.begin(), corners.end());
    const cv::Rect box = cv::boundingRect(outline) & area;
    if (box.empty()) return false;
    cv::Mat within(box.size(), CV_8U, cv::Scalar(0));
    std::vector<cv::Point> polygon;
    for (const cv::Point2d& corner : corners)
      polygon.emplace_back(cvRound(corner.x) - box.x, cvRound(corner.y) - box.y);
    cv::fillConvexPoly(within, polygon, cv::Scalar(255));
    return cv::countNonZero(eyes(box - area.tl()) & within) > 0;
  };
  const auto showing = std::count_if(monsters.begin(), monsters.end(), shows_an_eye);
  return static_cast<double>(showing) / static_cast<double>(monsters.size());
}

std::vector<cv::Point2d> stray_eyes(const cv::Mat& bgr,
                                    const std::vector<std::array<cv::Point2d, 4>>& tiles) {
  std::vector<cv::Point2d> strays;
  if (tiles.empty()) return strays;
  const double px_per_mm = median_side(tiles) / kTileSideMm;
  const EyePlanes planes(bgr, px_per_mm);
  cv::Mat outside(bgr.size(), CV_8U, cv::Scalar(0));
  // Only where the ring around the body lies within the picture: at its edge the windows
  // measure the picture's mirror image.
  const int margin = static_cast<int>(std::ceil(kStrayBodyToMm * px_per_mm));
  const cv::Rect measured(margin, margin, bgr.cols - 2 * margin, bgr.rows - 2 * margin);
  if (measured.width <= 0 || measured.height <= 0) return strays;
  outside(measured).setTo(255);
  for (const auto& corners : tiles) {
    const auto grown = grow_square(corners, kTileSideMm, kTileSideMm * 1.1);
    std::vector<cv::Point> polygon;
    for (const cv::Point2d& corner : grown)
      polygon.emplace_back(cvRound(corner.x), cvRound(corner.y));
    cv::fillConvexPoly(outside, polygon, cv::Scalar(0));
  }
  cv::Mat eyes = planes.pattern(px_per_mm, outside);
  // The tiles' outlines found may run a little wide (a blurred picture): where no eye shows at
  // their scale, eyes are looked for at a smaller one.
  if (cv::countNonZero(eyes) == 0) eyes = planes.pattern(kStraySmallerScale * px_per_mm, outside);
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(eyes, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  for (const auto& contour : contours) {
    const cv::Rect box = cv::boundingRect(contour);
    strays.emplace_back(box.x + box.width / 2.0, box.y + box.height / 2.0);
  }
  return strays;
}

namespace {

// The body's outline for its shape. Eyes near the body's edge bite notches out of it: their white
// within the body's convex hull is body here, what sticks out of the hull is not.
cv::Mat outline_with_eyes(const cv::Mat& body, const cv::Mat& eye_white, double px_per_mm) {
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(body.clone(), contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  if (contours.empty()) return body;
  std::vector<cv::Point> hull;
  cv::convexHull(contours.front(), hull);
  cv::Mat within_hull(body.size(), CV_8U, cv::Scalar(0));
  cv::fillConvexPoly(within_hull, hull, cv::Scalar(255));
  cv::Mat outline = body | (eye_white & within_hull);
  // The blurred rim between an eye's white and the body is neither.
  outline = closed(outline, kEyeRimMm * px_per_mm);
  return largest_filled(outline & within_hull);
}

// Where the face shows an eye: a dark pupil in a ring as white as the cream or whiter.
const cv::Mat& eye_marks(const RelativeFace& face) {
  if (!face.eye_marks) {
    const double px_per_mm = face.px_per_mm;
    const cv::Mat pupil = ring_mean(face.grey, 0, kStrayPupilMm * px_per_mm);
    const double ring_from = kStrayWhiteFromMm * px_per_mm, ring_to = kStrayWhiteToMm * px_per_mm;
    const cv::Mat ring_grey = ring_mean(face.grey, ring_from, ring_to);
    const cv::Mat ring_white = ring_mean(face.white, ring_from, ring_to);
    face.eye_marks = (ring_white > kEyeRingWhiteness) & (pupil < kEyeMarkPupilDark * ring_grey);
  }
  return *face.eye_marks;
}

// Whether each eye at `eyes` (pixels of the face) shows a pupil: somewhere near its centre, the
// face darker than the ring of white around it. A highlight is brightest at its middle; a pupil,
// however blurred, is darker than its white.
bool every_eye_has_a_pupil(const RelativeFace& face, const std::vector<cv::Point2d>& eyes,
                           double px_per_mm) {
  constexpr double kPupilUnderRing = 0.9;  // a pupil's grey against its ring's
  const int reach = static_cast<int>(std::ceil((kPupilOffMm + kStrayWhiteToMm) * px_per_mm)) + 1;
  const cv::Rect whole(0, 0, face.grey.cols, face.grey.rows);
  return std::all_of(eyes.begin(), eyes.end(), [&](const cv::Point2d& eye) {
    const cv::Rect around =
        cv::Rect(cvRound(eye.x) - reach, cvRound(eye.y) - reach, 2 * reach + 1, 2 * reach + 1) &
        whole;
    if (around.empty()) return false;
    const cv::Mat grey = face.grey(around);
    const cv::Mat pupil = ring_mean(grey, 0, kStrayPupilMm * px_per_mm);
    const cv::Mat ring =
        ring_mean(grey, kStrayWhiteFromMm * px_per_mm, kStrayWhiteToMm * px_per_mm);
    const cv::Point2d centre = eye - cv::Point2d(around.tl());
    const double off_px = kPupilOffMm * px_per_mm;
    for (int y = 0; y < grey.rows; ++y) {
      for (int x = 0; x < grey.cols; ++x) {
        if (cv::norm(cv::Point2d(x, y) - centre) > off_px) continue;
        if (pupil.at<float>(y, x) < kPupilUnderRing * ring.at<float>(y, x)) return true;
      }
    }
    return false;
  });
}

// Highlights on the face: white (`white`, eye_white) away from every pupil, grown by the halo
// where the print shows through washed out. An eye's white surrounds a pupil, darker than it even
// blurred; a highlight is brightest at its middle.
constexpr double kEyeReachMm = kEyeRadiusMm + 1.0;  // from a pupil's mark: its eye's white
constexpr double kMinGlareMm = 1.5;                 // across: thinner white is an eye's blurred rim
constexpr double kGlareHaloMm = 2.0;
cv::Mat glare_of(const RelativeFace& face, const cv::Mat& white, double px_per_mm) {
  const cv::Mat eyes = dilated(eye_marks(face), 2 * kEyeReachMm * px_per_mm);
  const cv::Mat glare = opened(white & ~eyes, kMinGlareMm * px_per_mm);
  if (cv::countNonZero(glare) == 0) return {};
  return dilated(glare, 2 * kGlareHaloMm * px_per_mm);
}

// The body whole again where its eyes cut into it: a light body (yellow) passes through the
// cream's colour on its way to an eye's white, so a row of eyes can bite notches out of it or part
// it in two. The eyes and the parts they join are one body, within the convex hull of the parts
// (an eye spilling over the edge is no body).
cv::Mat rejoined_body(const cv::Mat& largest_part, const cv::Mat& not_cream,
                      const RelativeFace& face, double px_per_mm) {
  const RunComponents pupils = run_components(eye_marks(face) & not_cream, Connectivity::eight);
  if (pupils.components.empty()) return largest_part;
  cv::Mat eyes(not_cream.size(), CV_8U, cv::Scalar(0));
  for (const RunComponent& pupil : pupils.components) {
    cv::circle(eyes, pupil.centroid,
               static_cast<int>(std::lround((kEyeRadiusMm + 0.5) * px_per_mm)), cv::Scalar(255),
               cv::FILLED);
  }
  if (cv::countNonZero(eyes & ~largest_part) == 0) return largest_part;  // no eye cuts into it
  // The body's parts the eyes join, cut-off parts of a pupil's size left out.
  cv::Mat parts = opened(not_cream & ~eyes, std::sqrt(kMinCutOffMm2) * px_per_mm);
  parts |= largest_part;
  cv::Mat joined = parts | eyes;
  joined = largest_filled(closed(joined, kEyeRimMm * px_per_mm));
  std::vector<cv::Point> points, hull;
  cv::findNonZero(parts & joined, points);
  if (points.empty()) return largest_part;  // the eyes join nothing of the body
  cv::convexHull(points, hull);
  cv::Mat within_hull(not_cream.size(), CV_8U, cv::Scalar(0));
  cv::fillConvexPoly(within_hull, hull, cv::Scalar(255));
  return largest_filled((joined & within_hull) | largest_part);
}

// The face of a monster tile read from its colours against the cream; `glare` (when not empty)
// marks where a highlight hides the print: it is read as neither body, eye nor pattern, and the
// body's outline is taken across it.
TileFace read_monster(const RelativeFace& face, const cv::Mat& glare, double px_per_mm,
                      cv::Mat* debug) {
  TileFace tile;
  const int side = face.grey.rows;
  const cv::Mat art_area = disk_mask(side, px_per_mm, kArtRadiusMm);
  const std::vector<cv::Mat>& ratio = face.ratio;
  cv::Mat not_cream = ((cv::abs(ratio[0] - 1) > kNotCream) | (cv::abs(ratio[1] - 1) > kNotCream) |
                       (cv::abs(ratio[2] - 1) > kNotCream)) &
                      art_area;
  cv::Mat white = eye_white(face, art_area);
  if (!glare.empty()) {
    not_cream.setTo(0, glare);
    white.setTo(0, glare);
  }
  not_cream = opened(closed(not_cream, 1.2 * px_per_mm), 0.8 * px_per_mm);
  const cv::Mat largest_part = largest_filled(not_cream);
  if (cv::countNonZero(largest_part) < kMinBodyMm2 * px_per_mm * px_per_mm) {
    tile.blank = true;
    return tile;
  }
  std::vector<cv::Point2d> pupils;
  // Eyes belong to the body even where a blurred white passes for cream; the outline is read
  // without them, as a white spilling over the edge would bend it.
  // Only solid white next to the body counts: the cream's noise passes for white here and there.
  const cv::Mat eyes_by_body = opened(white, kSolidWhiteMm * px_per_mm);
  const cv::Mat body = rejoined_body(largest_part, not_cream, face, px_per_mm);
  const cv::Rect body_box = cv::boundingRect(body);
  tile.body_centre_mm =
      cv::Point2d(body_box.x + body_box.width / 2.0, body_box.y + body_box.height / 2.0) /
      px_per_mm;
  const cv::Mat near_body = dilated(body, 2 * kEyeSpillMm * px_per_mm);
  tile.eyes = read_eye_row(face, largest_filled(body | (eyes_by_body & near_body)), glare,
                           px_per_mm, pupils);
  // Glare within the body's hull is body, as an eye there is.
  const cv::Mat within_outline = glare.empty() ? eyes_by_body : (eyes_by_body | glare);
  tile.shape = classify_shape(outline_with_eyes(body, within_outline, px_per_mm));
  tile.eye_centres = pupils;
  cv::Mat pattern_mask;
  tile.pattern = classify_pattern(face, body, glare.empty() ? white : (white | glare), glare,
                                  pupils, px_per_mm, pattern_mask);
  if (debug != nullptr) {
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(body.clone(), contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
    cv::drawContours(*debug, contours, -1, cv::Scalar(0, 255, 0), 1);
    if (!pattern_mask.empty()) debug->setTo(cv::Scalar(255, 0, 255), pattern_mask);
    for (const cv::Point2d& pupil : pupils)
      cv::circle(*debug, pupil, static_cast<int>(3 * px_per_mm), cv::Scalar(0, 0, 255), 1);
    if (!glare.empty()) {
      cv::findContours(glare.clone(), contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
      cv::drawContours(*debug, contours, -1, cv::Scalar(255, 255, 0), 1);
    }
  }
  return tile;
}

// Whether every pixel of `glare` lies on the far side of the body of `face` from its eyes (both
// read on it): below the line across the body's middle.
bool glare_below_the_body(const cv::Mat& glare, const TileFace& face, double px_per_mm) {
  if (!face.body_centre_mm || face.eye_centres.empty()) return false;
  const cv::Point2d centre = *face.body_centre_mm * px_per_mm;
  cv::Point2d eyes(0, 0);
  for (const cv::Point2d& eye : face.eye_centres)
    eyes += eye / static_cast<double>(face.eye_centres.size());
  const cv::Point2d up = eyes - centre;
  if (cv::norm(up) < kMinEyeRiseMm * px_per_mm) return false;
  std::vector<cv::Point> points;
  cv::findNonZero(glare, points);
  return std::none_of(points.begin(), points.end(), [&](const cv::Point& point) {
    return (cv::Point2d(point) - centre).dot(up) >= 0;
  });
}

}  // namespace

std::array<cv::Point2d, 4> recentred(const std::array<cv::Point2d, 4>& corners,
                                     cv::Point2d centre_mm) {
  const cv::Point2d middle(kTileSideMm / 2, kTileSideMm / 2);
  return square_on_face(corners, kTileSideMm, centre_mm - middle, kTileSideMm);
}

TileFace read_tile(const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners, double px_per_mm,
                   cv::Mat* debug) {
  const cv::Mat face_bgr = resampled(bgr, corners, kTileSideMm, px_per_mm);
  const int side = face_bgr.rows;
  const cv::Vec3f cream = face_cream(face_bgr, px_per_mm);
  const RelativeFace face = relative_face(face_bgr, cream, px_per_mm);
  if (gold_share(face_bgr, cream, px_per_mm) >= kMinGoldShare) {
    if (debug != nullptr) *debug = face_bgr.clone();
    TileFace trophy;
    trophy.trophy = true;
    trophy.value = count_trophy_dots(face, px_per_mm);
    return trophy;
  }
  const auto read = [&](const cv::Mat& glare) {
    if (debug != nullptr) *debug = face_bgr.clone();
    return read_monster(face, glare, px_per_mm, debug);
  };
  TileFace tile = read(cv::Mat());
  if (tile.blank) return tile;
  // A highlight on the row of eyes passes for an eye's white: an eye counted with no pupil in
  // it may be one, and the count is read again without the highlights.
  if (tile.eyes && !every_eye_has_a_pupil(face, tile.eye_centres, px_per_mm)) tile.eyes.reset();
  // What a face left unread is read again without its highlights. What it read is checked
  // against that reading too: a highlight on the body's edge bites into its outline (a disk read
  // as a drop), so where the two readings differ, nothing is kept.
  const cv::Mat glare =
      glare_of(face, eye_white(face, disk_mask(side, px_per_mm, kArtRadiusMm)), px_per_mm);
  if (glare.empty()) return tile;
  const TileFace without_glare = read(glare);
  if (without_glare.blank) return tile;
  const auto merged = [](auto& kept, const auto& again) {
    if (!kept) {
      kept = again;
    } else if (again && *again != *kept) {
      kept.reset();
    }
  };
  merged(tile.eyes, without_glare.eyes);
  // A highlight on a disk's edge bites into its outline or bulges it, and the disk passes for a
  // drop; read with the highlight known, the outline is taken across it: a disk. A drop's point is
  // up, on its eyes' side, and may lie under a highlight there too: the disk is kept only when
  // every highlight lies on the far side of the body from its eyes.
  if (tile.shape == BugShape::drop && without_glare.shape == BugShape::round &&
      glare_below_the_body(glare, without_glare, px_per_mm))
    tile.shape = BugShape::round;
  merged(tile.shape, without_glare.shape);
  merged(tile.pattern, without_glare.pattern);
  return tile;
}

}  // namespace tableref::vision::bugs
