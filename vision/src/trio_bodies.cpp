#include "trio_bodies.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <opencv2/imgproc.hpp>

namespace tableref::vision::trio {

namespace {

// The local white is measured on an image about this many rows high.
constexpr int kWhiteRows = 180;
// How far the local white reaches, as a share of the image height: across the largest body the
// envelope allows (a card side of about 0.45 image heights).
constexpr double kWhiteReach = 0.1;
// How far "the wider surroundings" reach.
constexpr double kBroadReach = 0.35;

// The brightest nearby value of each channel, smooth and at image size: a max-pool to a small
// image, small bright specks removed, then dilated across the largest monster body.
cv::Mat local_white(const cv::Mat& bgr, int downscale, double reach_px) {
  cv::Mat pooled, small;
  cv::dilate(bgr, pooled, cv::getStructuringElement(cv::MORPH_RECT, {downscale, downscale}));
  cv::resize(pooled, small,
             cv::Size(std::max(1, bgr.cols / downscale), std::max(1, bgr.rows / downscale)), 0, 0,
             cv::INTER_NEAREST);
  cv::morphologyEx(small, small, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));
  const int radius = std::max(2, static_cast<int>(std::lround(reach_px / downscale)));
  // Square and cross steps in turn grow an octagon: round enough, and cheap at any radius.
  const cv::Mat square = cv::getStructuringElement(cv::MORPH_RECT, {3, 3});
  const cv::Mat cross = cv::getStructuringElement(cv::MORPH_CROSS, {3, 3});
  for (int step = 0; step < radius; ++step) cv::dilate(small, small, step % 2 ? cross : square);
  cv::GaussianBlur(small, small, {0, 0}, radius / 3.0);
  cv::Mat white;
  cv::resize(small, white, bgr.size(), 0, 0, cv::INTER_LINEAR);
  white.convertTo(white, CV_32FC3);
  cv::max(white, 8.0, white);
  return white;
}

// The brightness of the wider surroundings: a dark table far from any card is not a face.
cv::Mat broad_brightness(const cv::Mat& bgr, int downscale, double reach_px) {
  cv::Mat grey, small;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  cv::resize(grey, small,
             cv::Size(std::max(1, bgr.cols / downscale), std::max(1, bgr.rows / downscale)), 0, 0,
             cv::INTER_AREA);
  const int radius = std::max(2, static_cast<int>(std::lround(reach_px / downscale)));
  cv::dilate(small, small, cv::getStructuringElement(cv::MORPH_RECT, {2 * radius + 1, 2 * radius + 1}));
  cv::GaussianBlur(small, small, {0, 0}, radius / 2.0);
  cv::Mat broad;
  cv::resize(small, broad, bgr.size(), 0, 0, cv::INTER_LINEAR);
  broad.convertTo(broad, CV_32F);
  return broad;
}

// The outlines of the holes in the face mask (a body is a hole in its card's face).
std::vector<std::vector<cv::Point>> hole_outlines(const cv::Mat& face) {
  std::vector<std::vector<cv::Point>> contours;
  std::vector<cv::Vec4i> hierarchy;
  cv::findContours(face, contours, hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_NONE);
  std::vector<std::vector<cv::Point>> holes;
  for (std::size_t i = 0; i < contours.size(); ++i) {
    if (hierarchy[i][3] >= 0) holes.push_back(std::move(contours[i]));
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

// The face ratio inside the body's ellipse shrunk to `shrink`, with where each value lies.
struct InsideSample {
  cv::Point2d offset_px;
  float ratio;
};
std::vector<InsideSample> inside_samples(const cv::Mat& ratio, const cv::RotatedRect& ellipse,
                                         double shrink) {
  std::vector<InsideSample> samples;
  const cv::Rect box = cv::Rect(ellipse.boundingRect()) & cv::Rect(0, 0, ratio.cols, ratio.rows);
  const double angle = ellipse.angle * std::numbers::pi / 180;
  const double cos_a = std::cos(angle), sin_a = std::sin(angle);
  const double half_u = ellipse.size.width / 2 * shrink, half_v = ellipse.size.height / 2 * shrink;
  for (int y = box.y; y < box.y + box.height; ++y) {
    const float* row = ratio.ptr<float>(y);
    for (int x = box.x; x < box.x + box.width; ++x) {
      const cv::Point2d offset(x - double(ellipse.center.x), y - double(ellipse.center.y));
      const double u = (offset.x * cos_a + offset.y * sin_a) / half_u;
      const double v = (-offset.x * sin_a + offset.y * cos_a) / half_v;
      if (u * u + v * v <= 1) samples.push_back({offset, row[x]});
    }
  }
  return samples;
}

float quantile(std::vector<float> values, double q) {
  const auto at = values.begin() + static_cast<std::ptrdiff_t>(q * static_cast<double>(values.size() - 1));
  std::nth_element(values.begin(), at, values.end());
  return *at;
}

// The eyes: the white inside the body. Their contrast over the body, and where they sit.
void find_eyes(const cv::Mat& ratio, MonsterBody& body) {
  const std::vector<InsideSample> samples = inside_samples(ratio, body.ellipse, 0.85);
  if (samples.size() < 20) return;
  std::vector<float> values;
  values.reserve(samples.size());
  for (const InsideSample& sample : samples) values.push_back(sample.ratio);
  const float body_level = quantile(values, 0.5);
  const float eye_level = quantile(values, 0.96);
  body.eye_contrast = eye_level - body_level;
  const float cut = body_level + 0.5f * (eye_level - body_level);
  cv::Point2d sum(0, 0);
  int count = 0;
  for (const InsideSample& sample : samples) {
    if (sample.ratio > cut) {
      sum += sample.offset_px;
      ++count;
    }
  }
  if (count < 4) return;
  const cv::Vec2d mean_px(sum.x / count, sum.y / count);
  const cv::Vec2d mean_mm = body.mm_from_px * mean_px;
  // The eyes' middle lies 6 mm from the centre; far less means no clear pair of eyes.
  if (cv::norm(mean_mm) > 3.0) body.eyes_mm = cv::Point2d(mean_mm[0], mean_mm[1]);
}

std::optional<MonsterBody> body_from_hole(const std::vector<cv::Point>& outline,
                                          const FaceMaps& maps, const TrioReaderParams& params,
                                          double max_body_px) {
  if (outline.size() < 12) return std::nullopt;
  const double area = cv::contourArea(outline);
  constexpr double kQuarterPi = std::numbers::pi / 4;
  if (area < kQuarterPi * params.min_body_px * params.min_body_px * params.min_body_axis_ratio ||
      area > kQuarterPi * max_body_px * max_body_px) {
    return std::nullopt;
  }
  std::vector<cv::Point> hull;
  cv::convexHull(outline, hull);
  if (area < params.min_body_solidity * cv::contourArea(hull)) return std::nullopt;
  const cv::RotatedRect ellipse = cv::fitEllipse(outline);
  const double major = std::max(ellipse.size.width, ellipse.size.height);
  const double minor = std::min(ellipse.size.width, ellipse.size.height);
  if (minor < params.min_body_axis_ratio * major || major < params.min_body_px) return std::nullopt;
  const double ellipse_area = kQuarterPi * major * minor;
  if (area < 0.88 * ellipse_area || area > 1.1 * ellipse_area) return std::nullopt;
  MonsterBody body;
  body.centre = ellipse.center;
  body.ellipse = ellipse;
  body.mm_from_px = rectifier(ellipse);
  find_eyes(maps.ratio, body);
  if (body.eye_contrast < params.min_eye_contrast) return std::nullopt;
  return body;
}

}  // namespace

FaceMaps face_maps(const cv::Mat& bgr, const TrioReaderParams& params) {
  const int downscale = std::max(2, bgr.rows / kWhiteRows);
  FaceMaps maps;
  maps.local_white = local_white(bgr, downscale, kWhiteReach * bgr.rows);
  const cv::Mat broad = broad_brightness(bgr, downscale, kBroadReach * bgr.rows);
  maps.ratio.create(bgr.size(), CV_32F);
  maps.face.create(bgr.size(), CV_8U);
  cv::parallel_for_(cv::Range(0, bgr.rows), [&](const cv::Range& rows) {
    for (int y = rows.start; y < rows.end; ++y) {
      const auto* pixel = bgr.ptr<cv::Vec3b>(y);
      const auto* white = maps.local_white.ptr<cv::Vec3f>(y);
      const float* around = broad.ptr<float>(y);
      float* ratio = maps.ratio.ptr<float>(y);
      std::uint8_t* face = maps.face.ptr<std::uint8_t>(y);
      for (int x = 0; x < bgr.cols; ++x) {
        float smallest = 10;
        for (int c = 0; c < 3; ++c) smallest = std::min(smallest, pixel[x][c] / white[x][c]);
        ratio[x] = smallest;
        const float grey = 0.114f * pixel[x][0] + 0.587f * pixel[x][1] + 0.299f * pixel[x][2];
        face[x] = smallest >= params.face_ratio && grey >= params.min_face_brightness * around[x]
                      ? 255
                      : 0;
      }
    }
  });
  return maps;
}

std::vector<MonsterBody> find_bodies(const FaceMaps& maps, const TrioReaderParams& params,
                                     StageLog& log) {
  StageTimer holes_stage(log, "face holes");
  const auto holes = hole_outlines(maps.face);
  holes_stage.finish(static_cast<int>(holes.size()));

  StageTimer bodies_stage(log, "bodies");
  const double max_body_px = params.max_body_fraction * std::min(maps.face.cols, maps.face.rows);
  std::vector<MonsterBody> bodies;
  for (const auto& hole : holes) {
    if (auto body = body_from_hole(hole, maps, params, max_body_px)) bodies.push_back(*body);
  }
  // Bodies of one layout have about one size; a hole far smaller than the others is a pattern
  // of the table or a speck.
  if (bodies.size() >= 3) {
    std::vector<double> sizes;
    for (const MonsterBody& body : bodies) sizes.push_back(body.diameter_px());
    std::nth_element(sizes.begin(), sizes.begin() + static_cast<std::ptrdiff_t>(sizes.size() / 2),
                     sizes.end());
    const double typical = sizes[sizes.size() / 2];
    std::erase_if(bodies, [&](const MonsterBody& body) {
      return body.diameter_px() < 0.55 * typical || body.diameter_px() > 1.8 * typical;
    });
  }
  bodies_stage.finish(static_cast<int>(bodies.size()));
  return bodies;
}

}  // namespace tableref::vision::trio
