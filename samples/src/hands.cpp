#include "hands.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <opencv2/imgproc.hpp>
#include <optional>

#include "bounds.hpp"
#include "colour_space.hpp"
#include "random_draws.hpp"
#include "table_surface.hpp"

namespace tableref::samples {

namespace {

// Hands hover a few centimetres above the table: they look a little larger than the cards.
constexpr double kHoverScale = 1.05;
constexpr int kMaskDownscale = 4;  // resolution divisor of the masks that test a pose
constexpr int kPoseAttempts = 40;

cv::Point2d unit(cv::Point2d v) {
  return v / std::max(1e-12, std::hypot(v.x, v.y));
}

enum class Material : std::uint8_t { none, skin, cloth };

// A limb segment in hand millimetres: a tube whose radius goes from `from_radius` to
// `to_radius`, with an elliptic cross-section `flatness` times as high as it is wide.
struct Tube {
  cv::Point2d from, to;
  double from_radius = 1, to_radius = 1;
  double flatness = 0.8;
  double base_mm = 0;  // height of its lowest point above the hand's lowest point
  Material material = Material::skin;
  bool rounded_start = true;  // a sleeve ends flat at its cuff
  bool nail = false;          // a fingertip: a nail at `to`
  double fold_offset = 0;     // where a sleeve's folds start in the noise texture
  double blend_mm = 0;        // > 0: merges smoothly into the tubes below (no crease)
};

// A hand in its own millimetres: wrist at the origin, fingers towards +y, thumb on +x.
struct HandPose {
  cv::Point2d wrist_px;
  cv::Point2d towards_fingers{0, -1};  // unit image vector
  double px_per_mm = 1;
  double side = 1;               // +1 or -1: which image side of the axis the thumb is on
  std::array<double, 4> curl{};  // index to little finger: 1 = straight
  std::array<double, 4> fan_deg{};
  double thumb_deg = 30;
  bool sleeved = false;
  double cuff_mm = 40;
  double fold_offset = 0;

  cv::Point2d image_from_hand(cv::Point2d hand_mm) const {
    const cv::Point2d across = cv::Point2d(-towards_fingers.y, towards_fingers.x) * side;
    return wrist_px + (across * hand_mm.x + towards_fingers * hand_mm.y) * px_per_mm;
  }
};

constexpr double kKnuckleLineMm = 82;
constexpr std::array<double, 4> kFingerBaseXMm = {23, 7.5, -8, -22};
constexpr std::array<double, 4> kFingerLengthMm = {74, 82, 78, 62};
constexpr std::array<double, 4> kFingerRadiusMm = {9.0, 9.4, 8.9, 7.8};
constexpr double kArmLengthMm = 900;  // always leaves the frame

double reach_mm(const HandPose& pose) {
  return kKnuckleLineMm + kFingerLengthMm[1] * pose.curl[1];
}

Tube tube(cv::Point2d from, cv::Point2d to, double from_radius, double to_radius, double flatness,
          double base_mm) {
  Tube made;
  made.from = from;
  made.to = to;
  made.from_radius = from_radius;
  made.to_radius = to_radius;
  made.flatness = flatness;
  made.base_mm = base_mm;
  return made;
}

std::vector<Tube> hand_tubes(const HandPose& pose) {
  std::vector<Tube> tubes;
  tubes.push_back(tube({0, 20}, {0, -kArmLengthMm}, 27, 40, 0.85, 0));  // forearm
  if (pose.sleeved) {
    Tube sleeve = tube({0, -pose.cuff_mm}, {0, -kArmLengthMm}, 42, 56, 0.8, 4);
    sleeve.material = Material::cloth;
    sleeve.rounded_start = false;
    sleeve.fold_offset = pose.fold_offset;
    tubes.push_back(sleeve);
  }
  Tube back = tube({0, 8}, {1, kKnuckleLineMm - 32}, 29, 37, 0.4, 8);  // back of the hand
  back.blend_mm = 8;
  tubes.push_back(back);
  for (std::size_t finger = 0; finger < 4; ++finger) {
    const cv::Point2d knuckle{kFingerBaseXMm[finger], kKnuckleLineMm - 6};
    tubes.push_back(tube(knuckle, knuckle, 9.5, 9.5, 0.5, 13));  // the knuckle's bump
    // Two phalanges seen from above: a curled finger looks shorter, its tip lower.
    const double fan = pose.fan_deg[finger] * std::numbers::pi / 180;
    const double length = kFingerLengthMm[finger] * pose.curl[finger];
    const double radius = kFingerRadiusMm[finger];
    const cv::Point2d joint = knuckle + cv::Point2d(std::sin(fan), std::cos(fan)) * (0.55 * length);
    const double tip_fan = fan + (pose.curl[finger] - 0.8) * 0.15;
    const cv::Point2d tip =
        joint + cv::Point2d(std::sin(tip_fan), std::cos(tip_fan)) * (0.45 * length);
    tubes.push_back(tube(knuckle, joint, radius, 0.93 * radius, 0.9, 10));
    Tube end = tube(joint, tip, 0.93 * radius, 0.8 * radius, 0.9, 10 - 8 * (1 - pose.curl[finger]));
    end.nail = true;
    tubes.push_back(end);
  }
  const double thumb = pose.thumb_deg * std::numbers::pi / 180;
  const cv::Point2d thumb_base{25, 18}, thumb_joint{42, 48};
  tubes.push_back(tube(thumb_base, thumb_joint, 14, 11.5, 0.7, 6));
  Tube thumb_end =
      tube(thumb_joint, thumb_joint + cv::Point2d(std::sin(thumb), std::cos(thumb)) * 33, 11, 9.5,
           0.85, 6);
  thumb_end.nail = true;
  tubes.push_back(thumb_end);
  return tubes;
}

// The height field of a hand: the highest tube at each pixel, and what it is made of.
struct HandRaster {
  cv::Rect roi;       // image pixels covered
  cv::Mat height_px;  // CV_32F, above the hand's lowest point
  cv::Mat coverage;   // CV_32F in [0, 1]
  cv::Mat material;   // CV_8U Material
  cv::Mat nail;       // CV_32F in [0, 1]: nail plate
  cv::Mat along_mm;   // CV_32F: position along the winning tube (a sleeve's hem)
};

void raster_tube(const Tube& tube, const HandPose& pose, const NoiseTile& texture,
                 HandRaster& raster) {
  const double scale = pose.px_per_mm;
  const cv::Point2d from = pose.image_from_hand(tube.from), to = pose.image_from_hand(tube.to);
  const double from_radius = tube.from_radius * scale, to_radius = tube.to_radius * scale;
  Bounds bounds;
  bounds.add(from);
  bounds.add(to);
  const cv::Rect box = bounds.pixels(std::max(from_radius, to_radius) + 1) & raster.roi;
  const cv::Point2d axis = to - from;
  const double length_squared = std::max(1e-9, axis.dot(axis));
  const double length = std::sqrt(length_squared);
  for (int y = box.y; y < box.br().y; ++y) {
    const int row = y - raster.roi.y;
    float* height = raster.height_px.ptr<float>(row);
    float* coverage = raster.coverage.ptr<float>(row);
    std::uint8_t* material = raster.material.ptr<std::uint8_t>(row);
    float* nail = raster.nail.ptr<float>(row);
    float* along_mm = raster.along_mm.ptr<float>(row);
    for (int x = box.x; x < box.br().x; ++x) {
      const int col = x - raster.roi.x;
      const cv::Point2d pixel(x, y);
      const double raw = (pixel - from).dot(axis) / length_squared;
      if (!tube.rounded_start && raw < 0) continue;
      const double t = std::clamp(raw, 0.0, 1.0);
      const cv::Point2d offset = pixel - (from + axis * t);
      const double distance = std::hypot(offset.x, offset.y);
      const double radius = from_radius + (to_radius - from_radius) * t;
      const double edge = std::clamp(radius - distance + 0.5, 0.0, 1.0);
      if (edge <= 0) continue;
      const double q = std::min(1.0, distance / radius);
      double top = tube.base_mm * scale * edge + tube.flatness * radius * std::sqrt(1 - q * q);
      if (tube.material == Material::cloth) {
        // Folds run round the sleeve, irregular, bending a little across it.
        const double along_arm_mm = raw * length / scale;
        top += 5.0 * scale * edge *
               texture.at(along_arm_mm / 7 + tube.fold_offset, (distance / scale) / 40);
      }
      coverage[col] = std::max(coverage[col], static_cast<float>(edge));
      if (tube.blend_mm > 0 && height[col] > 0) {
        // Polynomial smooth maximum: the two surfaces meet in a fillet.
        const double k = tube.blend_mm * scale;
        const double gap = std::max(0.0, k - std::abs(top - height[col]));
        top = std::max(top, static_cast<double>(height[col])) + gap * gap / (4 * k);
      }
      if (top <= height[col]) continue;
      height[col] = static_cast<float>(top);
      material[col] = static_cast<std::uint8_t>(tube.material);
      along_mm[col] = static_cast<float>(raw * length / scale);
      nail[col] = 0;
      if (tube.nail) {
        // A rounded nail plate over the last 11 mm of the tip.
        const double from_tip_mm = (1 - raw) * length / scale;
        const double across = q / 0.62;
        const double along = (from_tip_mm - 7) / 5.5;
        const double inside = 1 - (along * along + across * across);
        nail[col] = static_cast<float>(std::clamp(inside * 6, 0.0, 1.0));
      }
    }
  }
}

struct Palette {
  cv::Vec3f skin, sleeve;  // linear BGR
};

// Shades a hand's height field: lit from above and a little from the lamp's side, darker in
// the creases, with a faint sheen.
void shade_hand(const HandRaster& raster, const Palette& palette, cv::Point2d light_in_image,
                double px_per_mm, const NoiseTile& texture, cv::Mat& colour) {
  cv::Mat slope_x, slope_y, smooth;
  cv::Sobel(raster.height_px, slope_x, CV_32F, 1, 0, 3, 1.0 / 8);
  cv::Sobel(raster.height_px, slope_y, CV_32F, 0, 1, 3, 1.0 / 8);
  cv::GaussianBlur(raster.height_px, smooth, cv::Size(), 4 * px_per_mm);
  const cv::Vec3d light =
      cv::normalize(cv::Vec3d(0.5 * light_in_image.x, 0.5 * light_in_image.y, 1.0));
  const cv::Vec3d halfway = cv::normalize(light + cv::Vec3d(0, 0, 1));
  for (int row = 0; row < raster.roi.height; ++row) {
    const float* gx = slope_x.ptr<float>(row);
    const float* gy = slope_y.ptr<float>(row);
    const float* height = raster.height_px.ptr<float>(row);
    const float* around = smooth.ptr<float>(row);
    const std::uint8_t* material = raster.material.ptr<std::uint8_t>(row);
    const float* nail = raster.nail.ptr<float>(row);
    const float* along = raster.along_mm.ptr<float>(row);
    const float* coverage = raster.coverage.ptr<float>(row);
    auto* out = colour.ptr<cv::Vec3f>(row + raster.roi.y) + raster.roi.x;
    for (int col = 0; col < raster.roi.width; ++col) {
      if (coverage[col] <= 0) continue;
      const double slope_u = gx[col], slope_v = gy[col];
      cv::Vec3f albedo = palette.skin;
      double sheen = 0.04;
      const auto mottle =
          static_cast<float>(1 + 0.05 * texture.at(col * 0.08 / px_per_mm, row * 0.08 / px_per_mm));
      if (material[col] == static_cast<std::uint8_t>(Material::cloth)) {
        const auto weave =
            static_cast<float>(0.06 * texture.at(col * 2.0 / px_per_mm, row * 2.0 / px_per_mm));
        albedo = palette.sleeve * (mottle + weave);
        sheen = 0.0;
        if (along[col] < 8) albedo *= 0.85f;  // the hem
      } else {
        albedo *= mottle;
        if (nail[col] > 0) {
          const auto n = 0.8f * nail[col];
          albedo =
              albedo * (1 - n) + cv::Vec3f(albedo[0] * 1.12f + 0.02f, albedo[1] * 1.12f + 0.015f,
                                           albedo[2] * 1.08f + 0.02f) *
                                     n;
          sheen += 0.08 * n;
        }
      }
      const cv::Vec3d normal = cv::normalize(cv::Vec3d(-slope_u, -slope_v, 1));
      const double diffuse = std::max(0.0, normal.dot(light));
      const double crease = std::clamp((around[col] - height[col]) / (3 * px_per_mm), 0.0, 1.0);
      const double shade = (0.3 + 0.72 * diffuse) * (1 - 0.45 * crease);
      const double highlight = sheen * std::pow(std::max(0.0, normal.dot(halfway)), 24);
      const auto lit =
          albedo * static_cast<float>(shade) + cv::Vec3f::all(static_cast<float>(highlight));
      out[col] = lit * coverage[col];
    }
  }
}

// The image pixels a hand covers.
cv::Rect hand_box(const HandPose& pose, cv::Size image_size) {
  Bounds bounds;
  for (const Tube& tube : hand_tubes(pose)) {
    const double radius = std::max(tube.from_radius, tube.to_radius) * pose.px_per_mm;
    for (const cv::Point2d end : {pose.image_from_hand(tube.from), pose.image_from_hand(tube.to)}) {
      bounds.add(end - cv::Point2d(radius, radius));
      bounds.add(end + cv::Point2d(radius, radius));
    }
  }
  return bounds.pixels(2) & cv::Rect(cv::Point(0, 0), image_size);
}

// The hands' silhouette at 1 / kMaskDownscale resolution, for testing a pose quickly.
cv::Mat silhouette(const HandPose& pose, cv::Size image_size) {
  cv::Mat mask(image_size / kMaskDownscale, CV_8UC1, cv::Scalar(0));
  for (const Tube& tube : hand_tubes(pose)) {
    const double radius =
        0.5 * (tube.from_radius + tube.to_radius) * pose.px_per_mm / kMaskDownscale;
    cv::line(mask, pose.image_from_hand(tube.from) / kMaskDownscale,
             pose.image_from_hand(tube.to) / kMaskDownscale, cv::Scalar(255),
             std::max(1, static_cast<int>(std::lround(2 * radius))), cv::LINE_8);
  }
  return mask;
}

// Share of each piece's image area that a silhouette covers.
std::vector<double> covered_shares(const cv::Mat& hand_mask,
                                   const std::vector<cv::Mat>& piece_masks) {
  std::vector<double> shares;
  for (const cv::Mat& piece : piece_masks) {
    const int area = cv::countNonZero(piece);
    shares.push_back(area == 0 ? 0.0
                               : static_cast<double>(cv::countNonZero(piece & hand_mask)) / area);
  }
  return shares;
}

const std::array<cv::Vec3d, 7> kSkinTones = {{{236, 200, 176},
                                              {226, 178, 148},
                                              {214, 160, 124},
                                              {190, 134, 98},
                                              {156, 104, 74},
                                              {114, 76, 54},
                                              {86, 58, 42}}};
const std::array<cv::Vec3d, 8> kSleeveColours = {{{40, 52, 90},
                                                  {110, 110, 115},
                                                  {150, 30, 40},
                                                  {35, 35, 38},
                                                  {200, 190, 170},
                                                  {60, 100, 70},
                                                  {180, 120, 60},
                                                  {90, 140, 200}}};

HandPose random_pose(std::mt19937_64& rng, bool sleeved) {
  HandPose pose;
  pose.side = chance(rng, 0.5) ? 1.0 : -1.0;
  const double spread = uniform(rng, 1, 7);
  for (std::size_t finger = 0; finger < 4; ++finger) {
    pose.curl[finger] = uniform(rng, 0.65, 1.0);
    pose.fan_deg[finger] =
        spread * (1.3 - 0.9 * static_cast<double>(finger)) + uniform(rng, -2.5, 2.5);
  }
  pose.thumb_deg = uniform(rng, 10, 60);
  pose.sleeved = sleeved;
  pose.cuff_mm = uniform(rng, 25, 110);
  return pose;
}

// A point on the border of the image, and the inward direction there.
std::pair<cv::Point2d, cv::Point2d> entry_point(std::mt19937_64& rng, cv::Size size, int edge) {
  const double along = uniform(rng, 0.15, 0.85);
  const double w = size.width - 1, h = size.height - 1;
  switch (edge) {
    case 0:
      return {{along * w, 0}, {0, 1}};
    case 1:
      return {{w, along * h}, {-1, 0}};
    case 2:
      return {{along * w, h}, {0, -1}};
    default:
      return {{0, along * h}, {1, 0}};
  }
}

// Places the hand so that its middle fingertip lies at `tip_px`, coming in from `entry_px`.
void aim(HandPose& pose, cv::Point2d entry_px, cv::Point2d tip_px, double px_per_mm) {
  pose.px_per_mm = px_per_mm * kHoverScale;
  pose.towards_fingers = unit(tip_px - entry_px);
  pose.wrist_px = tip_px - pose.towards_fingers * (reach_mm(pose) * pose.px_per_mm);
}

cv::Point2d random_point_inside(std::mt19937_64& rng, const std::vector<cv::Point2d>& outline) {
  cv::Point2d centre(0, 0);
  for (const cv::Point2d& corner : outline) centre += corner;
  centre /= static_cast<double>(outline.size());
  const std::size_t from = std::uniform_int_distribution<std::size_t>(0, outline.size() - 1)(rng);
  const cv::Point2d corner_a = outline[from], corner_b = outline[(from + 1) % outline.size()];
  const double t = uniform(rng, 0, 1), depth = uniform(rng, 0, 0.8);
  return centre + ((corner_a - centre) * (1 - t) + (corner_b - centre) * t) * depth;
}

std::vector<cv::Mat> piece_masks(const TableCamera& camera, cv::Size size,
                                 std::span<const std::vector<cv::Point2d>> outlines_mm) {
  std::vector<cv::Mat> masks;
  for (const auto& outline : outlines_mm) {
    std::vector<cv::Point> polygon;
    for (const cv::Point2d& corner : outline)
      polygon.push_back(camera.image_from_table(corner) / kMaskDownscale);
    cv::Mat mask(size / kMaskDownscale, CV_8UC1, cv::Scalar(0));
    cv::fillConvexPoly(mask, polygon, cv::Scalar(255));
    masks.push_back(mask);
  }
  return masks;
}

// A pose for one hand that covers pieces as the conditions ask, or nullopt.
std::optional<std::pair<HandPose, cv::Point2d>> find_pose(
    const TableCamera& camera, const CaptureConditions& conditions,
    std::span<const std::vector<cv::Point2d>> outlines_mm, const std::vector<cv::Mat>& masks,
    bool sleeved, std::mt19937_64& rng) {
  const cv::Size size = conditions.image_size;
  for (int attempt = 0; attempt < kPoseAttempts; ++attempt) {
    HandPose pose = random_pose(rng, sleeved);
    cv::Point2d tip_mm, entry_px;
    if (conditions.hands_over_pieces) {
      tip_mm = random_point_inside(rng, pick(rng, outlines_mm));
      entry_px = entry_point(rng, size, uniform_int(rng, 0, 3)).first;
    } else {
      const auto [edge_px, inward] = entry_point(rng, size, uniform_int(rng, 0, 3));
      const double depth = uniform(rng, 0.15, 0.5) * std::min(size.width, size.height);
      const double turn = uniform(rng, -0.4, 0.4);
      const cv::Point2d direction(inward.x * std::cos(turn) - inward.y * std::sin(turn),
                                  inward.x * std::sin(turn) + inward.y * std::cos(turn));
      tip_mm = camera.table_from_image(edge_px + direction * depth);
      entry_px = edge_px;
    }
    const cv::Point2d tip_px = camera.image_from_table(tip_mm);
    if (!std::isfinite(tip_px.x) || !cv::Rect2d(0, 0, size.width, size.height).contains(tip_px))
      continue;
    aim(pose, entry_px, tip_px, camera.scale_px_per_mm(tip_mm));
    const std::vector<double> shares = covered_shares(silhouette(pose, size), masks);
    const double most = *std::max_element(shares.begin(), shares.end());
    double total = 0;
    for (const double share : shares) total += share;
    // Over pieces: over one at least a little, never over most of the layout.
    const bool acceptable =
        conditions.hands_over_pieces
            ? most >= 0.05 && total <= std::min(1.5, 0.4 * static_cast<double>(shares.size()))
            : most <= 0.1;
    if (acceptable) return std::pair{pose, tip_mm};
  }
  return std::nullopt;
}

// One hand drawn at image size: its colour (linear BGR, premultiplied) and coverage; both empty
// when the hand lies outside the image.
std::pair<cv::Mat, cv::Mat> render_hand(const HandPose& pose, const Palette& palette,
                                        const NoiseTile& texture, cv::Point2d light_in_image,
                                        cv::Size size) {
  HandRaster raster;
  raster.roi = hand_box(pose, size);
  if (raster.roi.empty()) return {};
  raster.height_px = cv::Mat(raster.roi.size(), CV_32F, cv::Scalar(0));
  raster.coverage = cv::Mat(raster.roi.size(), CV_32F, cv::Scalar(0));
  raster.material = cv::Mat(raster.roi.size(), CV_8U, cv::Scalar(0));
  raster.nail = cv::Mat(raster.roi.size(), CV_32F, cv::Scalar(0));
  raster.along_mm = cv::Mat(raster.roi.size(), CV_32F, cv::Scalar(0));
  for (const Tube& tube : hand_tubes(pose)) raster_tube(tube, pose, texture, raster);
  cv::Mat colour(size, CV_32FC3, cv::Scalar::all(0));
  shade_hand(raster, palette, light_in_image, pose.px_per_mm, texture, colour);
  cv::Mat coverage(size, CV_32F, cv::Scalar(0));
  raster.coverage.copyTo(coverage(raster.roi));
  return {colour, coverage};
}

// A hand's shadow: its coverage moved by `shift_px` and blurred the more the farther it falls.
// Soft as it is, a quarter of the resolution draws it.
cv::Mat cast_shadow(const cv::Mat& coverage, cv::Point2d shift_px) {
  cv::Mat small;
  cv::resize(coverage, small, coverage.size() / kMaskDownscale, 0, 0, cv::INTER_AREA);
  const cv::Point2d small_shift = shift_px / kMaskDownscale;
  cv::warpAffine(small, small, cv::Matx23d(1, 0, small_shift.x, 0, 1, small_shift.y), small.size(),
                 cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  cv::GaussianBlur(small, small, cv::Size(), (3 + 0.3 * cv::norm(shift_px)) / kMaskDownscale);
  cv::Mat shadow;
  cv::resize(small, shadow, coverage.size(), 0, 0, cv::INTER_LINEAR);
  return shadow;
}

}  // namespace

HandsLayer draw_hands(const TableCamera& camera, const CaptureConditions& conditions,
                      std::span<const std::vector<cv::Point2d>> piece_outlines_mm,
                      std::mt19937_64& rng) {
  const cv::Size size = conditions.image_size;
  HandsLayer layer{cv::Mat(size, CV_32FC3, cv::Scalar::all(0)),
                   cv::Mat(size, CV_32F, cv::Scalar(0)), cv::Mat(size, CV_32F, cv::Scalar(0))};
  if (conditions.hand_count <= 0 || piece_outlines_mm.empty()) return layer;

  const std::vector<cv::Mat> masks = piece_masks(camera, size, piece_outlines_mm);
  const cv::Point2d light_on_table(std::cos(conditions.light_azimuth_deg * std::numbers::pi / 180),
                                   std::sin(conditions.light_azimuth_deg * std::numbers::pi / 180));
  const cv::Vec3d skin_rgb = pick(rng, kSkinTones);
  const double shadow_strength = uniform(rng, 0.35, 0.5);

  for (int hand = 0; hand < conditions.hand_count; ++hand) {
    const bool sleeved = hand < conditions.sleeve_count;
    const Palette palette{linear_bgr_from_rgb(skin_rgb),
                          linear_bgr_from_rgb(pick(rng, kSleeveColours))};
    const NoiseTile texture(rng(), 2.0);
    auto chosen = find_pose(camera, conditions, piece_outlines_mm, masks, sleeved, rng);
    if (!chosen) continue;
    auto& [pose, tip_mm] = *chosen;
    pose.fold_offset = uniform(rng, 0, 256);
    const cv::Point2d tip_px = camera.image_from_table(tip_mm);
    const cv::Point2d light_in_image =
        unit(camera.image_from_table(tip_mm + light_on_table * 50.0) - tip_px);

    const auto [colour, coverage] = render_hand(pose, palette, texture, light_in_image, size);
    if (coverage.empty()) continue;
    // Its shadow on the table, away from the lamp: the higher the hand, the longer and softer.
    const double hover_mm = uniform(rng, 40, 90);
    const double run_mm =
        hover_mm / std::tan(conditions.light_elevation_deg * std::numbers::pi / 180);
    const cv::Point2d shadow_px =
        camera.image_from_table(tip_mm - light_on_table * run_mm) - tip_px;
    layer.shadow = cv::max(layer.shadow, cast_shadow(coverage, shadow_px) * shadow_strength);

    // Over the hands drawn before.
    const cv::Mat keep = 1 - coverage;
    cv::Mat keep3;
    cv::merge(std::vector<cv::Mat>{keep, keep, keep}, keep3);
    layer.colour = colour + layer.colour.mul(keep3);
    layer.coverage = coverage + layer.coverage.mul(keep);
    layer.details.push_back({{"tip_px", {tip_px.x, tip_px.y}},
                             {"wrist_px", {pose.wrist_px.x, pose.wrist_px.y}},
                             {"sleeved", pose.sleeved}});
  }
  return layer;
}

}  // namespace tableref::samples
