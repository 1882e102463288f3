// Bugs & Co played by simulated players, as a script for the camera (game_script.hpp).

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <numeric>
#include <stdexcept>

#include "bugs_render.hpp"
#include "game_script.hpp"
#include "referee/bugs/countdown.hpp"
#include "referee/bugs/setup.hpp"
#include "referee/deck.hpp"
#include "square_pieces.hpp"

namespace tableref::samples {

namespace {

using referee::Event;

constexpr double kTrophyPitchMm = kBugsTileSideMm + 10;
constexpr double kClearanceMm = 15;  // between the trophies in the middle and any collection
// After the last trophy, the players still playing lay at most this many tiles before STOP.
constexpr int kVisitsInTheCountdown = 2;
constexpr double kStillAfterStopS = 1.5;
// A hand's visit takes at most this long (game_video.cpp: approach, dwell and retreat, each at
// least a frame or two at 2 fps); a tile laid in the countdown lies still this long before STOP.
constexpr double kLongestHandS = 2.5;
constexpr double kSettledBeforeStopS = 1.5;

// How long the countdown after the last trophy runs, to STOP.
double countdown_s() {
  return referee::bugs::Countdown().advanced(0).number();
}

cv::Point2d rotated_rad(cv::Point2d point, double angle_rad) {
  const double c = std::cos(angle_rad), s = std::sin(angle_rad);
  return {c * point.x - s * point.y, s * point.x + c * point.y};
}

// The table direction of an image direction seen from the middle of the table.
double table_direction_rad(const TableCamera& camera, double image_direction_rad) {
  const cv::Point2d centre_px = camera.image_from_table({0, 0});
  const cv::Point2d towards = camera.table_from_image(
      centre_px + cv::Point2d(std::cos(image_direction_rad), std::sin(image_direction_rad)) * 50);
  return std::atan2(towards.y, towards.x);
}

class BugsPlay {
 public:
  BugsPlay(const GameVideoOptions& options, const CaptureConditions& conditions,
           std::mt19937_64& rng)
      : options_(options), conditions_(conditions), rng_(rng) {
    for (int seat = 1; seat <= options.players; ++seat) {
      script_.players.push_back("P" + std::to_string(seat));
    }
    print_seed_ = rng_();
    referee::bugs::SetupOptions setup;
    setup.players = options.players;
    setup.seed = rng_();
    const auto made = referee::bugs::make_setup(referee::builtin_bugs_deck(), setup);
    if (!made) throw std::invalid_argument(made.error().message);
    trophies_ = made->trophies;
    pool_ = made->tiles;
  }

  GameScript run() {
    draw_collections();
    frame_and_place();
    play();
    return std::move(script_);
  }

 private:
  // Each player's collection as it will end, laid around the origin: the player's monster tiles
  // in the order they are laid, and a free place for a trophy.
  void draw_collections() {
    const int players = options_.players;
    BugsSceneOptions scene_options;
    scene_options.min_players = scene_options.max_players = 1;
    // Two players may collect more than four: the picture must still show every tile >= 70 px.
    scene_options.max_tiles = players == 2 ? 6 : players == 3 ? 5 : 4;
    for (int player = 0; player < players; ++player) {
      std::vector<BugsTileLayout> tiles = random_bugs_scene(rng_, scene_options).tiles;
      // The trophy's place: the scene's own trophy, or else the last tile's.
      auto trophy = std::find_if(tiles.begin(), tiles.end(),
                                 [](const BugsTileLayout& tile) { return tile.is_trophy(); });
      if (trophy == tiles.end()) trophy = std::prev(tiles.end());
      trophy_places_.push_back(*trophy);
      tiles.erase(trophy);
      for (BugsTileLayout& tile : tiles) tile.player = player;
      draw_from_pool(tiles);
      collections_.push_back(std::move(tiles));
    }
  }

  // The species of `tiles` become species of the face-down tiles in play (the set-up's eye
  // counts), copies of one species staying copies of one species.
  void draw_from_pool(std::vector<BugsTileLayout>& tiles) {
    std::map<std::string, std::string> drawn;  // species as drawn -> species from the pool
    for (BugsTileLayout& tile : tiles) {
      auto found = drawn.find(tile.species);
      if (found == drawn.end()) {
        const auto copies = static_cast<std::ptrdiff_t>(std::count_if(
            tiles.begin(), tiles.end(),
            [&](const BugsTileLayout& other) { return other.species == tile.species; }));
        const auto chosen = std::find_if(pool_.begin(), pool_.end(), [&](const std::string& id) {
          return std::count(pool_.begin(), pool_.end(), id) >= copies;
        });
        if (chosen == pool_.end()) throw std::invalid_argument("the face-down tiles ran out");
        found = drawn.emplace(tile.species, *chosen).first;
        for (std::ptrdiff_t copy = 0; copy < copies; ++copy)
          pool_.erase(std::find(pool_.begin(), pool_.end(), found->second));
      }
      tile.species = found->second;
    }
  }

  // The camera frames the trophies in the middle and a collection in front of every seat (seat
  // 0 at the bottom of the picture, the others clockwise: the live referee's default zones).
  void frame_and_place() {
    const int players = options_.players;
    // Where the seats are: a first view of a ring round the middle, only for its directions.
    place_trophies(frame_or_throw(ring_outlines(kBugsTileSideMm * 4), 1));
    for (int player = 0; player < players; ++player) place_collection(player);
    // The view of everything that will lie on the table, every tile at least 70 px.
    std::vector<std::vector<cv::Point2d>> outlines;
    const auto add = [&outlines](const BugsTileLayout& tile) {
      const auto corners = square_corners({tile.centre_mm, tile.angle_deg}, kBugsTileSideMm);
      outlines.emplace_back(corners.begin(), corners.end());
    };
    for (const BugsTileLayout& trophy : middle_) add(trophy);
    for (std::size_t player = 0; player < collections_.size(); ++player) {
      for (const BugsTileLayout& tile : collections_[player]) add(tile);
      add(trophy_places_[player]);
    }
    script_.camera = frame_or_throw(outlines, kMinPieceSidePx);
  }

  TableCamera frame_or_throw(const std::vector<std::vector<cv::Point2d>>& outlines,
                             double min_side_px) const {
    const std::optional<TableCamera> camera = fit_camera(conditions_, outlines, min_side_px);
    if (!camera) {
      throw std::invalid_argument(
          "the picture is too small to film the game with every tile at least 70 px");
    }
    return *camera;
  }

  static std::vector<std::vector<cv::Point2d>> ring_outlines(double radius_mm) {
    std::vector<std::vector<cv::Point2d>> outlines;
    constexpr int kRingPlaces = 12;
    for (int place = 0; place < kRingPlaces; ++place) {
      const cv::Point2d centre =
          rotated_rad({radius_mm, 0}, 2 * std::numbers::pi * place / kRingPlaces);
      const auto corners = square_corners({centre, 0}, kBugsTileSideMm);
      outlines.emplace_back(corners.begin(), corners.end());
    }
    return outlines;
  }

  // The trophies in a row across the middle, highest first, as `view` sees the table.
  void place_trophies(const TableCamera& view) {
    seat_view_ = view;
    const double across = table_direction_rad(view, 0);
    for (std::size_t index = 0; index < trophies_.size(); ++index) {
      BugsTileLayout trophy;
      trophy.trophy_value = trophies_[index];
      trophy.player = -1;
      const double offset =
          static_cast<double>(index) - static_cast<double>(trophies_.size() - 1) / 2.0;
      trophy.centre_mm = rotated_rad({offset * kTrophyPitchMm, 0}, across);
      trophy.angle_deg = across * 180 / std::numbers::pi + uniform(rng_, -6, 6);
      middle_.push_back(trophy);
    }
  }

  // A collection faces its player, its rows across the player's view, clear of the trophies in
  // the middle and (three or four players) of the neighbouring collections.
  void place_collection(int player) {
    const int players = options_.players;
    const auto seat = static_cast<std::size_t>(player);
    std::vector<BugsTileLayout> all = collections_[seat];
    all.push_back(trophy_places_[seat]);
    double depth_mm = 0;  // from the collection's middle towards the middle of the table
    for (const BugsTileLayout& tile : all)
      depth_mm = std::max(depth_mm, std::abs(tile.centre_mm.y) + kBugsTileSideMm * 0.75);
    double middle_mm = 0;
    for (const BugsTileLayout& trophy : middle_)
      middle_mm = std::max(middle_mm, cv::norm(trophy.centre_mm) + kBugsTileSideMm * 0.75);
    double seat_mm = middle_mm + kClearanceMm + depth_mm;
    if (players > 2) {
      seat_mm = std::max(
          seat_mm, (bugs_reach_mm(all) + kClearanceMm / 2) / std::sin(std::numbers::pi / players));
    }
    const double direction = table_direction_rad(seat_view_, seat_direction_rad(player, players));
    const double turn = direction - std::numbers::pi / 2;
    const cv::Point2d place = rotated_rad({seat_mm, 0}, direction);
    const auto settle = [&](BugsTileLayout& tile) {
      tile.centre_mm = place + rotated_rad(tile.centre_mm, turn);
      tile.angle_deg += turn * 180 / std::numbers::pi;
    };
    for (BugsTileLayout& tile : collections_[seat]) settle(tile);
    settle(trophy_places_[seat]);
  }

  // Play is simultaneous, but the camera sees one hand at a time: in rounds, each player still
  // playing lays their next tile. A player whose collection is complete takes the highest trophy
  // left and stops; once the last trophy is taken, the others lay what they can before STOP.
  void play() {
    const int players = options_.players;
    std::vector<std::size_t> laid(static_cast<std::size_t>(players), 0);
    std::vector<bool> stopped(static_cast<std::size_t>(players), false);
    std::vector<int> order(static_cast<std::size_t>(players));
    std::iota(order.begin(), order.end(), 0);
    add_layout();
    script_.still_first_s = still();
    int countdown_visits = -1;  // visits left before STOP, once the countdown runs
    nlohmann::json taken = nlohmann::json::array();
    while (countdown_visits != 0) {
      std::shuffle(order.begin(), order.end(), rng_);
      bool any_tile = false;
      for (const int player : order) {
        const auto seat = static_cast<std::size_t>(player);
        if (stopped[seat] || countdown_visits == 0) continue;
        const std::vector<BugsTileLayout>& collection = collections_[seat];
        if (countdown_visits > 0 && !fits_before_stop()) {
          countdown_visits = 0;
          continue;
        }
        if (laid[seat] < collection.size()) {
          table_.push_back(collection[laid[seat]++]);
          visit(player, table_.back());
          any_tile = true;
          if (countdown_visits > 0) --countdown_visits;
        } else if (!middle_.empty() && countdown_visits < 0) {
          BugsTileLayout trophy = trophy_places_[seat];
          trophy.trophy_value = middle_.front().trophy_value;
          trophy.player = player;
          middle_.erase(middle_.begin());
          table_.push_back(trophy);
          last_trophy_visit_ = visit(player, trophy);
          taken.push_back({{"player", script_.players[seat]}, {"value", trophy.trophy_value}});
          stopped[seat] = true;
          any_tile = true;
          if (middle_.empty()) countdown_visits = kVisitsInTheCountdown;
        }
      }
      if (!any_tile) break;  // everyone is done: STOP
    }
    finish(taken);
  }

  // Whether one more visit would be over, its tile settled, well before STOP, however long the
  // hands of the visits since the last trophy take.
  bool fits_before_stop() const {
    double elapsed_s = script_.visits[last_trophy_visit_].still_after_s;
    for (std::size_t index = last_trophy_visit_ + 1; index < script_.visits.size(); ++index)
      elapsed_s += kLongestHandS + script_.visits[index].still_after_s;
    return elapsed_s + kLongestHandS + kSettledBeforeStopS <= countdown_s();
  }

  // Films `moved` coming onto the table by `player`'s hand; the index of that visit.
  std::size_t visit(int player, const BugsTileLayout& moved) {
    const std::size_t before = script_.layouts.size() - 1;
    add_layout();
    TableLayout target;
    std::mt19937_64 print_rng = printer(moved);
    target.pieces.push_back(bugs_tile_piece(moved, conditions_, print_rng));
    script_.visits.push_back({before,
                              before + 1,
                              std::move(target),
                              seat_direction_rad(player, options_.players),
                              still(),
                              {play_event(player, moved)}});
    const std::size_t index = script_.visits.size() - 1;
    // No hand passes in the countdown: the table must be still at STOP.
    if (!middle_.empty() && chance(rng_, options_.passing_hand_share)) {
      const int passer = uniform_int(rng_, 0, options_.players - 1);
      script_.visits.push_back({before + 1,
                                before + 1,
                                script_.visits.back().hand_target,
                                seat_direction_rad(passer, options_.players),
                                still(),
                                {}});
    }
    return index;
  }

  // What the referee announces when `moved` comes onto the table by `player`'s hand.
  referee::Event play_event(int player, const BugsTileLayout& moved) const {
    const std::string& name = script_.players[static_cast<std::size_t>(player)];
    if (moved.is_trophy()) {
      return {referee::TrophyEvent{name, moved.trophy_value, {"trophy"}}, {}, {}, {}};
    }
    return {referee::PlacedEvent{name, {moved.species}}, {}, {}, {}};
  }

  // The countdown runs from the last trophy; at STOP the collections are scored.
  void finish(const nlohmann::json& taken) {
    const int players = options_.players;
    std::vector<referee::bugs::Score> scores;
    referee::ScoreEvent scored;
    for (int player = 0; player < players; ++player) {
      referee::bugs::Collection collection;
      for (const BugsTileLayout& tile : table_) {
        if (tile.player != player) continue;
        if (tile.is_trophy()) {
          collection.trophies.push_back(tile.trophy_value);
        } else {
          collection.species.push_back(tile.species);
        }
      }
      scores.push_back(referee::bugs::score(collection));
      scored.scores.push_back({script_.players[static_cast<std::size_t>(player)],
                               scores.back().total(), referee::bugs::to_json(scores.back())});
    }
    referee::WinnerEvent winner;
    for (const std::size_t index : referee::bugs::winners(scores))
      winner.players.push_back(script_.players[index]);
    winner.reason = "the highest total at STOP";
    // The table holds still through the rest of the countdown and a moment after STOP.
    script_.end_counted_from = last_trophy_visit_;
    script_.end_after_s = countdown_s();
    script_.events_at_end.resize(2);
    script_.events_at_end[0].body = std::move(scored);
    script_.events_at_end[1].body = std::move(winner);
    script_.state_at_end = true;
    script_.still_at_end_s = kStillAfterStopS;
    script_.details = {{"game", "bugs"},
                       {"trophies_taken", taken},
                       {"stopped", "STOP: the countdown after the last trophy ran out"}};
  }

  // A tile is printed the same way in every layout it lies in (a trophy keeps its copy when it
  // moves from the middle to a collection).
  std::mt19937_64 printer(const BugsTileLayout& tile) const {
    const std::string key =
        tile.is_trophy() ? "trophy" + std::to_string(tile.trophy_value)
                         : tile.species + "@" + std::to_string(std::lround(tile.centre_mm.x)) +
                               "," + std::to_string(std::lround(tile.centre_mm.y));
    return std::mt19937_64(fnv1a(key, print_seed_));
  }

  void add_layout() {
    BugsScene scene;
    scene.players = options_.players;
    scene.tiles = middle_;
    scene.tiles.insert(scene.tiles.end(), table_.begin(), table_.end());
    ScriptLayout layout;
    for (const BugsTileLayout& tile : scene.tiles) {
      std::mt19937_64 print_rng = printer(tile);
      layout.table.pieces.push_back(bugs_tile_piece(tile, conditions_, print_rng));
    }
    layout.state_fields = [scene](const Photo& photo) {
      const nlohmann::json truth = bugs_truth(scene, photo);
      return nlohmann::json{{"status", truth.at("status")},
                            {"tiles", truth.at("tiles")},
                            {"score", truth.at("score")}};
    };
    script_.layouts.push_back(std::move(layout));
  }

  double still() { return uniform(rng_, options_.min_still_s, options_.max_still_s); }

  const GameVideoOptions& options_;
  const CaptureConditions& conditions_;
  std::mt19937_64& rng_;
  GameScript script_;
  std::uint64_t print_seed_ = 0;
  std::vector<int> trophies_;      // highest first
  std::vector<std::string> pool_;  // species of the face-down tiles not drawn yet
  std::vector<std::vector<BugsTileLayout>> collections_;
  std::vector<BugsTileLayout> trophy_places_;  // by player
  std::vector<BugsTileLayout> middle_;         // trophies not taken yet
  std::vector<BugsTileLayout> table_;          // in front of the players
  std::size_t last_trophy_visit_ = 0;
  TableCamera seat_view_;  // a first view of the table: where the seats are
};

}  // namespace

GameScript bugs_game_script(const GameVideoOptions& options, const CaptureConditions& conditions,
                            std::mt19937_64& rng) {
  return BugsPlay(options, conditions, rng).run();
}

}  // namespace tableref::samples
