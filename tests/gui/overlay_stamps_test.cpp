// Marks stamped from the images they were drawn into once: the same pixels as drawn directly,
// each made once, forgotten past their limit, and drawn directly by a painter that scales.
#include "gui/overlay_stamps.hpp"

#include <gtest/gtest.h>

#include <QPainterPath>
#include <algorithm>

namespace tableref::gui {
namespace {

// An outlined word, as the overlay draws a monster's name.
StampDrawing outlined_word(const QString& word) {
  QFont font;
  font.setPixelSize(16);
  font.setBold(true);
  QPainterPath path;
  path.addText(0, 0, font, word);
  path.translate(-path.boundingRect().center());
  return {path.boundingRect().adjusted(-4, -4, 4, 4), [path](QPainter& painter) {
            painter.setPen(QPen(Qt::black, 4, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            painter.setBrush(Qt::NoBrush);
            painter.drawPath(path);
            painter.setPen(Qt::NoPen);
            painter.setBrush(Qt::white);
            painter.drawPath(path);
          }};
}

QImage backdrop() {
  QImage image(200, 120, QImage::Format_RGB32);
  image.fill(QColor(60, 90, 50));
  return image;
}

// The largest difference of any channel of any pixel.
int largest_difference(const QImage& a, const QImage& b) {
  int largest = 0;
  for (int y = 0; y < a.height(); ++y) {
    for (int x = 0; x < a.width(); ++x) {
      const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
      largest = std::max({largest, std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                          std::abs(qBlue(p) - qBlue(q))});
    }
  }
  return largest;
}

int pixels_changed(const QImage& image) {
  int changed = 0;
  const QImage plain = backdrop();
  for (int y = 0; y < image.height(); ++y) {
    for (int x = 0; x < image.width(); ++x) changed += image.pixel(x, y) != plain.pixel(x, y);
  }
  return changed;
}

TEST(OverlayStamps, AStampedMarkIsTheMarkDrawnDirectly) {
  OverlayStamps stamps;
  QImage stamped = backdrop(), direct = backdrop();
  {
    QPainter painter(&stamped);
    stamps.draw(painter, {100, 60}, "word", [] { return outlined_word("purple"); });
  }
  {
    QPainter painter(&direct);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.translate(100, 60);
    outlined_word("purple").draw(painter);
  }
  EXPECT_GT(pixels_changed(stamped), 300);
  // Antialiased edges blended once over the table or first over nothing: within a level or two.
  EXPECT_LE(largest_difference(stamped, direct), 2);
}

TEST(OverlayStamps, AMarkDrawnAgainIsTakenFromItsStamp) {
  OverlayStamps stamps;
  int made_by_hand = 0;
  const auto make = [&] {
    ++made_by_hand;
    return outlined_word("red");
  };
  QImage image = backdrop();
  QPainter painter(&image);
  for (const QPointF centre : {QPointF(50, 40), QPointF(120, 80), QPointF(150.4, 30.6)})
    stamps.draw(painter, centre, "red", make);
  EXPECT_EQ(made_by_hand, 1);
  EXPECT_EQ(stamps.made(), 1U);
  stamps.draw(painter, {60, 60}, "blue", [] { return outlined_word("blue"); });
  EXPECT_EQ(stamps.made(), 2U);
  EXPECT_EQ(stamps.size(), 2U);
}

TEST(OverlayStamps, AreForgottenPastTheirLimitAndMadeAgain) {
  OverlayStamps stamps;
  QImage image = backdrop();
  QPainter painter(&image);
  for (std::size_t i = 0; i <= OverlayStamps::kMostStamps; ++i) {
    const QString word = QString::number(i);
    stamps.draw(painter, {100, 60}, word, [&] { return outlined_word(word); });
    ASSERT_LE(stamps.size(), OverlayStamps::kMostStamps);
  }
  EXPECT_EQ(stamps.size(), 1U);  // all forgotten when the last one came
  stamps.draw(painter, {100, 60}, "0", [] { return outlined_word("0"); });
  EXPECT_EQ(stamps.made(), OverlayStamps::kMostStamps + 2);
}

TEST(OverlayStamps, APainterThatScalesDrawsTheMarkItself) {
  OverlayStamps stamps;
  QImage scaled = backdrop(), plain = backdrop();
  {
    QPainter painter(&scaled);
    painter.scale(2, 2);
    stamps.draw(painter, {50, 30}, "word", [] { return outlined_word("red"); });
  }
  {
    QPainter painter(&plain);
    stamps.draw(painter, {100, 60}, "word", [] { return outlined_word("red"); });
  }
  EXPECT_EQ(stamps.made(), 1U);  // only the painter that does not scale made a stamp
  // Twice as large each way: about four times the pixels.
  EXPECT_GT(pixels_changed(scaled), 3 * pixels_changed(plain));
}

}  // namespace
}  // namespace tableref::gui
