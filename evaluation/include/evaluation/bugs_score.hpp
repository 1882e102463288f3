#pragma once
// How well a Bugs & Co reading matches the truth of a rendered scene. Both sides are the JSON of
// `tableref analyze --json` (the truth has "players" and an extra "truth" object with each tile's
// occlusion).

#include <nlohmann/json.hpp>
#include <string>

namespace tableref::evaluation {

struct BugsScore {
  int images = 0;
  int true_tiles = 0;     // tiles in the truth, at least 95 % in view
  int hidden_tiles = 0;   // tiles partly under hands or glare
  int found_tiles = 0;    // tiles in the reading
  int matched_tiles = 0;  // reading tiles on a true tile in view
  int matched_hidden_tiles = 0;
  int tiles_right = 0;    // matched tiles in view: kind and species (or value) right
  int tiles_wrong = 0;    // a species, value or kind stated and wrong (any matched tile)
  int tiles_unknown = 0;  // `unknown` on a matched tile in view
  // Collections: each true player's collection against the reading's collection holding its tiles.
  int collections = 0;
  // A collection read in an unstable picture counts by its own status: the other players'
  // collections may be scored while one is in doubt.
  int collections_exact = 0;      // collection ok, the same tiles and the same score
  int collections_abstained = 0;  // its collection unstable (or none of its tiles found in an
                                  // unstable picture)
  int collections_wrong = 0;      // collection ok and a wrong score, tiles or grouping
  int images_exact = 0;           // status ok and the whole picture's score right

  void add(const BugsScore& other);

  double recall() const { return ratio(matched_tiles, true_tiles); }
  double precision() const { return ratio(matched_tiles + matched_hidden_tiles, found_tiles); }
  double species_accuracy() const { return ratio(tiles_right, matched_tiles); }
  double unknown_rate() const { return ratio(tiles_unknown, matched_tiles); }
  double wrong_rate() const { return ratio(tiles_wrong, matched_tiles + matched_hidden_tiles); }
  double collection_accuracy() const { return ratio(collections_exact, collections); }

  std::string report() const;  // a few lines a person reads

 private:
  static double ratio(int part, int whole) { return whole == 0 ? 1.0 : double(part) / whole; }
};

// Scores one image: `truth` as the renderer writes it, `reading` as analyze prints it.
BugsScore score_bugs(const nlohmann::json& truth, const nlohmann::json& reading);

}  // namespace tableref::evaluation
