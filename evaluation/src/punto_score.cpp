#include "evaluation/punto_score.hpp"

#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include "json_geometry.hpp"
#include "truth_matching.hpp"

namespace tableref::evaluation {

namespace {

using nlohmann::json;
using CellKey = std::pair<int, int>;

CellKey cell_of(const json& card) {
  return {card.at("cell").at(0).get<int>(), card.at("cell").at(1).get<int>()};
}

const json* pile_facts(const json& truth, std::size_t card) {
  if (!truth.contains("truth") || !truth.at("truth").contains("piles")) return nullptr;
  return &truth.at("truth").at("piles").at(card);
}

double pile_visible_fraction(const json& truth, std::size_t card) {
  const json* facts = pile_facts(truth, card);
  return facts == nullptr ? 1.0 : facts->value("visible_fraction", 1.0);
}

bool dots_hidden(const json& truth, std::size_t card) {
  const json* facts = pile_facts(truth, card);
  return facts != nullptr && facts->value("hidden_dot_positions", 0) > 0;
}

// A line as a set of true cells: the reading's cells are mapped through the cards matched on
// them; nullopt when one of its cells holds no matched card.
using LineKey = std::pair<std::string, std::set<CellKey>>;

std::optional<std::set<LineKey>> read_lines_on_truth(
    const json& reading, const std::map<CellKey, CellKey>& true_cell_of) {
  std::set<LineKey> lines;
  for (const json& line : reading.at("lines")) {
    LineKey key{line.at("color").get<std::string>(), {}};
    for (const json& cell : line.at("cells")) {
      const auto found = true_cell_of.find({cell.at(0).get<int>(), cell.at(1).get<int>()});
      if (found == true_cell_of.end()) return std::nullopt;
      key.second.insert(found->second);
    }
    lines.insert(std::move(key));
  }
  return lines;
}

std::set<LineKey> true_lines(const json& truth) {
  std::set<LineKey> lines;
  for (const json& line : truth.at("lines")) {
    LineKey key{line.at("color").get<std::string>(), {}};
    for (const json& cell : line.at("cells"))
      key.second.insert({cell.at(0).get<int>(), cell.at(1).get<int>()});
    lines.insert(std::move(key));
  }
  return lines;
}

std::string value_text(const json& value) {
  return value.is_string() ? value.get<std::string>() : std::to_string(value.get<int>());
}

}  // namespace

void PuntoScore::add(const PuntoScore& o) {
  images += o.images;
  true_cards += o.true_cards;
  hidden_cards += o.hidden_cards;
  found_cards += o.found_cards;
  matched_cards += o.matched_cards;
  matched_hidden_cards += o.matched_hidden_cards;
  cards_right += o.cards_right;
  cards_wrong += o.cards_wrong;
  cards_unknown += o.cards_unknown;
  cards_excused += o.cards_excused;
  cells_right += o.cells_right;
  exact_verdicts += o.exact_verdicts;
  abstentions += o.abstentions;
  wrong_verdicts += o.wrong_verdicts;
  needless_unstable += o.needless_unstable;
}

std::string PuntoScore::report() const {
  std::ostringstream out;
  out.precision(4);
  out << images << " images, " << true_cards << " cards in view: recall " << 100 * recall()
      << " %, precision " << 100 * precision() << " %; " << matched_hidden_cards << " of "
      << hidden_cards << " partly hidden cards found\n"
      << "colour and value right on " << 100 * card_accuracy() << " % of cards in view, wrong on "
      << cards_wrong << " card(s), unknown on " << cards_unknown << " (and on " << cards_excused
      << " whose dots cannot all be seen); cell right on " << 100 * cell_accuracy() << " %\n"
      << "verdicts right on " << 100 * verdict_accuracy() << " % of images (" << exact_verdicts
      << " exact, " << abstentions << " unstable where cards are hidden), " << wrong_verdicts
      << " wrong, " << needless_unstable << " unstable with every card in view";
  return out.str();
}

PuntoScore score_punto(const json& truth, const json& reading) {
  PuntoScore score;
  score.images = 1;
  const json& true_cards = truth.at("cards");
  const json& read_cards = reading.at("cards");
  score.found_cards = static_cast<int>(read_cards.size());
  std::vector<bool> used(read_cards.size(), false);
  std::map<CellKey, CellKey> true_cell_of;  // read cell -> true cell, through matched cards
  for (std::size_t t = 0; t < true_cards.size(); ++t) {
    const json& true_card = true_cards[t];
    const bool hidden = pile_visible_fraction(truth, t) < kMostlyVisible;
    ++(hidden ? score.hidden_cards : score.true_cards);
    const Point centre = point_of(true_card.at("center"));
    const double tolerance = kMatchShare * mean_side(true_card.at("polygon"));
    for (std::size_t r = 0; r < read_cards.size(); ++r) {
      if (used[r] || distance(centre, point_of(read_cards[r].at("center"))) > tolerance) continue;
      used[r] = true;
      const json& read_card = read_cards[r];
      true_cell_of[cell_of(read_card)] = cell_of(true_card);
      const std::string colour = read_card.at("color").get<std::string>();
      const std::string value = value_text(read_card.at("value"));
      const bool colour_wrong =
          colour != "unknown" && colour != true_card.at("color").get<std::string>();
      const bool value_wrong = value != "unknown" && value != value_text(true_card.at("value"));
      if (colour_wrong || value_wrong) ++score.cards_wrong;
      if (hidden) {
        ++score.matched_hidden_cards;
        break;
      }
      ++score.matched_cards;
      const bool unknown = colour == "unknown" || value == "unknown";
      if (!colour_wrong && !value_wrong) {
        if (!unknown) {
          ++score.cards_right;
        } else if (dots_hidden(truth, t)) {
          ++score.cards_right;  // saying `unknown` where a dot cannot be seen is right
          ++score.cards_excused;
        } else {
          ++score.cards_unknown;
        }
      }
      if (cell_of(read_card) == cell_of(true_card)) ++score.cells_right;
      break;
    }
  }

  const bool truth_hidden = truth.value("status", "ok") == "unstable";
  if (reading.value("status", "ok") == "unstable") {
    ++(truth_hidden ? score.abstentions : score.needless_unstable);
    return score;
  }
  const auto lines = read_lines_on_truth(reading, true_cell_of);
  const bool exact = lines && *lines == true_lines(truth) &&
                     reading.at("fits_6x6") == truth.at("fits_6x6") &&
                     static_cast<int>(true_cards.size()) == score.found_cards;
  ++(exact ? score.exact_verdicts : score.wrong_verdicts);
  return score;
}

}  // namespace tableref::evaluation
