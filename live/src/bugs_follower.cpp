#include "live/bugs_follower.hpp"

#include <algorithm>
#include <stdexcept>

#include "append_events.hpp"
#include "live/card_outlines.hpp"
#include "logged_state.hpp"
#include "referee/bugs/countdown.hpp"
#include "referee/bugs/setup.hpp"
#include "referee/json_input.hpp"
#include "vision/observation_json.hpp"
#include "vision/quad_geometry.hpp"

namespace tableref::live {

namespace {

using nlohmann::json;
using referee::Event;
using referee::json_input::Node;

constexpr std::string_view kTileIdPrefix = "T";
// Two reads of one still view put each tile within this share of its side of the other read: an
// outline found from another mask of the same face may lie a fifth of a side off (a stripe or a
// shadow taken in), and tiles lie a side apart or more.
constexpr double kTileReadAgreementSides = 0.35;
// A tile of a new view is a committed tile, or a trophy lies in the middle, within this share of
// its side of it.
constexpr double kTileSamePlaceSides = 0.5;
// A tile laid since the committed view changed the picture over at least this share of its
// outline; a cloth's pattern outlined as a tile, none.
constexpr double kNewTileChangedShare = 0.25;

void check_options(const BugsFollowerOptions& options) {
  const int count = static_cast<int>(options.players.size());
  if (count < referee::bugs::kMinPlayers || count > referee::bugs::kMaxPlayers) {
    throw std::invalid_argument("Bugs & Co is played by 2 to 8 players");
  }
  if (options.countdown_from < 1 || !(options.seconds_per_count > 0) ||
      !(options.settle_seconds >= 0)) {
    throw std::invalid_argument("the countdown needs a number from 1 and a positive pace");
  }
}

bool same_face(const NamedBugsTile& a, const NamedBugsTile& b) {
  return a.trophy == b.trophy && a.species == b.species && a.value == b.value;
}

bool near(const NamedBugsTile& a, cv::Point2d point, double sides) {
  return cv::norm(a.center - point) <= sides * vision::mean_side(a.polygon);
}

// The tiles of a confident reading (every tile read).
std::vector<NamedBugsTile> tiles_of(const vision::BugsReading& reading) {
  std::vector<NamedBugsTile> tiles;
  for (const vision::BugsTileReading& tile : reading.tiles) {
    tiles.push_back({"", tile.polygon, tile.center, tile.trophy, tile.species.value_or(""),
                     tile.value.value_or(0), -1});
  }
  return tiles;
}

// Whether each tile of `a` has a tile of `b` showing the same face within `sides` of its side
// (and as many tiles).
bool same_tiles(const std::vector<NamedBugsTile>& a, const std::vector<NamedBugsTile>& b,
                double sides) {
  if (a.size() != b.size()) return false;
  return std::all_of(a.begin(), a.end(), [&](const NamedBugsTile& tile) {
    return std::any_of(b.begin(), b.end(), [&](const NamedBugsTile& other) {
      return same_face(tile, other) && near(tile, other.center, sides);
    });
  });
}

NamedBugsTile read_state_tile(const Node& tile, const std::vector<std::string>& players) {
  tile.require_object();
  NamedBugsTile named;
  const Node id = tile.at("id");
  named.id = id.as_string();
  if (logged_id_number(named.id, kTileIdPrefix) <= 0) id.fail("expected a tile id such as \"T1\"");
  const Node polygon = tile.at("polygon");
  if (polygon.size() != 4) polygon.fail("expected 4 corners");
  for (std::size_t corner = 0; corner < 4; ++corner)
    named.polygon[corner] = logged_point(polygon.at(corner));
  named.center = logged_point(tile.at("center"));
  const std::string kind = tile.at("kind").as_string();
  if (kind != "monster" && kind != "trophy") tile.at("kind").fail("expected monster or trophy");
  named.trophy = kind == "trophy";
  if (named.trophy) {
    named.value = tile.at("value").as_int(1, 3);
  } else {
    named.species = tile.at("species").as_string();
  }
  if (tile.has("player")) named.owner = logged_seat(tile.at("player"), players);
  return named;
}

std::vector<NamedBugsTile> read_state_tiles(const Node& state,
                                            const std::vector<std::string>& players) {
  const Node tiles = logged_list(state, "tiles");
  std::vector<NamedBugsTile> read;
  for (std::size_t i = 0; i < tiles.size(); ++i)
    read.push_back(read_state_tile(tiles.at(i), players));
  return read;
}

json no_tiles_layout() {
  return {{"status", "ok"},
          {"tiles", json::array()},
          {"score", referee::bugs::to_json(referee::bugs::Score{})}};
}

}  // namespace

BugsFollower::BugsFollower(BugsFollowerOptions options, const referee::BugsDeck& deck)
    : options_(std::move(options)), deck_(&deck), committed_fields_(no_tiles_layout()) {
  check_options(options_);
  reader_params_.lens = options_.lens;
}

bool BugsFollower::read(const cv::Mat& bgr, const cv::Mat& changed) {
  vision::StageLog log;
  vision::BugsReading reading = vision::read_bugs(bgr, *deck_, reader_params_, log, seat_of_);
  const bool dropped = drop_unchanged_strangers(reading, changed, bgr.size());
  if (recall_unread_faces(reading) || dropped) vision::settle(reading);
  // A collection is scored from faces: a tile not read whole says nothing yet.
  const bool readable =
      !reading.unstable &&
      std::all_of(reading.tiles.begin(), reading.tiles.end(), [](const auto& tile) {
        return tile.trophy ? tile.value.has_value() : tile.species.has_value();
      });
  learn_scale(reader_params_, readable, reading);
  if (!readable) return false;
  reads_.add(std::move(reading));
  return true;
}

bool BugsFollower::recall_unread_faces(vision::BugsReading& reading) const {
  bool recalled = false;
  for (vision::BugsTileReading& tile : reading.tiles) {
    if (tile.trophy ? tile.value.has_value() : tile.species.has_value()) continue;
    const auto known = std::find_if(
        committed_tiles_.begin(), committed_tiles_.end(), [&](const NamedBugsTile& committed) {
          return committed.trophy == tile.trophy &&
                 cv::norm(committed.center - tile.center) <=
                     kTileReadAgreementSides * vision::mean_side(tile.polygon);
        });
    if (known == committed_tiles_.end()) continue;
    if (tile.trophy) {
      tile.value = known->value;
    } else {
      tile.species = known->species;
    }
    recalled = true;
  }
  return recalled;
}

bool BugsFollower::drop_unchanged_strangers(vision::BugsReading& reading, const cv::Mat& changed,
                                            cv::Size image_size) const {
  if (!committed_ || changed.empty()) return false;
  std::vector<bool> strangers;
  for (const vision::BugsTileReading& tile : reading.tiles) {
    const bool committed_here = std::any_of(
        committed_tiles_.begin(), committed_tiles_.end(), [&](const NamedBugsTile& committed) {
          return near(committed, tile.center, kTileSamePlaceSides);
        });
    strangers.push_back(!committed_here &&
                        share_set_within(changed, image_size, tile.polygon) < kNewTileChangedShare);
  }
  if (std::none_of(strangers.begin(), strangers.end(), [](bool stranger) { return stranger; }))
    return false;
  vision::drop_tiles(reading, strangers);
  return true;
}

bool BugsFollower::reads_agree() const {
  return reads_.last_agrees([](const vision::BugsReading& before, const vision::BugsReading& now) {
    return same_tiles(tiles_of(before), tiles_of(now), kTileReadAgreementSides);
  });
}

void BugsFollower::forget_reads() {
  reads_.clear();
}

bool BugsFollower::accounts_for(const cv::Mat& intrusions, cv::Size image_size) const {
  // Where tiles lie now, and where they lay in the reference (a tile taken shows the table).
  return reads_.last() &&
         outlines_cover_most_of(intrusions, image_size, reads_.last()->tiles, committed_tiles_);
}

std::vector<Event> BugsFollower::commit_last_read(double time_s) {
  const std::optional<vision::BugsReading>& last_read = reads_.last();
  if (!last_read) return {};
  std::vector<NamedBugsTile> tiles = tiles_of(*last_read);
  // After STOP, the first view read is the one scored, whether it changed or not.
  if (committed_ && !wants_fresh_read() &&
      same_tiles(committed_tiles_, tiles, kTileSamePlaceSides)) {
    return {};
  }
  assign_owners(tiles);
  name(tiles);
  return commit(std::move(tiles), vision::bugs_fields(*last_read), time_s);
}

std::vector<Event> BugsFollower::tick(double time_s) {
  if (!countdown_start_s_ || stop_called_) return {};
  const referee::bugs::Countdown countdown =
      referee::bugs::Countdown(options_.countdown_from, options_.seconds_per_count)
          .advanced(std::max(0.0, time_s - *countdown_start_s_));
  std::vector<Event> events;
  for (int number = countdown_called_ - 1; number >= std::max(1, countdown.number()); --number) {
    events.push_back({referee::CountdownEvent{number, std::to_string(number)}, {}, {}, {}});
  }
  countdown_called_ = countdown.number();
  if (countdown.over()) {
    stop_called_ = true;
    events.push_back({referee::CountdownEvent{0, countdown.word()}, {}, {}, {}});
  }
  return events;
}

referee::Result<std::vector<Event>> BugsFollower::replay_state(const json& state, double time_s) {
  std::vector<NamedBugsTile> tiles;
  try {
    tiles = read_state_tiles(Node(state, "state"), options_.players);
  } catch (const referee::json_input::InputError& error) {
    return referee::Error{error.what()};
  }
  for (const NamedBugsTile& tile : tiles) {
    if (!tile.trophy && deck_->find(tile.species) == nullptr) {
      return referee::Error{"state: " + tile.id + ": \"" + tile.species +
                            "\" is no species of the deck"};
    }
    named_ = std::max(named_, logged_id_number(tile.id, kTileIdPrefix));
  }
  json fields = state;
  for (const char* stamp : {"frame", "time_s", "type"}) fields.erase(stamp);
  return commit(std::move(tiles), std::move(fields), time_s);
}

void BugsFollower::assign_owners(std::vector<NamedBugsTile>& tiles) const {
  const int players = static_cast<int>(options_.players.size());
  for (NamedBugsTile& tile : tiles) {
    // The first trophies seen are those of the middle; later, those lying where they lay.
    const bool in_middle =
        tile.trophy && (!race_ || std::any_of(middle_places_.begin(), middle_places_.end(),
                                              [&](const std::pair<cv::Point2d, int>& place) {
                                                return place.second == tile.value &&
                                                       near(tile, place.first, kTileSamePlaceSides);
                                              }));
    const int seat = seat_of_ ? seat_of_(tile.center) : -1;
    tile.owner = in_middle || seat < 0 || seat >= players ? -1 : seat;
  }
}

void BugsFollower::name(std::vector<NamedBugsTile>& tiles) {
  std::vector<bool> taken(committed_tiles_.size(), false);
  const auto adopt = [&](NamedBugsTile& tile, const auto& matches) {
    for (std::size_t i = 0; i < committed_tiles_.size() && tile.id.empty(); ++i) {
      if (taken[i] || !matches(committed_tiles_[i])) continue;
      taken[i] = true;
      tile.id = committed_tiles_[i].id;
    }
  };
  for (NamedBugsTile& tile : tiles) {
    adopt(tile, [&](const NamedBugsTile& known) {
      return same_face(known, tile) && near(tile, known.center, kTileSamePlaceSides);
    });
  }
  // Tiles are never swapped in place: a monster tile where one lay, read with another face, is
  // that tile misread in one of the two views (the view after STOP is the one scored).
  for (NamedBugsTile& tile : tiles) {
    if (tile.trophy || !tile.id.empty()) continue;
    adopt(tile, [&](const NamedBugsTile& known) {
      return !known.trophy && near(tile, known.center, kTileSamePlaceSides);
    });
  }
  // A trophy that moved (from the middle to a collection, or back) is the same tile.
  for (NamedBugsTile& tile : tiles) {
    if (!tile.trophy || !tile.id.empty()) continue;
    adopt(tile, [&](const NamedBugsTile& known) { return same_face(known, tile); });
  }
  for (NamedBugsTile& tile : tiles) {
    if (tile.id.empty()) tile.id = std::string(kTileIdPrefix) + std::to_string(++named_);
  }
}

std::vector<Event> BugsFollower::commit(std::vector<NamedBugsTile> tiles, json fields,
                                        double time_s) {
  if (!race_) {
    for (const NamedBugsTile& tile : tiles) {
      if (tile.trophy && tile.owner < 0) middle_places_.emplace_back(tile.center, tile.value);
    }
    if (!middle_places_.empty()) {
      std::vector<int> values;
      for (const auto& place : middle_places_) values.push_back(place.second);
      race_.emplace(options_.players.size(), std::move(values));
    }
  }
  std::vector<Event> plays = judge(tiles, time_s);
  json& tile_fields = fields["tiles"];
  for (std::size_t i = 0; i < tiles.size() && i < tile_fields.size(); ++i) {
    tile_fields[i]["id"] = tiles[i].id;
    if (tiles[i].owner >= 0)
      tile_fields[i]["player"] = options_.players[static_cast<std::size_t>(tiles[i].owner)];
  }
  committed_ = true;
  committed_tiles_ = std::move(tiles);
  committed_fields_ = std::move(fields);
  std::vector<Event> events{Event{referee::StateEvent{committed_fields_}, {}, {}, {}}};
  append(events, std::move(plays));
  if (wants_fresh_read()) {
    append(events, final_result());
    scored_ = true;
  }
  return events;
}

std::vector<Event> BugsFollower::judge(const std::vector<NamedBugsTile>& tiles, double time_s) {
  if (scored_) return {};  // the game is over
  std::vector<Event> events;
  for (const NamedBugsTile& tile : tiles) {
    if (tile.owner < 0) continue;
    const bool known = std::any_of(
        committed_tiles_.begin(), committed_tiles_.end(), [&](const NamedBugsTile& committed) {
          return committed.id == tile.id && committed.owner == tile.owner;
        });
    if (known) continue;
    append(events, tile.trophy ? take_trophy(tile) : lay_monster(tile));
  }
  if (race_ && race_->all_taken() && !countdown_start_s_) {
    countdown_start_s_ = time_s - options_.settle_seconds;
    countdown_called_ = options_.countdown_from;
    const std::string word = std::to_string(countdown_called_);
    events.push_back({referee::CountdownEvent{countdown_called_, word}, {}, {}, {}});
  }
  return events;
}

std::vector<Event> BugsFollower::take_trophy(const NamedBugsTile& trophy) {
  const auto seat = static_cast<std::size_t>(trophy.owner);
  const std::string& player = options_.players[seat];
  // A trophy taken against the rules stays out of the race: it is expected back.
  const auto refused = [&](std::string reason) {
    return std::vector<Event>{
        {referee::IllegalEvent{player, std::move(reason), {trophy.id}}, {}, {}, {}}};
  };
  if (!race_) return {};
  if (const auto held = race_->trophy_of(seat))
    return refused(player + " already took a " + std::to_string(*held) + " trophy");
  const auto left = race_->trophies_left();
  if (!left.empty() && trophy.value != left.front()) {
    return refused("took a " + std::to_string(trophy.value) + " trophy while a " +
                   std::to_string(left.front()) + " is left: the highest is taken first");
  }
  if (const referee::Result<int> taken = race_->take(seat); !taken)
    return refused(taken.error().message);
  return {{referee::TrophyEvent{player, trophy.value, {trophy.id}}, {}, {}, {}}};
}

std::vector<Event> BugsFollower::lay_monster(const NamedBugsTile& tile) const {
  const auto seat = static_cast<std::size_t>(tile.owner);
  const std::string& player = options_.players[seat];
  std::vector<Event> events{{referee::PlacedEvent{player, {tile.id}}, {}, {}, {}}};
  if (race_ && !race_->playing(seat)) {
    events.push_back(
        {referee::IllegalEvent{player, player + " took a trophy and no longer plays", {tile.id}},
         {},
         {},
         {}});
  }
  return events;
}

std::vector<referee::bugs::Score> BugsFollower::scores() const {
  std::vector<referee::bugs::Collection> collections(options_.players.size());
  for (const NamedBugsTile& tile : committed_tiles_) {
    if (tile.owner < 0) continue;
    referee::bugs::Collection& collection = collections[static_cast<std::size_t>(tile.owner)];
    if (tile.trophy) {
      collection.trophies.push_back(tile.value);
    } else {
      collection.species.push_back(tile.species);
    }
  }
  std::vector<referee::bugs::Score> scores;
  for (const referee::bugs::Collection& collection : collections)
    scores.push_back(referee::bugs::score(collection));
  return scores;
}

std::vector<Event> BugsFollower::final_result() const {
  const std::vector<referee::bugs::Score> totals = scores();
  referee::ScoreEvent scored;
  for (std::size_t seat = 0; seat < totals.size(); ++seat) {
    scored.scores.push_back(
        {options_.players[seat], totals[seat].total(), referee::bugs::to_json(totals[seat])});
  }
  referee::WinnerEvent winner;
  for (const std::size_t seat : referee::bugs::winners(totals))
    winner.players.push_back(options_.players[seat]);
  winner.reason = "the highest total at STOP";
  return {{std::move(scored), {}, {}, {}}, {std::move(winner), {}, {}, {}}};
}

json BugsFollower::scoreboard() const {
  const std::vector<referee::bugs::Score> totals = scores();
  json players = json::array();
  for (std::size_t seat = 0; seat < options_.players.size(); ++seat) {
    const auto monsters = std::count_if(
        committed_tiles_.begin(), committed_tiles_.end(), [&](const NamedBugsTile& tile) {
          return !tile.trophy && tile.owner == static_cast<int>(seat);
        });
    json player = {{"player", options_.players[seat]},
                   {"total", totals[seat].total()},
                   {"tiles", monsters},
                   {"playing", !race_ || race_->playing(seat)},
                   {"score", referee::bugs::to_json(totals[seat])}};
    if (race_) {
      if (const auto trophy = race_->trophy_of(seat)) player["trophy"] = *trophy;
    }
    players.push_back(std::move(player));
  }
  json board = {{"game", "bugs"}, {"players", std::move(players)}, {"match_over", scored_}};
  if (race_) {
    const auto left = race_->trophies_left();
    board["trophies_left"] = std::vector<int>(left.begin(), left.end());
  }
  if (countdown_start_s_)
    board["countdown"] = stop_called_ ? "STOP" : std::to_string(countdown_called_);
  if (scored_) {
    json winners = json::array();
    for (const std::size_t seat : referee::bugs::winners(totals))
      winners.push_back(options_.players[seat]);
    board["winners"] = std::move(winners);
  }
  return board;
}

}  // namespace tableref::live
