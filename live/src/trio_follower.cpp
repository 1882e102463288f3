#include "live/trio_follower.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <opencv2/imgproc.hpp>
#include <stdexcept>

#include "append_events.hpp"
#include "live/card_outlines.hpp"
#include "logged_state.hpp"
#include "nearest_pairs.hpp"
#include "referee/json_input.hpp"
#include "referee/trio/detached.hpp"

namespace tableref::live {

namespace {

using nlohmann::json;
using referee::Event;
using referee::trio::Place;
using referee::trio::PointMm;
namespace trio = referee::trio;

// A card of a new read is a committed card when their centres lie within this share of the
// lattice side (neighbours' centres lie 0.58 side apart; a nudge moves a card a few mm).
constexpr double kSameCardSides = 0.3;

Event event_of(referee::EventBody body) {
  return Event{std::move(body), {}, {}, {}};
}

// Pairs of (index in `a`, index in `b`) of the cards that lie at the same spot in both, nearest
// first, each card in one pair at most.
template <typename CentreA, typename CentreB>
std::vector<std::pair<std::size_t, std::size_t>> same_spot_pairs(std::size_t count_a,
                                                                 const CentreA& centre_a,
                                                                 std::size_t count_b,
                                                                 const CentreB& centre_b,
                                                                 double within_px) {
  std::vector<PairCandidate> candidates;
  for (std::size_t i = 0; i < count_a; ++i) {
    for (std::size_t j = 0; j < count_b; ++j) {
      const double distance = cv::norm(centre_a(i) - centre_b(j));
      if (distance <= within_px) candidates.push_back({distance, i, j});
    }
  }
  return nearest_pairs(std::move(candidates), count_a, count_b);
}

// ---- the reader's lattice onto the game's -------------------------------------------------------

// `point` turned by `sixths` of a full turn about a vertex of the lattice (a turn about any other
// point would not map the lattice onto itself).
PointMm turned(PointMm point, int sixths) {
  const PointMm pivot = trio::corners_mm(Place{0, 0}, 1).front();
  const double angle = sixths * std::numbers::pi / 3;
  const double x = point.x - pivot.x, y = point.y - pivot.y;
  return {pivot.x + x * std::cos(angle) - y * std::sin(angle),
          pivot.y + x * std::sin(angle) + y * std::cos(angle)};
}

// A turn by a multiple of 60 degrees about a lattice vertex and a shift: a map of the lattice
// onto itself, as far as it maps every given place onto a place.
struct LatticeMap {
  int sixths = 0;
  PointMm shift;

  std::optional<Place> operator()(Place place) const {
    const PointMm moved = turned(trio::centroid_mm(place, 1), sixths);
    const PointMm at{moved.x + shift.x, moved.y + shift.y};
    const Place onto = trio::place_at(at, 1);
    const PointMm centre = trio::centroid_mm(onto, 1);
    constexpr double kSlack = 1e-3;  // sides
    if (std::hypot(centre.x - at.x, centre.y - at.y) > kSlack) return std::nullopt;
    return onto;
  }
};

// The map that sends each `from` place onto the `to` place beside it; the first that does when
// several do (one known card leaves the lattice's turn free: the game cannot tell them apart).
std::optional<LatticeMap> lattice_map(const std::vector<std::pair<Place, Place>>& from_to) {
  if (from_to.empty()) return LatticeMap{};
  for (int sixths = 0; sixths < 6; ++sixths) {
    const PointMm moved = turned(trio::centroid_mm(from_to.front().first, 1), sixths);
    const PointMm target = trio::centroid_mm(from_to.front().second, 1);
    const LatticeMap map{sixths, {target.x - moved.x, target.y - moved.y}};
    // A shift from an upward place onto a downward one maps the lattice onto no lattice: an
    // upward and a downward place must both land on places.
    const bool symmetry = map(Place{0, 0}) && map(Place{1, 0});
    const bool fits =
        symmetry && std::all_of(from_to.begin(), from_to.end(),
                                [&](const auto& pair) { return map(pair.first) == pair.second; });
    if (fits) return map;
  }
  return std::nullopt;
}

// ---- the committed layout as JSON ---------------------------------------------------------------

json point_json(cv::Point2d point) {
  return {std::round(point.x * 10) / 10, std::round(point.y * 10) / 10};
}

trio::Layout layout_of(const std::vector<SeenTrioCard>& cards) {
  trio::Layout layout;
  for (const SeenTrioCard& card : cards) layout.add({card.id, card.colour, card.place});
  return layout;
}

std::string card_id(int number) {
  return std::string(kCardIdPrefix) + std::to_string(number);
}

int card_number(const std::string& id) {
  if (!id.starts_with(kCardIdPrefix) || id.size() == kCardIdPrefix.size()) return -1;
  const std::string digits = id.substr(kCardIdPrefix.size());
  if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
      digits.size() > 9) {
    return -1;
  }
  return std::stoi(digits);
}

std::vector<SeenTrioCard> read_trio_state_cards(const referee::json_input::Node& state) {
  using referee::json_input::Node;
  const Node cards = logged_list(state, "cards");
  std::vector<SeenTrioCard> read;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const Node node = cards.at(i);
    node.require_object();
    SeenTrioCard card;
    card.id = node.at("id").as_string();
    if (card_number(card.id) < 0) node.at("id").fail("expected a card id such as \"C1\"");
    const Node polygon = node.at("polygon");
    if (polygon.size() != 3) polygon.fail("expected 3 corners");
    for (std::size_t k = 0; k < 3; ++k) card.polygon[k] = logged_point(polygon.at(k));
    card.center = logged_point(node.at("center"));
    card.colour = node.at("color").as_colour();
    const Node place = node.at("place");
    if (place.size() != 2) place.fail("expected [col, row]");
    constexpr int kFarthest = 1 << 20;
    card.place = {place.at(std::size_t{0}).as_int(-kFarthest, kFarthest),
                  place.at(1).as_int(-kFarthest, kFarthest)};
    read.push_back(std::move(card));
  }
  return read;
}

// Same cards at the same spots, in the same colours, touching the same cards along their sides.
bool same_trio_layout(const vision::TrioReading& before_read, const vision::TrioReading& now_read) {
  const auto& now = now_read.cards;
  const auto& before = before_read.cards;
  if (now.size() != before.size()) return false;
  const double within_px = kSameCardSides * std::max(1.0, now_read.lattice_side_px);
  const auto pairs = same_spot_pairs(
      now.size(), [&](std::size_t i) { return now[i].center; }, before.size(),
      [&](std::size_t j) { return before[j].center; }, within_px);
  if (pairs.size() != now.size()) return false;
  std::vector<int> before_of(now.size(), -1);
  for (const auto& [i, j] : pairs) before_of[i] = static_cast<int>(j);
  for (std::size_t i = 0; i < now.size(); ++i) {
    const auto& then = before[static_cast<std::size_t>(before_of[i])];
    if (now[i].colour != then.colour) return false;
    std::vector<int> mapped;
    for (const int neighbour : now[i].edge_neighbours)
      mapped.push_back(before_of[static_cast<std::size_t>(neighbour)]);
    std::vector<int> expected = then.edge_neighbours;
    std::sort(mapped.begin(), mapped.end());
    std::sort(expected.begin(), expected.end());
    if (mapped != expected) return false;
  }
  return true;
}

}  // namespace

TrioFollower::TrioFollower(TrioFollowerOptions options) : options_(std::move(options)) {
  reader_params_.lens = options_.lens;
  const std::size_t count = options_.players.size();
  if (count < trio::kMinPlayers || count > trio::kMaxPlayers) {
    throw std::invalid_argument("Trio Monsters is played by 2 to 5 players");
  }
  if (options_.first_player < 0 || options_.first_player >= static_cast<int>(count)) {
    throw std::invalid_argument("the first player must be one of the players");
  }
}

bool TrioFollower::read(const cv::Mat& bgr, const cv::Mat& /*changed*/) {
  vision::StageLog log;
  vision::TrioReading reading = vision::read_trio(bgr, options_.references, reader_params_, log);
  const bool readable =
      !reading.unstable && std::all_of(reading.cards.begin(), reading.cards.end(),
                                       [](const vision::TrioCardReading& card) {
                                         return card.colour.has_value() && card.place.has_value();
                                       });
  learn_scale(reader_params_, readable, reading);
  if (!readable) return false;
  reads_.add(std::move(reading));
  return true;
}

bool TrioFollower::reads_agree() const {
  return reads_.last_agrees(same_trio_layout);
}

void TrioFollower::forget_reads() {
  reads_.clear();
}

bool TrioFollower::accounts_for(const cv::Mat& intrusions, cv::Size image_size) const {
  return reads_.last() &&
         outlines_cover_most_of(intrusions, image_size, reads_.last()->cards, cards_);
}

std::optional<std::vector<SeenTrioCard>> TrioFollower::identify(
    const vision::TrioReading& reading) const {
  const double within_px = kSameCardSides * std::max(1.0, reading.lattice_side_px);
  const auto pairs = same_spot_pairs(
      reading.cards.size(), [&](std::size_t i) { return reading.cards[i].center; }, cards_.size(),
      [&](std::size_t j) { return cards_[j].center; }, within_px);
  std::vector<int> known_of(reading.cards.size(), -1);
  std::vector<std::pair<Place, Place>> read_to_game;
  for (const auto& [i, j] : pairs) {
    if (reading.cards[i].colour != cards_[j].colour) continue;  // another card where one lay
    known_of[i] = static_cast<int>(j);
    read_to_game.emplace_back(*reading.cards[i].place, cards_[j].place);
  }
  const std::optional<LatticeMap> map = lattice_map(read_to_game);
  if (!map) return std::nullopt;
  std::vector<SeenTrioCard> seen;
  int next_id = next_id_;
  std::set<Place> places;
  for (std::size_t i = 0; i < reading.cards.size(); ++i) {
    const vision::TrioCardReading& card = reading.cards[i];
    const std::optional<Place> place = (*map)(*card.place);
    if (!place || !places.insert(*place).second) return std::nullopt;
    const std::string id =
        known_of[i] >= 0 ? cards_[static_cast<std::size_t>(known_of[i])].id : card_id(next_id++);
    seen.push_back({id, card.polygon, card.center, *card.colour, *place});
  }
  return seen;
}

std::vector<Event> TrioFollower::commit_last_read(double) {
  if (!reads_.last()) return {};
  std::optional<std::vector<SeenTrioCard>> seen = identify(*reads_.last());
  if (!seen) return {};
  const auto same_cards = [&] {
    if (seen->size() != cards_.size()) return false;
    return std::all_of(seen->begin(), seen->end(), [&](const SeenTrioCard& card) {
      return std::any_of(cards_.begin(), cards_.end(),
                         [&](const SeenTrioCard& known) { return known.id == card.id; });
    });
  };
  if (same_cards()) {
    cards_ = std::move(*seen);  // nudged at most: where they lie now
    return {};
  }
  return commit(std::move(*seen));
}

referee::Result<std::vector<Event>> TrioFollower::replay_state(const json& state, double) {
  std::vector<SeenTrioCard> cards;
  try {
    cards = read_trio_state_cards(referee::json_input::Node(state, "state"));
  } catch (const referee::json_input::InputError& error) {
    return referee::Error{error.what()};
  }
  return commit(std::move(cards));
}

std::vector<Event> TrioFollower::commit(std::vector<SeenTrioCard> cards) {
  std::set<std::string> gone;
  for (const SeenTrioCard& known : cards_) {
    if (std::none_of(cards.begin(), cards.end(),
                     [&](const SeenTrioCard& card) { return card.id == known.id; })) {
      gone.insert(known.id);
    }
  }
  std::vector<SeenTrioCard> laid;
  for (const SeenTrioCard& card : cards) {
    if (std::none_of(cards_.begin(), cards_.end(),
                     [&](const SeenTrioCard& known) { return known.id == card.id; })) {
      laid.push_back(card);
    }
    next_id_ = std::max(next_id_, card_number(card.id) + 1);
  }
  cards_ = std::move(cards);
  std::vector<Event> events{event_of(referee::StateEvent{layout()})};
  append(events, cards_went(gone));
  append(events, cards_came(laid));
  return events;
}

std::vector<Event> TrioFollower::cards_went(const std::set<std::string>& gone) {
  for (const std::string& id : gone) taken_back_.erase(id);
  if (to_lift_.empty()) return {};
  for (const std::string& id : gone) to_lift_.erase(id);
  if (!to_lift_.empty()) return {};
  return std::exchange(held_, {});
}

std::vector<Event> TrioFollower::cards_came(const std::vector<SeenTrioCard>& laid) {
  if (laid.empty()) return {};
  trio::Seating seating{options_.players, static_cast<std::size_t>(options_.first_player)};
  if (!game_) {
    // The first layout seen: a middle card starts the game, more cards a game under way.
    if (cards_.size() == 1) {
      auto started =
          trio::TrioGame::start(seating, {cards_[0].id, cards_[0].colour, cards_[0].place});
      if (started) game_.emplace(std::move(started).value());
    } else {
      trio::Position position;
      for (const SeenTrioCard& card : cards_)
        position.table.push_back({card.id, card.colour, card.place});
      auto resumed = trio::TrioGame::resume(seating, position);
      if (resumed) game_.emplace(std::move(resumed).value());
    }
    return {};
  }
  std::vector<trio::LaidCard> play;
  for (const SeenTrioCard& card : laid) play.push_back({card.id, card.colour, card.place});
  auto judged = game_->apply_turn(game_->to_play(), play, trio::PlayOrder::seen_together);
  if (!judged) return {};  // no turn can be played now (the game is over, a question waits)
  std::vector<Event> events = std::move(judged).value();
  if (events.size() == 1 && std::holds_alternative<referee::IllegalEvent>(events.front().body)) {
    for (const SeenTrioCard& card : laid) taken_back_.insert(card.id);
    return events;
  }
  std::set<std::string> won;
  for (const Event& event : events) {
    if (const auto* capture = std::get_if<referee::CaptureEvent>(&event.body))
      won.insert(capture->cards.begin(), capture->cards.end());
  }
  if (won.empty()) return events;
  // What the captures leave detached is announced once the won cards are off the table.
  const auto detached = std::find_if(events.begin(), events.end(), [](const Event& event) {
    return std::holds_alternative<referee::DetachedEvent>(event.body);
  });
  held_.assign(std::make_move_iterator(detached), std::make_move_iterator(events.end()));
  events.erase(detached, events.end());
  to_lift_ = std::move(won);
  return events;
}

json TrioFollower::layout() const {
  const trio::Layout layout = layout_of(cards_);
  const auto ids_where = [&](Place place, bool (*share)(Place, Place)) {
    json ids = json::array();
    for (const SeenTrioCard& other : cards_) {
      if (share(place, other.place)) ids.push_back(other.id);
    }
    return ids;
  };
  json cards = json::array();
  for (const SeenTrioCard& card : cards_) {
    json polygon = json::array();
    for (const cv::Point2d& corner : card.polygon) polygon.push_back(point_json(corner));
    cards.push_back({{"id", card.id},
                     {"polygon", std::move(polygon)},
                     {"center", point_json(card.center)},
                     {"color", referee::colour_name(card.colour)},
                     {"place", {card.place.col, card.place.row}},
                     {"edge_neighbors", ids_where(card.place, trio::share_edge)},
                     {"corner_neighbors", ids_where(card.place, trio::share_corner_only)}});
  }
  json detached = json::array();
  const trio::Detachment detachment = trio::detached_cards(layout);
  if (const auto* places = std::get_if<trio::PlaceSet>(&detachment)) {
    for (const std::string& id : layout.card_ids(*places)) detached.push_back(id);
  }
  return {{"status", "ok"}, {"cards", std::move(cards)}, {"detached", std::move(detached)}};
}

json TrioFollower::scoreboard() const {
  json players = json::array();
  if (!game_) {
    for (const std::string& name : options_.players)
      players.push_back({{"player", name}, {"total", 0}});
    return {{"game", "trio"}, {"started", false}, {"players", std::move(players)}};
  }
  for (const trio::PlayerState& player : game_->players()) {
    players.push_back({{"player", player.name},
                       {"total", player.won.size()},
                       {"chain", player.won_by_chain},
                       {"black", player.won_by_black},
                       {"hand", player.hand}});
  }
  return {{"game", "trio"},
          {"started", true},
          {"to_play", game_->to_play()},
          {"draw_pile", game_->pile_count()},
          {"over", game_->over()},
          {"players", std::move(players)}};
}

cv::Mat TrioFollower::play_area(cv::Size image_size) const {
  if (cards_.empty()) return {};
  cv::Mat area(image_size, CV_8U, cv::Scalar(0));
  // Cards are laid along the layout: hands matter within a card's side or two of every card.
  constexpr double kReachSides = 4.0;  // the triangle scaled about its centre
  for (const SeenTrioCard& card : cards_) {
    std::vector<cv::Point> polygon;
    for (const cv::Point2d& corner : card.polygon)
      polygon.push_back(card.center + (corner - card.center) * kReachSides);
    cv::fillConvexPoly(area, polygon, cv::Scalar(255));
  }
  return area;
}

}  // namespace tableref::live
