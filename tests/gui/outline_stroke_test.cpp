// Outlines stroked from each pixel's distance to their sides: what QPainter's stroker draws with
// the same pens, within antialiasing's differences; dashed as Qt dashes; drawn by QPainter itself
// under a painter that scales; nothing for an outline off the picture.
#include "gui/outline_stroke.hpp"

#include <gtest/gtest.h>

#include <QPen>
#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace tableref::gui {
namespace {

const QPolygonF kTriangle({{40.3, 30.6}, {171.8, 52.2}, {88.4, 141.1}});
const QPolygonF kSquare({{30.5, 30.5}, {150.5, 30.5}, {150.5, 150.5}, {30.5, 150.5}});

OutlineStroke card_stroke(Qt::PenStyle style = Qt::SolidLine, double width = 3) {
  return {QColor(Qt::black), width + 3, QColor(0x32, 0xD7, 0x4B), width, style};
}

QImage transparent_image() {
  QImage image(200, 180, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::transparent);
  return image;
}

// The outline as QPainter strokes it with the same pens.
void stroke_with_qpainter(QPainter& painter, const QPolygonF& polygon,
                          const OutlineStroke& stroke) {
  painter.setBrush(Qt::NoBrush);
  painter.setPen(QPen(stroke.halo, stroke.halo_width, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
  painter.drawPolygon(polygon);
  painter.setPen(QPen(stroke.colour, stroke.width, stroke.style, Qt::FlatCap, Qt::RoundJoin));
  painter.drawPolygon(polygon);
}

QImage stroked_by_qpainter(const QPolygonF& polygon, const OutlineStroke& stroke) {
  QImage image = transparent_image();
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  stroke_with_qpainter(painter, polygon, stroke);
  return image;
}

QImage stroked_here(const QPolygonF& polygon, const OutlineStroke& stroke) {
  QImage image = transparent_image();
  stroke_outline(image, polygon, stroke);
  return image;
}

struct Difference {
  double mean = 0;        // of every channel over the pixels either image covers
  double share_over = 0;  // of those pixels, the share with a channel more than 96 apart
  int covered = 0;        // pixels either image covers
};

Difference difference(const QImage& a, const QImage& b) {
  Difference found;
  double sum = 0;
  int over = 0;
  for (int y = 0; y < a.height(); ++y) {
    for (int x = 0; x < a.width(); ++x) {
      const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
      if (qAlpha(p) == 0 && qAlpha(q) == 0) continue;
      ++found.covered;
      const int most = std::max({std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                                 std::abs(qBlue(p) - qBlue(q)), std::abs(qAlpha(p) - qAlpha(q))});
      sum += (std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) +
              std::abs(qBlue(p) - qBlue(q)) + std::abs(qAlpha(p) - qAlpha(q))) /
             4.0;
      over += most > 96;
    }
  }
  found.mean = found.covered > 0 ? sum / found.covered : 0;
  found.share_over = found.covered > 0 ? static_cast<double>(over) / found.covered : 0;
  return found;
}

TEST(OutlineStroke, ASolidOutlineIsWhatQPainterStrokes) {
  for (const QPolygonF& polygon : {kTriangle, kSquare}) {
    for (const double width : {3.0, 6.0}) {
      const OutlineStroke stroke = card_stroke(Qt::SolidLine, width);
      const Difference found =
          difference(stroked_here(polygon, stroke), stroked_by_qpainter(polygon, stroke));
      SCOPED_TRACE(::testing::Message() << "width " << width << ", corners " << polygon.size());
      EXPECT_GT(found.covered, 1000);
      // Only the antialiased edges differ, and little.
      EXPECT_LT(found.mean, 2.0);
      EXPECT_LT(found.share_over, 0.005);
    }
  }
}

TEST(OutlineStroke, DashesFallWhereQPainterDashes) {
  for (const Qt::PenStyle style : {Qt::DashLine, Qt::DotLine, Qt::DashDotLine}) {
    const OutlineStroke stroke = card_stroke(style, 5);
    const QImage here = stroked_here(kSquare, stroke);
    const QImage qt = stroked_by_qpainter(kSquare, stroke);
    SCOPED_TRACE(::testing::Message() << "style " << static_cast<int>(style));
    EXPECT_LT(difference(here, qt).mean, 1.5);
    // Along the top side's middle: the line's colour where Qt's dashes are, the halo between.
    int agree = 0, dashes = 0, gaps = 0;
    for (int x = 40; x < 140; ++x) {
      const bool dash_here = qGreen(here.pixel(x, 30)) > 128;
      const bool dash_qt = qGreen(qt.pixel(x, 30)) > 128;
      agree += dash_here == dash_qt;
      dashes += dash_here;
      gaps += !dash_here;
    }
    EXPECT_GE(agree, 97);
    EXPECT_GT(dashes, 15);
    EXPECT_GT(gaps, 15);
  }
}

TEST(OutlineStroke, APainterThatScalesStrokesWithQPainter) {
  const OutlineStroke stroke = card_stroke();
  QImage drawn = transparent_image();
  {
    QPainter painter(&drawn);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(0.5, 0.5);
    draw_stroked_outline(painter, kSquare, stroke);
  }
  QImage expected = transparent_image();
  {
    QPainter painter(&expected);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(0.5, 0.5);
    stroke_with_qpainter(painter, kSquare, stroke);
  }
  EXPECT_EQ(drawn, expected);
}

TEST(OutlineStroke, OnAHighDensityPictureAsQPainterStrokesIt) {
  // A picture of two device pixels a logical one, as on a high-density screen.
  const auto dense = [] {
    QImage image(400, 360, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(2);
    image.fill(Qt::transparent);
    return image;
  };
  const OutlineStroke stroke = card_stroke();
  QImage here = dense(), qt = dense();
  {
    QPainter painter(&here);
    draw_stroked_outline(painter, kTriangle, stroke);
  }
  {
    QPainter painter(&qt);
    painter.setRenderHint(QPainter::Antialiasing);
    stroke_with_qpainter(painter, kTriangle, stroke);
  }
  const Difference found = difference(here, qt);
  EXPECT_GT(found.covered, 4000);
  EXPECT_LT(found.mean, 2.0);
  EXPECT_LT(found.share_over, 0.005);
}

TEST(OutlineStroke, DrawnOverAPictureAtItsPlace) {
  QImage picture(200, 180, QImage::Format_RGB32);
  picture.fill(QColor(90, 110, 140));
  {
    QPainter painter(&picture);
    painter.translate(5, 7);
    draw_stroked_outline(painter, kSquare, card_stroke());
  }
  // The line's colour on the square's sides (moved with the painter), the picture inside it.
  EXPECT_EQ(picture.pixelColor(95, 37), QColor(0x32, 0xD7, 0x4B));
  EXPECT_EQ(picture.pixelColor(35, 97), QColor(0x32, 0xD7, 0x4B));
  EXPECT_EQ(picture.pixelColor(95, 97), QColor(90, 110, 140));
  // The halo just outside the line.
  EXPECT_EQ(picture.pixelColor(95, 35), QColor(Qt::black));
}

TEST(OutlineStroke, AnOutlineOffThePictureChangesNothing) {
  QImage picture(200, 180, QImage::Format_RGB32);
  picture.fill(QColor(90, 110, 140));
  const QImage before = picture.copy();
  {
    QPainter painter(&picture);
    draw_stroked_outline(painter, QPolygonF({{1e9, 1e9}, {2e9, 1e9}, {2e9, 3e9}}), card_stroke());
    draw_stroked_outline(painter, QPolygonF({{-500, -400}, {-300, -400}, {-300, -200}}),
                         card_stroke());
    draw_stroked_outline(painter, QPolygonF({{std::nan(""), 3}, {5, 5}, {9, 1}}), card_stroke());
  }
  EXPECT_EQ(picture, before);
}

TEST(OutlineStroke, AnOutlineReachingFarOffThePictureShowsWhereItCrossesIt) {
  QImage picture(200, 180, QImage::Format_RGB32);
  picture.fill(QColor(90, 110, 140));
  {
    QPainter painter(&picture);
    draw_stroked_outline(painter, QPolygonF({{20, 20}, {180, 20}, {1e9, 5e8}}), card_stroke());
  }
  // Its top side, along y = 20 within the picture.
  EXPECT_EQ(picture.pixelColor(100, 20), QColor(0x32, 0xD7, 0x4B));
  EXPECT_EQ(picture.pixelColor(100, 100), QColor(90, 110, 140));
}

}  // namespace
}  // namespace tableref::gui
