#include "gui/outline_stroke.hpp"

#include <QPaintDevice>
#include <QPen>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace tableref::gui {

namespace {

// How much of a pixel the line covers along it, the pixel's nearest point on the outline lying
// `along` pixels from the outline's start: all within a dash, falling off over a pixel across a
// dash's flat end. Kept for steps of about a 16th of a pixel, a whole number of them a period.
class Dashes {
 public:
  static constexpr double kStepsPerPixel = 16;

  Dashes(Qt::PenStyle style, double width) {
    // Qt's own pattern for the style, in widths of the pen (a dash, a gap, ...; none when solid).
    const QList<qreal> pattern = QPen(Qt::black, 1.0, style).dashPattern();
    std::vector<std::pair<double, double>> dashes;
    double period = 0;
    for (qsizetype i = 0; i < pattern.size(); ++i) {
      if (i % 2 == 0) dashes.emplace_back(period, period + pattern[i] * width);
      period += pattern[i] * width;
    }
    if (period <= 0) return;
    shares_.resize(static_cast<std::size_t>(std::ceil(period * kStepsPerPixel)));
    steps_per_pixel_ = static_cast<double>(shares_.size()) / period;
    for (std::size_t i = 0; i < shares_.size(); ++i) {
      const double at = (static_cast<double>(i) + 0.5) / steps_per_pixel_;
      for (const auto& [from, to] : dashes) {
        // The dashes of the periods before and after reach across the period's ends.
        for (const double shift : {-period, 0.0, period}) {
          const double depth = std::min(at - (from + shift), to + shift - at);
          shares_[i] = std::max(shares_[i], std::clamp(depth + 0.5, 0.0, 1.0));
        }
      }
    }
  }

  bool solid() const { return shares_.empty(); }
  // `along` from 0 on, of a line that is not solid.
  double coverage(double along) const {
    return shares_[static_cast<std::size_t>(along * steps_per_pixel_) % shares_.size()];
  }

 private:
  std::vector<double> shares_;  // empty for a solid line
  double steps_per_pixel_ = 0;
};

struct Side {
  QPointF from;
  QPointF direction;  // a unit vector; any for a side of no length
  double length = 0;
  double along_from = 0;  // how far the outline runs before this side
};

std::vector<Side> sides_of(const QPolygonF& polygon) {
  std::vector<Side> sides;
  double along = 0;
  for (qsizetype i = 0; i < polygon.size(); ++i) {
    const QPointF from = polygon[i];
    const QPointF step = polygon[(i + 1) % polygon.size()] - from;
    const double length = std::hypot(step.x(), step.y());
    sides.push_back({from, length > 0 ? step / length : QPointF(1, 0), length, along});
    along += length;
  }
  return sides;
}

// The pixels of row `y` whose centres lie within `reach` of the side, [first, last] (none when
// first > last): the row crosses the side's capsule, the discs at its ends and the band between
// them, in one stretch.
std::pair<int, int> row_span(const Side& side, int y, double reach) {
  constexpr double kNone = std::numeric_limits<double>::infinity();
  const double centre_y = y + 0.5;
  double low = kNone, high = -kNone;
  const auto take = [&](double from, double to) {
    if (from > to) return;
    low = std::min(low, from);
    high = std::max(high, to);
  };
  for (const QPointF end : {side.from, side.from + side.direction * side.length}) {
    const double rise = centre_y - end.y();
    if (std::abs(rise) > reach) continue;
    const double half = std::sqrt(reach * reach - rise * rise);
    take(end.x() - half, end.x() + half);
  }
  // The band: 0 <= (p - from) . u <= length and |(p - from) x u| <= reach, each linear in x.
  double band_low = -kNone, band_high = kNone;
  const auto within = [&](double slope, double offset, double from, double to) {
    if (std::abs(slope) < 1e-12) {
      if (offset < from || offset > to) band_low = kNone;
      return;
    }
    const double a = (from - offset) / slope, b = (to - offset) / slope;
    band_low = std::max(band_low, std::min(a, b));
    band_high = std::min(band_high, std::max(a, b));
  };
  const QPointF u = side.direction;
  const double rise = centre_y - side.from.y();
  within(u.x(), rise * u.y() - side.from.x() * u.x(), 0, side.length);
  within(u.y(), -rise * u.x() - side.from.x() * u.y(), -reach, reach);
  take(band_low, band_high);
  if (low > high) return {1, 0};
  return {static_cast<int>(std::floor(low - 0.5)), static_cast<int>(std::ceil(high - 0.5))};
}

// A pen's coverage of a pixel by the distance of the pixel's centre from the outline, in
// 64ths of a pixel: the pen covers what lies within half its width, and the pixel's edge falls
// off over one pixel.
class CoverageByDistance {
 public:
  static constexpr double kSteps = 64;

  CoverageByDistance(double radius, double reach)
      : levels_(static_cast<std::size_t>(std::ceil(reach * kSteps)) + 1) {
    for (std::size_t i = 0; i < levels_.size(); ++i) {
      const double share = std::clamp(radius + 0.5 - static_cast<double>(i) / kSteps, 0.0, 1.0);
      levels_[i] = static_cast<std::uint8_t>(share * 255 + 0.5);
    }
  }
  // `distance` within the reach it was made for.
  std::uint8_t level(double distance) const {
    return levels_[std::min(levels_.size() - 1, static_cast<std::size_t>(distance * kSteps))];
  }

 private:
  std::vector<std::uint8_t> levels_;
};

// Premultiplied ARGB `pixel` weighed by `level` / 255, each channel rounded.
QRgb weighed(QRgb pixel, std::uint32_t level) {
  std::uint32_t even = (pixel & 0xff00ff) * level;
  even = ((even + ((even >> 8) & 0xff00ff) + 0x800080) >> 8) & 0xff00ff;
  std::uint32_t odd = ((pixel >> 8) & 0xff00ff) * level;
  odd = (odd + ((odd >> 8) & 0xff00ff) + 0x800080) & 0xff00ff00;
  return even | odd;
}

// Premultiplied ARGB pixels of a line over its halo, from how much of the pixel each covers.
class Composition {
 public:
  Composition(const QColor& line, const QColor& halo) {
    for (std::uint32_t level = 0; level < 256; ++level) {
      line_[level] = weighed(qPremultiply(line.rgba()), level);
      halo_[level] = weighed(qPremultiply(halo.rgba()), level);
    }
  }
  QRgb pixel(std::uint8_t line_level, std::uint8_t halo_level) const {
    const QRgb over = line_[line_level];
    return over + weighed(halo_[halo_level], 255 - qAlpha(over));
  }

 private:
  std::array<QRgb, 256> line_, halo_;
};

// How a stroke covers pixels by their distance from the outline and their place along it.
struct Pens {
  CoverageByDistance halo, line;
  Dashes dashes;
};

// Keeps in `halo_row` and `line_row` (levels 0 to 255) the most the side covers pixels `first`
// to `last` of row `y` with. Between the perpendiculars at its ends a pixel's distance from the
// side is its distance from the side's line, which changes evenly along the row; beyond them it is
// its distance from the nearer end.
void cover_row(const Side& side, int y, int first, int last, const Pens& pens,
               std::uint8_t* halo_row, std::uint8_t* line_row) {
  const double rise = y + 0.5 - side.from.y();
  const double ux = side.direction.x(), uy = side.direction.y();
  for (int x = first; x <= last; ++x) {
    const double run = x + 0.5 - side.from.x();
    const double along = std::clamp(run * ux + rise * uy, 0.0, side.length);
    const double away_x = run - ux * along, away_y = rise - uy * along;
    const double distance = along > 0 && along < side.length
                                ? std::abs(run * uy - rise * ux)
                                : std::sqrt(away_x * away_x + away_y * away_y);
    halo_row[x] = std::max(halo_row[x], pens.halo.level(distance));
    std::uint8_t line = pens.line.level(distance);
    if (line > 0 && !pens.dashes.solid()) {
      line = static_cast<std::uint8_t>(line * pens.dashes.coverage(side.along_from + along) + 0.5);
    }
    line_row[x] = std::max(line_row[x], line);
  }
}

void stroke_with_qpainter(QPainter& painter, const QPolygonF& polygon,
                          const OutlineStroke& stroke) {
  painter.save();
  painter.setBrush(Qt::NoBrush);
  painter.setPen(QPen(stroke.halo, stroke.halo_width, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
  painter.drawPolygon(polygon);
  painter.setPen(QPen(stroke.colour, stroke.width, stroke.style, Qt::FlatCap, Qt::RoundJoin));
  painter.drawPolygon(polygon);
  painter.restore();
}

bool finite(const QPolygonF& polygon) {
  return std::all_of(polygon.begin(), polygon.end(), [](const QPointF& point) {
    return std::isfinite(point.x()) && std::isfinite(point.y());
  });
}

// Coordinates the pixel loops take in whole numbers: within a million pixels of the origin, far
// beyond any screen.
bool within_pixel_range(const QPolygonF& polygon) {
  constexpr double kFarthest = 1e6;
  return std::all_of(polygon.begin(), polygon.end(), [](const QPointF& point) {
    return std::abs(point.x()) <= kFarthest && std::abs(point.y()) <= kFarthest;
  });
}

}  // namespace

void stroke_outline(QImage& layer, const QPolygonF& polygon, const OutlineStroke& stroke) {
  if (layer.isNull() || polygon.size() < 2 || !within_pixel_range(polygon)) return;
  Q_ASSERT(layer.format() == QImage::Format_ARGB32_Premultiplied);
  const int width = layer.width(), height = layer.height();
  const double halo_radius = stroke.halo_width / 2, line_radius = stroke.width / 2;
  // Pixel centres up to half a pixel beyond the pen's edge are partly covered.
  const double reach = std::max(halo_radius, line_radius) + 0.5;
  const Pens pens{CoverageByDistance(halo_radius, reach), CoverageByDistance(line_radius, reach),
                  Dashes(stroke.style, stroke.width)};
  // Each pixel keeps the most any side covers it with: the sides' capsules join round.
  std::vector<std::uint8_t> halo_cover(static_cast<std::size_t>(width) * height, 0);
  std::vector<std::uint8_t> line_cover(halo_cover.size(), 0);
  struct Span {
    int y, first, last;
  };
  std::vector<Span> spans;
  for (const Side& side : sides_of(polygon)) {
    const QPointF to = side.from + side.direction * side.length;
    const int top =
        std::max(0, static_cast<int>(std::floor(std::min(side.from.y(), to.y()) - reach)));
    const int bottom =
        std::min(height - 1, static_cast<int>(std::ceil(std::max(side.from.y(), to.y()) + reach)));
    for (int y = top; y <= bottom; ++y) {
      auto [first, last] = row_span(side, y, reach);
      first = std::max(first, 0);
      last = std::min(last, width - 1);
      if (first > last) continue;
      spans.push_back({y, first, last});
      cover_row(side, y, first, last, pens, halo_cover.data() + static_cast<std::size_t>(y) * width,
                line_cover.data() + static_cast<std::size_t>(y) * width);
    }
  }
  // Written from the kept coverage: a pixel two sides reach is written twice alike.
  const Composition composition(stroke.colour, stroke.halo);
  for (const Span& span : spans) {
    auto* pixels = reinterpret_cast<QRgb*>(layer.scanLine(span.y));
    const std::size_t row = static_cast<std::size_t>(span.y) * width;
    for (int x = span.first; x <= span.last; ++x) {
      const std::size_t at = row + static_cast<std::size_t>(x);
      pixels[x] = composition.pixel(line_cover[at], halo_cover[at]);
    }
  }
}

void draw_stroked_outline(QPainter& painter, const QPolygonF& polygon,
                          const OutlineStroke& stroke) {
  const QPaintDevice* device = painter.device();
  if (device == nullptr || painter.worldTransform().type() > QTransform::TxTranslate) {
    stroke_with_qpainter(painter, polygon, stroke);
    return;
  }
  const QPolygonF on_device = painter.worldTransform().map(polygon);
  if (on_device.size() < 2 || !finite(on_device)) return;
  if (!within_pixel_range(on_device)) {
    stroke_with_qpainter(painter, polygon, stroke);  // QPainter clips what reaches that far
    return;
  }
  // Only what the device shows: an outline far off it costs nothing.
  const double reach = std::max(stroke.halo_width, stroke.width) / 2 + 2;
  const QRectF shown = on_device.boundingRect().adjusted(-reach, -reach, reach, reach) &
                       QRectF(0, 0, device->width(), device->height());
  if (shown.isEmpty()) return;
  const QRect area = shown.toAlignedRect();
  const qreal ratio = device->devicePixelRatioF();
  QImage layer(static_cast<int>(std::ceil(area.width() * ratio)),
               static_cast<int>(std::ceil(area.height() * ratio)),
               QImage::Format_ARGB32_Premultiplied);
  if (layer.isNull()) {
    stroke_with_qpainter(painter, polygon, stroke);
    return;
  }
  layer.fill(Qt::transparent);
  QPolygonF on_layer;
  for (const QPointF& point : on_device) on_layer << (point - area.topLeft()) * ratio;
  OutlineStroke scaled = stroke;
  scaled.halo_width *= ratio;
  scaled.width *= ratio;
  stroke_outline(layer, on_layer, scaled);
  layer.setDevicePixelRatio(ratio);
  painter.save();
  painter.resetTransform();
  painter.drawImage(area.topLeft(), layer);
  painter.restore();
}

}  // namespace tableref::gui
