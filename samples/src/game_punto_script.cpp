// Punto played by simulated players, as a script for the camera (game_script.hpp).

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <stdexcept>

#include "game_script.hpp"
#include "punto_render.hpp"
#include "random_draws.hpp"
#include "referee/deck.hpp"
#include "referee/punto/legality.hpp"
#include "referee/punto/round.hpp"
#include "samples/punto_scene.hpp"

namespace tableref::samples {

namespace {

namespace punto = referee::punto;
using punto::Cell;
using referee::Colour;
using referee::Event;

// The layout's column axis is seen within this many degrees of the picture's x axis: far from
// the 45 degrees where the picture's grid would take the other axis.
constexpr double kMaxSeenTurnDeg = 20;
// Players keep to a 7 x 7 square around the middle of the table (a layout that fits 6 x 6, and
// room for a card laid beyond it against the rules): the camera frames that square.
constexpr int kFramedSide = punto::kLayoutSide + 1;

// A card a player holds: copies of a card cannot be told apart, so which deck card it is is
// decided when it is laid (the first copy still free, as a camera would decide).
struct Face {
  Colour colour = Colour::red;
  int value = 1;
};

// The longest run of `colour` along the four line directions through `cell` of `grid`.
int run_through(const punto::Grid& grid, Cell cell, Colour colour) {
  int longest = 0;
  for (const Cell step : punto::kLineDirections) {
    int run = 1;
    for (const int sign : {1, -1}) {
      Cell next = cell + Cell{sign * step.col, sign * step.row};
      for (const referee::PuntoCard* top = grid.top(next); top != nullptr && top->colour == colour;
           top = grid.top(next)) {
        ++run;
        next = next + Cell{sign * step.col, sign * step.row};
      }
    }
    longest = std::max(longest, run);
  }
  return longest;
}

class PuntoPlay {
 public:
  PuntoPlay(const GameVideoOptions& options, const CaptureConditions& conditions,
            std::mt19937_64& rng)
      : options_(options),
        conditions_(conditions),
        rng_(rng),
        deck_(referee::builtin_punto_deck()) {
    for (int seat = 1; seat <= options.players; ++seat) {
      script_.players.push_back("P" + std::to_string(seat));
    }
    auto seating = punto::Seating::with_default_colours(script_.players, options.punto.team_game);
    if (!seating) throw std::invalid_argument(seating.error().message);
    match_.emplace(seating.value(), 0, punto::MatchOptions{options.rounds_to_win, 6});
    print_seed_ = rng_();
    scene_.pitch_mm = kPuntoCardSideMm + uniform(rng_, 0.5, 2.5);
  }

  GameScript run() {
    scenes_.push_back(scene_);
    scene_names_.emplace_back();
    script_.still_first_s = still();
    std::string stopped = "the match is decided";
    deal();
    while (!match_->match_over()) {
      if (options_.punto.max_plays > 0 && plays_ >= options_.punto.max_plays) {
        stopped = "the number of plays asked for was made";
        break;
      }
      if (match_->round_over()) {
        if (!scene_.piles.empty()) clear_table({});
        match_->start_next_round();
        deal();
        continue;
      }
      if (!turn()) {
        stopped = "a card could only go where the camera does not look";
        break;
      }
    }
    film_setup();
    script_.details = {{"game", "punto"},
                       {"team_game", seating().team_game()},
                       {"stopped", stopped},
                       {"rounds", match_->round_number()},
                       {"plays", plays_},
                       {"illegal_plays", illegal_plays_},
                       {"rounds_won", match_->rounds_won()}};
    return std::move(script_);
  }

 private:
  double still() { return uniform(rng_, options_.min_still_s, options_.max_still_s); }

  const punto::Seating& seating() const { return match_->seating(); }

  // Every player's cards for the round, shuffled: their colours' cards not kept out, and with
  // three players 6 cards each of the neutral colour.
  void deal() {
    hands_.assign(seating().player_count(), {});
    std::vector<Face> neutral;
    for (const referee::PuntoCard& card : deck_.cards) {
      if (match_->cards_out().contains(card.id)) continue;
      const Face face{card.colour, card.value};
      if (const auto owner = seating().owner_of(card.colour)) {
        hands_[*owner].push_back(face);
      } else {
        neutral.push_back(face);
      }
    }
    std::shuffle(neutral.begin(), neutral.end(), rng_);
    for (punto::Seat seat = 0; seat < hands_.size(); ++seat) {
      for (int i = 0; i < match_->options().neutral_cards_per_player && !neutral.empty(); ++i) {
        hands_[seat].push_back(neutral.back());
        neutral.pop_back();
      }
      std::shuffle(hands_[seat].begin(), hands_[seat].end(), rng_);
    }
  }

  // One player's turn: false when the game cannot go on in view of the camera.
  bool turn() {
    const punto::Seat seat = match_->current_player();
    std::vector<Face>& hand = hands_[seat];
    const referee::PuntoCard* card =
        hand.empty() ? nullptr
                     : match_->available_card(deck_, hand.back().colour, hand.back().value);
    const std::vector<Cell> legal =
        card == nullptr ? std::vector<Cell>{} : punto::legal_cells(match_->grid(), *card);
    if (legal.empty()) {
      // The player cannot lay a card: the table is cleared and the blocked fallback decides.
      clear_table(converted(match_->declare_blocked(seat, card)));
      return true;
    }
    if (!match_->grid().empty() && chance(rng_, options_.punto.illegal_share)) {
      if (const std::optional<Cell> wrong = illegal_cell(seat, *card)) {
        const std::string id = lay(*wrong, *card, seat, match_->lay(seat, *card, *wrong));
        take_back(*wrong, id, seat);
        ++illegal_plays_;
      }
    }
    const Cell cell = chosen_cell(seat, *card, legal);
    if (!within_frame(cell)) return false;
    std::vector<Event> events = match_->lay(seat, *card, cell);
    if (events.empty() || !std::holds_alternative<referee::PlacedEvent>(events.front().body)) {
      throw std::logic_error("a simulated Punto play broke a rule: " +
                             referee::to_json(events.front()).dump());
    }
    hand.pop_back();
    lay(cell, *card, seat, std::move(events));
    return true;
  }

  // Good plays lengthen the player's own line; some spoil the longest line of another side by
  // covering it or standing at its end; some go anywhere legal.
  Cell chosen_cell(punto::Seat seat, const referee::PuntoCard& card,
                   const std::vector<Cell>& legal) {
    std::vector<Cell> in_frame;
    for (const Cell cell : legal) {
      if (within_frame(cell)) in_frame.push_back(cell);
    }
    if (in_frame.empty()) return legal.front();
    if (match_->grid().empty()) return {0, 0};  // the first card goes in the middle
    if (chance(rng_, options_.punto.random_share)) return pick(rng_, in_frame);
    const std::size_t side = seating().side_of(seat);
    const std::vector<Colour> own = seating().side_colours(side);
    const bool counts = std::find(own.begin(), own.end(), card.colour) != own.end();
    const bool spoiling = chance(rng_, options_.punto.block_share);
    Cell best = in_frame.front();
    double best_worth = -1;
    for (const Cell cell : in_frame) {
      punto::Grid after = match_->grid();
      after.lay(cell, card);
      double worth = counts ? 10.0 * run_through(after, cell, card.colour) : 0.0;
      if (spoiling) {
        for (std::size_t other = 0; other < seating().side_count(); ++other) {
          if (other == side) continue;
          for (const Colour colour : seating().side_colours(other)) {
            // The run of theirs this card breaks or stands in the way of.
            worth = std::max(worth, 9.0 * (run_through(match_->grid(), cell, colour) - 1));
          }
        }
      }
      worth += uniform(rng_, 0, 3);
      if (worth > best_worth) {
        best_worth = worth;
        best = cell;
      }
    }
    return best;
  }

  // A place the rules forbid for `card` (covering an equal or higher card, touching no card, or
  // leaving the 6 x 6 square by one card), within the camera's frame; nullopt when there is none.
  std::optional<Cell> illegal_cell(punto::Seat seat, const referee::PuntoCard& card) const {
    const punto::Bounds box = *match_->grid().bounds();
    std::vector<Cell> wrong;
    for (int col = box.min.col - 2; col <= box.max.col + 2; ++col) {
      for (int row = box.min.row - 2; row <= box.max.row + 2; ++row) {
        const Cell cell{col, row};
        if (within_frame(cell) && match_->refusal(seat, card, cell)) wrong.push_back(cell);
      }
    }
    if (wrong.empty()) return std::nullopt;
    return pick(rng_, wrong);
  }

  // Whether `cell` lies in the square the camera frames: every round starts in its middle.
  static bool within_frame(Cell cell) {
    constexpr int kReach = kFramedSide / 2;
    return std::abs(cell.col) <= kReach && std::abs(cell.row) <= kReach;
  }

  std::size_t pile_at(Cell cell) {
    for (std::size_t index = 0; index < scene_.piles.size(); ++index) {
      if (scene_.piles[index].cell == cell) return index;
    }
    scene_.piles.push_back({cell, {}});
    return scene_.piles.size() - 1;
  }

  // The referee's events with deck ids replaced by the name of the card laid.
  std::vector<Event> converted(std::vector<Event> events, const std::string& id = {}) const {
    for (Event& event : events) {
      if (auto* placed = std::get_if<referee::PlacedEvent>(&event.body)) placed->cards = {id};
      if (auto* illegal = std::get_if<referee::IllegalEvent>(&event.body);
          illegal && !illegal->cards.empty()) {
        illegal->cards = {id};
      }
    }
    return events;
  }

  // A hand from `seat` lays `card` at `cell`; returns the name the card gets.
  std::string lay(Cell cell, const referee::PuntoCard& card, punto::Seat seat,
                  std::vector<Event> events) {
    const std::size_t pile = pile_at(cell);
    scene_.piles[pile].cards.push_back({card.id, uniform_int(rng_, 0, 3), {0, 0}, 0});
    const std::size_t level = scene_.piles[pile].cards.size() - 1;
    lay_punto_card_by_hand(rng_, scene_, pile, level);
    const std::string id = "C" + std::to_string(++named_);
    names_[card.id] = id;
    ++plays_;
    visit({{pile, level}}, seat, converted(std::move(events), id));
    return id;
  }

  void take_back(Cell cell, const std::string& id, punto::Seat seat) {
    const std::size_t pile = pile_at(cell);
    const std::size_t level = scene_.piles[pile].cards.size() - 1;
    const PuntoPileLayout before = scene_.piles[pile];
    scene_.piles[pile].cards.pop_back();
    if (scene_.piles[pile].cards.empty())
      scene_.piles.erase(scene_.piles.begin() + static_cast<std::ptrdiff_t>(pile));
    std::erase_if(names_, [&](const auto& entry) { return entry.second == id; });
    // The hand reaches for the card as it lay.
    PuntoScene lifted = scene_;
    lifted.piles = {before};
    visit_with_target(lifted, {{0, level}}, seat, {});
  }

  // Every card leaves the table, in one visit of the round's last player.
  void clear_table(std::vector<Event> events) {
    PuntoScene gathered = scene_;
    std::vector<std::pair<std::size_t, std::size_t>> cards;
    for (std::size_t pile = 0; pile < gathered.piles.size(); ++pile) {
      cards.emplace_back(pile, gathered.piles[pile].cards.size() - 1);
    }
    scene_.piles.clear();
    names_.clear();
    const auto seat = static_cast<punto::Seat>(uniform_int(rng_, 0, options_.players - 1));
    visit_with_target(gathered, cards, seat, std::move(events));
  }

  void visit(std::vector<std::pair<std::size_t, std::size_t>> target, punto::Seat seat,
             std::vector<Event> events) {
    visit_with_target(scene_, std::move(target), seat, std::move(events));
  }

  // A hand from `seat` changes the table to what scene_ is now, reaching for cards of
  // `target_scene` (pile, level); sometimes a hand then passes over the table changing nothing.
  void visit_with_target(const PuntoScene& target_scene,
                         std::vector<std::pair<std::size_t, std::size_t>> target, punto::Seat seat,
                         std::vector<Event> events) {
    const std::size_t before = scenes_.size() - 1;
    scenes_.push_back(scene_);
    scene_names_.push_back(names_);
    pending_.push_back({before, scenes_.size() - 1, target_scene, std::move(target),
                        static_cast<int>(seat), still(), std::move(events)});
    if (!scene_.piles.empty() && chance(rng_, options_.passing_hand_share)) {
      const std::size_t pile =
          std::uniform_int_distribution<std::size_t>(0, scene_.piles.size() - 1)(rng_);
      const int passer = uniform_int(rng_, 0, options_.players - 1);
      pending_.push_back({scenes_.size() - 1,
                          scenes_.size() - 1,
                          scene_,
                          {{pile, scene_.piles[pile].cards.size() - 1}},
                          passer,
                          still(),
                          {}});
    }
  }

  // ---- filming -----------------------------------------------------------------------------

  // The outline of every card the game laid, once the layouts have their final angle.
  std::vector<std::vector<cv::Point2d>> every_outline() const {
    std::vector<std::vector<cv::Point2d>> outlines;
    for (const PuntoScene& scene : scenes_) {
      for (const PuntoPileLayout& pile : scene.piles) {
        for (std::size_t level = 0; level < pile.cards.size(); ++level) {
          const auto corners = punto_card_corners(punto_card_pose(scene, pile, level));
          outlines.emplace_back(corners.begin(), corners.end());
        }
      }
    }
    if (outlines.empty()) {  // nothing was laid: frame the middle of the table
      const auto corners = punto_card_corners({{0, 0}, 0});
      outlines.emplace_back(corners.begin(), corners.end());
    }
    return outlines;
  }

  void set_angle(double angle_deg) {
    for (PuntoScene& scene : scenes_) scene.angle_deg = angle_deg;
    for (PendingVisit& visit : pending_) visit.target_scene.angle_deg = angle_deg;
  }

  // Where the layout's column axis is seen, in degrees clockwise from the picture's x axis.
  double seen_axis_deg(const TableCamera& camera, double angle_deg) const {
    const std::vector<std::vector<cv::Point2d>> outlines = every_outline();
    cv::Point2d centre(0, 0);
    for (const auto& outline : outlines) {
      for (const cv::Point2d& corner : outline) centre += corner;
    }
    centre *= 1.0 / (4.0 * static_cast<double>(outlines.size()));
    const double angle = angle_deg * std::numbers::pi / 180;
    const cv::Point2d seen =
        camera.image_from_table(centre + cv::Point2d(std::cos(angle), std::sin(angle)) * 10.0) -
        camera.image_from_table(centre);
    return std::atan2(seen.y, seen.x) * 180 / std::numbers::pi;
  }

  TableCamera fitted_camera() const {
    const std::optional<TableCamera> camera = fit_camera(conditions_, every_outline());
    if (!camera) {
      throw std::invalid_argument(
          "the picture is too small to film the layout with every card at least 70 px");
    }
    return *camera;
  }

  // Turns the layout so that it is seen nearly square with the picture, frames it, and makes the
  // script's layouts and visits.
  void film_setup() {
    const double wanted_deg = uniform(rng_, -kMaxSeenTurnDeg, kMaxSeenTurnDeg);
    double angle_deg = 0;
    TableCamera camera = fitted_camera();
    for (int pass = 0; pass < 3; ++pass) {
      angle_deg += wanted_deg - seen_axis_deg(camera, angle_deg);
      set_angle(angle_deg);
      camera = fitted_camera();
    }
    script_.camera = camera;
    for (std::size_t index = 0; index < scenes_.size(); ++index) {
      const PuntoScene& scene = scenes_[index];
      const std::map<std::string, std::string>& names = scene_names_[index];
      ScriptLayout layout;
      layout.table = pieces_of(scene, {});
      layout.state_fields = [scene, names](const Photo& photo) {
        const nlohmann::json truth = punto_truth(scene, photo);
        nlohmann::json fields = {{"status", truth.at("status")},
                                 {"cards", truth.at("cards")},
                                 {"lines", truth.at("lines")},
                                 {"fits_6x6", truth.at("fits_6x6")}};
        // Cards and piles come in the same order; the top card of each pile names the card.
        for (std::size_t i = 0; i < fields["cards"].size(); ++i) {
          const std::string deck_id = truth["truth"]["piles"][i]["cards"].back()["id"];
          fields["cards"][i]["id"] = names.at(deck_id);
        }
        return fields;
      };
      script_.layouts.push_back(std::move(layout));
    }
    for (PendingVisit& visit : pending_) {
      script_.visits.push_back({visit.before, visit.after,
                                pieces_of(visit.target_scene, visit.target),
                                seat_direction_rad(visit.seat, options_.players),
                                visit.still_after_s, std::move(visit.events)});
    }
  }

  // The pieces of `scene` (only those of `only` when given), each card printed the same way
  // in every layout it lies in.
  TableLayout pieces_of(const PuntoScene& scene,
                        const std::vector<std::pair<std::size_t, std::size_t>>& only) const {
    TableLayout table;
    std::size_t deepest = 0;
    for (const PuntoPileLayout& pile : scene.piles) deepest = std::max(deepest, pile.cards.size());
    // Level by level: a pile's lower cards are drawn before the cards above them.
    for (std::size_t level = 0; level < deepest; ++level) {
      for (std::size_t index = 0; index < scene.piles.size(); ++index) {
        const PuntoPileLayout& pile = scene.piles[index];
        if (level >= pile.cards.size()) continue;
        if (!only.empty() &&
            std::find(only.begin(), only.end(), std::pair(index, level)) == only.end()) {
          continue;
        }
        const std::string& id = pile.cards[level].card_id;
        std::mt19937_64 print_rng(print_seed_ ^ std::hash<std::string>{}(id));
        table.pieces.push_back(punto_card_piece(scene, pile, level, conditions_, print_rng));
      }
    }
    return table;
  }

  struct PendingVisit {
    std::size_t before = 0, after = 0;
    PuntoScene target_scene;
    std::vector<std::pair<std::size_t, std::size_t>> target;  // (pile, level) of target_scene
    int seat = 0;
    double still_after_s = 1;
    std::vector<Event> events;
  };

  const GameVideoOptions& options_;
  const CaptureConditions& conditions_;
  std::mt19937_64& rng_;
  const referee::PuntoDeck& deck_;
  GameScript script_;
  std::uint64_t print_seed_ = 0;

  std::optional<punto::Match> match_;
  std::vector<std::vector<Face>> hands_;  // by seat, the next card last
  PuntoScene scene_;                      // the table now, angle 0 until filmed
  std::vector<PuntoScene> scenes_;        // every layout the table went through
  // Deck id -> name of each card lying in scenes_[i].
  std::vector<std::map<std::string, std::string>> scene_names_;
  std::vector<PendingVisit> pending_;
  std::map<std::string, std::string> names_;  // deck id of each card on the table -> its name
  int named_ = 0;
  int plays_ = 0;
  int illegal_plays_ = 0;
};

}  // namespace

GameScript punto_game_script(const GameVideoOptions& options, const CaptureConditions& conditions,
                             std::mt19937_64& rng) {
  return PuntoPlay(options, conditions, rng).run();
}

}  // namespace tableref::samples
