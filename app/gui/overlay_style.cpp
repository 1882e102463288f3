#include "gui/overlay_style.hpp"

#include <QPainter>
#include <QPixmap>
#include <cmath>
#include <numbers>

namespace tableref::gui {

RoleStyle role_style(OverlayRole role, bool colour_blind) {
  // Colour-blind palette: white, orange, magenta, bluish green and black stay at least 39 CIE76
  // units apart for typical, protan, deutan and tritan vision (tests/gui checks it).
  switch (role) {
    case OverlayRole::card:
      return {colour_blind ? QColor(QRgb(0xFFFFFF)) : QColor(QRgb(0x32D74B)), Qt::SolidLine, 3,
              "CARD"};
    case OverlayRole::trick:
      return {colour_blind ? QColor(QRgb(0xE69F00)) : QColor(QRgb(0xFFD60A)), Qt::SolidLine, 6,
              "TRICK"};
    case OverlayRole::illegal:
      return {colour_blind ? QColor(QRgb(0xFF00FF)) : QColor(QRgb(0xFF3B30)), Qt::DashLine, 5,
              "ILLEGAL"};
    case OverlayRole::capture:
      return {colour_blind ? QColor(QRgb(0x009E73)) : QColor(QRgb(0x00E5FF)), Qt::DashDotLine, 5,
              "CAPTURE"};
    case OverlayRole::detached:
      return {colour_blind ? QColor(QRgb(0x000000)) : QColor(QRgb(0xFF40FF)), Qt::DotLine, 5,
              "DETACHED"};
  }
  return {QColor(QRgb(0xFFFFFF)), Qt::SolidLine, 3, ""};
}

ColourSymbol symbol_of(referee::Colour colour) {
  switch (colour) {
    case referee::Colour::yellow:
      return ColourSymbol::star;
    case referee::Colour::green:
      return ColourSymbol::plus;
    case referee::Colour::red:
      return ColourSymbol::triangle;
    case referee::Colour::blue:
      return ColourSymbol::square;
    case referee::Colour::purple:
      return ColourSymbol::diamond;
    case referee::Colour::black:
      return ColourSymbol::cross;
  }
  return ColourSymbol::cross;
}

std::string_view symbol_name(ColourSymbol symbol) {
  switch (symbol) {
    case ColourSymbol::star:
      return "star";
    case ColourSymbol::plus:
      return "plus";
    case ColourSymbol::triangle:
      return "triangle";
    case ColourSymbol::square:
      return "square";
    case ColourSymbol::diamond:
      return "diamond";
    case ColourSymbol::cross:
      return "cross";
  }
  return "cross";
}

QPainterPath symbol_path(ColourSymbol symbol, QPointF centre, double size) {
  const double r = size / 2;
  QPainterPath path;
  const auto polygon = [&](std::initializer_list<QPointF> unit_points) {
    QPolygonF points;
    for (const QPointF& p : unit_points) points << centre + p * r;
    path.addPolygon(points);
    path.closeSubpath();
  };
  switch (symbol) {
    case ColourSymbol::star: {
      QPolygonF points;
      for (int i = 0; i < 10; ++i) {
        const double angle = -std::numbers::pi / 2 + i * std::numbers::pi / 5;
        const double radius = (i % 2 == 0) ? r : r * 0.45;
        points << centre + QPointF(std::cos(angle), std::sin(angle)) * radius;
      }
      path.addPolygon(points);
      path.closeSubpath();
      break;
    }
    case ColourSymbol::plus:
      polygon({{-0.3, -1},
               {0.3, -1},
               {0.3, -0.3},
               {1, -0.3},
               {1, 0.3},
               {0.3, 0.3},
               {0.3, 1},
               {-0.3, 1},
               {-0.3, 0.3},
               {-1, 0.3},
               {-1, -0.3},
               {-0.3, -0.3}});
      break;
    case ColourSymbol::triangle:
      polygon({{0, -1}, {1, 0.8}, {-1, 0.8}});
      break;
    case ColourSymbol::square:
      polygon({{-0.8, -0.8}, {0.8, -0.8}, {0.8, 0.8}, {-0.8, 0.8}});
      break;
    case ColourSymbol::diamond:
      polygon({{0, -1}, {1, 0}, {0, 1}, {-1, 0}});
      break;
    case ColourSymbol::cross:
      polygon({{-1, -0.6},
               {-0.6, -1},
               {0, -0.4},
               {0.6, -1},
               {1, -0.6},
               {0.4, 0},
               {1, 0.6},
               {0.6, 1},
               {0, 0.4},
               {-0.6, 1},
               {-1, 0.6},
               {-0.4, 0}});
      break;
  }
  return path;
}

Qt::BrushStyle pattern_of(referee::Colour colour) {
  switch (colour) {
    case referee::Colour::yellow:
      return Qt::Dense6Pattern;  // dots
    case referee::Colour::green:
      return Qt::VerPattern;
    case referee::Colour::red:
      return Qt::BDiagPattern;
    case referee::Colour::blue:
      return Qt::HorPattern;
    case referee::Colour::purple:
      return Qt::DiagCrossPattern;
    case referee::Colour::black:
      return Qt::CrossPattern;
  }
  return Qt::NoBrush;
}

QColor print_colour(referee::Colour colour) {
  const referee::Rgb rgb = referee::reference_rgb(colour);
  return QColor(rgb.r, rgb.g, rgb.b);
}

QIcon colour_icon(referee::Colour colour, int size_px) {
  QPixmap pixmap(size_px, size_px);
  pixmap.fill(Qt::transparent);
  QPainter painter(&pixmap);
  painter.setRenderHint(QPainter::Antialiasing);
  const QRectF box(0.5, 0.5, size_px - 1.0, size_px - 1.0);
  painter.setPen(QPen(Qt::black, 1));
  painter.setBrush(print_colour(colour));
  painter.drawRoundedRect(box, 3, 3);
  painter.setBrush(QBrush(Qt::white, pattern_of(colour)));
  painter.drawRoundedRect(box, 3, 3);
  painter.setPen(QPen(Qt::black, 1.2));
  painter.setBrush(Qt::white);
  painter.drawPath(symbol_path(symbol_of(colour), box.center(), size_px * 0.62));
  return QIcon(pixmap);
}

}  // namespace tableref::gui
