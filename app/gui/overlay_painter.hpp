#pragma once
// Draws what the referee recognised over the picture: card outlines, every monster's colour as a
// word and a symbol (and a pattern in colour-blind mode), tricks, captures and detached cards
// highlighted, illegal plays flagged with their reason, and `unstable` when the view is blocked.
// Works from the layout JSON of interface.md, so it draws whatever referee produced it.

#include <QImage>
#include <QPainter>
#include <QTransform>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "referee/game.hpp"

namespace tableref::gui {

struct OverlayOptions {
  bool colour_blind = false;  // patterns over monsters and the colour-blind palette
  double text_scale = 1.0;    // large text: 1.5
  bool show_cells = true;     // name every monster, not only the verdicts
};

struct OverlayState {
  referee::Game game = referee::Game::freeze;
  nlohmann::json layout;  // the game's analyze fields, in picture pixels
  bool unstable = false;
  std::vector<nlohmann::json> recent_verdicts;  // banner lines, oldest first
  std::optional<cv::Point2d> probe_point;       // the colour probe's crosshair
  std::string probe_text;
  std::vector<cv::Point2d> marks;  // numbered points joined in order (corners being picked)
};

// At most this many banner lines: `unstable` and the latest verdicts.
inline constexpr int kBannerLines = 3;
// The height of the banner strip in widget pixels (views keep it free of the picture).
double banner_height(const OverlayOptions& options);

// Draws `state` with `painter` in widget coordinates; `widget_from_image` maps picture pixels
// into them. The banner lines are drawn from the top left of `banner_area`.
void paint_overlay(QPainter& painter, const QTransform& widget_from_image,
                   const QRectF& banner_area, const OverlayState& state,
                   const OverlayOptions& options);

// A copy of an 8-bit BGR picture as a QImage.
QImage qimage_from_bgr(const cv::Mat& bgr);
// The picture with the overlay drawn over it, under a strip for the banner lines.
QImage render_overlay(const cv::Mat& bgr, const OverlayState& state, const OverlayOptions& options);

}  // namespace tableref::gui
