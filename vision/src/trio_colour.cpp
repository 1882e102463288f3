#include "trio_colour.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <opencv2/imgproc.hpp>
#include <vector>

#include "vision/colour_space.hpp"

namespace tableref::vision::trio {

namespace {

using referee::Colour;

constexpr double kCentreToCornerMm = 46.19;  // an 80 mm card
// Along each centre-to-corner line, from beside the body to where the field narrows.
constexpr std::array<double, 4> kFieldStations = {0.45, 0.52, 0.59, 0.66};
constexpr double kFieldSidewaysMm = 2.0;
constexpr std::size_t kMostBodySamples = 400;

bool face_at(const FaceMaps& maps, cv::Point2d point) {
  const cv::Point at(static_cast<int>(std::lround(point.x)),
                     static_cast<int>(std::lround(point.y)));
  return maps.bounds().contains(at) && maps.face_at(at);
}

// The cream field's colour (linear RGB) from the face-like samples between body and corners;
// nullopt when too few of them look like face.
std::optional<cv::Vec3f> field_colour(const cv::Mat& bgr, const FaceMaps& maps,
                                      const MonsterBody& body,
                                      const std::array<cv::Point2d, 3>& corners,
                                      const TrioReaderParams& params) {
  std::vector<cv::Vec3f> linear;
  int total = 0;
  for (const cv::Point2d& corner : corners) {
    const cv::Point2d along = corner - body.centre;
    const cv::Point2d sideways =
        cv::Point2d(-along.y, along.x) * (kFieldSidewaysMm / kCentreToCornerMm);
    for (const double station : kFieldStations) {
      for (const double side : {-1.0, 0.0, 1.0}) {
        const cv::Point2d point = body.centre + along * station + sideways * side;
        ++total;
        cv::Vec3f rgb;
        if (!face_at(maps, point) || !sample_rgb(bgr, point, rgb)) continue;
        linear.push_back(linear_from_srgb(rgb));
      }
    }
  }
  if (static_cast<float>(linear.size()) < params.min_field_share * static_cast<float>(total)) {
    return std::nullopt;
  }
  // The brightest half: the least likely to lie in a shadow.
  std::sort(linear.begin(), linear.end(), [](const cv::Vec3f& a, const cv::Vec3f& b) {
    return a[0] + a[1] + a[2] > b[0] + b[1] + b[2];
  });
  linear.resize((linear.size() + 1) / 2);
  return channel_median(linear);
}

// The body's print: pixels well inside its ellipse and darker than face, eyes and glare.
std::vector<cv::Vec3f> body_samples(const cv::Mat& bgr, const FaceMaps& maps,
                                    const MonsterBody& body, int& inside) {
  std::vector<cv::Vec3f> samples;
  const cv::RotatedRect& ellipse = body.ellipse;
  const double angle = ellipse.angle * std::numbers::pi / 180;
  const double cos_a = std::cos(angle), sin_a = std::sin(angle);
  const double half_u = ellipse.size.width * 0.375, half_v = ellipse.size.height * 0.375;
  const cv::Rect box =
      cv::Rect(cv::Point(static_cast<int>(ellipse.center.x - half_u - half_v),
                         static_cast<int>(ellipse.center.y - half_u - half_v)),
               cv::Point(static_cast<int>(ellipse.center.x + half_u + half_v) + 1,
                         static_cast<int>(ellipse.center.y + half_u + half_v) + 1)) &
      cv::Rect(0, 0, bgr.cols, bgr.rows);
  const int step = std::max(1, static_cast<int>(std::sqrt(box.area() / double(kMostBodySamples))));
  inside = 0;
  for (int y = box.y; y < box.y + box.height; y += step) {
    for (int x = box.x; x < box.x + box.width; x += step) {
      const double dx = x - double(ellipse.center.x), dy = y - double(ellipse.center.y);
      const double u = (dx * cos_a + dy * sin_a) / half_u, v = (-dx * sin_a + dy * cos_a) / half_v;
      if (u * u + v * v > 1) continue;
      ++inside;
      if (maps.ratio_at({x, y}) >= kBodyRatioCut) continue;
      const cv::Vec3b& pixel = bgr.at<cv::Vec3b>(y, x);
      samples.emplace_back(pixel[2], pixel[1], pixel[0]);
    }
  }
  return samples;
}

}  // namespace

std::optional<Colour> print_colour(const std::vector<cv::Vec3f>& samples,
                                   const cv::Vec3f& field_linear,
                                   const ColourReferences& references,
                                   const TrioReaderParams& params) {
  if (samples.empty()) return std::nullopt;
  const cv::Vec3f gains = white_balance_gains(field_linear, linear_from_srgb(params.field_srgb));
  const auto balanced = [&](const cv::Vec3f& rgb) {
    return lab_from_linear(linear_from_srgb(rgb).mul(gains));
  };
  const cv::Vec3f median_lab = balanced(channel_median(samples));
  std::vector<float> deviations;
  deviations.reserve(samples.size());
  for (const cv::Vec3f& sample : samples)
    deviations.push_back(lab_distance(balanced(sample), median_lab));
  std::nth_element(deviations.begin(),
                   deviations.begin() + static_cast<std::ptrdiff_t>(deviations.size() / 2),
                   deviations.end());
  const float spread = deviations[deviations.size() / 2];
  const NearestColour nearest = references.nearest(median_lab, referee::kAllColours);
  if (nearest.distance < params.max_colour_distance &&
      nearest.second - nearest.distance >= params.min_colour_margin &&
      spread < params.max_body_spread) {
    return nearest.colour;
  }
  return std::nullopt;
}

BodyColour read_body_colour(const cv::Mat& bgr, const FaceMaps& maps, const MonsterBody& body,
                            const std::array<cv::Point2d, 3>& corners,
                            const ColourReferences& references, const TrioReaderParams& params) {
  BodyColour result;
  result.field_linear = field_colour(bgr, maps, body, corners, params);
  int inside = 0;
  const std::vector<cv::Vec3f> samples = body_samples(bgr, maps, body, inside);
  // Most of the body must show print: eyes take a tenth of it, glare at most a little more.
  if (!result.field_linear || samples.size() < 8 ||
      samples.size() * 10 < static_cast<std::size_t>(inside) * 6) {
    result.hidden = true;
    return result;
  }
  result.colour = print_colour(samples, *result.field_linear, references, params);
  return result;
}

bool monster_print_in_view(const cv::Mat& bgr, const FaceMaps& maps,
                           const ColourReferences& references, const TrioReaderParams& params) {
  // A body's smallest diameter over about 5 pixels is enough to tell its colour and shape.
  const int downscale = std::max(1, static_cast<int>(params.min_body_px / 5));
  const cv::Size small_size(std::max(1, bgr.cols / downscale), std::max(1, bgr.rows / downscale));
  cv::Mat small, white, ratio;
  cv::resize(bgr, small, small_size, 0, 0, cv::INTER_AREA);
  cv::resize(maps.white.values, white, small_size, 0, 0, cv::INTER_AREA);
  cv::resize(maps.ratio_in(maps.bounds()), ratio, small_size, 0, 0, cv::INTER_AREA);
  const cv::Vec3f field = linear_from_srgb(params.field_srgb);
  // Each print pixel's monster colour (1 + its index), 0 for none.
  cv::Mat label(small_size, CV_8U, cv::Scalar(0));
  std::array<int, referee::kAllColours.size() + 1> count{};
  for (int y = 0; y < small.rows; ++y) {
    for (int x = 0; x < small.cols; ++x) {
      if (ratio.at<float>(y, x) >= kBodyRatioCut) continue;
      const cv::Vec3b& pixel = small.at<cv::Vec3b>(y, x);
      const cv::Vec3b& light = white.at<cv::Vec3b>(y, x);
      const cv::Vec3f gains = white_balance_gains(linear_from_bgr(light), field);
      const cv::Vec3f lab = lab_from_linear(linear_from_bgr(pixel).mul(gains));
      const NearestColour nearest = references.nearest(lab, referee::kAllColours);
      if (nearest.distance >= params.max_colour_distance ||
          nearest.second - nearest.distance < params.min_colour_margin) {
        continue;
      }
      const int index = 1 + static_cast<int>(nearest.colour);
      label.at<std::uint8_t>(y, x) = static_cast<std::uint8_t>(index);
      ++count[static_cast<std::size_t>(index)];
    }
  }
  const double min_diameter = params.min_body_px / downscale;
  const double max_diameter =
      params.max_body_fraction * std::min(bgr.cols, bgr.rows) / static_cast<double>(downscale);
  const double pixels = static_cast<double>(small_size.area());
  for (std::size_t index = 1; index < count.size(); ++index) {
    // A colour that much of the picture shows is the table's (a few bodies are a speck of it);
    // black print is also any deep shadow, dark weave or stripe.
    if (count[index] == 0 || count[index] > 0.01 * pixels ||
        index == 1 + static_cast<std::size_t>(Colour::black)) {
      continue;
    }
    cv::Mat patches, stats, centres;
    const int found = cv::connectedComponentsWithStats(label == static_cast<int>(index), patches,
                                                       stats, centres, 8, CV_32S);
    for (int patch = 1; patch < found; ++patch) {
      const double diameter = std::max(stats.at<int>(patch, cv::CC_STAT_WIDTH),
                                       stats.at<int>(patch, cv::CC_STAT_HEIGHT));
      const double area = stats.at<int>(patch, cv::CC_STAT_AREA);
      // Round, even with fingers over much of it or glare cutting it apart.
      if (diameter >= min_diameter && diameter <= max_diameter &&
          area >= 0.2 * std::numbers::pi / 4 * diameter * diameter) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace tableref::vision::trio
