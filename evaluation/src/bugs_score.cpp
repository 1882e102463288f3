#include "evaluation/bugs_score.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <vector>

#include "json_geometry.hpp"
#include "truth_matching.hpp"

namespace tableref::evaluation {

namespace {

using nlohmann::json;

double occlusion(const json& truth, std::size_t tile) {
  if (!truth.contains("truth") || !truth.at("truth").contains("tiles")) return 0;
  return truth.at("truth").at("tiles").at(tile).value("occlusion", 0.0);
}

// "2-round-spots", "trophy 3" or "unknown": what a tile says, to compare.
std::string verdict(const json& tile) {
  if (tile.at("kind") == "trophy") {
    const json& value = tile.at("value");
    return value.is_number() ? "trophy " + std::to_string(value.get<int>()) : "unknown";
  }
  return tile.at("species").get<std::string>();
}

}  // namespace

void BugsScore::add(const BugsScore& o) {
  images += o.images;
  true_tiles += o.true_tiles;
  hidden_tiles += o.hidden_tiles;
  found_tiles += o.found_tiles;
  matched_tiles += o.matched_tiles;
  matched_hidden_tiles += o.matched_hidden_tiles;
  tiles_right += o.tiles_right;
  tiles_wrong += o.tiles_wrong;
  tiles_unknown += o.tiles_unknown;
  collections += o.collections;
  collections_exact += o.collections_exact;
  collections_abstained += o.collections_abstained;
  collections_wrong += o.collections_wrong;
  images_exact += o.images_exact;
}

std::string BugsScore::report() const {
  std::ostringstream out;
  out.precision(4);
  out << images << " images, " << true_tiles << " tiles in view: recall " << 100 * recall()
      << " %, precision " << 100 * precision() << " %; " << matched_hidden_tiles << " of "
      << hidden_tiles << " partly hidden tiles found\n"
      << "species or value right on " << 100 * species_accuracy()
      << " % of tiles in view, wrong on " << tiles_wrong << " tile(s), unknown on " << tiles_unknown
      << " (" << 100 * unknown_rate() << " %)\n"
      << "collections scored exactly: " << 100 * collection_accuracy() << " % of " << collections
      << " (" << collections_abstained << " unstable, " << collections_wrong
      << " wrong); whole pictures exact: " << images_exact << " of " << images;
  return out.str();
}

BugsScore score_bugs(const json& truth, const json& reading) {
  BugsScore score;
  score.images = 1;
  const json& true_tiles = truth.at("tiles");
  const json& read_tiles = reading.at("tiles");
  score.found_tiles = static_cast<int>(read_tiles.size());
  std::vector<int> read_of_true(true_tiles.size(), -1);
  std::vector<bool> used(read_tiles.size(), false);
  for (std::size_t t = 0; t < true_tiles.size(); ++t) {
    const json& true_tile = true_tiles[t];
    const bool hidden = 1 - occlusion(truth, t) < kMostlyVisible;
    ++(hidden ? score.hidden_tiles : score.true_tiles);
    const Point centre = point_of(true_tile.at("center"));
    const double tolerance = kMatchShare * mean_side(true_tile.at("polygon"));
    for (std::size_t r = 0; r < read_tiles.size(); ++r) {
      if (used[r] || distance(centre, point_of(read_tiles[r].at("center"))) > tolerance) continue;
      used[r] = true;
      read_of_true[t] = static_cast<int>(r);
      const std::string read = verdict(read_tiles[r]);
      const bool unknown = read == "unknown" && read_tiles[r].at("kind") == true_tile.at("kind");
      const bool right = read == verdict(true_tile);
      if (!right && !unknown) ++score.tiles_wrong;
      if (hidden) {
        ++score.matched_hidden_tiles;
      } else {
        ++score.matched_tiles;
        if (right) ++score.tiles_right;
        if (unknown) ++score.tiles_unknown;
      }
      break;
    }
  }

  const bool unstable = reading.value("status", "ok") == "unstable";
  score.images_exact = !unstable && reading.at("score") == truth.at("score") &&
                               static_cast<int>(true_tiles.size()) == score.found_tiles
                           ? 1
                           : 0;
  if (!truth.contains("players")) return score;
  static const json kNoCollections = json::array();
  const json& read_collections =
      reading.contains("players") ? reading.at("players") : kNoCollections;
  for (const json& player : truth.at("players")) {
    ++score.collections;
    // The reading's collection that holds this player's tiles, and nothing else.
    std::set<int> read_indices;
    bool all_found = true;
    for (const json& tile : player.at("tiles")) {
      const int read = read_of_true[tile.get<std::size_t>()];
      all_found = all_found && read >= 0;
      if (read >= 0) read_indices.insert(read);
    }
    // An unstable picture may still score a collection (its own status says so); a player none of
    // whose tiles were found is one it said nothing about.
    bool exact = false, doubted = unstable && read_indices.empty();
    for (const json& collection : read_collections) {
      std::set<int> held;
      for (const json& tile : collection.at("tiles")) held.insert(tile.get<int>());
      const bool holds_some = std::any_of(read_indices.begin(), read_indices.end(),
                                          [&](int read) { return held.contains(read); });
      const bool collection_unstable =
          collection.value("status", unstable ? "unstable" : "ok") == "unstable";
      if (holds_some && collection_unstable) doubted = true;
      if (all_found && held == read_indices) exact = collection.at("score") == player.at("score");
    }
    if (doubted) {
      ++score.collections_abstained;
    } else {
      ++(exact ? score.collections_exact : score.collections_wrong);
    }
  }
  return score;
}

}  // namespace tableref::evaluation
