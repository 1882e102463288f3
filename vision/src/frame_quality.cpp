#include "vision/frame_quality.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

namespace tableref::vision {

namespace {

// Classic skin cluster in YCrCb (Chai and Ngan), wide enough for pale to dark skin under lamps
// from 2700 K to daylight.
constexpr int kSkinCrMin = 133, kSkinCrMax = 178;
constexpr int kSkinCbMin = 72, kSkinCbMax = 130;

cv::Size analysis_size(cv::Size frame, int width) {
  const int analysis_width = std::min(width, frame.width);
  const double scale = static_cast<double>(analysis_width) / frame.width;
  return {analysis_width, std::max(1, static_cast<int>(std::lround(frame.height * scale)))};
}

bool touches_border(const cv::Rect& box, cv::Size size) {
  return box.x == 0 || box.y == 0 || box.br().x == size.width || box.br().y == size.height;
}

// Share of the one-pixel ring around `mask` that is set.
double border_share(const cv::Mat& mask) {
  const int rows = mask.rows, cols = mask.cols;
  int set = 0, total = 0;
  for (int col = 0; col < cols; ++col) {
    set += (mask.at<std::uint8_t>(0, col) != 0) + (mask.at<std::uint8_t>(rows - 1, col) != 0);
    total += 2;
  }
  for (int row = 1; row + 1 < rows; ++row) {
    set += (mask.at<std::uint8_t>(row, 0) != 0) + (mask.at<std::uint8_t>(row, cols - 1) != 0);
    total += 2;
  }
  return total == 0 ? 0.0 : static_cast<double>(set) / total;
}

cv::Mat open_small(const cv::Mat& mask) {
  cv::Mat opened;
  cv::morphologyEx(mask, opened, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(3, 3)));
  return opened;
}

}  // namespace

FrameQualityMeter::FrameQualityMeter(FrameQualityParams params) : params_(params) {}

FrameQualityMeter::Analysis FrameQualityMeter::analyse(const cv::Mat& bgr) const {
  Analysis analysis;
  cv::Mat small;
  cv::resize(bgr, small, analysis_size(bgr.size(), params_.analysis_width_px), 0, 0,
             cv::INTER_AREA);
  small.convertTo(analysis.colour, CV_32FC3);
  cv::GaussianBlur(analysis.colour, analysis.colour, cv::Size(), params_.smoothing_sigma_px);
  cv::cvtColor(analysis.colour, analysis.grey, cv::COLOR_BGR2GRAY);

  cv::Mat grey, sharp_size, laplacian;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  cv::resize(grey, sharp_size, analysis_size(bgr.size(), params_.sharpness_width_px), 0, 0,
             cv::INTER_AREA);
  cv::Laplacian(sharp_size, laplacian, CV_32F);
  cv::Scalar mean, deviation;
  cv::meanStdDev(laplacian, mean, deviation);
  analysis.sharpness = deviation[0] * deviation[0];
  return analysis;
}

double FrameQualityMeter::motion_share(const Analysis& now) const {
  // The change of overall brightness is the exposure's, not motion.
  const double gain = cv::mean(now.grey)[0] / std::max(1.0, cv::mean(previous_->grey)[0]);
  const cv::Mat moved = cv::abs(now.grey - gain * previous_->grey) > params_.motion_level;
  return static_cast<double>(cv::countNonZero(moved)) / static_cast<double>(moved.total());
}

cv::Mat FrameQualityMeter::difference_from_reference(const Analysis& now) const {
  // Exposure and white balance drift: each channel's overall gain is not an intrusion.
  const cv::Scalar now_mean = cv::mean(now.colour), reference_mean = cv::mean(reference_);
  const cv::Scalar gains(now_mean[0] / std::max(1.0, reference_mean[0]),
                         now_mean[1] / std::max(1.0, reference_mean[1]),
                         now_mean[2] / std::max(1.0, reference_mean[2]));
  cv::Mat expected;
  cv::multiply(reference_, gains, expected);
  cv::Mat channels[3];
  cv::split(cv::abs(now.colour - expected), channels);
  const cv::Mat largest = cv::max(cv::max(channels[0], channels[1]), channels[2]);
  return open_small(largest > params_.intrusion_level);
}

cv::Mat FrameQualityMeter::skin_mask(const Analysis& now) const {
  cv::Mat bgr8, ycrcb, skin;
  now.colour.convertTo(bgr8, CV_8UC3);
  cv::cvtColor(bgr8, ycrcb, cv::COLOR_BGR2YCrCb);
  cv::inRange(ycrcb, cv::Scalar(0, kSkinCrMin, kSkinCbMin), cv::Scalar(255, kSkinCrMax, kSkinCbMax),
              skin);
  // A table of skin's colour (wood, beige cloth) says nothing about hands.
  if (border_share(skin) > params_.max_skin_border_share) return cv::Mat::zeros(skin.size(), CV_8U);
  // A hand is a solid region; a table near skin's colour gives speckle, which this removes.
  cv::Mat solid;
  cv::morphologyEx(skin, solid, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(7, 7)));
  return solid;
}

cv::Mat FrameQualityMeter::border_intrusions(const cv::Mat& candidates) const {
  cv::Mat labels, stats, centroids;
  const int count = cv::connectedComponentsWithStats(candidates, labels, stats, centroids, 8);
  cv::Mat kept = cv::Mat::zeros(candidates.size(), CV_8U);
  const double min_area = params_.min_intrusion_share * static_cast<double>(candidates.total());
  for (int label = 1; label < count; ++label) {
    const cv::Rect box(
        stats.at<int>(label, cv::CC_STAT_LEFT), stats.at<int>(label, cv::CC_STAT_TOP),
        stats.at<int>(label, cv::CC_STAT_WIDTH), stats.at<int>(label, cv::CC_STAT_HEIGHT));
    if (stats.at<int>(label, cv::CC_STAT_AREA) < min_area) continue;
    if (!touches_border(box, candidates.size())) continue;
    const cv::Mat component = labels == label;
    if (!play_area_.empty() && cv::countNonZero(component & play_area_) == 0) continue;
    kept.setTo(255, component);
  }
  return kept;
}

FrameQuality FrameQualityMeter::measure(const cv::Mat& bgr) {
  CV_Assert(bgr.type() == CV_8UC3 && !bgr.empty());
  if (bgr.size() != frame_size_) {
    frame_size_ = bgr.size();
    previous_.reset();
    reference_.release();
    play_area_.release();
  }
  Analysis now = analyse(bgr);
  FrameQuality quality;
  if (previous_) {
    quality.motion_share = motion_share(now);
    quality.still = quality.motion_share <= params_.max_still_share;
  } else {
    quality.motion_share = 1;
  }
  quality.sharpness = now.sharpness;
  if (has_reference() && reference_analysis_.sharpness > 0) {
    quality.sharpness_ratio = now.sharpness / reference_analysis_.sharpness;
    quality.blurred = quality.sharpness_ratio < params_.min_sharpness_ratio;
  }
  intrusion_mask_ =
      border_intrusions(has_reference() ? difference_from_reference(now) : skin_mask(now));
  quality.intrusion_share = static_cast<double>(cv::countNonZero(intrusion_mask_)) /
                            static_cast<double>(intrusion_mask_.total());
  quality.intruded = quality.intrusion_share > 0;
  previous_ = now;
  last_ = std::move(now);
  return quality;
}

void FrameQualityMeter::accept_reference() {
  if (last_.colour.empty()) return;
  reference_analysis_ = last_;
  reference_ = last_.colour;
}

void FrameQualityMeter::set_play_area(const cv::Mat& mask) {
  if (mask.empty() || frame_size_.area() == 0) {
    play_area_.release();
    return;
  }
  cv::Mat small;
  cv::resize(mask, small, analysis_size(frame_size_, params_.analysis_width_px), 0, 0,
             cv::INTER_AREA);
  play_area_ = small > 0;
}

void FrameQualityMeter::forget_previous() {
  previous_.reset();
}

}  // namespace tableref::vision
