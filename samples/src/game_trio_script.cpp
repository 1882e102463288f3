// Trio Monsters played by simulated players, as a script for the camera (game_script.hpp).
//
// The game is played first, on lattice places, by referee::trio::TrioGame (it decides legality,
// captures, detached cards and the winner); once every place the game used is known, the lattice
// is laid on the table and the camera framed around all of them, and each step becomes a layout.

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>

#include "game_script.hpp"
#include "referee/deck.hpp"
#include "referee/trio/captures.hpp"
#include "referee/trio/game.hpp"
#include "referee/trio/legality.hpp"
#include "samples/trio_scene.hpp"
#include "trio_render.hpp"

namespace tableref::samples {

namespace {

namespace trio = referee::trio;
using referee::Event;

// Neighbours on their places leave this gap; cards laid by hand lie within kMaxNudge of their
// place (components.md allows 3 mm and 5 degrees; less here, so that neighbours never overlap).
constexpr double kGapMm = 1.5;
constexpr double kMaxNudgeMm = 1.0;
constexpr double kMaxNudgeDeg = 2.0;
constexpr int kNudgeAttempts = 8;
// Players go for a capture when one is in reach this often, and lay a second and a third card
// this often.
constexpr double kCaptureSeeking = 0.7;
constexpr double kSecondCard = 0.35;
constexpr double kThirdCard = 0.3;
// Plays are drawn again (up to this many times) when they would leave groups tied for largest:
// the players' answer to that question is not filmed.
constexpr int kPlayAttempts = 30;
// The camera frames every card grown this much about its centroid: no card near the picture's
// edge, where it would look like an arm reaching in.
constexpr double kFramedGrowth = 1.35;

// One hand visit before the camera is placed: the cards on the table once it has gone.
struct Step {
  std::vector<TrioCardLayout> table;
  std::vector<TrioCardLayout> reached;  // the cards the hand lays or lifts
  int seat = 0;
  bool changes = true;  // false for a hand that passes over the table
  std::vector<Event> events;
};

struct HandCard {
  std::string id;
  referee::Colour colour = referee::Colour::yellow;
};

trio::LaidCard laid(const HandCard& card, trio::Place place) {
  return {card.id, card.colour, place};
}

class TrioPlay {
 public:
  TrioPlay(const GameVideoOptions& options, const CaptureConditions& conditions,
           std::mt19937_64& rng)
      : options_(options), conditions_(conditions), rng_(rng) {
    for (int seat = 1; seat <= options.players; ++seat) {
      players_.push_back("P" + std::to_string(seat));
    }
    print_seed_ = rng_();
  }

  GameScript run() {
    deal();
    std::string stopped = "the game is over";
    int turns = 0;
    while (!game_->over()) {
      if (options_.max_turns > 0 && turns >= options_.max_turns) {
        stopped = "the number of turns asked for was played";
        break;
      }
      const int seat = seat_to_play();
      if (chance(rng_, options_.illegal_share)) try_illegal(seat);
      const std::optional<std::vector<trio::LaidCard>> play = choose_play(seat);
      if (!play) {
        stopped = "the player to play had no play that the camera can film";
        break;
      }
      play_turn(seat, *play);
      ++turns;
    }
    GameScript script = film_steps();
    script.details = {{"game", "trio"},
                      {"stopped", stopped},
                      {"turns", turns},
                      {"illegal_plays", illegal_plays_},
                      {"captures", captures_},
                      {"cards_on_table", game_->layout().size()},
                      {"draw_pile", game_->pile_count()}};
    return script;
  }

 private:
  // ---- the game on the lattice ----------------------------------------------------------------

  void deal() {
    std::vector<HandCard> deck;
    for (const referee::TrioCard& card : referee::builtin_trio_deck().cards)
      deck.push_back({card.id, card.colour});
    std::shuffle(deck.begin(), deck.end(), rng_);
    const HandCard middle = deck.front();
    std::size_t next = 1;
    hands_.assign(players_.size(), {});
    for (auto& hand : hands_) {
      for (int i = 0; i < trio::kHandSize; ++i) hand.push_back(deck[next++]);
    }
    pile_.assign(deck.begin() + static_cast<std::ptrdiff_t>(next), deck.end());
    auto started = trio::TrioGame::start({players_, 0}, laid(middle, {0, 0}));
    if (!started) throw std::logic_error("the simulated set-up broke a rule");
    game_.emplace(std::move(started).value());
    table_.push_back(by_hand(laid(middle, {0, 0})));
    first_table_ = table_;
  }

  int seat_to_play() const {
    return static_cast<int>(std::find(players_.begin(), players_.end(), game_->to_play()) -
                            players_.begin());
  }

  // The card laid by hand near its place, clear of the cards on the table.
  TrioCardLayout by_hand(const trio::LaidCard& card) {
    const TrioScene lattice{{}, trio_pitch_for_gap(kGapMm)};
    TrioCardLayout laid_card{card.card, card.colour, card.place};
    for (int attempt = 0; attempt < kNudgeAttempts; ++attempt) {
      laid_card.offset_mm = {uniform(rng_, -kMaxNudgeMm, kMaxNudgeMm),
                             uniform(rng_, -kMaxNudgeMm, kMaxNudgeMm)};
      laid_card.turn_deg = uniform(rng_, -kMaxNudgeDeg, kMaxNudgeDeg);
      const bool clear = std::none_of(table_.begin(), table_.end(), [&](const auto& other) {
        return trio_cards_overlap(lattice, laid_card, other);
      });
      if (clear) return laid_card;
    }
    laid_card.offset_mm = {0, 0};
    laid_card.turn_deg = 0;
    return laid_card;
  }

  // Empty places that share a side with a card (any place on an empty table: the middle).
  std::vector<trio::Place> open_places(const trio::Layout& layout) const {
    if (layout.empty()) return {{0, 0}};
    std::vector<trio::Place> places;
    for (const trio::LaidCard& card : layout.cards()) {
      for (const trio::Place place : trio::edge_neighbours(card.place)) {
        if (!layout.occupied(place) &&
            std::find(places.begin(), places.end(), place) == places.end())
          places.push_back(place);
      }
    }
    return places;
  }

  std::vector<trio::LaidCard> legal_cards(const trio::Layout& layout,
                                          const std::vector<HandCard>& hand) const {
    std::vector<trio::LaidCard> legal;
    for (const HandCard& card : hand) {
      for (const trio::Place place : open_places(layout)) {
        if (!trio::why_illegal(layout, laid(card, place))) legal.push_back(laid(card, place));
      }
    }
    return legal;
  }

  // One to three cards laid legally, one after the other; going for a capture when one is in reach.
  std::optional<std::vector<trio::LaidCard>> draw_play(int seat, bool seek_capture) {
    std::vector<HandCard> hand = hands_[static_cast<std::size_t>(seat)];
    trio::Layout layout = game_->layout();
    std::vector<trio::LaidCard> play;
    for (const double more : {1.0, kSecondCard, kThirdCard}) {
      if (hand.empty() || (!play.empty() && !chance(rng_, more))) break;
      const std::vector<trio::LaidCard> legal = legal_cards(layout, hand);
      if (legal.empty()) break;
      std::vector<trio::LaidCard> capturing;
      for (const trio::LaidCard& card : legal) {
        trio::Layout with = layout;
        with.add(card);
        const std::vector<trio::Place> places{card.place};
        if (!trio::captures_involving(with, places).empty()) capturing.push_back(card);
      }
      const trio::LaidCard card =
          seek_capture && !capturing.empty() ? pick(rng_, capturing) : pick(rng_, legal);
      play.push_back(card);
      layout.add(card);
      std::erase_if(hand, [&](const HandCard& held) { return held.id == card.card; });
    }
    if (play.empty()) return std::nullopt;
    return play;
  }

  std::optional<std::vector<trio::LaidCard>> choose_play(int seat) {
    const bool seek_capture = chance(rng_, kCaptureSeeking);
    for (int attempt = 0; attempt < kPlayAttempts; ++attempt) {
      std::optional<std::vector<trio::LaidCard>> play = draw_play(seat, seek_capture);
      if (!play) return std::nullopt;
      trio::TrioGame trial = *game_;
      const auto events = trial.apply_turn(game_->to_play(), *play, trio::PlayOrder::seen_together);
      const bool asks = events && std::any_of(events->begin(), events->end(), [](const Event& e) {
                          return std::holds_alternative<referee::QuestionEvent>(e.body);
                        });
      if (events && !asks) return play;
    }
    return std::nullopt;
  }

  // A card laid along a side where the colour rule forbids it, announced, and taken back. (Cards
  // that touch the layout by a corner only are not filmed: the reader takes the place between
  // them for one that hides a card.)
  void try_illegal(int seat) {
    const trio::Layout& layout = game_->layout();
    if (layout.empty()) return;
    const std::vector<trio::Place> places = open_places(layout);
    std::vector<trio::LaidCard> illegal;
    for (const HandCard& card : hands_[static_cast<std::size_t>(seat)]) {
      for (const trio::Place place : places) {
        if (trio::why_illegal(layout, laid(card, place))) illegal.push_back(laid(card, place));
      }
    }
    if (illegal.empty()) return;
    const std::vector<trio::LaidCard> play{pick(rng_, illegal)};
    auto events = game_->apply_turn(game_->to_play(), play, trio::PlayOrder::seen_together);
    if (!events)
      throw std::logic_error("the simulated illegal play was refused: " + events.error().message);
    ++illegal_plays_;
    const TrioCardLayout card = by_hand(play.front());
    table_.push_back(card);
    add_step({card}, seat, std::move(events).value());
    table_.pop_back();
    add_step({card}, seat, {});
  }

  void play_turn(int seat, const std::vector<trio::LaidCard>& play) {
    auto played = game_->apply_turn(game_->to_play(), play, trio::PlayOrder::seen_together);
    if (!played)
      throw std::logic_error("the simulated turn was refused: " + played.error().message);
    std::vector<Event> events = std::move(played).value();
    if (std::any_of(events.begin(), events.end(), [](const Event& event) {
          return std::holds_alternative<referee::IllegalEvent>(event.body);
        })) {
      throw std::logic_error("the simulated turn broke a rule");
    }
    auto& hand = hands_[static_cast<std::size_t>(seat)];
    std::vector<TrioCardLayout> laid_cards;
    for (const trio::LaidCard& card : play) {
      std::erase_if(hand, [&](const HandCard& held) { return held.id == card.card; });
      laid_cards.push_back(by_hand(card));
      table_.push_back(laid_cards.back());
    }
    // The cards a capture won are lifted before the detached cards go back: the detached event
    // comes once they are.
    const auto detached_at = std::find_if(events.begin(), events.end(), [](const Event& event) {
      return std::holds_alternative<referee::DetachedEvent>(event.body);
    });
    std::vector<Event> after_lift(std::make_move_iterator(detached_at),
                                  std::make_move_iterator(events.end()));
    events.erase(detached_at, events.end());
    std::vector<std::string> captured, detached;
    for (const Event& event : events) {
      if (const auto* capture = std::get_if<referee::CaptureEvent>(&event.body)) {
        captured.insert(captured.end(), capture->cards.begin(), capture->cards.end());
        ++captures_;
      }
    }
    for (const Event& event : after_lift) {
      if (const auto* gone = std::get_if<referee::DetachedEvent>(&event.body))
        detached.insert(detached.end(), gone->cards.begin(), gone->cards.end());
    }
    add_step(laid_cards, seat, std::move(events));
    if (!captured.empty()) add_step(lift(captured), seat, std::move(after_lift));
    if (!detached.empty()) {
      std::vector<TrioCardLayout> gone = lift(detached);
      for (const TrioCardLayout& card : gone)
        pile_.push_back({card.card_id, card.colour});  // to the bottom of the pile
      add_step(std::move(gone), seat, {});
    }
    draw_up(seat);
  }

  // Takes the cards with `ids` off the table, and returns them as they lay.
  std::vector<TrioCardLayout> lift(const std::vector<std::string>& ids) {
    std::vector<TrioCardLayout> lifted;
    std::erase_if(table_, [&](const TrioCardLayout& card) {
      const bool taken = std::find(ids.begin(), ids.end(), card.card_id) != ids.end();
      if (taken) lifted.push_back(card);
      return taken;
    });
    return lifted;
  }

  // The hands hold what the game says they hold: drawn from the top of the pile, the player who
  // played first, then clockwise (as the game draws).
  void draw_up(int seat) {
    for (std::size_t step = 0; step < players_.size(); ++step) {
      const std::size_t at = (static_cast<std::size_t>(seat) + step) % players_.size();
      auto& hand = hands_[at];
      while (static_cast<int>(hand.size()) < game_->players()[at].hand && !pile_.empty()) {
        hand.push_back(pile_.front());
        pile_.erase(pile_.begin());
      }
    }
  }

  void add_step(std::vector<TrioCardLayout> reached, int seat, std::vector<Event> events) {
    steps_.push_back({table_, std::move(reached), seat, true, std::move(events)});
    if (chance(rng_, options_.passing_hand_share) && !table_.empty()) {
      const int passer = uniform_int(rng_, 0, options_.players - 1);
      steps_.push_back({table_, {pick(rng_, table_)}, passer, false, {}});
    }
  }

  // ---- the game on the table ------------------------------------------------------------------

  TrioScene scene_of(std::vector<TrioCardLayout> cards) const {
    return {std::move(cards), trio_pitch_for_gap(kGapMm), origin_mm_, angle_deg_};
  }

  // Lays the lattice so that the middle of every place the game used lies under the camera.
  void place_lattice() {
    angle_deg_ = uniform(rng_, 0, 360);
    cv::Point2d low(1e300, 1e300), high(-1e300, -1e300);
    for (const Step& step : steps_) {
      for (const TrioCardLayout& card : step.table) {
        const cv::Point2d centre = trio_card_pose(scene_of({}), card).centroid_mm;
        low = {std::min(low.x, centre.x), std::min(low.y, centre.y)};
        high = {std::max(high.x, centre.x), std::max(high.y, centre.y)};
      }
    }
    origin_mm_ = -(low + high) / 2;
  }

  TableCamera frame_table() const {
    std::vector<std::vector<cv::Point2d>> outlines;
    const auto frame_card = [&](const TrioCardLayout& card) {
      const TrioScene scene = scene_of({});
      const cv::Point2d centre = trio_card_pose(scene, card).centroid_mm;
      std::vector<cv::Point2d> outline;
      for (const cv::Point2d& corner : trio_card_corners(scene, card))
        outline.push_back(centre + (corner - centre) * kFramedGrowth);
      outlines.push_back(std::move(outline));
    };
    for (const TrioCardLayout& card : first_table_) frame_card(card);
    for (const Step& step : steps_) {
      for (const TrioCardLayout& card : step.table) frame_card(card);
    }
    const std::optional<TableCamera> camera = fit_camera(conditions_, outlines);
    if (!camera) {
      throw std::invalid_argument(
          "the picture is too small to film every card of this game at least 70 px (play fewer "
          "turns)");
    }
    return *camera;
  }

  // The pieces of `cards`, each card printed the same way in every layout it lies in.
  TableLayout pieces_of(const std::vector<TrioCardLayout>& cards) const {
    TableLayout table;
    for (const TrioCardLayout& card : cards) {
      std::mt19937_64 print_rng(fnv1a(card.card_id, print_seed_));
      TableLayout part = trio_table_layout(scene_of({card}), conditions_, print_rng);
      for (FlatPiece& piece : part.pieces) table.pieces.push_back(std::move(piece));
    }
    return table;
  }

  std::size_t add_layout(GameScript& script, const std::vector<TrioCardLayout>& cards) const {
    const TrioScene scene = scene_of(cards);
    ScriptLayout layout;
    layout.table = pieces_of(cards);
    layout.state_fields = [scene](const Photo& photo) {
      const nlohmann::json truth = trio_truth(scene, photo);
      return nlohmann::json{{"status", truth.at("status")},
                            {"cards", truth.at("cards")},
                            {"detached", truth.at("detached")}};
    };
    script.layouts.push_back(std::move(layout));
    return script.layouts.size() - 1;
  }

  double still() { return uniform(rng_, options_.min_still_s, options_.max_still_s); }

  GameScript film_steps() {
    place_lattice();
    GameScript script;
    script.players = players_;
    script.camera = frame_table();
    std::size_t current = add_layout(script, first_table_);
    script.still_first_s = still();
    for (Step& step : steps_) {
      const std::size_t after = step.changes ? add_layout(script, step.table) : current;
      script.visits.push_back({current, after, pieces_of(step.reached),
                               seat_direction_rad(step.seat, options_.players), still(),
                               std::move(step.events)});
      current = after;
    }
    return script;
  }

  const GameVideoOptions& options_;
  const CaptureConditions& conditions_;
  std::mt19937_64& rng_;
  std::vector<std::string> players_;
  std::uint64_t print_seed_ = 0;

  std::optional<trio::TrioGame> game_;
  std::vector<std::vector<HandCard>> hands_;
  std::vector<HandCard> pile_;  // the top first
  std::vector<TrioCardLayout> table_, first_table_;
  std::vector<Step> steps_;
  int illegal_plays_ = 0;
  int captures_ = 0;

  double angle_deg_ = 0;
  cv::Point2d origin_mm_{0, 0};
};

}  // namespace

GameScript trio_game_script(const GameVideoOptions& options, const CaptureConditions& conditions,
                            std::mt19937_64& rng) {
  return TrioPlay(options, conditions, rng).run();
}

}  // namespace tableref::samples
