#pragma once
// The live view: the picture, scaled to fit, with what the referee read drawn over it. In probe
// mode a click (or the arrow keys and Enter) asks for the colour under the point.

#include <QImage>
#include <QWidget>
#include <opencv2/core.hpp>
#include <optional>

#include "gui/overlay_painter.hpp"

namespace tableref::gui {

class VideoView : public QWidget {
  Q_OBJECT

 public:
  explicit VideoView(QWidget* parent = nullptr);

  void set_frame(const cv::Mat& bgr);
  void set_overlay(OverlayState state);
  void set_options(const OverlayOptions& options);
  // Shown when there is no picture: what to do to get one.
  void set_placeholder(const QString& text);
  void set_probe_mode(bool on);
  bool probe_mode() const { return probe_mode_; }
  // Shows the part of the picture where the cards lie, large, instead of the whole picture.
  void set_zoom_to_layout(bool on);
  bool zoom_to_layout() const { return zoom_to_layout_; }

  const QImage& image() const { return image_; }
  // Picture pixels to widget pixels (identity scale when there is no picture).
  QTransform widget_from_image() const;
  std::optional<cv::Point2d> image_point(QPointF widget_point) const;

  QSize sizeHint() const override { return {960, 540}; }
  QSize minimumSizeHint() const override { return {320, 180}; }

 signals:
  void probeRequested(cv::Point2d image_point);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  // Where the picture goes in the widget: below the banner strip.
  QRectF picture_area() const;
  // The part of the picture shown, in picture pixels.
  QRectF shown_part() const;
  void update_layout_bounds();

  QImage image_;
  OverlayState overlay_;
  OverlayOptions options_;
  QString placeholder_;
  bool probe_mode_ = false;
  bool zoom_to_layout_ = false;
  std::optional<QRectF> layout_bounds_;  // of the pieces in the layout, picture pixels
  QPointF probe_cursor_;  // picture pixels: where a click or the arrow keys put the cross
};

}  // namespace tableref::gui
