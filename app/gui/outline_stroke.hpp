#pragma once
// A card's outline as the overlay draws it, a dark halo under a coloured line, rasterised from each
// pixel's distance to the outline's sides: QPainter strokes an antialiased wide pen at 40 to
// 130 µs an outline here (its stroker and rasteriser work over the outline's whole bounding box),
// and a frame shows up to some forty cards. The distance is measured only in the band the pen
// covers, so an outline costs what its line does.

#include <QColor>
#include <QImage>
#include <QPainter>
#include <QPolygonF>
#include <QRect>

namespace tableref::gui {

struct OutlineStroke {
  QColor halo;
  double halo_width = 0;
  QColor colour;
  double width = 0;
  // Qt::SolidLine, or Qt's dash patterns (DashLine, DotLine, DashDotLine, DashDotDotLine), whose
  // dashes end flat.
  Qt::PenStyle style = Qt::SolidLine;
};

// The closed outline `polygon` stroked into `layer` (premultiplied ARGB, transparent where the
// stroke does not reach), `polygon` in the layer's pixels: the halo with round joins, then the
// line over it, both antialiased.
void stroke_outline(QImage& layer, const QPolygonF& polygon, const OutlineStroke& stroke);

// Draws the closed outline `polygon` (in the painter's coordinates) with `stroke`, as QPainter
// would with round joins and flat dash ends. A painter that scales or turns what it draws strokes
// it itself.
void draw_stroked_outline(QPainter& painter, const QPolygonF& polygon, const OutlineStroke& stroke);

}  // namespace tableref::gui
