#include "vision/observation_json.hpp"

namespace tableref::vision {

namespace {
nlohmann::json point_json(const cv::Point2d& p) {
  // Two decimals: sub-pixel corners without noise digits.
  return {std::round(p.x * 100) / 100, std::round(p.y * 100) / 100};
}
}  // namespace

std::string cell_word(const referee::freeze::ViewCell& cell) {
  using Kind = referee::freeze::ViewCell::Kind;
  switch (cell.kind) {
    case Kind::monster:
      return std::string(referee::colour_name(cell.colour));
    case Kind::empty:
      return "empty";
    case Kind::unknown:
      return "unknown";
  }
  return "unknown";
}

nlohmann::json freeze_fields(const FreezeReading& reading) {
  nlohmann::json stacks = nlohmann::json::array();
  for (const FreezeStackReading& stack : reading.stacks) {
    nlohmann::json corners = nlohmann::json::array();
    for (const cv::Point2d& corner : stack.corners) corners.push_back(point_json(corner));
    nlohmann::json cells = nlohmann::json::array();
    for (std::size_t row = 0; row < 3; ++row) {
      nlohmann::json cells_row = nlohmann::json::array();
      for (std::size_t col = 0; col < 3; ++col)
        cells_row.push_back(cell_word(stack.cells[row * 3 + col]));
      cells.push_back(std::move(cells_row));
    }
    nlohmann::json tricks = nlohmann::json::array();
    for (const referee::Colour colour : stack.tricks)
      tricks.push_back(referee::colour_name(colour));
    stacks.push_back({{"corners", std::move(corners)},
                      {"cells", std::move(cells)},
                      {"tricks", std::move(tricks)},
                      {"aligned", stack.aligned},
                      {"consistent", stack.consistent}});
  }
  return {{"status", reading.unstable ? "unstable" : "ok"}, {"stacks", std::move(stacks)}};
}

std::string colour_word(const std::optional<referee::Colour>& colour) {
  return colour ? std::string(referee::colour_name(*colour)) : std::string("unknown");
}

nlohmann::json trio_fields(const TrioReading& reading) {
  nlohmann::json cards = nlohmann::json::array();
  for (std::size_t id = 0; id < reading.cards.size(); ++id) {
    const TrioCardReading& card = reading.cards[id];
    nlohmann::json polygon = nlohmann::json::array();
    for (const cv::Point2d& corner : card.polygon) polygon.push_back(point_json(corner));
    cards.push_back({{"id", id},
                     {"polygon", std::move(polygon)},
                     {"center", point_json(card.center)},
                     {"color", colour_word(card.colour)},
                     {"edge_neighbors", card.edge_neighbours},
                     {"corner_neighbors", card.corner_neighbours}});
  }
  return {{"status", reading.unstable ? "unstable" : "ok"},
          {"cards", std::move(cards)},
          {"detached", reading.detached}};
}

std::string value_word(const std::optional<int>& value) {
  return value ? std::to_string(*value) : std::string("unknown");
}

nlohmann::json punto_fields(const PuntoReading& reading) {
  const auto cell_json = [](referee::punto::Cell cell) {
    return nlohmann::json{cell.col, cell.row};
  };
  nlohmann::json cards = nlohmann::json::array();
  for (const PuntoCardReading& card : reading.cards) {
    nlohmann::json polygon = nlohmann::json::array();
    for (const cv::Point2d& corner : card.polygon) polygon.push_back(point_json(corner));
    cards.push_back(
        {{"polygon", std::move(polygon)},
         {"center", point_json(card.center)},
         {"color", colour_word(card.colour)},
         {"value", card.value ? nlohmann::json(*card.value) : nlohmann::json("unknown")},
         {"cell", cell_json(card.cell)}});
  }
  nlohmann::json lines = nlohmann::json::array();
  for (const referee::punto::Line& line : reading.lines) {
    nlohmann::json cells = nlohmann::json::array();
    for (const referee::punto::Cell cell : line.cells) cells.push_back(cell_json(cell));
    lines.push_back({{"color", referee::colour_name(line.colour)},
                     {"length", line.length()},
                     {"cells", std::move(cells)}});
  }
  nlohmann::json fields = {{"status", reading.unstable ? "unstable" : "ok"},
                           {"cards", std::move(cards)},
                           {"lines", std::move(lines)},
                           {"fits_6x6", reading.fits_6x6}};
  if (!reading.doubts.empty()) fields["doubts"] = reading.doubts;
  return fields;
}

nlohmann::json bugs_fields(const BugsReading& reading) {
  nlohmann::json tiles = nlohmann::json::array();
  for (const BugsTileReading& tile : reading.tiles) {
    nlohmann::json polygon = nlohmann::json::array();
    for (const cv::Point2d& corner : tile.polygon) polygon.push_back(point_json(corner));
    nlohmann::json entry = {{"polygon", std::move(polygon)},
                            {"center", point_json(tile.center)},
                            {"kind", tile.trophy ? "trophy" : "monster"}};
    if (tile.trophy)
      entry["value"] = tile.value ? nlohmann::json(*tile.value) : nlohmann::json("unknown");
    else
      entry["species"] = tile.species ? *tile.species : std::string("unknown");
    tiles.push_back(std::move(entry));
  }
  nlohmann::json players = nlohmann::json::array();
  for (const BugsCollectionReading& collection : reading.collections) {
    nlohmann::json player = {{"tiles", collection.tiles},
                             {"score", referee::bugs::to_json(collection.score)},
                             {"unknown_tiles", collection.unknown_tiles},
                             {"status", collection.unstable ? "unstable" : "ok"}};
    if (collection.seat >= 0) player["seat"] = collection.seat;
    players.push_back(std::move(player));
  }
  nlohmann::json fields = {{"status", reading.unstable ? "unstable" : "ok"},
                           {"tiles", std::move(tiles)},
                           {"score", referee::bugs::to_json(reading.score)},
                           {"players", std::move(players)}};
  if (!reading.doubts.empty()) fields["doubts"] = reading.doubts;
  if (!reading.stray_eyes.empty()) {
    nlohmann::json eyes = nlohmann::json::array();
    for (const cv::Point2d& eye : reading.stray_eyes) eyes.push_back(point_json(eye));
    fields["stray_eyes"] = std::move(eyes);
  }
  return fields;
}

}  // namespace tableref::vision
