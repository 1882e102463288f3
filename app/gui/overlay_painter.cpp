#include "gui/overlay_painter.hpp"

#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <set>

#include "gui/event_text.hpp"
#include "gui/outline_stroke.hpp"
#include "gui/overlay_stamps.hpp"
#include "gui/overlay_style.hpp"
#include "referee/colour.hpp"

namespace tableref::gui {

namespace {

using nlohmann::json;

constexpr double kFreezeSideMm = 65.0;
constexpr double kFreezePitchMm = 19.0;
constexpr double kFreezeFirstMm = 13.5;
constexpr double kFreezeDiskMm = 16.0;
constexpr double kBannerTextPx = 15;
constexpr double kBannerPad = 6;
constexpr double kBannerGap = 6;

std::optional<QPointF> point_of(const json& value) {
  if (!value.is_array() || value.size() < 2 || !value[0].is_number() || !value[1].is_number()) {
    return std::nullopt;
  }
  return QPointF(value[0].get<double>(), value[1].get<double>());
}

// A polygon in picture pixels from [[x, y], ...]; empty when malformed.
QPolygonF polygon_of(const json& points) {
  QPolygonF polygon;
  if (!points.is_array()) return polygon;
  for (const json& point : points) {
    const auto p = point_of(point);
    if (!p) return {};
    polygon << *p;
  }
  return polygon;
}

std::string string_field(const json& object, const char* key) {
  const auto found = object.find(key);
  if (found == object.end()) return {};
  return found->is_string() ? found->get<std::string>() : found->dump();
}

class OverlayDrawer {
 public:
  OverlayDrawer(QPainter& painter, const QTransform& widget_from_image,
                const OverlayOptions& options)
      : painter_(painter), transform_(widget_from_image), options_(options) {}

  void freeze_stack(const json& stack) {
    const QPolygonF corners = polygon_of(stack.value("corners", json()));
    if (corners.size() != 4) return;
    const QPolygonF outline = transform_.map(corners);
    const bool aligned = stack.value("aligned", true);
    const json tricks = stack.value("tricks", json::array());
    const OverlayRole role = !aligned          ? OverlayRole::illegal
                             : !tricks.empty() ? OverlayRole::trick
                                               : OverlayRole::card;
    draw_outline(outline, role);
    const double side_px = QLineF(outline[0], outline[1]).length();
    const double cell_px = side_px * kFreezePitchMm / kFreezeSideMm;
    const json cells = stack.value("cells", json::array());
    if (options_.show_cells && cells.is_array() && cells.size() == 3) {
      for (std::size_t row = 0; row < 3; ++row) {
        for (std::size_t col = 0; col < 3; ++col) {
          const json& cell =
              cells[row].is_array() && cells[row].size() == 3 ? cells[row][col] : json();
          const double u =
              (kFreezeFirstMm + kFreezePitchMm * static_cast<double>(col)) / kFreezeSideMm;
          const double v =
              (kFreezeFirstMm + kFreezePitchMm * static_cast<double>(row)) / kFreezeSideMm;
          const QPointF top = outline[0] + u * (outline[1] - outline[0]);
          const QPointF bottom = outline[3] + u * (outline[2] - outline[3]);
          draw_cell(top + v * (bottom - top), cell_px,
                    cell.is_string() ? cell.get<std::string>() : "unknown");
        }
      }
    }
    QString verdict;
    if (!aligned) verdict = "ILLEGAL: not aligned";
    for (const json& colour : tricks) {
      verdict += (verdict.isEmpty() ? QString("TRICK: ") : QString(", ")) +
                 QString::fromStdString(string_field(json{{"c", colour}}, "c"));
    }
    if (!verdict.isEmpty()) draw_tag(outline, role, verdict, cell_px);
  }

  // A card of Trio Monsters or Punto, a tile of Bugs & Co.
  void piece(const json& piece, bool detached) {
    const QPolygonF outline = transform_.map(polygon_of(piece.value("polygon", json())));
    if (outline.size() < 3) return;
    draw_outline(outline, detached ? OverlayRole::detached : OverlayRole::card);
    const QPointF centre = outline.boundingRect().center();
    const double size_px = std::sqrt(std::abs(area_of(outline)));
    std::string word = string_field(piece, "color");
    if (word.empty()) word = string_field(piece, "species");
    // Punto: the value follows the colour's word, under the colour's symbol.
    const std::string value = piece.contains("value") && !piece["value"].is_null()
                                  ? " " + string_field(piece, "value")
                                  : std::string();
    if (options_.show_cells && !word.empty()) draw_cell(centre, size_px * 0.6, word, value);
    if (detached) draw_tag(outline, OverlayRole::detached, "DETACHED", size_px * 0.3);
  }

  void probe(cv::Point2d point, const std::string& text) {
    const QPointF centre = transform_.map(QPointF(point.x, point.y));
    const double r = 14 * options_.text_scale;
    for (const auto& [colour, width] :
         {std::pair{QColor(Qt::black), 5.0}, std::pair{QColor(Qt::white), 2.0}}) {
      painter_.setPen(QPen(colour, width));
      painter_.setBrush(Qt::NoBrush);
      painter_.drawEllipse(centre, r, r);
      painter_.drawLine(centre - QPointF(r * 1.8, 0), centre - QPointF(r * 0.5, 0));
      painter_.drawLine(centre + QPointF(r * 0.5, 0), centre + QPointF(r * 1.8, 0));
      painter_.drawLine(centre - QPointF(0, r * 1.8), centre - QPointF(0, r * 0.5));
      painter_.drawLine(centre + QPointF(0, r * 0.5), centre + QPointF(0, r * 1.8));
    }
    if (!text.empty()) {
      draw_box_text(centre + QPointF(r * 2.2, -r), QString::fromStdString("probe: " + text),
                    QColor(Qt::white), false);
    }
  }

  void marks(const std::vector<cv::Point2d>& points) {
    QPolygonF polygon;
    for (const cv::Point2d& point : points) polygon << transform_.map(QPointF(point.x, point.y));
    const RoleStyle style = role_style(OverlayRole::trick, options_.colour_blind);
    if (polygon.size() >= 2) {
      painter_.setBrush(Qt::NoBrush);
      painter_.setPen(QPen(Qt::black, style.width_px + 3));
      painter_.drawPolyline(polygon);
      painter_.setPen(QPen(style.colour, style.width_px, Qt::DashLine));
      painter_.drawPolyline(polygon);
    }
    for (qsizetype i = 0; i < polygon.size(); ++i) {
      const double r = 11 * options_.text_scale;
      painter_.setPen(QPen(Qt::black, 2));
      painter_.setBrush(style.colour);
      painter_.drawEllipse(polygon[i], r, r);
      draw_label(polygon[i], QString::number(i + 1), r * 1.3, Qt::white);
    }
  }

  void banner(const QRectF& area, const std::vector<json>& all_verdicts, bool unstable) {
    double y = area.top() + 6;
    // The newest lines that fit.
    const std::size_t room = static_cast<std::size_t>(kBannerLines - (unstable ? 1 : 0));
    const std::vector<json> verdicts(all_verdicts.size() > room
                                         ? all_verdicts.end() - static_cast<std::ptrdiff_t>(room)
                                         : all_verdicts.begin(),
                                     all_verdicts.end());
    if (unstable) {
      const RoleStyle style = role_style(OverlayRole::illegal, options_.colour_blind);
      const QRectF box =
          draw_box_text(QPointF(area.left() + 8, y),
                        "UNSTABLE: view blocked or unclear, nothing is judged", style.colour, true);
      y = box.bottom() + kBannerGap;
    }
    for (const json& verdict : verdicts) {
      const std::string type = string_field(verdict, "type");
      const OverlayRole role = type == "illegal"    ? OverlayRole::illegal
                               : type == "capture"  ? OverlayRole::capture
                               : type == "detached" ? OverlayRole::detached
                                                    : OverlayRole::trick;
      const RoleStyle style = role_style(role, options_.colour_blind);
      // Tagged by the event's own type: a Trio or Punto play is no trick.
      const QString text = QString::fromStdString(type).toUpper() + "  " +
                           QString::fromStdString(describe_event(verdict));
      const QRectF box = draw_box_text(
          QPointF(area.left() + 8, y), text,
          role == OverlayRole::detached && options_.colour_blind ? QColor(Qt::white) : style.colour,
          true);
      y = box.bottom() + kBannerGap;
    }
  }

 private:
  static double area_of(const QPolygonF& polygon) {
    double twice = 0;
    for (qsizetype i = 0; i < polygon.size(); ++i) {
      const QPointF& a = polygon[i];
      const QPointF& b = polygon[(i + 1) % polygon.size()];
      twice += a.x() * b.y() - b.x() * a.y();
    }
    return twice / 2;
  }

  void draw_outline(const QPolygonF& outline, OverlayRole role) {
    const RoleStyle style = role_style(role, options_.colour_blind);
    const QColor halo = style.colour.lightness() < 60 ? QColor(Qt::white) : QColor(Qt::black);
    draw_stroked_outline(painter_, outline,
                         {halo, style.width_px + 3, style.colour, style.width_px, style.line});
    // The first corner, as interface.md numbers them: a filled dot, the same on every card.
    const double radius = style.width_px + 1.5;
    const QString key =
        QStringLiteral("corner|%1|%2|%3").arg(style.colour.rgba()).arg(halo.rgba()).arg(radius);
    overlay_stamps().draw(painter_, outline[0], key, [&] {
      return StampDrawing{QRectF(-radius, -radius, 2 * radius, 2 * radius).adjusted(-1, -1, 1, 1),
                          [halo, colour = style.colour, radius](QPainter& painter) {
                            painter.setPen(QPen(halo, 1.5));
                            painter.setBrush(colour);
                            painter.drawEllipse(QPointF(0, 0), radius, radius);
                          }};
    });
  }

  // A colour's symbol and word (then `suffix`), or another word such as "empty".
  void draw_cell(QPointF centre, double cell_px, const std::string& word,
                 const std::string& suffix = {}) {
    const auto colour = referee::parse_colour(word);
    const double text_px = std::clamp(cell_px * 0.22, 8.0, 20.0) * options_.text_scale;
    if (colour) {
      const double disk_px = cell_px * kFreezeDiskMm / kFreezePitchMm;
      if (options_.colour_blind) draw_hatching(centre, disk_px, *colour);
      // Whole pixels: the symbol's stamp serves every monster of its colour and about its size.
      const double symbol_px =
          std::round(std::clamp(cell_px * 0.3, 8.0, 26.0) * options_.text_scale);
      draw_symbol(centre - QPointF(0, text_px * 0.55), symbol_px, symbol_of(*colour));
      draw_label(centre + QPointF(0, symbol_px * 0.55 + text_px * 0.15),
                 QString::fromStdString(word + suffix), text_px, Qt::white, cell_px * 0.95);
    } else if (word == "empty") {
      draw_label(centre, "empty", text_px * 0.85, QColor(200, 200, 200), cell_px * 0.9);
    } else {
      draw_label(centre, QString::fromStdString((word == "unknown" ? "? unknown" : word) + suffix),
                 text_px, QColor(255, 235, 150), cell_px * 0.95);
    }
  }

  // Text with a dark outline, centred on `centre`; shrunk to `max_width` when given, so that the
  // names of neighbouring monsters never run into each other.
  void draw_label(QPointF centre, const QString& text, double pixel_size, const QColor& fill,
                  double max_width = 0) {
    QFont font = painter_.font();
    font.setPixelSize(std::max(6, static_cast<int>(pixel_size)));
    font.setBold(true);
    if (max_width > 0) {
      const double width = QFontMetricsF(font).horizontalAdvance(text);
      if (width > max_width)
        font.setPixelSize(static_cast<int>(std::max(6.0, pixel_size * max_width / width)));
    }
    const double outline_px = std::max(2.0, font.pixelSize() / 4.0);
    const QString key = QStringLiteral("label|%1|%2|%3").arg(text, font.key()).arg(fill.rgba());
    overlay_stamps().draw(painter_, centre, key, [&] {
      QPainterPath path;
      path.addText(0, 0, font, text);
      path.translate(-path.boundingRect().center());
      return StampDrawing{
          path.boundingRect().adjusted(-outline_px, -outline_px, outline_px, outline_px),
          [path, fill, outline_px](QPainter& painter) {
            painter.setPen(QPen(Qt::black, outline_px, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            painter.setBrush(Qt::NoBrush);
            painter.drawPath(path);
            painter.setPen(Qt::NoPen);
            painter.setBrush(fill);
            painter.drawPath(path);
          }};
    });
  }

  // A colour's symbol in white, outlined in black, fitting a square of side `size_px`.
  void draw_symbol(QPointF centre, double size_px, ColourSymbol symbol) {
    const QString key = QStringLiteral("symbol|%1|%2").arg(static_cast<int>(symbol)).arg(size_px);
    overlay_stamps().draw(painter_, centre, key, [&] {
      const QPainterPath path = symbol_path(symbol, QPointF(0, 0), size_px);
      return StampDrawing{path.boundingRect().adjusted(-1, -1, 1, 1), [path](QPainter& painter) {
                            painter.setPen(QPen(Qt::black, 2.0));
                            painter.setBrush(Qt::white);
                            painter.drawPath(path);
                          }};
    });
  }

  // The hatching of `colour` over a monster `disk_px` across, light with a dark shadow a pixel
  // below and right of it.
  void draw_hatching(QPointF centre, double disk_px, referee::Colour colour) {
    const double radius = std::round(disk_px) / 2;
    const QString key = QStringLiteral("hatching|%1|%2").arg(static_cast<int>(colour)).arg(radius);
    overlay_stamps().draw(painter_, centre, key, [&] {
      QPainterPath disk;
      disk.addEllipse(QPointF(0, 0), radius, radius);
      const Qt::BrushStyle pattern = pattern_of(colour);
      return StampDrawing{disk.boundingRect(), [disk, pattern](QPainter& painter) {
                            painter.setPen(Qt::NoPen);
                            painter.setBrush(QBrush(QColor(255, 255, 255, 190), pattern));
                            painter.drawPath(disk);
                            painter.setBrush(QBrush(QColor(0, 0, 0, 150), pattern));
                            painter.setBrushOrigin(1, 1);
                            painter.drawPath(disk);
                          }};
    });
  }

  void draw_tag(const QPolygonF& outline, OverlayRole role, const QString& text, double cell_px) {
    const RoleStyle style = role_style(role, options_.colour_blind);
    const QRectF bounds = outline.boundingRect();
    const double text_px = std::clamp(cell_px * 0.3, 11.0, 24.0) * options_.text_scale;
    const QColor fill = style.colour.lightness() < 60 ? QColor(Qt::white) : style.colour;
    draw_label(QPointF(bounds.center().x(), bounds.bottom() + text_px), text, text_px, fill);
  }

  // Text in a dark box with a coloured edge; returns the box.
  QRectF draw_box_text(QPointF top_left, const QString& text, const QColor& edge, bool bold) {
    QFont font = painter_.font();
    font.setPixelSize(static_cast<int>(kBannerTextPx * options_.text_scale));
    font.setBold(bold);
    painter_.setFont(font);
    const QFontMetricsF metrics(font);
    const double pad = kBannerPad * options_.text_scale;
    const QRectF box(top_left,
                     QSizeF(metrics.horizontalAdvance(text) + 2 * pad, metrics.height() + 2 * pad));
    painter_.setPen(QPen(edge, 3));
    painter_.setBrush(QColor(0, 0, 0, 200));
    painter_.drawRoundedRect(box, 4, 4);
    painter_.setPen(Qt::white);
    painter_.drawText(box.adjusted(pad, pad, -pad, -pad), Qt::AlignLeft | Qt::AlignVCenter, text);
    return box;
  }

  QPainter& painter_;
  QTransform transform_;
  OverlayOptions options_;
};

std::set<int> detached_ids(const json& layout) {
  std::set<int> ids;
  const auto detached = layout.find("detached");
  if (detached == layout.end() || !detached->is_array()) return ids;
  for (const json& id : *detached) {
    if (id.is_number_integer()) ids.insert(id.get<int>());
  }
  return ids;
}

void paint_layout(OverlayDrawer& drawer, const json& layout) {
  if (!layout.is_object()) return;
  if (const auto stacks = layout.find("stacks"); stacks != layout.end() && stacks->is_array()) {
    for (const json& stack : *stacks) {
      if (stack.is_object()) drawer.freeze_stack(stack);
    }
  }
  const std::set<int> detached = detached_ids(layout);
  for (const char* key : {"cards", "tiles"}) {
    const auto pieces = layout.find(key);
    if (pieces == layout.end() || !pieces->is_array()) continue;
    for (const json& piece : *pieces) {
      if (!piece.is_object()) continue;
      const auto id = piece.find("id");
      const bool is_detached =
          id != piece.end() && id->is_number_integer() && detached.contains(id->get<int>());
      drawer.piece(piece, is_detached);
    }
  }
}

}  // namespace

double banner_height(const OverlayOptions& options) {
  QFont font;
  font.setPixelSize(static_cast<int>(kBannerTextPx * options.text_scale));
  font.setBold(true);
  const double line = QFontMetricsF(font).height() + 2 * kBannerPad * options.text_scale;
  return kBannerLines * (line + kBannerGap) + kBannerGap;
}

void paint_overlay(QPainter& painter, const QTransform& widget_from_image,
                   const QRectF& banner_area, const OverlayState& state,
                   const OverlayOptions& options) {
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing);
  OverlayDrawer drawer(painter, widget_from_image, options);
  // A malformed layout draws less; it never throws out of a paint event.
  try {
    paint_layout(drawer, state.layout);
    drawer.marks(state.marks);
    if (state.probe_point) drawer.probe(*state.probe_point, state.probe_text);
    drawer.banner(banner_area, state.recent_verdicts, state.unstable);
  } catch (const json::exception&) {
  }
  painter.restore();
}

QImage qimage_from_bgr(const cv::Mat& bgr) {
  if (bgr.empty() || bgr.type() != CV_8UC3) return {};
#if Q_BYTE_ORDER == Q_LITTLE_ENDIAN
  // RGB32 lies in memory as blue, green, red and 0xFF: OpenCV's BGRA, written straight into the
  // image (a third of the time of QImage's own conversion).
  QImage image(bgr.cols, bgr.rows, QImage::Format_RGB32);
  if (image.isNull()) return image;  // too large to hold
  cv::Mat bgra(bgr.rows, bgr.cols, CV_8UC4, image.bits(),
               static_cast<std::size_t>(image.bytesPerLine()));
  cv::cvtColor(bgr, bgra, cv::COLOR_BGR2BGRA);
  return image;
#else
  return QImage(bgr.data, bgr.cols, bgr.rows, static_cast<qsizetype>(bgr.step),
                QImage::Format_BGR888)
      .convertToFormat(QImage::Format_RGB32);
#endif
}

QImage render_overlay(const cv::Mat& bgr, const OverlayState& state,
                      const OverlayOptions& options) {
  const QImage picture = qimage_from_bgr(bgr);
  if (picture.isNull()) return picture;
  // The banner strip above the picture, as the live view shows it.
  const int strip = static_cast<int>(std::ceil(banner_height(options)));
  QImage image(picture.width(), picture.height() + strip, QImage::Format_RGB32);
  image.fill(QColor(24, 28, 34));
  QPainter painter(&image);
  painter.drawImage(QPoint(0, strip), picture);
  paint_overlay(painter, QTransform::fromTranslate(0, strip), QRectF(0, 0, image.width(), strip),
                state, options);
  return image;
}

}  // namespace tableref::gui
