#pragma once
// How the overlay marks things: a colour, a line style and a word per role, and a symbol and a
// fill pattern per monster colour, so that nothing is told by colour alone. The colour-blind
// palette stays distinct for red-green (protan, deutan) and blue-yellow (tritan) colour
// blindness; see colour_vision.hpp.

#include <QColor>
#include <QIcon>
#include <QPainterPath>
#include <QString>
#include <array>
#include <string_view>

#include "referee/colour.hpp"

namespace tableref::gui {

enum class OverlayRole { card, trick, illegal, capture, detached };
inline constexpr std::array<OverlayRole, 5> kAllOverlayRoles = {
    OverlayRole::card, OverlayRole::trick, OverlayRole::illegal, OverlayRole::capture,
    OverlayRole::detached};

struct RoleStyle {
  QColor colour;
  Qt::PenStyle line = Qt::SolidLine;
  double width_px = 3;  // at a 1280-pixel-wide picture shown at full size
  QString tag;          // the word written beside the mark: "TRICK", "ILLEGAL", ...
};

RoleStyle role_style(OverlayRole role, bool colour_blind);

// A shape per monster colour, drawn beside its name.
enum class ColourSymbol { star, plus, triangle, square, diamond, cross };
ColourSymbol symbol_of(referee::Colour colour);
std::string_view symbol_name(ColourSymbol symbol);  // "star", "plus", ...
// The symbol centred on `centre`, fitting a square of side `size`.
QPainterPath symbol_path(ColourSymbol symbol, QPointF centre, double size);
// The hatching laid over a monster in colour-blind mode.
Qt::BrushStyle pattern_of(referee::Colour colour);

// The palette's print colour.
QColor print_colour(referee::Colour colour);
// A small picture of the colour: swatch, pattern and symbol, for lists and table headers.
QIcon colour_icon(referee::Colour colour, int size_px = 20);

}  // namespace tableref::gui
