#include "gui/video_view.hpp"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>

namespace tableref::gui {

namespace {
constexpr double kKeyStepPx = 8;  // picture pixels per arrow press; Shift for more
}

VideoView::VideoView(QWidget* parent) : QWidget(parent) {
  setFocusPolicy(Qt::StrongFocus);
  setAccessibleName(tr("Live view"));
  setAccessibleDescription(
      tr("The table with what the referee read drawn over it. In probe mode, click or use the "
         "arrow keys and Enter to hear the colour under the cross."));
  setAttribute(Qt::WA_OpaquePaintEvent);
  setMinimumSize(minimumSizeHint());
}

void VideoView::set_frame(const cv::Mat& bgr) {
  const bool first = image_.isNull();
  image_ = qimage_from_bgr(bgr);
  if (first && !image_.isNull())
    probe_cursor_ = QPointF(image_.width() / 2.0, image_.height() / 2.0);
  update();
}

void VideoView::set_overlay(OverlayState state) {
  const bool new_layout = state.layout != overlay_.layout;
  overlay_ = std::move(state);
  if (new_layout) update_layout_bounds();
  update();
}

void VideoView::set_options(const OverlayOptions& options) {
  options_ = options;
  update();
}

void VideoView::set_placeholder(const QString& text) {
  placeholder_ = text;
  update();
}

void VideoView::set_probe_mode(bool on) {
  probe_mode_ = on;
  setCursor(on ? Qt::CrossCursor : Qt::ArrowCursor);
  update();
}

void VideoView::set_zoom_to_layout(bool on) {
  zoom_to_layout_ = on;
  update();
}

void VideoView::update_layout_bounds() {
  layout_bounds_.reset();
  const nlohmann::json& layout = overlay_.layout;
  if (!layout.is_object()) return;
  QRectF bounds;
  double largest_side = 0;
  const auto add_points = [&](const nlohmann::json& points) {
    if (!points.is_array()) return;
    QPolygonF polygon;
    for (const auto& point : points) {
      if (point.is_array() && point.size() == 2 && point[0].is_number() && point[1].is_number()) {
        polygon << QPointF(point[0].get<double>(), point[1].get<double>());
      }
    }
    if (polygon.size() < 3) return;
    const QRectF box = polygon.boundingRect();
    largest_side = std::max({largest_side, box.width(), box.height()});
    bounds = bounds.isNull() ? box : bounds.united(box);
  };
  for (const auto& [key, field] : {std::pair{"stacks", "corners"}, std::pair{"cards", "polygon"},
                                   std::pair{"tiles", "polygon"}}) {
    const auto pieces = layout.find(key);
    if (pieces == layout.end() || !pieces->is_array()) continue;
    for (const auto& piece : *pieces) {
      if (piece.is_object() && piece.contains(field)) add_points(piece[field]);
    }
  }
  if (bounds.isNull()) return;
  // Room around the cards for their labels and for new cards coming in.
  const double margin =
      std::max(0.8 * largest_side, 0.15 * std::max(bounds.width(), bounds.height()));
  layout_bounds_ = bounds.adjusted(-margin, -margin, margin, margin);
}

QRectF VideoView::shown_part() const {
  const QRectF whole(QPointF(0, 0), QSizeF(image_.size()));
  const QRectF area = picture_area();
  if (!zoom_to_layout_ || !layout_bounds_ || area.width() <= 0 || area.height() <= 0) return whole;
  // The layout's bounds widened to the view's shape, never smaller than a third of the picture.
  QSizeF size = layout_bounds_->size().expandedTo(whole.size() / 3.0);
  const double aspect = area.width() / area.height();
  if (size.width() / size.height() < aspect) {
    size.setWidth(size.height() * aspect);
  } else {
    size.setHeight(size.width() / aspect);
  }
  if (size.width() >= whole.width() && size.height() >= whole.height()) return whole;
  QRectF part(QPointF(0, 0), size);
  part.moveCenter(layout_bounds_->center());
  // Kept inside the picture where it fits.
  if (part.width() <= whole.width()) {
    part.moveLeft(std::clamp(part.left(), 0.0, whole.width() - part.width()));
  } else {
    part.moveCenter(QPointF(whole.center().x(), part.center().y()));
  }
  if (part.height() <= whole.height()) {
    part.moveTop(std::clamp(part.top(), 0.0, whole.height() - part.height()));
  } else {
    part.moveCenter(QPointF(part.center().x(), whole.center().y()));
  }
  return part;
}

QRectF VideoView::picture_area() const {
  // The banner strip stays clear of the picture, so verdicts never hide a card.
  const double strip = std::min(banner_height(options_), height() / 3.0);
  return QRectF(0, strip, width(), std::max(1.0, height() - strip));
}

QTransform VideoView::widget_from_image() const {
  if (image_.isNull()) return {};
  const QRectF area = picture_area();
  const QRectF part = shown_part();
  const double scale = std::min(area.width() / part.width(), area.height() / part.height());
  const QPointF offset(area.left() + (area.width() - part.width() * scale) / 2,
                       area.top() + (area.height() - part.height() * scale) / 2);
  return QTransform(scale, 0, 0, scale, offset.x() - part.left() * scale,
                    offset.y() - part.top() * scale);
}

std::optional<cv::Point2d> VideoView::image_point(QPointF widget_point) const {
  if (image_.isNull()) return std::nullopt;
  const QPointF point = widget_from_image().inverted().map(widget_point);
  if (point.x() < 0 || point.y() < 0 || point.x() >= image_.width() ||
      point.y() >= image_.height()) {
    return std::nullopt;
  }
  return cv::Point2d(point.x(), point.y());
}

void VideoView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), QColor(24, 28, 34));
  if (image_.isNull()) {
    QFont font = painter.font();
    font.setPixelSize(static_cast<int>(18 * options_.text_scale));
    painter.setFont(font);
    painter.setPen(QColor(230, 230, 230));
    painter.drawText(rect().adjusted(24, 24, -24, -24), Qt::AlignCenter | Qt::TextWordWrap,
                     placeholder_);
    return;
  }
  painter.setRenderHint(QPainter::SmoothPixmapTransform);
  painter.setClipRect(picture_area());
  painter.setTransform(widget_from_image());
  painter.drawImage(QPointF(0, 0), image_);
  painter.resetTransform();
  painter.setClipping(false);
  // The probe's cross is this view's cursor; its answer is shown while the cross stays where it
  // was asked.
  OverlayState shown = overlay_;
  shown.probe_point.reset();
  shown.probe_text.clear();
  if (probe_mode_) {
    shown.probe_point = cv::Point2d(probe_cursor_.x(), probe_cursor_.y());
    if (overlay_.probe_point && cv::norm(*overlay_.probe_point - *shown.probe_point) < 1.0) {
      shown.probe_text = overlay_.probe_text;
    }
  }
  paint_overlay(painter, widget_from_image(), QRectF(rect()), shown, options_);
  if (hasFocus()) {
    painter.setPen(QPen(palette().highlight().color(), 3));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(rect().adjusted(1, 1, -2, -2));
  }
}

void VideoView::mousePressEvent(QMouseEvent* event) {
  setFocus(Qt::MouseFocusReason);
  if (!probe_mode_ || event->button() != Qt::LeftButton) return;
  if (const auto point = image_point(event->position())) {
    probe_cursor_ = QPointF(point->x, point->y);
    emit probeRequested(*point);
  }
}

void VideoView::keyPressEvent(QKeyEvent* event) {
  if (!probe_mode_ || image_.isNull()) {
    QWidget::keyPressEvent(event);
    return;
  }
  const double step = (event->modifiers() & Qt::ShiftModifier) ? kKeyStepPx * 6 : kKeyStepPx;
  QPointF move;
  switch (event->key()) {
    case Qt::Key_Left:
      move = {-step, 0};
      break;
    case Qt::Key_Right:
      move = {step, 0};
      break;
    case Qt::Key_Up:
      move = {0, -step};
      break;
    case Qt::Key_Down:
      move = {0, step};
      break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
      emit probeRequested(cv::Point2d(probe_cursor_.x(), probe_cursor_.y()));
      return;
    default:
      QWidget::keyPressEvent(event);
      return;
  }
  probe_cursor_ = QPointF(std::clamp(probe_cursor_.x() + move.x(), 0.0, image_.width() - 1.0),
                          std::clamp(probe_cursor_.y() + move.y(), 0.0, image_.height() - 1.0));
  update();
}

}  // namespace tableref::gui
