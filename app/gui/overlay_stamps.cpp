#include "gui/overlay_stamps.hpp"

#include <QPaintDevice>
#include <cmath>

namespace tableref::gui {

const OverlayStamps::Stamp* OverlayStamps::stamp(const QString& key, qreal device_pixel_ratio,
                                                 const std::function<StampDrawing()>& make) {
  const QString full_key = key + QStringLiteral("@") + QString::number(device_pixel_ratio);
  if (const auto found = stamps_.constFind(full_key); found != stamps_.constEnd()) return &*found;
  if (size() >= kMostStamps) stamps_.clear();
  const StampDrawing drawing = make();
  // Whole pixels around the mark, with the centre on a pixel corner as where it is stamped.
  const QPointF top_left(std::floor(drawing.bounds.left()) - 1,
                         std::floor(drawing.bounds.top()) - 1);
  const QPointF bottom_right(std::ceil(drawing.bounds.right()) + 1,
                             std::ceil(drawing.bounds.bottom()) + 1);
  const QSizeF size(bottom_right.x() - top_left.x(), bottom_right.y() - top_left.y());
  Stamp made{QImage(static_cast<int>(std::ceil(size.width() * device_pixel_ratio)),
                    static_cast<int>(std::ceil(size.height() * device_pixel_ratio)),
                    QImage::Format_ARGB32_Premultiplied),
             top_left};
  if (made.image.isNull()) return nullptr;  // too large to hold
  made.image.setDevicePixelRatio(device_pixel_ratio);
  made.image.fill(Qt::transparent);
  QPainter painter(&made.image);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.translate(-top_left);
  drawing.draw(painter);
  painter.end();
  ++made_;
  return &*stamps_.insert(full_key, std::move(made));
}

void OverlayStamps::draw(QPainter& painter, QPointF centre, const QString& key,
                         const std::function<StampDrawing()>& make) {
  const auto draw_directly = [&] {
    painter.save();
    painter.translate(centre);
    make().draw(painter);
    painter.restore();
  };
  if (painter.worldTransform().type() > QTransform::TxTranslate) {
    draw_directly();
    return;
  }
  const qreal ratio = painter.device() != nullptr ? painter.device()->devicePixelRatioF() : 1.0;
  const Stamp* found = stamp(key, ratio, make);
  if (found == nullptr) {
    draw_directly();
    return;
  }
  const QPointF whole_centre(std::round(centre.x()), std::round(centre.y()));
  painter.drawImage(whole_centre + found->top_left, found->image);
}

OverlayStamps& overlay_stamps() {
  thread_local OverlayStamps stamps;
  return stamps;
}

}  // namespace tableref::gui
