#include "referee/bugs/scoring.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace tableref::referee::bugs {

namespace {
constexpr int kSetSize = 3;
// Beyond this many ways of naming the unread tiles, the score is left open rather than tried.
constexpr std::size_t kMostNamings = 4096;
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

std::optional<Score> score_whatever_they_are(const Collection& read,
                                             std::span<const std::vector<std::string>> unread) {
  std::size_t namings = 1;
  for (const std::vector<std::string>& candidates : unread) {
    if (candidates.empty()) return std::nullopt;
    namings *= candidates.size();
    if (namings > kMostNamings) return std::nullopt;
  }
  Collection named = read;
  const std::size_t first_unread = named.species.size();
  named.species.resize(first_unread + unread.size());
  std::optional<Score> common;
  // Naming number k picks, for tile i, candidate (k / product of the earlier lists' sizes) mod
  // its list's size.
  for (std::size_t naming = 0; naming < namings; ++naming) {
    std::size_t rest = naming;
    for (std::size_t i = 0; i < unread.size(); ++i) {
      named.species[first_unread + i] = unread[i][rest % unread[i].size()];
      rest /= unread[i].size();
    }
    const Score scored = score(named);
    if (common && scored != *common) return std::nullopt;
    common = scored;
  }
  return common;
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
