#pragma once
// Whether a frame of a video can be read: is the view still, is it sharp, and is anything
// reaching over the table (hands, sleeves). Frames in, measures out; the caller decides when to
// read the layout.
//
// Stillness compares each frame with the previous one on a small grey copy, after removing the
// global change of brightness (webcams adjust their exposure all the time). Intrusions compare the
// frame with a reference: a frame of the same table with nobody over it, which the caller
// accepts once it has read it. Arms always come in from the edge of the picture, so what differs
// from the reference and touches the border is an intrusion; what differs inside (a card laid) is
// not. Before there is a reference, skin-coloured regions touching the border stand in for it.
// A still frame that matches the last readable frame measured in full costs only its small grey
// copy: a still table costs little more than looking at each frame once.

#include <opencv2/core.hpp>
#include <optional>

namespace tableref::vision {

// The share of the one-pixel ring around `mask` (CV_8U) that is set.
double border_share(const cv::Mat& mask);

// Where `bgr` (CV_8UC3) shows skin's colour (CV_8U, 255 = skin); nothing at all when more than
// `max_border_share` of its border does: a table of that colour (wood, beige cloth) says nothing
// about hands.
cv::Mat skin_colour(const cv::Mat& bgr, double max_border_share);

struct FrameQualityParams {
  int analysis_width_px = 320;         // frames are compared on a copy about this wide
  double smoothing_sigma_px = 1.0;     // at analysis size: sensor noise must not count as motion
  double motion_level = 9.0;           // grey levels of change beyond which a pixel moved
  double max_still_share = 0.0015;     // share of moved pixels a still view may have
  double intrusion_level = 8.0;        // colour difference (8-bit units) from the reference
  double min_intrusion_share = 0.003;  // of the image: smaller regions at the border are noise
  int sharpness_width_px = 640;        // sharpness is measured on a copy about this wide
  double min_sharpness_ratio = 0.6;    // of the reference's sharpness: below, the frame is blurred
  // Sharpness is compared where the view still shows what the reference showed: cards laid or
  // lifted change the mean colour over this blur (at analysis size), a blurred lens does not.
  double content_sigma_px = 4.0;
  double min_same_content_share = 0.5;  // of the image; with less, the whole image is compared
  double max_skin_border_share = 0.3;   // a border more skin-coloured than this is a wooden table
};

struct FrameQuality {
  double motion_share = 0;     // share of pixels that changed since the previous frame
  double sharpness = 0;        // variance of the Laplacian of the grey frame
  double sharpness_ratio = 1;  // against the reference, where both show the same; 1 without one
  double intrusion_share = 0;  // share of the image covered by intrusions over the play area
  bool still = false;          // false for the first frame: nothing to compare it with
  bool blurred = false;
  bool intruded = false;

  bool readable() const { return still && !blurred && !intruded; }
};

class FrameQualityMeter {
 public:
  explicit FrameQualityMeter(FrameQualityParams params = {});

  // Measures `bgr` (8-bit BGR, any size; a new size starts over) against the previous frame and
  // the reference.
  FrameQuality measure(const cv::Mat& bgr);

  // The frame last measured becomes the reference: the table with nobody over it.
  void accept_reference();
  bool has_reference() const { return !reference_.empty(); }
  // Where intrusions count: a mask at the size of the frames (non-zero = play area). Intrusions
  // that stay outside it, such as an arm resting at the edge of the picture, do not block
  // reading. Empty = the whole picture.
  void set_play_area(const cv::Mat& mask);
  // Forgets the previous frame, so that the next one cannot be still (after a gap in the input).
  void forget_previous();

  // Skin reaching in from the picture's edge in `bgr` (8-bit BGR), at analysis size (CV_8U, 255 =
  // skin): the intrusions measure() finds in a first frame, found without measuring the rest.
  cv::Mat skin_from_edge(const cv::Mat& bgr) const;

  // The intrusions of the last frame at analysis size (CV_8U, 255 = intrusion), for display.
  const cv::Mat& intrusion_mask() const { return intrusion_mask_; }
  // Where the last frame measured in full differs from the reference, anywhere in the picture
  // (CV_8U at analysis size, 255 = changed): the cards laid or lifted since it was accepted. Empty
  // before there is a reference.
  const cv::Mat& change_mask() const { return change_mask_; }
  const FrameQualityParams& params() const { return params_; }

 private:
  struct Analysis {
    cv::Mat colour;     // CV_32FC3, smoothed, analysis size
    cv::Mat grey;       // CV_32F, smoothed, analysis size
    cv::Mat laplacian;  // CV_32F, of the grey frame at sharpness size
    double sharpness = 0;
  };
  Analysis analyse_view(const cv::Mat& bgr) const;  // colour and grey only
  void add_sharpness(const cv::Mat& bgr, Analysis& analysis) const;
  // Share of pixels of `now` that moved against `before` (grey, analysis size).
  double moved_share(const cv::Mat& now, const cv::Mat& before) const;
  cv::Mat difference_from_reference(const Analysis& now) const;
  double sharpness_ratio(const Analysis& now) const;
  cv::Mat skin_mask(const Analysis& now) const;
  // Keeps the components of `candidates` that touch the border and reach the play area.
  cv::Mat border_intrusions(const cv::Mat& candidates) const;

  FrameQualityParams params_;
  cv::Size frame_size_;
  std::optional<Analysis> previous_;
  Analysis last_;  // the last frame measured in full
  // What last_ measured when it was readable, while the reference and play area it was measured
  // against stand: a still frame that matches last_ would measure the same, and is not measured
  // again.
  std::optional<FrameQuality> last_quality_;
  Analysis reference_analysis_;
  cv::Mat reference_;          // non-empty once a reference was accepted (the smoothed colour)
  cv::Mat reference_content_;  // the reference's colour blurred to content_sigma_px
  cv::Mat play_area_;          // CV_8U at analysis size; empty = everywhere
  cv::Mat intrusion_mask_;
  cv::Mat change_mask_;
};

}  // namespace tableref::vision
