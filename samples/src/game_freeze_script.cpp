// Monster Freeze played by simulated players, as a script for the camera (game_script.hpp).

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "freeze_render.hpp"
#include "game_script.hpp"
#include "referee/deck.hpp"
#include "referee/freeze/match.hpp"
#include "referee/freeze/solver.hpp"
#include "samples/freeze_scene.hpp"

namespace tableref::samples {

namespace {

namespace freeze = referee::freeze;
using referee::Event;

// Each seat shows its stack this far from the single card in the middle: clear of it and of the
// neighbouring seats whatever the stacks' turns.
constexpr double kSeatRadiusMm = 105;
// The camera frames a wider ring, so that no stack comes near the edge of the picture (where it
// would look like an arm reaching in).
constexpr double kFramedRadiusMm = kSeatRadiusMm + 25;
// Players swap with the single card until one can make a trick; past this many swaps in a row
// the deal is hopeless and the game stops.
constexpr int kMaxSwapsWithoutTrick = 24;

// A card lying anywhere in a circle: the square at 0 and at 45 degrees covers every turn.
std::vector<std::vector<cv::Point2d>> footprint(cv::Point2d centre) {
  const double half = kFreezeCardSideMm / 2;
  const double diagonal = half * std::sqrt(2.0);
  return {{centre + cv::Point2d(-half, -half), centre + cv::Point2d(half, -half),
           centre + cv::Point2d(half, half), centre + cv::Point2d(-half, half)},
          {centre + cv::Point2d(0, -diagonal), centre + cv::Point2d(diagonal, 0),
           centre + cv::Point2d(0, diagonal), centre + cv::Point2d(-diagonal, 0)}};
}

// A camera that sees the single card and a ring of seats around it, every card at least 70 px.
TableCamera frame_table(const CaptureConditions& conditions) {
  std::vector<std::vector<cv::Point2d>> outlines = footprint({0, 0});
  constexpr int kRingPlaces = 8;
  for (int place = 0; place < kRingPlaces; ++place) {
    const double angle = 2 * std::numbers::pi * place / kRingPlaces;
    for (auto& outline :
         footprint(cv::Point2d(std::cos(angle), std::sin(angle)) * kFramedRadiusMm)) {
      outlines.push_back(std::move(outline));
    }
  }
  const std::optional<TableCamera> camera = fit_camera(conditions, outlines);
  if (!camera) {
    throw std::invalid_argument(
        "the picture is too small to film the table with every card at least 70 px");
  }
  return *camera;
}

// The table point at `radius_mm` from the middle of the table in image direction `direction`.
cv::Point2d seat_place(const TableCamera& camera, double direction_rad, double radius_mm) {
  const cv::Point2d centre_px = camera.image_from_table({0, 0});
  const cv::Point2d direction(std::cos(direction_rad), std::sin(direction_rad));
  double near = 0, far = std::max(camera.image_size.width, camera.image_size.height);
  for (int step = 0; step < 60; ++step) {
    const double middle = (near + far) / 2;
    const cv::Point2d table = camera.table_from_image(centre_px + direction * middle);
    if (std::isfinite(table.x) && cv::norm(table) < radius_mm) {
      near = middle;
    } else {
      far = middle;
    }
  }
  return camera.table_from_image(centre_px + direction * near);
}

struct StackCard {
  std::string id;
  freeze::Placement placement;
};

// A stack laid by hand: aligned within 0.5 mm and 0.7 degrees, or (askew) one card below the
// top pushed 6 to 8 mm or turned 8 to 12 degrees.
FreezeStackLayout lay_stack(const std::vector<StackCard>& top_first, cv::Point2d centre,
                            double angle_deg, bool askew, std::mt19937_64& rng) {
  FreezeStackLayout stack;
  stack.centre_mm = centre;
  stack.angle_deg = angle_deg;
  for (const StackCard& card : top_first) {
    stack.cards.push_back({card.id, card.placement,
                           cv::Point2d(uniform(rng, -0.5, 0.5), uniform(rng, -0.5, 0.5)),
                           uniform(rng, -0.7, 0.7)});
  }
  if (askew && stack.cards.size() > 1) {
    FreezeCardLayout& below =
        stack.cards[std::uniform_int_distribution<std::size_t>(1, stack.cards.size() - 1)(rng)];
    if (chance(rng, 0.5)) {
      const double direction = uniform(rng, 0, 2 * std::numbers::pi);
      below.offset_mm =
          cv::Point2d(std::cos(direction), std::sin(direction)) * uniform(rng, 6.0, 8.0);
    } else {
      below.turn_deg = (chance(rng, 0.5) ? 1 : -1) * uniform(rng, 8.0, 12.0);
    }
  }
  return stack;
}

FreezeStackLayout straightened(FreezeStackLayout stack) {
  for (FreezeCardLayout& card : stack.cards) {
    card.offset_mm = {0, 0};
    card.turn_deg = 0;
  }
  return stack;
}

class FreezePlay {
 public:
  FreezePlay(const GameVideoOptions& options, const CaptureConditions& conditions,
             std::mt19937_64& rng)
      : options_(options),
        conditions_(conditions),
        rng_(rng),
        deck_(referee::builtin_freeze_deck()) {
    for (int seat = 1; seat <= options.players; ++seat) {
      script_.players.push_back("P" + std::to_string(seat));
    }
    print_seed_ = rng_();
    script_.camera = frame_table(conditions_);
    for (int seat = 0; seat < options.players; ++seat) {
      seat_places_.push_back(
          seat_place(script_.camera, seat_direction_rad(seat, options.players), kSeatRadiusMm));
    }
    seat_stacks_.resize(static_cast<std::size_t>(options.players));
  }

  GameScript run() {
    match_.emplace(script_.players, deck_, freeze::MatchOptions{options_.rounds_to_win, 120.0},
                   deal());
    layout_ = add_layout();
    script_.still_first_s = still();
    std::string stopped = "the match is decided";
    int swaps_in_a_row = 0;
    while (!match_->over()) {
      if (options_.max_tricks > 0 && tricks_shown_ >= options_.max_tricks) {
        stopped = "the number of tricks asked for was shown";
        break;
      }
      if (match_->round().over()) {
        next_round();
        continue;
      }
      const std::vector<int> ready = players_with_tricks();
      if (!ready.empty()) {
        show_trick(pick(rng_, ready));
        swaps_in_a_row = 0;
      } else if (++swaps_in_a_row > kMaxSwapsWithoutTrick) {
        stopped = "no player could make a trick";
        break;
      } else {
        swap_single();
      }
    }
    script_.details = {{"game", "freeze"},
                       {"stopped", stopped},
                       {"rounds", match_->round_number()},
                       {"tricks_shown", tricks_shown_},
                       {"swaps", swaps_}};
    if (match_->outcome()) script_.details["match_winners"] = match_->outcome()->winners;
    return std::move(script_);
  }

 private:
  const std::string& name(int seat) const {
    return script_.players[static_cast<std::size_t>(seat)];
  }

  double still() { return uniform(rng_, options_.min_still_s, options_.max_still_s); }

  freeze::Hand hand_of(int seat) const {
    freeze::Hand hand{};
    const auto& ids = hands_[static_cast<std::size_t>(seat)];
    for (std::size_t i = 0; i < hand.size(); ++i) hand[i] = deck_.find(ids[i]);
    return hand;
  }

  freeze::Deal deal() {
    std::vector<std::string> ids;
    for (const referee::FreezeCard& card : deck_.cards) ids.push_back(card.id);
    std::shuffle(ids.begin(), ids.end(), rng_);
    freeze::Deal dealt;
    hands_.assign(static_cast<std::size_t>(options_.players), {});
    std::size_t next = 0;
    for (int seat = 0; seat < options_.players; ++seat) {
      freeze::CardIds cards;
      for (std::string& card : cards) card = ids[next++];
      hands_[static_cast<std::size_t>(seat)].assign(cards.begin(), cards.end());
      dealt.hands[name(seat)] = cards;
    }
    single_id_ = ids[next++];
    dealt.single = single_id_;
    pile_.assign(ids.begin() + static_cast<std::ptrdiff_t>(next), ids.end());
    single_ = single_stack();
    return dealt;
  }

  FreezeStackLayout single_stack() {
    const freeze::Placement placement = freeze::placement_from_index(uniform_int(rng_, 0, 7));
    return lay_stack({{single_id_, placement}},
                     cv::Point2d(uniform(rng_, -4, 4), uniform(rng_, -4, 4)), uniform(rng_, 0, 360),
                     false, rng_);
  }

  std::vector<FreezeStackLayout> table_stacks() const {
    std::vector<FreezeStackLayout> stacks{single_};
    for (const auto& stack : seat_stacks_) {
      if (stack) stacks.push_back(*stack);
    }
    return stacks;
  }

  // The pieces of `stacks`, each stack printed the same way in every layout it appears in.
  TableLayout pieces_of(const std::vector<FreezeStackLayout>& stacks) const {
    TableLayout table;
    for (const FreezeStackLayout& stack : stacks) {
      std::uint64_t seed = print_seed_;
      for (const FreezeCardLayout& card : stack.cards) seed = fnv1a(card.card_id, seed);
      std::mt19937_64 print_rng(seed);
      TableLayout part = freeze_table_layout(FreezeScene{{stack}}, conditions_, print_rng);
      for (FlatPiece& piece : part.pieces) table.pieces.push_back(std::move(piece));
    }
    return table;
  }

  std::size_t add_layout() {
    const FreezeScene scene{table_stacks()};
    ScriptLayout layout;
    layout.table = pieces_of(scene.stacks);
    layout.state_fields = [scene](const Photo& photo) {
      const nlohmann::json truth = freeze_truth(scene, photo);
      return nlohmann::json{{"status", truth.at("status")}, {"stacks", truth.at("stacks")}};
    };
    script_.layouts.push_back(std::move(layout));
    return script_.layouts.size() - 1;
  }

  // A hand at `seat` changes the table to what it is now (reaching for `target`), then the table
  // stays still; sometimes a hand passes over it afterwards without changing anything.
  void visit(const FreezeStackLayout& target, int seat, std::vector<Event> events) {
    const std::size_t after = add_layout();
    script_.visits.push_back({layout_, after, pieces_of({target}),
                              seat_direction_rad(seat, options_.players), still(),
                              std::move(events)});
    layout_ = after;
    if (chance(rng_, options_.passing_hand_share)) {
      const std::vector<FreezeStackLayout> stacks = table_stacks();
      const int passer = uniform_int(rng_, 0, options_.players - 1);
      script_.visits.push_back({layout_,
                                layout_,
                                pieces_of({pick(rng_, stacks)}),
                                seat_direction_rad(passer, options_.players),
                                still(),
                                {}});
    }
  }

  std::vector<int> players_with_tricks() const {
    std::vector<int> ready;
    for (int seat = 0; seat < options_.players; ++seat) {
      if (hands_[static_cast<std::size_t>(seat)].size() != freeze::kHandSize) continue;
      if (!freeze::trick_colours(hand_of(seat)).empty()) ready.push_back(seat);
    }
    return ready;
  }

  void lift(int seat) {
    auto& stack = seat_stacks_[static_cast<std::size_t>(seat)];
    const FreezeStackLayout lifted = *stack;
    stack.reset();
    visit(lifted, seat, {});
  }

  void lay(int seat, const FreezeStackLayout& stack, std::vector<Event> events) {
    seat_stacks_[static_cast<std::size_t>(seat)] = stack;
    visit(stack, seat, std::move(events));
  }

  void show_trick(int seat) {
    if (seat_stacks_[static_cast<std::size_t>(seat)]) lift(seat);
    const freeze::Hand hand = hand_of(seat);
    const std::vector<freeze::TrickStacking> tricks = freeze::list_tricks(hand);
    // Players go for the colours they lack.
    const freeze::ColourSet taken =
        freeze::colours_taken(match_->round().player(name(seat)).tricks);
    std::vector<const freeze::TrickStacking*> wanted, any;
    for (const freeze::TrickStacking& trick : tricks) {
      any.push_back(&trick);
      if ((trick.colours | taken) != taken) wanted.push_back(&trick);
    }
    const freeze::TrickStacking& chosen = *pick(rng_, wanted.empty() ? any : wanted);

    std::vector<StackCard> cards;
    freeze::StackOfCards claimed;
    for (std::size_t level = 0; level < hand.size(); ++level) {
      const std::string& id = hand[static_cast<std::size_t>(chosen.stacking.order[level])]->id;
      cards.push_back({id, chosen.stacking.placements[level]});
      claimed.top_first.push_back({id, chosen.stacking.placements[level]});
    }
    const cv::Point2d centre = seat_places_[static_cast<std::size_t>(seat)] +
                               cv::Point2d(uniform(rng_, -4, 4), uniform(rng_, -4, 4));
    const double angle = uniform(rng_, 0, 360);
    freeze::TrickClaim claim{name(seat), claimed, std::nullopt, true, std::nullopt};
    FreezeStackLayout stack = lay_stack(cards, centre, angle, false, rng_);

    if (chance(rng_, options_.misaligned_share)) {
      FreezeStackLayout askew = lay_stack(cards, centre, angle, true, rng_);
      claim.aligned = false;
      lay(seat, askew, judged(claim));
      stack = straightened(askew);
      claim.aligned = true;
    }
    if (pile_.size() >= freeze::kCardsPerTrick) {
      freeze::CardIds drawn;
      for (std::string& card : drawn) {
        card = pile_.back();
        pile_.pop_back();
      }
      claim.drawn = drawn;
      hands_[static_cast<std::size_t>(seat)].assign(drawn.begin(), drawn.end());
    } else {
      hands_[static_cast<std::size_t>(seat)].clear();
    }
    ++tricks_shown_;
    lay(seat, stack, judged(claim));
  }

  // The referee's events for a claim, after those of a new round it is the first claim of.
  std::vector<Event> judged(const freeze::TrickClaim& claim) {
    std::vector<Event> events = std::move(carried_);
    carried_.clear();
    for (Event& event : match_->trick(claim)) events.push_back(std::move(event));
    return events;
  }

  void swap_single() {
    std::vector<std::pair<int, std::size_t>> helpful, possible;
    const referee::FreezeCard& single = *deck_.find(single_id_);
    for (int seat = 0; seat < options_.players; ++seat) {
      if (hands_[static_cast<std::size_t>(seat)].size() != freeze::kHandSize) continue;
      const auto colours = freeze::trick_colours_with_single(hand_of(seat), single);
      for (std::size_t index = 0; index < colours.size(); ++index) {
        possible.emplace_back(seat, index);
        if (!colours[index].empty()) helpful.emplace_back(seat, index);
      }
    }
    if (possible.empty()) return;
    const auto [seat, index] = pick(rng_, helpful.empty() ? possible : helpful);
    std::string& given = hands_[static_cast<std::size_t>(seat)][index];
    const std::vector<Event> refused =
        match_->swap(freeze::SwapClaim{name(seat), given, single_id_});
    if (!refused.empty()) throw std::logic_error("the simulated swap broke a rule");
    std::swap(given, single_id_);
    single_ = single_stack();
    ++swaps_;
    visit(single_, seat, {});
  }

  void next_round() {
    for (int seat = 0; seat < options_.players; ++seat) {
      if (seat_stacks_[static_cast<std::size_t>(seat)]) lift(seat);
    }
    // The live referee starts the round with the first trick it sees: so does the truth.
    carried_ = match_->new_round(deal());
    visit(single_, uniform_int(rng_, 0, options_.players - 1), {});
  }

  const GameVideoOptions& options_;
  const CaptureConditions& conditions_;
  std::mt19937_64& rng_;
  const referee::FreezeDeck& deck_;
  GameScript script_;
  std::uint64_t print_seed_ = 0;
  std::vector<cv::Point2d> seat_places_;

  std::vector<std::vector<std::string>> hands_;
  std::vector<std::string> pile_;
  std::string single_id_;
  FreezeStackLayout single_;
  std::vector<std::optional<FreezeStackLayout>> seat_stacks_;
  std::size_t layout_ = 0;

  std::optional<freeze::Match> match_;
  std::vector<Event> carried_;  // a new round's events, announced with its first trick
  int tricks_shown_ = 0;
  int swaps_ = 0;
};

}  // namespace

double seat_direction_rad(int seat, int seat_count) {
  return std::numbers::pi / 2 + 2 * std::numbers::pi * seat / std::max(1, seat_count);
}

GameScript freeze_game_script(const GameVideoOptions& options, const CaptureConditions& conditions,
                              std::mt19937_64& rng) {
  return FreezePlay(options, conditions, rng).run();
}

}  // namespace tableref::samples
