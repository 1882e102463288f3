// Bugs & Co records (docs/records.md, "Bugs & Co"): each player's collection at the end of a game,
// checked against the box and the set-up, and scored.

#include <algorithm>
#include <cassert>
#include <functional>
#include <iterator>
#include <map>

#include "record_readers.hpp"
#include "referee/bugs/scoring.hpp"
#include "referee/bugs/setup.hpp"
#include "referee/deck.hpp"

namespace tableref::referee::records {

using json_input::Node;

namespace {

std::string ordinal(int n) {
  const int tens = n % 100;
  const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                       : n % 10 == 1              ? "st"
                       : n % 10 == 2              ? "nd"
                       : n % 10 == 3              ? "rd"
                                                  : "th";
  return std::to_string(n) + suffix;
}

std::string players_text(int players) {
  return std::to_string(players) + " players";
}

// The eye counts a record's tiles may show: the set-up's, or while the group's choice is unknown
// (5 or 6 players), every set-up still consistent with the tiles read so far.
class EyeCounts {
 public:
  EyeCounts(const BugsSetup& rules, const Node& root, int players) : players_(players) {
    if (root.has("eyes")) {
      const Node chosen = root.at("eyes");
      auto eyes = bugs::eyes_in_play(rules, chosen.as_int(1, 3));
      if (!eyes) chosen.fail(eyes.error().message);
      possible_.push_back(std::move(eyes).value());
    } else if (auto fixed = bugs::eyes_in_play(rules, std::nullopt)) {
      possible_.push_back(std::move(fixed).value());
    } else {
      for (int chosen = 1; chosen <= 3; ++chosen) {
        if (auto eyes = bugs::eyes_in_play(rules, chosen))
          possible_.push_back(std::move(eyes).value());
      }
    }
    assert(!possible_.empty());  // the built-in deck's set-up is checked by the tests
    still_possible_ = possible_;
  }

  void admit(const BugSpecies& species, const Node& place) {
    const auto shows_species = [&](const std::vector<int>& eyes) {
      return std::find(eyes.begin(), eyes.end(), species.eyes) != eyes.end();
    };
    std::vector<std::vector<int>> kept;
    std::copy_if(still_possible_.begin(), still_possible_.end(), std::back_inserter(kept),
                 shows_species);
    if (!kept.empty()) {
      still_possible_ = std::move(kept);
      return;
    }
    const std::string tile = "a " + std::to_string(species.eyes) + "-eyed tile";
    if (std::any_of(possible_.begin(), possible_.end(), shows_species)) {
      place.fail(tile + " with tiles of the other eye count the group could add: with " +
                 players_text(players_) + " it adds the 1-eyed or the 3-eyed species, not both");
    }
    place.fail(tile + " is not in play with " + players_text(players_));
  }

  const std::vector<int>& in_play() const { return still_possible_.front(); }

 private:
  int players_;
  std::vector<std::vector<int>> possible_;        // before any tile is read; never empty
  std::vector<std::vector<int>> still_possible_;  // with every tile read so far; never empty
};

bugs::Collection read_collection(const Node& node, const BugsDeck& deck, EyeCounts& eyes,
                                 std::map<std::string, int>& tiles_so_far) {
  require_only(node, {"tiles", "trophies"});
  bugs::Collection collection;
  const Node tiles = node.at("tiles");
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const Node tile = tiles.at(i);
    const std::string id = tile.as_string();
    const BugSpecies* species = deck.find(id);
    if (species == nullptr) tile.fail("unknown species \"" + id + "\"");
    eyes.admit(*species, tile);
    const int count = ++tiles_so_far[id];
    if (count > species->copies) {
      tile.fail("a " + ordinal(count) + " \"" + id + "\" tile; the box has " +
                std::to_string(species->copies));
    }
    collection.species.push_back(id);
  }
  if (node.has("trophies")) {
    const Node trophies = node.at("trophies");
    for (std::size_t i = 0; i < trophies.size(); ++i) {
      const int value = trophies.at(i).as_int(1, 3);
      if (i > 0)
        trophies.at(i).fail("a player who takes a trophy stops playing: one trophy at most");
      collection.trophies.push_back(value);
    }
  }
  return collection;
}

// Trophies are taken highest first: those taken are the highest of the set-up's.
void check_trophies(const Node& collections, const std::vector<bugs::Collection>& all,
                    std::vector<int> in_play, int players) {
  std::vector<int> taken;
  for (const auto& collection : all) {
    taken.insert(taken.end(), collection.trophies.begin(), collection.trophies.end());
  }
  std::sort(taken.begin(), taken.end(), std::greater<>());
  std::sort(in_play.begin(), in_play.end(), std::greater<>());
  std::string in_play_text;
  for (const int value : in_play)
    in_play_text += (in_play_text.empty() ? "" : ", ") + std::to_string(value);
  if (taken.size() > in_play.size() || !std::equal(taken.begin(), taken.end(), in_play.begin())) {
    collections.fail("the trophies taken do not fit a game of " + players_text(players) +
                     " (trophies " + in_play_text + ", taken highest first)");
  }
}

}  // namespace

std::vector<Event> replay_bugs(const Node& root, const RecordHeader& header) {
  require_only(root, {"game", "players", "first_player", "eyes", "collections"});
  const BugsDeck& deck = builtin_bugs_deck();
  const int players = static_cast<int>(header.players.size());
  const auto rules = deck.setup_by_players.find(players);
  if (rules == deck.setup_by_players.end()) {
    root.at("players").fail("Bugs & Co is played by 2 to 8 players, not " +
                            std::to_string(players));
  }

  const Node collections = root.at("collections");
  collections.require_object();
  for (const auto& [name, value] : collections.json().items()) {
    if (std::find(header.players.begin(), header.players.end(), name) == header.players.end()) {
      collections.at(name).fail("\"" + name + "\" is not one of the players");
    }
  }
  EyeCounts eyes(rules->second, root, players);
  std::map<std::string, int> tiles_so_far;
  std::vector<bugs::Collection> all;
  std::size_t tile_count = 0;
  for (const PlayerName& name : header.players) {
    all.push_back(read_collection(collections.at(name), deck, eyes, tiles_so_far));
    tile_count += all.back().species.size();
  }
  const std::size_t available = bugs::tiles_with_eyes(deck, eyes.in_play()).size() -
                                static_cast<std::size_t>(deck.removed_at_setup);
  if (tile_count > available) {
    collections.fail(std::to_string(tile_count) + " tiles collected, but only " +
                     std::to_string(available) + " are in play with " + players_text(players) +
                     " once " + std::to_string(deck.removed_at_setup) + " have left the game");
  }
  check_trophies(collections, all, rules->second.trophies, players);

  ScoreEvent scores;
  std::vector<bugs::Score> totals;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const bugs::Score score = bugs::score(all[i]);
    totals.push_back(score);
    nlohmann::json detail = bugs::to_json(score);
    detail.erase("total");
    scores.scores.push_back({header.players[i], score.total(), std::move(detail)});
  }
  WinnerEvent winner;
  winner.scope = Scope::game;
  for (const std::size_t i : bugs::winners(totals)) winner.players.push_back(header.players[i]);
  winner.reason = std::string(winner.players.size() > 1 ? "shared: " : "") + "highest total (" +
                  std::to_string(totals[bugs::winners(totals).front()].total()) + ")";
  return {Event{std::move(scores), std::nullopt, std::nullopt, std::nullopt},
          Event{std::move(winner), std::nullopt, std::nullopt, std::nullopt}};
}

}  // namespace tableref::referee::records
