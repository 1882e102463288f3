#include "live/punto_follower.hpp"

#include <algorithm>
#include <opencv2/imgproc.hpp>
#include <stdexcept>

#include "append_events.hpp"
#include "live/card_outlines.hpp"
#include "logged_state.hpp"
#include "referee/json_input.hpp"
#include "referee/punto/observation.hpp"
#include "vision/observation_json.hpp"

namespace tableref::live {

namespace {

using nlohmann::json;
using referee::Event;
using referee::json_input::Node;
namespace punto = referee::punto;

// Two reads of one still view put each card within this share of its side of the other read.
constexpr double kCardReadAgreementSides = 0.25;
// A card of a new view is a committed card when it lies within this share of its side of it.
constexpr double kCardSamePlaceSides = 0.5;

punto::Seating seating_of(const PuntoFollowerOptions& options) {
  const int count = static_cast<int>(options.players.size());
  if (count < 2 || count > 4) throw std::invalid_argument("Punto is played by 2 to 4 players");
  if (options.first_player < 0 || options.first_player >= count) {
    throw std::invalid_argument("the first player must be one of the players");
  }
  if (options.rounds_to_win < 1) throw std::invalid_argument("a match needs 1 or more rounds");
  auto seating = punto::Seating::with_default_colours(options.players, options.team_game);
  if (!seating) throw std::invalid_argument(seating.error().message);
  return std::move(seating.value());
}

double side_px(const std::array<cv::Point2d, 4>& polygon) {
  double total = 0;
  for (std::size_t i = 0; i < 4; ++i) total += cv::norm(polygon[(i + 1) % 4] - polygon[i]);
  return total / 4;
}

std::vector<punto::SeenCard> seen_cards(const std::vector<NamedPuntoCard>& cards) {
  std::vector<punto::SeenCard> seen;
  for (const NamedPuntoCard& card : cards) seen.push_back({card.cell, card.colour, card.value});
  return seen;
}

// Whether two views show the same faces on the same cells (wherever the cards lie exactly).
bool same_layout(const std::vector<NamedPuntoCard>& before,
                 const std::vector<NamedPuntoCard>& after) {
  punto::Grid grid;
  for (const NamedPuntoCard& card : before) {
    grid.lay(card.cell, referee::PuntoCard{card.id, card.colour, card.value});
  }
  const std::vector<punto::SeenCard> seen = seen_cards(after);
  return before.size() == after.size() &&
         punto::compare_layout(grid, seen).change == punto::LayoutChange::unchanged;
}

// The cards of a confident reading (every colour and value read, nothing covered).
std::vector<NamedPuntoCard> cards_of(const vision::PuntoReading& reading) {
  std::vector<NamedPuntoCard> cards;
  for (const vision::PuntoCardReading& card : reading.cards) {
    cards.push_back({"", card.polygon, card.center, *card.colour, *card.value, card.cell});
  }
  return cards;
}

bool punto_readings_agree(const vision::PuntoReading& a, const vision::PuntoReading& b) {
  if (a.cards.size() != b.cards.size()) return false;
  return std::all_of(a.cards.begin(), a.cards.end(), [&](const vision::PuntoCardReading& card) {
    const double reach = kCardReadAgreementSides * side_px(card.polygon);
    return std::any_of(b.cards.begin(), b.cards.end(), [&](const vision::PuntoCardReading& other) {
      return other.cell == card.cell && other.colour == card.colour && other.value == card.value &&
             cv::norm(other.center - card.center) <= reach;
    });
  });
}

std::vector<NamedPuntoCard> read_punto_state_cards(const Node& state) {
  const Node cards = logged_list(state, "cards");
  std::vector<NamedPuntoCard> read;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const Node card = cards.at(i);
    card.require_object();
    NamedPuntoCard named;
    const Node id = card.at("id");
    named.id = id.as_string();
    if (logged_id_number(named.id, kCardIdPrefix) <= 0)
      id.fail("expected a card id such as \"C1\"");
    const Node polygon = card.at("polygon");
    if (polygon.size() != 4) polygon.fail("expected 4 corners");
    for (std::size_t corner = 0; corner < 4; ++corner)
      named.polygon[corner] = logged_point(polygon.at(corner));
    named.center = logged_point(card.at("center"));
    named.colour = card.at("color").as_colour();
    named.value = card.at("value").as_int(1, 9);
    const Node cell = card.at("cell");
    if (cell.size() != 2) cell.fail("expected [col, row]");
    named.cell = {cell.at(std::size_t{0}).as_int(-100, 100), cell.at(1).as_int(-100, 100)};
    read.push_back(std::move(named));
  }
  return read;
}

json no_cards_layout() {
  return {{"status", "ok"}, {"cards", json::array()}, {"lines", json::array()}, {"fits_6x6", true}};
}

}  // namespace

PuntoFollower::PuntoFollower(PuntoFollowerOptions options, const referee::PuntoDeck& deck)
    : options_(std::move(options)),
      deck_(&deck),
      match_(seating_of(options_), static_cast<punto::Seat>(options_.first_player),
             punto::MatchOptions{options_.rounds_to_win}),
      committed_fields_(no_cards_layout()) {
  reader_params_.lens = options_.lens;
}

bool PuntoFollower::read(const cv::Mat& bgr, const cv::Mat& /*changed*/) {
  vision::StageLog log;
  vision::PuntoReading reading = vision::read_punto(bgr, options_.references, reader_params_, log);
  // A play is judged from faces: a card not read whole says nothing yet.
  const bool readable =
      !reading.unstable &&
      std::all_of(reading.cards.begin(), reading.cards.end(),
                  [](const auto& card) { return card.colour && card.value && !card.covered; });
  learn_scale(reader_params_, readable, reading);
  if (!readable) return false;
  reads_.add(std::move(reading));
  return true;
}

bool PuntoFollower::reads_agree() const {
  return reads_.last_agrees(punto_readings_agree);
}

void PuntoFollower::forget_reads() {
  reads_.clear();
}

bool PuntoFollower::accounts_for(const cv::Mat& intrusions, cv::Size image_size) const {
  // Where cards lie now, and where they lay in the reference (a card taken back shows the table).
  return reads_.last() &&
         outlines_cover_most_of(intrusions, image_size, reads_.last()->cards, committed_cards_);
}

std::vector<Event> PuntoFollower::commit_last_read(double) {
  const std::optional<vision::PuntoReading>& last_read = reads_.last();
  if (!last_read) return {};
  std::vector<NamedPuntoCard> cards = cards_of(*last_read);
  if (committed_ && same_layout(committed_cards_, cards)) return {};
  name(cards);
  return commit(std::move(cards), vision::punto_fields(*last_read));
}

referee::Result<std::vector<Event>> PuntoFollower::replay_state(const json& state, double) {
  std::vector<NamedPuntoCard> cards;
  try {
    cards = read_punto_state_cards(Node(state, "state"));
  } catch (const referee::json_input::InputError& error) {
    return referee::Error{error.what()};
  }
  for (const NamedPuntoCard& card : cards)
    named_ = std::max(named_, logged_id_number(card.id, kCardIdPrefix));
  json fields = state;
  for (const char* stamp : {"frame", "time_s", "type"}) fields.erase(stamp);
  return commit(std::move(cards), std::move(fields));
}

void PuntoFollower::name(std::vector<NamedPuntoCard>& cards) {
  std::vector<bool> taken(committed_cards_.size(), false);
  for (NamedPuntoCard& card : cards) {
    const double reach = kCardSamePlaceSides * side_px(card.polygon);
    for (std::size_t i = 0; i < committed_cards_.size() && card.id.empty(); ++i) {
      const NamedPuntoCard& known = committed_cards_[i];
      if (taken[i] || known.colour != card.colour || known.value != card.value ||
          cv::norm(known.center - card.center) > reach) {
        continue;
      }
      taken[i] = true;
      card.id = known.id;
    }
  }
  for (NamedPuntoCard& card : cards) {
    if (card.id.empty()) card.id = std::string(kCardIdPrefix) + std::to_string(++named_);
  }
}

std::vector<Event> PuntoFollower::commit(std::vector<NamedPuntoCard> cards, json fields) {
  std::vector<Event> plays = judge(cards);
  for (std::size_t i = 0; i < cards.size() && i < fields["cards"].size(); ++i) {
    fields["cards"][i]["id"] = cards[i].id;
  }
  committed_ = true;
  committed_cards_ = std::move(cards);
  committed_fields_ = std::move(fields);
  std::vector<Event> events{Event{referee::StateEvent{committed_fields_}, {}, {}, {}}};
  append(events, std::move(plays));
  return events;
}

std::vector<Event> PuntoFollower::judge(const std::vector<NamedPuntoCard>& cards) {
  if (cards.empty()) {
    // The table was cleared: a round still being played ends as its player could not go on.
    std::vector<Event> events;
    if (!match_.round_over() && !match_.grid().empty()) {
      events = match_.declare_blocked(match_.current_player());
    }
    if (match_.round_over() && !match_.match_over()) append(events, match_.start_next_round());
    return events;
  }
  const std::vector<punto::SeenCard> seen = seen_cards(cards);
  const punto::LayoutDiff diff = punto::compare_layout(match_.grid(), seen);
  if (diff.change != punto::LayoutChange::one_new_card) return {};
  const punto::SeenCard& laid = diff.new_card;
  const auto named = std::find_if(cards.begin(), cards.end(), [&](const NamedPuntoCard& card) {
    return card.cell + diff.grid_from_seen == laid.cell;
  });
  if (named == cards.end()) return {};
  // Either copy of the card will do; when neither may come into play, the first is refused.
  const referee::PuntoCard* card = match_.available_card(*deck_, laid.colour, laid.value);
  if (card == nullptr) {
    const auto copy = std::find_if(
        deck_->cards.begin(), deck_->cards.end(), [&](const referee::PuntoCard& candidate) {
          return candidate.colour == laid.colour && candidate.value == laid.value;
        });
    if (copy == deck_->cards.end()) return {};
    card = &*copy;
  }
  std::vector<Event> events = match_.lay(match_.player_for(laid.colour), *card, laid.cell);
  // The camera names cards by when they came: the events use its names.
  for (Event& event : events) {
    if (auto* placed = std::get_if<referee::PlacedEvent>(&event.body)) placed->cards = {named->id};
    if (auto* illegal = std::get_if<referee::IllegalEvent>(&event.body)) {
      illegal->cards = {named->id};
    }
  }
  return events;
}

json PuntoFollower::layout() const {
  return committed_fields_;
}

json PuntoFollower::scoreboard() const {
  const punto::Seating& seating = match_.seating();
  json players = json::array();
  for (punto::Seat seat = 0; seat < seating.player_count(); ++seat) {
    json colours = json::array();
    for (const referee::Colour colour : seating.colours_of(seat))
      colours.push_back(referee::colour_name(colour));
    json player = {{"player", seating.name(seat)},
                   {"colors", std::move(colours)},
                   {"rounds_won", match_.rounds_won()[seat]}};
    if (seating.team_game()) player["team"] = seating.side_of(seat);
    players.push_back(std::move(player));
  }
  json board = {{"game", "punto"},
                {"round", match_.round_number()},
                {"round_over", match_.round_over()},
                {"match_over", match_.match_over()},
                {"players", std::move(players)}};
  if (!match_.round_over()) board["turn"] = seating.name(match_.current_player());
  if (const auto& outcome = match_.round_outcome()) {
    json winners = json::array();
    for (const punto::Seat seat : outcome->winners) winners.push_back(seating.name(seat));
    board["round_winners"] = std::move(winners);
  }
  if (match_.match_over()) {
    json winners = json::array();
    for (punto::Seat seat = 0; seat < seating.player_count(); ++seat) {
      if (match_.rounds_won()[seat] >= options_.rounds_to_win)
        winners.push_back(seating.name(seat));
    }
    board["match_winners"] = std::move(winners);
  }
  return board;
}

}  // namespace tableref::live
