#include "trio_bodies.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <numbers>
#include <opencv2/imgproc.hpp>
#include <utility>

#include "border_following.hpp"
#include "ellipse_fit.hpp"
#include "ranked_values.hpp"
#include "run_components.hpp"
#include "vision/quad_geometry.hpp"

namespace tableref::vision::trio {

namespace {

// A hole in the face mask (a body is a hole in its card's face): its outline and area.
struct Hole {
  std::vector<cv::Point> outline;
  double area = 0;
};

// The areas a body's hole can have: from the smallest body (params' min_body_px, squashed to the
// smallest axis ratio) to a round one `max_body_px` across.
struct AreaWindow {
  double least = 0, most = 0;
  bool holds(double area) const { return area >= least && area <= most; }
};
AreaWindow body_areas(const TrioReaderParams& params, double max_body_px) {
  constexpr double kQuarterPi = std::numbers::pi / 4;
  return {kQuarterPi * params.min_body_px * params.min_body_px * params.min_body_axis_ratio,
          kQuarterPi * max_body_px * max_body_px};
}

// A hole traced in fewer points is a speck, no body.
constexpr std::size_t kLeastHolePoints = 12;

// The holes of `face` whose area lies in `areas`, their points moved by `offset`.
std::vector<Hole> holes_sized(const cv::Mat& face, AreaWindow areas, cv::Point offset = {}) {
  std::vector<std::vector<cv::Point>> contours;
  std::vector<cv::Vec4i> hierarchy;
  cv::findContours(face, contours, hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_NONE, offset);
  std::vector<Hole> holes;
  for (std::size_t i = 0; i < contours.size(); ++i) {
    if (hierarchy[i][3] < 0 || contours[i].size() < kLeastHolePoints) continue;
    const double area = cv::contourArea(contours[i]);
    if (areas.holds(area)) holes.push_back({std::move(contours[i]), area});
  }
  return holes;
}

// Calls `visit` with the first pixel (in raster order) and the box of each of `regions` (regions
// of not face of a mask of `size`, 4-connected) that may be a hole whose outline encloses an area
// in `areas`: it does not reach the mask's edge, and its pixels and box allow such an area. From
// the last in raster order to the first, as cv::findContours lists the holes of one face.
template <typename Visit>
void for_each_possible_hole(const RunComponents& regions, cv::Size size, AreaWindow areas,
                            Visit&& visit) {
  for (auto region = regions.components.rbegin(); region != regions.components.rend(); ++region) {
    const cv::Rect& box = region->box;
    if (box.x == 0 || box.y == 0 || box.br().x == size.width || box.br().y == size.height) continue;
    // The outline encloses at least the region's pixels, and lies in its box's pixel centres.
    const double largest_area = double(box.width + 1) * double(box.height + 1);
    if (double(region->area) > areas.most || largest_area < areas.least) continue;
    const PixelRun& first = regions.runs[region->first_run];
    visit(cv::Point(first.first, first.row), box);
  }
}

// holes_sized for a small part of the mask around a body: each region that may be such a hole has
// its outline followed alone (hole_outline_points: what cv::findContours traces), in
// cv::findContours' order for the holes of one face, as a body's one or two (glare may cut it in
// two) are.
std::vector<Hole> holes_sized_around_a_body(const cv::Mat& face, AreaWindow areas,
                                            cv::Point offset) {
  std::vector<Hole> holes;
  for_each_possible_hole(run_components(face == 0, Connectivity::four), face.size(), areas,
                         [&](cv::Point first, const cv::Rect&) {
                           std::vector<cv::Point> outline = hole_outline_points(face, first);
                           if (outline.size() < kLeastHolePoints) return;
                           const double area = cv::contourArea(outline);
                           if (!areas.holds(area)) return;
                           for (cv::Point& point : outline) point += offset;
                           holes.push_back({std::move(outline), area});
                         });
  return holes;
}

// The boxes of the holes of `face` whose traced outline (cv::findContours') encloses an area in
// `areas`, each the box of that outline. A hole is a 4-connected region of not face that does not
// reach the picture's edge, whose pixels cv::findContours takes as not face; its outline runs
// through the face pixels around it, in its box grown by a pixel each way. The regions come from
// rows' runs; only those whose outline could enclose such an area are measured, each alone
// (hole_outline): on a patterned cloth, a fraction of tracing every outline of the mask.
std::vector<cv::Rect> hole_boxes(const cv::Mat& face, AreaWindow areas) {
  cv::Mat not_face = face == 0;
  cv::rectangle(not_face, cv::Rect({}, face.size()), cv::Scalar(255));
  std::vector<cv::Rect> boxes;
  for_each_possible_hole(
      run_components(not_face, Connectivity::four), face.size(), areas,
      [&](cv::Point first, const cv::Rect& box) {
        const HoleOutline outline = hole_outline(face, first);
        // As holes_sized keeps a hole, its outline around the region's box.
        if (std::cmp_less(outline.points, kLeastHolePoints) || !areas.holds(outline.area)) return;
        const cv::Rect outline_box(box.x - 1, box.y - 1, box.width + 2, box.height + 2);
        if (outline.box == outline_box) boxes.push_back(outline_box);
      });
  return boxes;
}

// The holes of a body's size of the face mask at the picture's own size. A mask made on the
// picture averaged (face_step 2) gives where they lie: each of its holes of about that size is
// traced again in its box at full size.
std::vector<Hole> body_sized_holes(const FaceMaps& maps, const TrioReaderParams& params,
                                   double max_body_px) {
  const AreaWindow areas = body_areas(params, max_body_px);
  if (maps.face_step == 1) return holes_sized(maps.face, areas);
  // A small mask's hole is traced through the averaged face pixels around it, further out than
  // at full size: a tenth larger or more.
  const double step_area = maps.face_step * maps.face_step;
  const AreaWindow about{1.1 * areas.least / step_area, 1.4 * areas.most / step_area};
  constexpr int kMarginPx = 3;
  std::vector<Hole> holes;
  for (const cv::Rect& small_box : hole_boxes(maps.face, about)) {
    const cv::Rect box =
        cv::Rect(small_box.tl() * maps.face_step - cv::Point(kMarginPx, kMarginPx),
                 small_box.size() * maps.face_step + cv::Size(2 * kMarginPx, 2 * kMarginPx)) &
        maps.bounds();
    for (Hole& hole : holes_sized_around_a_body(maps.face_in(box), areas, box.tl())) {
      // Two small holes (a body cut in two by glare) can lie in one box.
      const bool traced = std::any_of(holes.begin(), holes.end(), [&](const Hole& other) {
        return other.outline.front() == hole.outline.front() && other.area == hole.area;
      });
      if (!traced) holes.push_back(std::move(hole));
    }
  }
  return holes;
}

cv::Matx22d rectifier(const cv::RotatedRect& ellipse) {
  const double angle = ellipse.angle * std::numbers::pi / 180;
  const cv::Vec2d u(std::cos(angle), std::sin(angle)), v(-std::sin(angle), std::cos(angle));
  const double along_u = kBodyDiameterMm / std::max(1.0f, ellipse.size.width);
  const double along_v = kBodyDiameterMm / std::max(1.0f, ellipse.size.height);
  return along_u * (u * u.t()) + along_v * (v * v.t());
}

// The pixels inside the body's ellipse shrunk to `shrink` and inside the hole itself (not in a
// bite glare took out of it), and the face ratio at each.
struct InsideSamples {
  std::vector<cv::Point> at;
  std::vector<float> ratio;
};

// The columns, as offsets from the centre, between which the row `dy` below the centre of the
// ellipse with half axes `half_u` (along `cos_a`, `sin_a`) and `half_v` crosses it, widened by a
// pixel each way; none (from > to) where it does not. Solved on the ellipse grown by a hundredth,
// so that rounding leaves out no pixel the exact test takes.
std::pair<int, int> ellipse_row_span(double dy, double cos_a, double sin_a, double half_u,
                                     double half_v) {
  const double u2 = 1 / (1.0201 * half_u * half_u), v2 = 1 / (1.0201 * half_v * half_v);
  // u² / a² + v² / b² <= 1 as a * dx² + b * dx + c <= 0.
  const double a = cos_a * cos_a * u2 + sin_a * sin_a * v2;
  const double b = 2 * dy * cos_a * sin_a * (u2 - v2);
  const double c = dy * dy * (sin_a * sin_a * u2 + cos_a * cos_a * v2) - 1;
  const double discriminant = b * b - 4 * a * c;
  if (discriminant < 0) return {1, 0};
  const double root = std::sqrt(discriminant);
  return {static_cast<int>(std::floor((-b - root) / (2 * a))) - 1,
          static_cast<int>(std::ceil((-b + root) / (2 * a))) + 1};
}

InsideSamples inside_samples(const FaceMaps& maps, const cv::RotatedRect& ellipse, double shrink,
                             const std::vector<cv::Point>& hole) {
  InsideSamples samples;
  const cv::Rect box = cv::Rect(ellipse.boundingRect()) & maps.bounds();
  if (box.empty()) return samples;
  // The ellipse fills some 0.79 of its box: room for all without growing.
  samples.at.reserve(static_cast<std::size_t>(box.area()));
  samples.ratio.reserve(static_cast<std::size_t>(box.area()));
  cv::Mat in_hole(box.size(), CV_8U, cv::Scalar(0));
  cv::drawContours(in_hole, std::vector<std::vector<cv::Point>>{hole}, 0, cv::Scalar(255),
                   cv::FILLED, cv::LINE_8, cv::noArray(), 0, -box.tl());
  const double angle = ellipse.angle * std::numbers::pi / 180;
  const double cos_a = std::cos(angle), sin_a = std::sin(angle);
  const double half_u = ellipse.size.width / 2 * shrink, half_v = ellipse.size.height / 2 * shrink;
  const double centre_x = ellipse.center.x, centre_y = ellipse.center.y;
  for (int y = box.y; y < box.y + box.height; ++y) {
    const std::uint8_t* inside = in_hole.ptr<std::uint8_t>(y - box.y);
    // Only the pixels near the row's stretch inside the ellipse are tested.
    const auto [from, to] = ellipse_row_span(y - centre_y, cos_a, sin_a, half_u, half_v);
    const int first = std::max(box.x, static_cast<int>(std::floor(centre_x)) + from);
    const int last = std::min(box.x + box.width - 1, static_cast<int>(std::ceil(centre_x)) + to);
    for (int x = first; x <= last; ++x) {
      if (inside[x - box.x] == 0) continue;
      const cv::Point2d offset(x - centre_x, y - centre_y);
      const double u = (offset.x * cos_a + offset.y * sin_a) / half_u;
      const double v = (-offset.x * sin_a + offset.y * cos_a) / half_v;
      if (u * u + v * v > 1) continue;
      samples.at.emplace_back(x, y);
      samples.ratio.push_back(maps.ratio_at({x, y}));
    }
  }
  return samples;
}

// Whether what the convex hull adds to the hole is mostly blown-out light: glare took a bite out
// of the body's edge.
bool bite_is_glare(const FaceMaps& maps, const std::vector<cv::Point>& hole,
                   const std::vector<cv::Point>& hull) {
  const cv::Rect box = cv::boundingRect(hull) & maps.bounds();
  if (box.empty()) return false;
  cv::Mat bite(box.size(), CV_8U, cv::Scalar(0));
  cv::drawContours(bite, std::vector<std::vector<cv::Point>>{hull}, 0, cv::Scalar(255), cv::FILLED,
                   cv::LINE_8, cv::noArray(), 0, -box.tl());
  cv::drawContours(bite, std::vector<std::vector<cv::Point>>{hole}, 0, cv::Scalar(0), cv::FILLED,
                   cv::LINE_8, cv::noArray(), 0, -box.tl());
  cv::Mat blown;
  cv::compare(maps.ratio_in(box), 0.95, blown, cv::CMP_GE);
  const int bitten = cv::countNonZero(bite);
  return bitten > 0 && cv::countNonZero(blown & bite) * 10 >= bitten * 6;
}

// The values at shares `lower` and `upper` (not below it) of the order of `values`.
std::pair<float, float> quantiles(const std::vector<float>& values, double lower, double upper) {
  const auto rank = [&](double share) {
    return static_cast<std::size_t>(share * static_cast<double>(values.size() - 1));
  };
  return values_at_ranks(values, rank(lower), rank(upper));
}

// Where a direction lies in a turn: 0 to 4 counter-clockwise from the x axis round the square
// |x| + |y| = 1, in the order of its angle (not in proportion to it) and without atan2's cost.
double turn_of(cv::Point2d direction) {
  const double x = direction.x, y = direction.y;
  if (y >= 0) return x >= 0 ? y / (x + y) : 1 - x / (y - x);
  return x < 0 ? 2 - y / (-x - y) : 3 + x / (x - y);
}

// Points, none at the origin, sorted into sectors by their direction from it, to look only at
// those within `window` (radians, 0.1 to pi / 2) of a direction.
class PointsByDirection {
 public:
  PointsByDirection(const std::vector<cv::Point2d>& points, double window)
      : cos_window_(std::cos(window)), sin_window_(std::sin(window)), first_(kSectors + 1, 0) {
    std::vector<int> sectors;
    sectors.reserve(points.size());
    for (const cv::Point2d& point : points) {
      sectors.push_back(sector_of(point));
      ++first_[static_cast<std::size_t>(sectors.back()) + 1];
    }
    for (std::size_t i = 1; i < first_.size(); ++i) first_[i] += first_[i - 1];
    std::vector<int> filled(first_.begin(), first_.end() - 1);
    points_.resize(points.size());
    for (std::size_t i = 0; i < points.size(); ++i)
      points_[static_cast<std::size_t>(filled[static_cast<std::size_t>(sectors[i])]++)] = points[i];
  }

  // How many of the points nearer to `centre` than the root of `reach_squared`, all of which lie
  // within the window of its direction.
  int within(cv::Point2d centre, double reach_squared) const {
    // The window's ends: the centre's direction turned back and forth by the window.
    const cv::Point2d unit = centre * (1 / cv::norm(centre));
    const double cos_w = cos_window_, sin_w = sin_window_;
    const int from = sector_of({unit.x * cos_w + unit.y * sin_w, unit.y * cos_w - unit.x * sin_w});
    const int to = sector_of({unit.x * cos_w - unit.y * sin_w, unit.y * cos_w + unit.x * sin_w});
    const auto count = [&](int first_sector, int last_sector) {
      int near = 0;
      for (int i = first_[static_cast<std::size_t>(first_sector)];
           i < first_[static_cast<std::size_t>(last_sector) + 1]; ++i) {
        const cv::Point2d& point = points_[static_cast<std::size_t>(i)];
        near += (point - centre).dot(point - centre) < reach_squared;
      }
      return near;
    };
    // A window across the turn's start is looked at in two parts.
    return from <= to ? count(from, to) : count(from, kSectors - 1) + count(0, to);
  }

 private:
  static constexpr int kSectors = 64;
  static int sector_of(cv::Point2d direction) {
    return std::min(kSectors - 1, static_cast<int>(turn_of(direction) * (kSectors / 4)));
  }
  double cos_window_, sin_window_;
  std::vector<int> first_;  // the index of each sector's first point; one past the last at the end
  std::vector<cv::Point2d> points_;
};

// The eyes: the white inside the body. Their contrast over the body, and where they sit: a pair
// side by side, 6 mm from the centre towards the card's tip and 6.8 mm either side of that line
// (components.md puts them in the body's upper half). The pair is searched for in every
// direction, so glare elsewhere on the body does not hide it; a dark spot of a patterned table
// has no such pair.
// A hole whose white stands less than `min_contrast` over the rest (a spot of a dotted table) is
// no body: the search is not made.
void find_eyes(const FaceMaps& maps, const std::vector<cv::Point>& hole, float min_contrast,
               MonsterBody& body) {
  const InsideSamples samples = inside_samples(maps, body.ellipse, 0.85, hole);
  if (samples.ratio.size() < 20) return;
  const auto [body_level, eye_level] = quantiles(samples.ratio, 0.5, 0.96);
  if (eye_level - body_level < min_contrast) return;
  const float cut = body_level + 0.5f * (eye_level - body_level);
  const double centre_x = body.ellipse.center.x, centre_y = body.ellipse.center.y;
  std::vector<cv::Point2d> bright_mm;
  for (std::size_t i = 0; i < samples.ratio.size(); ++i) {
    if (samples.ratio[i] <= cut) continue;
    const cv::Vec2d mm =
        body.mm_from_px * cv::Vec2d(samples.at[i].x - centre_x, samples.at[i].y - centre_y);
    bright_mm.emplace_back(mm[0], mm[1]);
  }
  constexpr double kEyeAlongMm = 6.0, kEyeAcrossMm = 6.8, kEyeReachMm = 4.2;
  constexpr int kDirections = 72;
  // Only points within reach of the circle the eyes' centres turn on can count for an eye.
  const double eye_circle_mm = std::hypot(kEyeAlongMm, kEyeAcrossMm);
  std::vector<cv::Point2d> near_circle;
  std::copy_if(bright_mm.begin(), bright_mm.end(), std::back_inserter(near_circle),
               [&](const cv::Point2d& point) {
                 return std::abs(cv::norm(point) - eye_circle_mm) < kEyeReachMm;
               });
  const double reach_squared = kEyeReachMm * kEyeReachMm;
  // A point within reach of an eye's centre lies within asin(reach / circle) of its direction.
  constexpr double kWindow = 30 * std::numbers::pi / 180;
  // sin(30 degrees) is a half: the window holds every such point.
  static_assert(4 * kEyeReachMm * kEyeReachMm <
                kEyeAlongMm * kEyeAlongMm + kEyeAcrossMm * kEyeAcrossMm);
  const PointsByDirection by_direction(near_circle, kWindow);
  int best_count = 0;
  cv::Point2d best_along(0, 0);
  for (int i = 0; i < kDirections; ++i) {
    const double angle = 2 * std::numbers::pi * i / kDirections;
    const cv::Point2d along(std::cos(angle), std::sin(angle)), across(-along.y, along.x);
    const cv::Point2d left = along * kEyeAlongMm - across * kEyeAcrossMm;
    const cv::Point2d right = along * kEyeAlongMm + across * kEyeAcrossMm;
    const int on_left = by_direction.within(left, reach_squared);
    const int on_right = by_direction.within(right, reach_squared);
    if (std::min(on_left, on_right) > best_count) {
      best_count = std::min(on_left, on_right);
      best_along = along;
    }
  }
  // An eye's white ring covers about 31 mm^2: a good part of it must show as bright pixels, and
  // most bright pixels must be eyes (glare may add some).
  const double px_per_mm2 = 1.0 / std::abs(cv::determinant(body.mm_from_px));
  if (best_count < 0.4 * 31.4 * px_per_mm2 || 4 * best_count < static_cast<int>(bright_mm.size())) {
    return;
  }
  // Each eye lies on the body: dark all round it.
  const cv::Matx22d px_from_mm = body.mm_from_px.inv();
  const cv::Point2d best_across(-best_along.y, best_along.x);
  for (const double side : {-1.0, 1.0}) {
    const cv::Point2d eye = best_along * kEyeAlongMm + best_across * (side * kEyeAcrossMm);
    int dark = 0;
    constexpr int kAround = 8;
    for (int i = 0; i < kAround; ++i) {
      const double angle = 2 * std::numbers::pi * i / kAround;
      const cv::Vec2d offset =
          px_from_mm * cv::Vec2d(eye.x + 5.5 * std::cos(angle), eye.y + 5.5 * std::sin(angle));
      const cv::Point at(static_cast<int>(std::lround(body.centre.x + offset[0])),
                         static_cast<int>(std::lround(body.centre.y + offset[1])));
      dark += maps.bounds().contains(at) && maps.ratio_at(at) <= cut;
    }
    if (dark < 6) return;
  }
  body.eye_contrast = eye_level - body_level;
  body.eyes_mm = best_along * kEyeAlongMm;
}

// Just outside the body lies the card's cream field, then its white border: light all round.
bool enclosed_by_face(const FaceMaps& maps, const MonsterBody& body, float face_ratio) {
  const cv::Matx22d px_from_mm = body.mm_from_px.inv();
  constexpr int kAngles = 32;
  int light = 0, seen = 0;
  for (int i = 0; i < kAngles; ++i) {
    const double angle = 2 * std::numbers::pi * i / kAngles;
    const cv::Vec2d offset = px_from_mm * cv::Vec2d(20.5 * std::cos(angle), 20.5 * std::sin(angle));
    const cv::Point at(static_cast<int>(std::lround(body.centre.x + offset[0])),
                       static_cast<int>(std::lround(body.centre.y + offset[1])));
    if (!maps.bounds().contains(at)) continue;
    ++seen;
    light += maps.ratio_at(at) >= face_ratio;
  }
  return seen >= kAngles / 2 && light * 4 >= seen * 3;
}

// What a hole of a body's size turned out to be; the debug image colours each.
enum class HoleVerdict { body, shape, not_enclosed, no_eyes };

cv::Scalar verdict_colour(HoleVerdict verdict) {
  switch (verdict) {
    case HoleVerdict::body:
      return {0, 255, 0};
    case HoleVerdict::shape:
      return {0, 0, 255};
    case HoleVerdict::not_enclosed:
      return {0, 165, 255};
    case HoleVerdict::no_eyes:
      return {255, 0, 255};
  }
  return {255, 255, 255};
}

HoleVerdict judge_hole(const Hole& hole, const FaceMaps& maps, const TrioReaderParams& params,
                       MonsterBody& body) {
  const std::vector<cv::Point>& outline = hole.outline;
  const double area = hole.area;
  const std::vector<cv::Point> hull = outline_hull(outline);
  const double hull_area = cv::contourArea(hull);
  const bool bitten = area < params.min_body_solidity * hull_area;
  if (bitten &&
      (area < 0.65 * hull_area || hull.size() < 8 || !bite_is_glare(maps, outline, hull))) {
    return HoleVerdict::shape;
  }
  // The direct fit is ellipse-specific and costs a fraction of cv::fitEllipse, whose general conic
  // is solved by a singular value decomposition (LAPACK's, for a 5-column system): a frame fits
  // tens to hundreds of holes.
  body.ellipse = fit_ellipse_direct(bitten ? hull : outline);
  body.centre = body.ellipse.center;
  body.mm_from_px = rectifier(body.ellipse);
  const double major = std::max(body.ellipse.size.width, body.ellipse.size.height);
  const double minor = std::min(body.ellipse.size.width, body.ellipse.size.height);
  if (minor < params.min_body_axis_ratio * major || major < params.min_body_px) {
    return HoleVerdict::shape;
  }
  const double ellipse_area = std::numbers::pi / 4 * major * minor;
  const double filled = bitten ? hull_area : area;
  if (filled < 0.88 * ellipse_area || filled > 1.1 * ellipse_area) return HoleVerdict::shape;
  if (!enclosed_by_face(maps, body, params.face_ratio)) return HoleVerdict::not_enclosed;
  find_eyes(maps, outline, params.min_eye_contrast, body);
  if (!body.eyes_mm || body.eye_contrast < params.min_eye_contrast) return HoleVerdict::no_eyes;
  return HoleVerdict::body;
}

}  // namespace

std::vector<MonsterBody> find_bodies(const FaceMaps& maps, const TrioReaderParams& params,
                                     StageLog& log) {
  StageTimer holes_stage(log, "face holes");
  const double max_body_px = params.max_body_fraction * std::min(maps.bgr.cols, maps.bgr.rows);
  const std::vector<Hole> holes = body_sized_holes(maps, params, max_body_px);
  holes_stage.finish(static_cast<int>(holes.size()));

  StageTimer bodies_stage(log, "bodies");
  std::vector<MonsterBody> bodies;
  cv::Mat picture;
  if (log.wants_debug_images()) {
    cv::resize(maps.face, picture, maps.bgr.size(), 0, 0, cv::INTER_NEAREST);
    cv::cvtColor(picture, picture, cv::COLOR_GRAY2BGR);
  }
  for (const Hole& hole : holes) {
    MonsterBody body;
    const HoleVerdict verdict = judge_hole(hole, maps, params, body);
    if (verdict == HoleVerdict::body) bodies.push_back(body);
    if (!picture.empty())
      cv::ellipse(picture, body.ellipse, verdict_colour(verdict), 2, cv::LINE_AA);
  }
  log.debug_image("bodies", picture);
  // Bodies of one layout have about one size; a hole far smaller than the larger ones is a
  // pattern of the table or a speck.
  if (bodies.size() >= 3) {
    std::vector<double> sizes;
    for (const MonsterBody& body : bodies) sizes.push_back(body.diameter_px());
    std::sort(sizes.begin(), sizes.end());
    const double typical = sizes[3 * (sizes.size() - 1) / 4];
    std::erase_if(bodies,
                  [&](const MonsterBody& body) { return body.diameter_px() < 0.55 * typical; });
  }
  bodies_stage.finish(static_cast<int>(bodies.size()));
  return bodies;
}

}  // namespace tableref::vision::trio
