#include "referee/bugs/scoring.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace tableref::referee::bugs {

namespace {
constexpr int kSetSize = 3;
}  // namespace

Score score(const Collection& collection) {
  std::map<std::string, int> tiles_by_species;
  for (const std::string& species : collection.species) ++tiles_by_species[species];
  Score result;
  for (const auto& [species, tiles] : tiles_by_species) {
    result.sets += tiles / kSetSize;
    result.others += tiles % kSetSize;
  }
  result.trophies = std::accumulate(collection.trophies.begin(), collection.trophies.end(), 0);
  return result;
}

nlohmann::json to_json(const Score& score) {
  return {{"sets", score.sets},
          {"others", score.others},
          {"trophies", score.trophies},
          {"total", score.total()}};
}

std::vector<std::size_t> winners(std::span<const Score> scores) {
  std::vector<std::size_t> best;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    if (!best.empty() && scores[i].total() < scores[best.front()].total()) continue;
    if (!best.empty() && scores[i].total() > scores[best.front()].total()) best.clear();
    best.push_back(i);
  }
  return best;
}

}  // namespace tableref::referee::bugs
