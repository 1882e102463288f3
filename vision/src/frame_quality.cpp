#include "vision/frame_quality.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <vector>

#include "block_means.hpp"

namespace tableref::vision {

namespace {

// Classic skin cluster in YCrCb (Chai and Ngan), wide enough for pale to dark skin under lamps
// from 2700 K to daylight.
constexpr int kSkinCrMin = 133, kSkinCrMax = 178;
constexpr int kSkinCbMin = 72, kSkinCbMax = 130;

// The whole factor that shrinks a frame to about `width` pixels across (1 for a narrower frame):
// each pixel of the copy a block's mean, where shrinking to exactly that width weighs every pixel
// of most frame sizes by general area weights (4 ms a 1366 × 768 frame against 0.65).
int analysis_factor(cv::Size frame, int width) {
  return std::max(1, static_cast<int>(std::lround(static_cast<double>(frame.width) / width)));
}

bool touches_border(const cv::Rect& box, cv::Size size) {
  return box.x == 0 || box.y == 0 || box.br().x == size.width || box.br().y == size.height;
}

// Each channel's overall gain from `reference` to `now` (both CV_32FC3): exposure and white
// balance drift.
cv::Scalar mean_gains(const cv::Mat& now, const cv::Mat& reference) {
  const cv::Scalar now_mean = cv::mean(now), reference_mean = cv::mean(reference);
  return {now_mean[0] / std::max(1.0, reference_mean[0]),
          now_mean[1] / std::max(1.0, reference_mean[1]),
          now_mean[2] / std::max(1.0, reference_mean[2])};
}

// The same, as the median of the pixels' gains: cards laid or lifted over a large share of the
// view move the means, not the median.
cv::Scalar median_gains(const cv::Mat& now, const cv::Mat& reference) {
  constexpr int kStep = 3;  // every third pixel each way is plenty
  cv::Scalar gains;
  std::vector<float> ratios;
  for (int channel = 0; channel < 3; ++channel) {
    ratios.clear();
    for (int row = 0; row < now.rows; row += kStep) {
      const auto* now_row = now.ptr<cv::Vec3f>(row);
      const auto* reference_row = reference.ptr<cv::Vec3f>(row);
      for (int col = 0; col < now.cols; col += kStep) {
        ratios.push_back(now_row[col][channel] / std::max(1.0f, reference_row[col][channel]));
      }
    }
    const auto middle = ratios.begin() + static_cast<std::ptrdiff_t>(ratios.size() / 2);
    std::nth_element(ratios.begin(), middle, ratios.end());
    gains[channel] = *middle;
  }
  return gains;
}

// Where `now` differs from `reference` (both CV_32FC3) by more than `level` in some channel, once
// each channel's `gains` are taken out.
cv::Mat colour_change(const cv::Mat& now, const cv::Mat& reference, const cv::Scalar& gains,
                      double level) {
  cv::Mat expected;
  cv::multiply(reference, gains, expected);
  cv::Mat channels[3];
  cv::split(cv::abs(now - expected), channels);
  const cv::Mat largest = cv::max(cv::max(channels[0], channels[1]), channels[2]);
  return largest > level;
}

cv::Mat content_of(const cv::Mat& colour, double sigma_px) {
  cv::Mat content;
  cv::GaussianBlur(colour, content, cv::Size(), sigma_px);
  return content;
}

cv::Mat open_small(const cv::Mat& mask) {
  cv::Mat opened;
  cv::morphologyEx(mask, opened, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(3, 3)));
  return opened;
}

}  // namespace

FrameQualityMeter::FrameQualityMeter(FrameQualityParams params) : params_(params) {}

FrameQualityMeter::Analysis FrameQualityMeter::analyse_view(const cv::Mat& bgr) const {
  Analysis analysis;
  const cv::Mat small = block_means(bgr, analysis_factor(bgr.size(), params_.analysis_width_px));
  small.convertTo(analysis.colour, CV_32FC3);
  cv::GaussianBlur(analysis.colour, analysis.colour, cv::Size(), params_.smoothing_sigma_px);
  cv::cvtColor(analysis.colour, analysis.grey, cv::COLOR_BGR2GRAY);
  return analysis;
}

void FrameQualityMeter::add_sharpness(const cv::Mat& bgr, Analysis& analysis) const {
  cv::Mat grey;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  const cv::Mat sharp_size =
      block_means(grey, analysis_factor(bgr.size(), params_.sharpness_width_px));
  cv::Laplacian(sharp_size, analysis.laplacian, CV_32F);
  cv::Scalar mean, deviation;
  cv::meanStdDev(analysis.laplacian, mean, deviation);
  analysis.sharpness = deviation[0] * deviation[0];
}

double FrameQualityMeter::sharpness_ratio(const Analysis& now) const {
  // Cards lifted take their edges with them: only where the view still shows what the reference
  // showed does less sharpness mean blur. Blur keeps the mean colour over a few pixels; a card
  // laid or lifted does not.
  const cv::Mat content = content_of(now.colour, params_.content_sigma_px);
  cv::Mat changed =
      colour_change(content, reference_content_, median_gains(content, reference_content_),
                    params_.intrusion_level);
  cv::dilate(changed, changed, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(5, 5)));
  cv::Mat same;
  cv::resize(changed == 0, same, now.laplacian.size(), 0, 0, cv::INTER_NEAREST);
  if (cv::countNonZero(same) < params_.min_same_content_share * static_cast<double>(same.total()))
    return now.sharpness / reference_analysis_.sharpness;
  cv::Scalar mean, now_deviation, reference_deviation;
  cv::meanStdDev(now.laplacian, mean, now_deviation, same);
  cv::meanStdDev(reference_analysis_.laplacian, mean, reference_deviation, same);
  const double reference_sharpness = reference_deviation[0] * reference_deviation[0];
  return reference_sharpness > 0 ? now_deviation[0] * now_deviation[0] / reference_sharpness : 1.0;
}

double FrameQualityMeter::moved_share(const cv::Mat& now, const cv::Mat& before) const {
  // The change of overall brightness is the exposure's, not motion; a frame far darker or
  // brighter than an exposure step (a dropped frame, the lights) is not the same view.
  constexpr double kMaxExposureGain = 1.5;
  const double gain = std::clamp(cv::mean(now)[0] / std::max(1.0, cv::mean(before)[0]),
                                 1 / kMaxExposureGain, kMaxExposureGain);
  const cv::Mat moved = cv::abs(now - gain * before) > params_.motion_level;
  return static_cast<double>(cv::countNonZero(moved)) / static_cast<double>(moved.total());
}

cv::Mat FrameQualityMeter::difference_from_reference(const Analysis& now) const {
  return open_small(colour_change(now.colour, reference_, mean_gains(now.colour, reference_),
                                  params_.intrusion_level));
}

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

cv::Mat skin_colour(const cv::Mat& bgr, double max_border_share) {
  cv::Mat ycrcb, skin;
  cv::cvtColor(bgr, ycrcb, cv::COLOR_BGR2YCrCb);
  cv::inRange(ycrcb, cv::Scalar(0, kSkinCrMin, kSkinCbMin), cv::Scalar(255, kSkinCrMax, kSkinCbMax),
              skin);
  if (border_share(skin) > max_border_share) return cv::Mat::zeros(skin.size(), CV_8U);
  return skin;
}

cv::Mat FrameQualityMeter::skin_mask(const Analysis& now) const {
  cv::Mat bgr8;
  now.colour.convertTo(bgr8, CV_8UC3);
  const cv::Mat skin = skin_colour(bgr8, params_.max_skin_border_share);
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

cv::Mat FrameQualityMeter::skin_from_edge(const cv::Mat& bgr) const {
  CV_Assert(bgr.type() == CV_8UC3 && !bgr.empty());
  return border_intrusions(skin_mask(analyse_view(bgr)));
}

FrameQuality FrameQualityMeter::measure(const cv::Mat& bgr) {
  CV_Assert(bgr.type() == CV_8UC3 && !bgr.empty());
  if (bgr.size() != frame_size_) {
    frame_size_ = bgr.size();
    previous_.reset();
    last_quality_.reset();
    reference_.release();
    reference_content_.release();
    play_area_.release();
  }
  Analysis now = analyse_view(bgr);
  FrameQuality quality;
  if (previous_) {
    quality.motion_share = moved_share(now.grey, previous_->grey);
    quality.still = quality.motion_share <= params_.max_still_share;
  } else {
    quality.motion_share = 1;
  }
  // Compared with the last frame measured in full too, so that slow drift is measured again.
  if (quality.still && last_quality_ &&
      moved_share(now.grey, last_.grey) <= params_.max_still_share) {
    FrameQuality unchanged = *last_quality_;
    unchanged.motion_share = quality.motion_share;
    unchanged.still = true;
    previous_ = std::move(now);
    return unchanged;
  }
  add_sharpness(bgr, now);
  quality.sharpness = now.sharpness;
  if (has_reference() && reference_analysis_.sharpness > 0) {
    quality.sharpness_ratio = sharpness_ratio(now);
    quality.blurred = quality.sharpness_ratio < params_.min_sharpness_ratio;
  }
  if (has_reference()) {
    change_mask_ = difference_from_reference(now);
    intrusion_mask_ = border_intrusions(change_mask_);
  } else {
    change_mask_.release();
    intrusion_mask_ = border_intrusions(skin_mask(now));
  }
  quality.intrusion_share = static_cast<double>(cv::countNonZero(intrusion_mask_)) /
                            static_cast<double>(intrusion_mask_.total());
  quality.intruded = quality.intrusion_share > 0;
  previous_ = now;
  last_ = std::move(now);
  // Only a readable frame's verdict stands for the frames that match it: blur and a hand resting
  // at the edge can come and go where the small grey copy cannot tell.
  if (quality.readable()) {
    last_quality_ = quality;
  } else {
    last_quality_.reset();
  }
  return quality;
}

void FrameQualityMeter::accept_reference() {
  if (last_.colour.empty()) return;
  reference_analysis_ = last_;
  reference_ = last_.colour;
  change_mask_ = cv::Mat::zeros(reference_.size(), CV_8U);  // the reference is the last frame
  last_quality_.reset();
  reference_content_ = content_of(reference_, params_.content_sigma_px);
}

void FrameQualityMeter::set_play_area(const cv::Mat& mask) {
  last_quality_.reset();
  if (mask.empty() || frame_size_.area() == 0) {
    play_area_.release();
    return;
  }
  play_area_ = block_means(mask, analysis_factor(frame_size_, params_.analysis_width_px)) > 0;
}

void FrameQualityMeter::forget_previous() {
  previous_.reset();
}

}  // namespace tableref::vision
