#pragma once
// Marks the overlay draws on every frame (a monster's word, a colour's symbol, a hatched disk)
// drawn once into a small image, a stamp, and stamped wherever they are asked for again: stroking
// and filling the outline of a text costs about half a millisecond a card, copying its stamp a few
// microseconds.

#include <QHash>
#include <QImage>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <cstddef>
#include <functional>

namespace tableref::gui {

// A mark as its stamp is drawn: `draw` paints it with its centre at the origin, all within
// `bounds` (antialiased edges included).
struct StampDrawing {
  QRectF bounds;
  std::function<void(QPainter&)> draw;
};

class OverlayStamps {
 public:
  // At most this many stamps are kept (a few megabytes); past it they are all forgotten and
  // drawn again as they are asked for.
  static constexpr std::size_t kMostStamps = 512;

  // Draws the mark known by `key` with its centre on `centre` (rounded to a whole pixel): from
  // its stamp, made first with `make` when there is none. With a painter that scales or turns
  // what it draws, or for a mark too large for a stamp, the mark is drawn directly.
  void draw(QPainter& painter, QPointF centre, const QString& key,
            const std::function<StampDrawing()>& make);

  std::size_t size() const { return static_cast<std::size_t>(stamps_.size()); }
  // How many stamps were made: a mark drawn again is not made again.
  std::size_t made() const { return made_; }

 private:
  struct Stamp {
    QImage image;      // premultiplied ARGB, at the painter's device pixel ratio
    QPointF top_left;  // of the image, from the mark's centre, in whole pixels
  };

  // The stamp of `key`, made when there is none; null when it cannot be held.
  const Stamp* stamp(const QString& key, qreal device_pixel_ratio,
                     const std::function<StampDrawing()>& make);

  QHash<QString, Stamp> stamps_;
  std::size_t made_ = 0;
};

// The calling thread's stamps: the live view paints on the GUI thread, evidence bundles may be
// drawn on another, and a QImage is not shared across threads while being drawn.
OverlayStamps& overlay_stamps();

}  // namespace tableref::gui
