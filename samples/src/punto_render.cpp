// Punto on the capture pipeline: the cards' art as flat pieces, and the truth of a photo.

#include "punto_render.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <stdexcept>

#include "referee/colour.hpp"
#include "referee/deck.hpp"
#include "referee/punto/card_face.hpp"
#include "referee/punto/lines.hpp"
#include "square_pieces.hpp"

namespace tableref::samples {

namespace {

using referee::punto::Cell;

// A layout is not readable with confidence when a hand or glare hides more than this share of a
// visible card, or more than half of one of its dot positions.
constexpr double kHiddenCardShare = 0.05;
constexpr double kHiddenPositionShare = 0.5;

// Clockwise quarter turns as seen from above (x right, y down) of a dot index on the 3 x 3 grid.
std::size_t turned_dot(std::size_t index, int quarter_turns) {
  int row = static_cast<int>(index / 3), col = static_cast<int>(index % 3);
  for (int turn = 0; turn < quarter_turns; ++turn) {
    const int next_row = col, next_col = 2 - row;
    row = next_row;
    col = next_col;
  }
  return static_cast<std::size_t>(row * 3 + col);
}

// One printed copy of a card, as it lies (dots already turned).
struct PuntoCardArt {
  std::array<bool, 9> dots{};
  cv::Vec3d rim, face, dot;

  void operator()(PieceCanvas& canvas) const {
    const double side = kPuntoCardSideMm;
    canvas.fill_background(rim);
    canvas.fill_rounded_rect({0, 0, side, side}, kPuntoCornerRadiusMm, rim);
    canvas.fill_rounded_rect(
        {kPuntoRimMm, kPuntoRimMm, side - 2 * kPuntoRimMm, side - 2 * kPuntoRimMm},
        kPuntoCornerRadiusMm - kPuntoRimMm, face);
    for (std::size_t index = 0; index < dots.size(); ++index) {
      if (!dots[index]) continue;
      const double col = static_cast<double>(index % 3), row = static_cast<double>(index / 3);
      const cv::Point2d centre(side / 2 + (col - 1) * kPuntoDotPitchMm,
                               side / 2 + (row - 1) * kPuntoDotPitchMm);
      canvas.fill_circle(centre, kPuntoDotDiameterMm, dot);
    }
  }
};

PuntoCardArt print_card(const referee::PuntoCard& card, int quarter_turns, double variation,
                        std::mt19937_64& rng) {
  PrintedCopy copy(variation, rng);
  PuntoCardArt art;
  const std::array<bool, 9> printed = referee::punto::printed_dots(card.value);
  for (std::size_t index = 0; index < printed.size(); ++index)
    art.dots[turned_dot(index, quarter_turns)] = printed[index];
  art.rim = copy.ink(hex_rgb(0xC8C8C8));
  art.face = copy.ink(hex_rgb(0x161616));
  art.dot = copy.ink(rgb_of(referee::reference_rgb(card.colour)));
  return art;
}

}  // namespace

FlatPiece punto_card_piece(const PuntoScene& scene, const PuntoPileLayout& pile, std::size_t level,
                           const CaptureConditions& conditions, std::mt19937_64& print_rng) {
  const PuntoCardLayout& card = pile.cards.at(level);
  const referee::PuntoCard* printed = referee::builtin_punto_deck().find(card.card_id);
  if (printed == nullptr) throw std::invalid_argument("unknown Punto card " + card.card_id);
  const PuntoCardPose pose = punto_card_pose(scene, pile, level);
  return square_piece(
      {pose.centre_mm, pose.angle_deg}, kPuntoCardSideMm,
      static_cast<double>(level) * kPuntoCardThicknessMm, kPuntoCardThicknessMm,
      print_card(*printed, card.quarter_turns, conditions.print_variation, print_rng));
}

namespace {

TableLayout punto_table_layout(const PuntoScene& scene, const CaptureConditions& conditions,
                               std::mt19937_64& rng) {
  std::size_t deepest = 0;
  for (const PuntoPileLayout& pile : scene.piles) deepest = std::max(deepest, pile.cards.size());
  TableLayout layout;
  // Level by level: a pile's lower cards are drawn before the cards above them.
  for (std::size_t level = 0; level < deepest; ++level) {
    for (const PuntoPileLayout& pile : scene.piles) {
      if (level < pile.cards.size())
        layout.pieces.push_back(punto_card_piece(scene, pile, level, conditions, rng));
    }
  }
  return layout;
}

// ---- Truth ----------------------------------------------------------------------------------

// interface.md: the image's grid axes are the layout's axes nearest to the image's. The layout
// direction (in layout cells) that the image's column axis follows, and the row axis after it.
struct ImageGrid {
  Cell column_axis{1, 0};
  Cell row_axis{0, 1};
  int quarter_turns = 0;
};

ImageGrid image_grid(const PuntoScene& scene, const Photo& photo) {
  cv::Point2d centre(0, 0);
  for (const PuntoPileLayout& pile : scene.piles)
    centre += punto_card_pose(scene, pile, 0).centre_mm;
  centre *= 1.0 / static_cast<double>(scene.piles.size());
  const double angle = scene.angle_deg * std::numbers::pi / 180;
  const cv::Point2d along = cv::Point2d(std::cos(angle), std::sin(angle)) * 10.0;
  const cv::Point2d seen =
      photo.camera.image_from_table(centre + along) - photo.camera.image_from_table(centre);
  const double seen_deg = std::atan2(seen.y, seen.x) * 180 / std::numbers::pi;
  // Quarter turns k: the layout direction turned -k quarter turns points along image +x.
  ImageGrid grid;
  double best = 1e9;
  for (int turns = 0; turns < 4; ++turns) {
    const double off = std::abs(std::remainder(seen_deg + 90.0 * turns, 360.0));
    if (off < best) {
      best = off;
      grid.quarter_turns = turns;
    }
  }
  // The layout's +col axis is seen at seen_deg: the direction seen at seen_deg + 90 k is the
  // column axis turned k quarter turns clockwise.
  Cell axis{1, 0};
  for (int turn = 0; turn < grid.quarter_turns; ++turn) axis = {-axis.row, axis.col};
  grid.column_axis = axis;
  grid.row_axis = {-axis.row, axis.col};
  return grid;
}

std::map<Cell, Cell> image_cells(const PuntoScene& scene, const ImageGrid& grid) {
  std::map<Cell, Cell> seen;
  Cell lowest{1 << 20, 1 << 20};
  for (const PuntoPileLayout& pile : scene.piles) {
    const Cell cell{pile.cell.col * grid.column_axis.col + pile.cell.row * grid.column_axis.row,
                    pile.cell.col * grid.row_axis.col + pile.cell.row * grid.row_axis.row};
    seen[pile.cell] = cell;
    lowest = {std::min(lowest.col, cell.col), std::min(lowest.row, cell.row)};
  }
  for (auto& [layout_cell, cell] : seen) cell = cell - lowest;
  return seen;
}

// How much hands and glare hide each dot position of a card, as it lies: a position more than
// half hidden cannot be read.
int hidden_dot_positions(const Photo& photo, const PuntoCardPose& pose) {
  int hidden = 0;
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) {
      const cv::Point2d centre(kPuntoCardSideMm / 2 + (col - 1) * kPuntoDotPitchMm,
                               kPuntoCardSideMm / 2 + (row - 1) * kPuntoDotPitchMm);
      double total = 0;
      int samples = 0;
      for (double dy = -3.5; dy <= 3.5; dy += 1.0) {
        for (double dx = -3.5; dx <= 3.5; dx += 1.0) {
          if (dx * dx + dy * dy > 16) continue;
          const cv::Point2d table_mm = table_from_square(
              {pose.centre_mm, pose.angle_deg}, kPuntoCardSideMm, centre + cv::Point2d(dx, dy));
          total += occlusion_at(photo, photo.camera.image_from_table(table_mm));
          ++samples;
        }
      }
      hidden += total / samples > kHiddenPositionShare ? 1 : 0;
    }
  }
  return hidden;
}

nlohmann::json cell_json(Cell cell) {
  return {cell.col, cell.row};
}

}  // namespace

nlohmann::json punto_truth(const PuntoScene& scene, const Photo& photo) {
  if (scene.piles.empty()) {
    return {{"game", "punto"},
            {"status", "ok"},
            {"cards", nlohmann::json::array()},
            {"lines", nlohmann::json::array()},
            {"fits_6x6", true},
            {"truth", photo_facts(photo)}};
  }
  const referee::PuntoDeck& deck = referee::builtin_punto_deck();
  const ImageGrid grid = image_grid(scene, photo);
  const std::map<Cell, Cell> cells = image_cells(scene, grid);

  // Visible cards in reading order: by image row, then column.
  std::vector<std::size_t> order(scene.piles.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const Cell ca = cells.at(scene.piles[a].cell), cb = cells.at(scene.piles[b].cell);
    return std::pair(ca.row, ca.col) < std::pair(cb.row, cb.col);
  });

  referee::punto::Grid seen_grid;
  nlohmann::json cards = nlohmann::json::array(), piles = nlohmann::json::array();
  bool hidden = false;
  for (const std::size_t index : order) {
    const PuntoPileLayout& pile = scene.piles[index];
    const std::size_t top_index = pile.cards.size() - 1;
    const referee::PuntoCard& top = *deck.find(pile.cards[top_index].card_id);
    const Cell cell = cells.at(pile.cell);
    seen_grid.lay(cell, top);
    const PuntoCardPose pose = punto_card_pose(scene, pile, top_index);
    const auto corners = punto_card_corners(pose);
    cards.push_back({{"polygon", image_polygon_json(photo, corners)},
                     {"center", pixel_json(photo.camera.image_from_table(pose.centre_mm))},
                     {"color", referee::colour_name(top.colour)},
                     {"value", top.value},
                     {"cell", cell_json(cell)}});
    const double occlusion =
        square_occlusion(photo, {pose.centre_mm, pose.angle_deg}, kPuntoCardSideMm);
    const int hidden_positions = hidden_dot_positions(photo, pose);
    hidden = hidden || occlusion > kHiddenCardShare || hidden_positions > 0;
    nlohmann::json pile_cards = nlohmann::json::array();
    for (const PuntoCardLayout& card : pile.cards) {
      pile_cards.push_back(
          {{"id", card.card_id},
           {"quarter_turns", card.quarter_turns},
           {"offset_mm", {rounded(card.offset_mm.x, 3), rounded(card.offset_mm.y, 3)}},
           {"turn_deg", rounded(card.turn_deg, 3)}});
    }
    piles.push_back({{"cell", cell_json(cell)},
                     {"layout_cell", cell_json(pile.cell)},
                     {"cards", pile_cards},
                     {"occlusion", rounded(occlusion, 3)},
                     {"hidden_dot_positions", hidden_positions},
                     {"visible_fraction", rounded(1 - occlusion, 3)}});
  }

  nlohmann::json lines = nlohmann::json::array();
  for (const referee::punto::Line& line : referee::punto::find_lines(seen_grid, 3)) {
    nlohmann::json line_cells = nlohmann::json::array();
    for (const Cell cell : line.cells) line_cells.push_back(cell_json(cell));
    lines.push_back({{"color", referee::colour_name(line.colour)},
                     {"length", line.length()},
                     {"cells", line_cells}});
  }
  nlohmann::json facts = photo_facts(photo);
  facts["piles"] = piles;
  facts["pitch_mm"] = rounded(scene.pitch_mm, 3);
  facts["angle_deg"] = rounded(scene.angle_deg, 3);
  facts["grid_quarter_turns"] = grid.quarter_turns;
  facts["deck"] = "builtin";
  return {{"game", "punto"}, {"status", hidden ? "unstable" : "ok"},     {"cards", cards},
          {"lines", lines},  {"fits_6x6", punto_grid(scene).fits_6x6()}, {"truth", facts}};
}

std::optional<RenderedImage> try_render_punto(const PuntoScene& scene,
                                              const CaptureConditions& conditions,
                                              std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const TableLayout layout = punto_table_layout(scene, conditions, rng);
  const std::optional<Photo> photo = frame_and_photograph(layout, conditions, rng);
  if (!photo) return std::nullopt;
  nlohmann::json truth = punto_truth(scene, *photo);
  truth["truth"]["conditions"] = to_json(conditions);
  truth["truth"]["render_seed"] = seed;
  return RenderedImage{photo->image_bgr, std::move(truth)};
}

RenderedImage render_punto(const PuntoScene& scene, const CaptureConditions& conditions,
                           std::uint64_t seed) {
  if (scene.piles.empty()) throw std::invalid_argument("a punto scene needs at least one card");
  std::optional<RenderedImage> rendered = try_render_punto(scene, conditions, seed);
  if (!rendered) {
    throw std::invalid_argument("the layout is too large to frame with every card at least 70 px");
  }
  return std::move(*rendered);
}

}  // namespace tableref::samples
