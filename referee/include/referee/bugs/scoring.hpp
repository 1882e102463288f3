#pragma once
// Bugs & Co: scoring a player's collection (rules.md). Each set of 3 tiles of one species is worth
// +3, every other monster tile -1, and each trophy adds its value; the highest total wins and a
// tie is shared.

#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tableref::referee::bugs {

struct Collection {
  std::vector<std::string> species;  // one species id per monster tile
  std::vector<int> trophies;         // trophy values
};

struct Score {
  int sets = 0;      // complete sets of 3 tiles of one species (6 of a species make 2)
  int others = 0;    // monster tiles in no set
  int trophies = 0;  // sum of trophy values
  int total() const { return 3 * sets - others + trophies; }
  friend bool operator==(const Score&, const Score&) = default;
};

Score score(const Collection& collection);

// The score of a collection with some monster tiles unread, each given as the species it may be
// (what could be read of it allows): the score when every way of naming them gives the same one,
// nullopt when the score depends on what they are (or when there are too many ways to try).
// A tile that may be of no species (none listed) leaves the score open.
std::optional<Score> score_whatever_they_are(const Collection& read,
                                             std::span<const std::vector<std::string>> unread);

// interface.md's "score": {"sets", "others", "trophies", "total"}.
nlohmann::json to_json(const Score& score);

// The indices of the highest totals (several when tied); empty for no scores.
std::vector<std::size_t> winners(std::span<const Score> scores);

}  // namespace tableref::referee::bugs
