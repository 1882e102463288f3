#include "freeze_render.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numbers>
#include <string>

#include "printed_copy.hpp"
#include "referee/colour.hpp"
#include "truth_json.hpp"

namespace tableref::samples {

namespace {

using referee::Colour;
using referee::freeze::Shown;

constexpr double kDiskRadiusMm = kFreezePositionDiameterMm / 2;
// A cell is ambiguous when its most seen label covers less than this share of it.
constexpr double kClearShare = 0.7;
// A cell is occluded when a hand, a sleeve or glare hides more than this share of it.
constexpr double kOccludedShare = 0.5;

// Clockwise quarter turns as seen from above (x right, y down).
cv::Point2d turned(cv::Point2d v, int quarter_turns) {
  for (int turn = 0; turn < quarter_turns; ++turn) v = {-v.y, v.x};
  return v;
}

cv::Point2d position_centre(int row, int col) {
  return {kFreezePositionMm[static_cast<std::size_t>(col)],
          kFreezePositionMm[static_cast<std::size_t>(row)]};
}

// One printed copy of a card, as it lies (positions already turned and flipped).
struct FreezeCardArt {
  Shown positions;
  int quarter_turns = 0;  // the monsters' faces turn with the card
  cv::Vec3d border, face, eye, pupil, mouth;
  std::array<cv::Vec3d, referee::kAllColours.size()> monster;

  void operator()(PieceCanvas& canvas) const {
    const double side = kFreezeCardSideMm;
    canvas.fill_background(border);
    canvas.fill_rounded_rect({0, 0, side, side}, kFreezeCornerRadiusMm, border);
    canvas.fill_rounded_rect(
        {kFreezeBorderMm, kFreezeBorderMm, side - 2 * kFreezeBorderMm, side - 2 * kFreezeBorderMm},
        kFreezeCornerRadiusMm - kFreezeBorderMm, face);
    for (int row = 0; row < 3; ++row) {
      for (int col = 0; col < 3; ++col) {
        const cv::Point2d centre = position_centre(row, col);
        const auto& shown = positions[static_cast<std::size_t>(row * 3 + col)];
        if (shown) {
          paint_monster(canvas, centre, monster[static_cast<std::size_t>(*shown)]);
        } else {
          canvas.cut_circle(centre, kFreezePositionDiameterMm);
        }
      }
    }
  }

  // components.md: the disk, two eyes 3 mm above and 3 mm either side of its centre, a mouth
  // arc 6 mm wide whose lowest point is 3 mm below it (a smile).
  void paint_monster(PieceCanvas& canvas, cv::Point2d centre, const cv::Vec3d& colour) const {
    canvas.fill_circle(centre, kFreezePositionDiameterMm, colour);
    for (const double side : {-3.0, 3.0}) {
      const cv::Point2d eye_centre = centre + turned({side, -3.0}, quarter_turns);
      canvas.fill_circle(eye_centre, 3.5, eye);
      canvas.fill_circle(eye_centre, 1.5, pupil);
    }
    std::vector<cv::Point2d> smile;
    constexpr int kSteps = 12;
    for (int step = 0; step <= kSteps; ++step) {
      const double t = -1.0 + 2.0 * step / kSteps;
      smile.push_back(centre + turned({3.0 * t, 1.8 + 1.2 * (1 - t * t)}, quarter_turns));
    }
    canvas.stroke_polyline(smile, 0.8, mouth);
  }
};

FreezeCardArt print_card(const referee::freeze::PlacedCard& placed, double variation,
                         std::mt19937_64& rng) {
  PrintedCopy copy(variation, rng);
  const auto ink = [&](const cv::Vec3d& reference) { return copy.ink(reference); };
  FreezeCardArt art;
  art.positions = referee::freeze::placed_positions(*placed.card, placed.placement);
  art.quarter_turns = placed.placement.quarter_turns;
  art.border = ink(hex_rgb(0x7FA7C9));
  art.face = ink(hex_rgb(0xDCEAF5));
  art.eye = ink(hex_rgb(0xFFFFFF));
  art.pupil = ink(rgb_of(referee::reference_rgb(Colour::black)));
  art.mouth = ink(hex_rgb(0x2B2B2B));
  for (const Colour colour : referee::kAllColours)
    art.monster[static_cast<std::size_t>(colour)] = ink(rgb_of(referee::reference_rgb(colour)));
  return art;
}

// ---- Truth ----------------------------------------------------------------------------------

cv::Point2d card_from_table(const CardPose& pose, cv::Point2d table_mm) {
  const double angle = -pose.angle_deg * std::numbers::pi / 180;
  const cv::Point2d v = table_mm - pose.centre_mm;
  const double half = kFreezeCardSideMm / 2;
  return cv::Point2d(v.x * std::cos(angle) - v.y * std::sin(angle),
                     v.x * std::sin(angle) + v.y * std::cos(angle)) +
         cv::Point2d(half, half);
}

bool on_card(cv::Point2d card_mm) {
  const double half = kFreezeCardSideMm / 2, inner = half - kFreezeCornerRadiusMm;
  const double dx = std::max(0.0, std::abs(card_mm.x - half) - inner);
  const double dy = std::max(0.0, std::abs(card_mm.y - half) - inner);
  return std::abs(card_mm.x - half) <= half && std::abs(card_mm.y - half) <= half &&
         dx * dx + dy * dy <= kFreezeCornerRadiusMm * kFreezeCornerRadiusMm;
}

// What the camera sees at a table point inside a stack: a monster's colour, or nullopt for no
// monster (the table, or the face of a card below).
std::optional<Colour> seen_through(const FreezeStackLayout& stack,
                                   const std::vector<Shown>& positions, cv::Point2d table_mm) {
  for (std::size_t index = 0; index < stack.cards.size(); ++index) {
    const cv::Point2d local = card_from_table(card_pose(stack, index), table_mm);
    if (!on_card(local)) continue;
    bool in_hole = false;
    for (int cell = 0; cell < 9; ++cell) {
      if (cv::norm(local - position_centre(cell / 3, cell % 3)) > kDiskRadiusMm) continue;
      const auto& shown = positions[index][static_cast<std::size_t>(cell)];
      if (shown) return shown;
      in_hole = true;
    }
    if (!in_hole) return std::nullopt;  // the card's face
  }
  return std::nullopt;
}

// Sample points of a position's disk on a 1 mm grid, in card mm.
std::vector<cv::Point2d> disk_samples(cv::Point2d centre) {
  std::vector<cv::Point2d> samples;
  for (double dy = -7.5; dy <= 7.5; dy += 1) {
    for (double dx = -7.5; dx <= 7.5; dx += 1) {
      if (dx * dx + dy * dy <= kDiskRadiusMm * kDiskRadiusMm)
        samples.push_back(centre + cv::Point2d(dx, dy));
    }
  }
  return samples;
}

struct CellTruth {
  std::string label;  // colour name or "empty"
  double share = 1;   // of the disk that shows `label`
  double occlusion = 0;
};

CellTruth cell_truth(const FreezeStackLayout& stack, const std::vector<Shown>& positions,
                     const Photo& photo, int row, int col) {
  const CardPose top = card_pose(stack, 0);
  std::map<std::string, int> votes;
  double occlusion = 0;
  const std::vector<cv::Point2d> samples = disk_samples(position_centre(row, col));
  for (const cv::Point2d& sample : samples) {
    const cv::Point2d table_mm = table_from_card(top, sample);
    const auto seen = seen_through(stack, positions, table_mm);
    ++votes[seen ? std::string(referee::colour_name(*seen)) : std::string("empty")];
    occlusion += occlusion_at(photo, photo.camera.image_from_table(table_mm));
  }
  const auto best = std::max_element(
      votes.begin(), votes.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  const auto count = static_cast<double>(samples.size());
  return {best->first, best->second / count, occlusion / count};
}

// Among the four ways to name the top card's corners, the one whose first side points nearest
// to image +x (interface.md: corners[0] next to cell (0, 0), clockwise).
int orientation(const std::array<cv::Point2d, 4>& corners_px) {
  int best = 0;
  double best_cosine = -2;
  for (int start = 0; start < 4; ++start) {
    const cv::Point2d side = corners_px[static_cast<std::size_t>((start + 1) % 4)] -
                             corners_px[static_cast<std::size_t>(start)];
    const double cosine = side.x / std::max(1e-12, cv::norm(side));
    if (cosine > best_cosine) {
      best_cosine = cosine;
      best = start;
    }
  }
  return best;
}

// The card's own cell under output cell (row, col) when its corners are named from `start`.
std::pair<int, int> card_cell(int start, int row, int col) {
  const double side = kFreezeCardSideMm;
  const std::array<cv::Point2d, 4> local = {cv::Point2d(0, 0), cv::Point2d(side, 0),
                                            cv::Point2d(side, side), cv::Point2d(0, side)};
  const cv::Point2d origin = local[static_cast<std::size_t>(start)];
  const cv::Point2d along_row = local[static_cast<std::size_t>((start + 1) % 4)] - origin;
  const cv::Point2d along_col = local[static_cast<std::size_t>((start + 3) % 4)] - origin;
  const cv::Point2d at = origin +
                         along_row * (kFreezePositionMm[static_cast<std::size_t>(col)] / side) +
                         along_col * (kFreezePositionMm[static_cast<std::size_t>(row)] / side);
  const auto index = [](double mm) {
    return static_cast<int>(std::lround((mm - kFreezePositionMm[0]) / 19.0));
  };
  return {index(at.y), index(at.x)};
}

nlohmann::json stack_truth(const FreezeStackLayout& stack, const Photo& photo,
                           nlohmann::json& facts) {
  const std::vector<referee::freeze::PlacedCard> placed = placed_cards(stack);
  std::vector<Shown> positions;
  for (const auto& card : placed)
    positions.push_back(referee::freeze::placed_positions(*card.card, card.placement));

  std::array<cv::Point2d, 4> corners_px;
  const std::array<cv::Point2d, 4> corners_mm = card_corners(card_pose(stack, 0));
  for (std::size_t i = 0; i < 4; ++i) corners_px[i] = photo.camera.image_from_table(corners_mm[i]);
  const int start = orientation(corners_px);

  nlohmann::json corners = nlohmann::json::array();
  for (int i = 0; i < 4; ++i)
    corners.push_back(pixel_json(corners_px[static_cast<std::size_t>((start + i) % 4)]));
  nlohmann::json cells = nlohmann::json::array(), occluded = nlohmann::json::array(),
                 occlusion = nlohmann::json::array(), ambiguous = nlohmann::json::array();
  double hidden = 0;
  for (int row = 0; row < 3; ++row) {
    nlohmann::json cell_row = nlohmann::json::array(), occluded_row = nlohmann::json::array(),
                   occlusion_row = nlohmann::json::array(), ambiguous_row = nlohmann::json::array();
    for (int col = 0; col < 3; ++col) {
      const auto [card_row, card_col] = card_cell(start, row, col);
      const CellTruth cell = cell_truth(stack, positions, photo, card_row, card_col);
      cell_row.push_back(cell.label);
      occluded_row.push_back(cell.occlusion > kOccludedShare);
      occlusion_row.push_back(rounded(cell.occlusion));
      ambiguous_row.push_back(cell.share < kClearShare);
      hidden += cell.occlusion / 9;
    }
    cells.push_back(cell_row);
    occluded.push_back(occluded_row);
    occlusion.push_back(occlusion_row);
    ambiguous.push_back(ambiguous_row);
  }

  const bool aligned = is_aligned(stack);
  nlohmann::json tricks = nlohmann::json::array();
  // interface.md: the colours with a line of three in this stack, none when it is not aligned
  // (how many cards a trick takes is for the game's referee, which knows the player's hand).
  if (aligned) {
    for (const Colour colour : referee::freeze::line_colours(referee::freeze::show_stack(placed))) {
      tricks.push_back(referee::colour_name(colour));
    }
  }

  nlohmann::json cards = nlohmann::json::array();
  for (std::size_t index = 0; index < stack.cards.size(); ++index) {
    const FreezeCardLayout& card = stack.cards[index];
    nlohmann::json card_corners_px = nlohmann::json::array();
    for (const cv::Point2d& corner : card_corners(card_pose(stack, index))) {
      card_corners_px.push_back(pixel_json(photo.camera.image_from_table(corner)));
    }
    cards.push_back({{"id", card.card_id},
                     {"quarter_turns", card.placement.quarter_turns},
                     {"flipped", card.placement.flipped},
                     {"offset_mm", {rounded(card.offset_mm.x, 3), rounded(card.offset_mm.y, 3)}},
                     {"turn_deg", rounded(card.turn_deg, 3)},
                     {"corners", card_corners_px}});
  }
  facts = {{"cards", cards},
           {"centre_mm", {rounded(stack.centre_mm.x, 3), rounded(stack.centre_mm.y, 3)}},
           {"angle_deg", rounded(stack.angle_deg, 3)},
           {"corner_start", start},
           {"occluded", occluded},
           {"occlusion", occlusion},
           {"ambiguous", ambiguous},
           {"visible_fraction", rounded(1 - hidden)}};
  return {{"corners", corners}, {"cells", cells}, {"tricks", tricks}, {"aligned", aligned}};
}

}  // namespace

TableLayout freeze_table_layout(const FreezeScene& scene, const CaptureConditions& conditions,
                                std::mt19937_64& rng) {
  TableLayout layout;
  const double side = kFreezeCardSideMm;
  for (const FreezeStackLayout& stack : scene.stacks) {
    const std::vector<referee::freeze::PlacedCard> placed = placed_cards(stack);
    for (std::size_t below = 0; below < stack.cards.size(); ++below) {
      const std::size_t index = stack.cards.size() - 1 - below;  // bottom card first
      const CardPose pose = card_pose(stack, index);
      FlatPiece piece;
      piece.size_mm = {side, side};
      piece.outline_mm = {{0, 0}, {side, 0}, {side, side}, {0, side}};
      piece.centre_mm = pose.centre_mm;
      piece.angle_deg = pose.angle_deg;
      piece.height_mm = static_cast<double>(below) * kFreezeCardThicknessMm;
      piece.thickness_mm = kFreezeCardThicknessMm;
      piece.paint = print_card(placed[index], conditions.print_variation, rng);
      layout.pieces.push_back(std::move(piece));
    }
  }
  return layout;
}

nlohmann::json freeze_truth(const FreezeScene& scene, const Photo& photo) {
  nlohmann::json stacks = nlohmann::json::array(), facts = nlohmann::json::array();
  for (const FreezeStackLayout& stack : scene.stacks) {
    nlohmann::json stack_facts;
    stacks.push_back(stack_truth(stack, photo, stack_facts));
    facts.push_back(stack_facts);
  }
  return {{"game", "freeze"},
          {"status", "ok"},
          {"stacks", stacks},
          {"truth",
           {{"image_size", {photo.image_bgr.cols, photo.image_bgr.rows}},
            {"stacks", facts},
            {"camera", photo.camera.to_json()},
            {"hands", photo.details.at("hands")},
            {"glare", photo.details.at("glare")}}}};
}

}  // namespace tableref::samples
