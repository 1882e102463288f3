#pragma once
// How well a Monster Freeze reading matches the truth of a rendered scene. Both sides are the
// JSON of `tableref analyze --json` (the truth has an extra "truth" object with occlusions), so
// the same scoring serves the tests, the accuracy report and `tableref bench`.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tableref::evaluation {

struct FreezeScore {
  int images = 0;
  int true_stacks = 0;     // stacks in the truth, at least 95 % in view
  int hidden_stacks = 0;   // stacks in the truth partly under hands
  int found_stacks = 0;    // stacks in the reading
  int matched_stacks = 0;  // reading stacks on a true stack in view
  int matched_hidden_stacks = 0;
  int cells = 0;  // positions of matched stacks
  int cells_right = 0;
  int cells_wrong = 0;     // a colour or `empty` that is not the truth
  int cells_unknown = 0;   // `unknown` where the truth could be seen
  int cells_excused = 0;   // `unknown` where it could not (hidden, or a hole of a misaligned
                           // stack showing parts of several things): counted as right
  int occluded_cells = 0;  // truth positions hidden by hands or glare
  int trick_stacks = 0;    // matched stacks whose tricks are exactly right
  int false_tricks = 0;    // a trick colour the stack does not have
  int missed_tricks = 0;   // a trick colour the reading left out
  int aligned_right = 0;   // matched stacks whose `aligned` is right
  // One line per cell read wrong or `unknown` where it could be seen, and per stack whose
  // alignment is misread: what to look at first.
  std::vector<std::string> mistakes;

  void add(const FreezeScore& other);

  double recall() const { return ratio(matched_stacks, true_stacks); }
  double precision() const { return ratio(matched_stacks + matched_hidden_stacks, found_stacks); }
  double cell_accuracy() const { return ratio(cells_right, cells); }
  double wrong_rate() const { return ratio(cells_wrong, cells); }
  double unknown_rate() const { return ratio(cells_unknown, cells); }
  int scored_stacks() const { return matched_stacks + matched_hidden_stacks; }
  double trick_accuracy() const { return ratio(trick_stacks, scored_stacks()); }
  double false_trick_rate() const { return ratio(false_tricks, scored_stacks()); }
  double alignment_accuracy() const { return ratio(aligned_right, scored_stacks()); }

  std::string report() const;  // a few lines a person reads

 private:
  static double ratio(int part, int whole) { return whole == 0 ? 1.0 : double(part) / whole; }
};

// Scores one image: `truth` as the renderer writes it, `reading` as analyze prints it.
FreezeScore score_freeze(const nlohmann::json& truth, const nlohmann::json& reading);

}  // namespace tableref::evaluation
