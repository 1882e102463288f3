#include "gui/colour_probe.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <opencv2/imgproc.hpp>
#include <sstream>
#include <vector>

#include "vision/colour_space.hpp"

namespace tableref::gui {

namespace {

constexpr double kCardSideMm = 65.0;
// Between the card's 2 mm border and its monsters' disks (5.5 mm from the edge) the face is bare.
constexpr double kFaceBandMm = 3.75;

cv::Vec3f channel_median(std::vector<cv::Vec3f>& samples) {
  cv::Vec3f median;
  for (int c = 0; c < 3; ++c) {
    std::vector<float> channel;
    channel.reserve(samples.size());
    for (const cv::Vec3f& s : samples) channel.push_back(s[c]);
    auto middle = channel.begin() + static_cast<std::ptrdiff_t>(channel.size() / 2);
    std::nth_element(channel.begin(), middle, channel.end());
    median[c] = *middle;
  }
  return median;
}

cv::Vec3f linear_at(const cv::Mat& bgr, int x, int y) {
  const cv::Vec3b& p = bgr.at<cv::Vec3b>(y, x);
  return vision::linear_from_srgb(cv::Vec3f(p[2], p[1], p[0]));
}

std::optional<cv::Vec3f> patch_linear(const cv::Mat& bgr, cv::Point2d point, int radius) {
  const int cx = static_cast<int>(std::lround(point.x));
  const int cy = static_cast<int>(std::lround(point.y));
  if (cx < 0 || cy < 0 || cx >= bgr.cols || cy >= bgr.rows) return std::nullopt;
  std::vector<cv::Vec3f> samples;
  for (int y = std::max(0, cy - radius); y <= std::min(bgr.rows - 1, cy + radius); ++y) {
    for (int x = std::max(0, cx - radius); x <= std::min(bgr.cols - 1, cx + radius); ++x) {
      samples.push_back(linear_at(bgr, x, y));
    }
  }
  return channel_median(samples);
}

cv::Point2d centre_of(const std::array<cv::Point2d, 4>& corners) {
  return (corners[0] + corners[1] + corners[2] + corners[3]) * 0.25;
}

// The card holding the point, or else the nearest one.
const std::array<cv::Point2d, 4>& card_for(std::span<const std::array<cv::Point2d, 4>> cards,
                                           cv::Point2d point) {
  const std::array<cv::Point2d, 4>* nearest = &cards.front();
  double nearest_distance = std::numeric_limits<double>::max();
  for (const auto& corners : cards) {
    std::vector<cv::Point2f> outline;
    for (const cv::Point2d& c : corners) outline.emplace_back(c);
    if (cv::pointPolygonTest(outline, cv::Point2f(point), false) >= 0) return corners;
    const double distance = cv::norm(centre_of(corners) - point);
    if (distance < nearest_distance) {
      nearest_distance = distance;
      nearest = &corners;
    }
  }
  return *nearest;
}

// The bare face of a card all round, between its border and its monsters.
std::optional<cv::Vec3f> card_face_linear(const cv::Mat& bgr,
                                          const std::array<cv::Point2d, 4>& corners) {
  const std::array<cv::Point2f, 4> card_mm = {cv::Point2f(0, 0), cv::Point2f(kCardSideMm, 0),
                                              cv::Point2f(kCardSideMm, kCardSideMm),
                                              cv::Point2f(0, kCardSideMm)};
  std::array<cv::Point2f, 4> image_px;
  for (std::size_t i = 0; i < 4; ++i) image_px[i] = cv::Point2f(corners[i]);
  const cv::Matx33d image_from_card = cv::getPerspectiveTransform(card_mm.data(), image_px.data());
  std::vector<cv::Vec3f> samples;
  constexpr int kPerSide = 12;
  for (int i = 0; i < kPerSide; ++i) {
    const double along = kFaceBandMm + (kCardSideMm - 2 * kFaceBandMm) * i / (kPerSide - 1);
    const double far = kCardSideMm - kFaceBandMm;
    for (const cv::Point2d card_point :
         {cv::Point2d(along, kFaceBandMm), cv::Point2d(along, far), cv::Point2d(kFaceBandMm, along),
          cv::Point2d(far, along)}) {
      const cv::Vec3d h = image_from_card * cv::Vec3d(card_point.x, card_point.y, 1.0);
      cv::Vec3f rgb;
      if (h[2] != 0 && vision::sample_rgb(bgr, {h[0] / h[2], h[1] / h[2]}, rgb)) {
        samples.push_back(vision::linear_from_srgb(rgb));
      }
    }
  }
  if (samples.size() < 8) return std::nullopt;
  return channel_median(samples);
}

// The tint of the brightest unclipped surfaces, to be made neutral: when no card is in view.
cv::Vec3f bright_area_gains(const cv::Mat& bgr) {
  cv::Mat small;
  const double scale = std::min(1.0, 320.0 / std::max(1, bgr.cols));
  cv::resize(bgr, small, cv::Size(), scale, scale, cv::INTER_AREA);
  std::vector<std::pair<float, cv::Vec3f>> by_luminance;
  for (int y = 0; y < small.rows; ++y) {
    for (int x = 0; x < small.cols; ++x) {
      const cv::Vec3b& p = small.at<cv::Vec3b>(y, x);
      if (std::max({p[0], p[1], p[2]}) >= 250) continue;  // clipped: its tint is lost
      const cv::Vec3f linear = linear_at(small, x, y);
      by_luminance.emplace_back(0.2126f * linear[0] + 0.7152f * linear[1] + 0.0722f * linear[2],
                                linear);
    }
  }
  if (by_luminance.empty()) return {1, 1, 1};
  std::sort(by_luminance.begin(), by_luminance.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<cv::Vec3f> brightest;
  for (std::size_t i = 0; i < std::max<std::size_t>(1, by_luminance.size() / 20); ++i) {
    brightest.push_back(by_luminance[i].second);
  }
  const cv::Vec3f measured = channel_median(brightest);
  // Neutral at the lightness of a light card face.
  constexpr float kLightSurface = 0.8f;
  return vision::white_balance_gains(measured, {kLightSurface, kLightSurface, kLightSurface});
}

}  // namespace

std::optional<ProbeReading> probe_colour(const cv::Mat& bgr, cv::Point2d point,
                                         std::span<const std::array<cv::Point2d, 4>> card_corners,
                                         const vision::ColourReferences& references,
                                         const ProbeParams& params) {
  if (bgr.empty() || bgr.type() != CV_8UC3) return std::nullopt;
  const std::optional<cv::Vec3f> linear = patch_linear(bgr, point, params.patch_radius_px);
  if (!linear) return std::nullopt;

  ProbeReading reading;
  cv::Vec3f gains;
  std::optional<cv::Vec3f> face;
  if (!card_corners.empty()) face = card_face_linear(bgr, card_for(card_corners, point));
  if (face) {
    gains = vision::white_balance_gains(*face, references.freeze_face_linear);
    reading.white = "card face";
  } else {
    gains = bright_area_gains(bgr);
    reading.white = "bright areas";
  }
  const cv::Vec3f balanced = linear->mul(gains);
  reading.lab = vision::lab_from_linear(balanced);
  const cv::Vec3f srgb = vision::srgb_from_linear(*linear);
  reading.rgb = cv::Vec3b(cv::saturate_cast<uchar>(srgb[0]), cv::saturate_cast<uchar>(srgb[1]),
                          cv::saturate_cast<uchar>(srgb[2]));

  reading.distance = std::numeric_limits<float>::max();
  const auto consider = [&](std::string_view name, const cv::Vec3f& lab) {
    const float distance = vision::lab_distance(reading.lab, lab);
    if (distance < reading.distance) {
      reading.distance = distance;
      reading.nearest = std::string(name);
    }
  };
  for (const referee::Colour colour : referee::kAllColours) {
    consider(referee::colour_name(colour), references.lab(colour));
  }
  consider("white", vision::lab_of({255, 255, 255}));
  reading.name = reading.distance <= params.max_colour_distance ? reading.nearest : "unknown";
  return reading;
}

std::string probe_sentence(const ProbeReading& reading) {
  if (reading.name != "unknown") return reading.name;
  std::ostringstream sentence;
  sentence << "unknown, nearest " << reading.nearest << " (distance "
           << static_cast<int>(std::lround(reading.distance)) << ")";
  return sentence.str();
}

}  // namespace tableref::gui
