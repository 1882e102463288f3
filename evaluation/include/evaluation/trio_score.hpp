#pragma once
// How well a Trio Monsters reading matches the truth of a rendered scene. Both sides are the JSON
// of `tableref analyze --json` (the truth has an extra "truth" object with what hands hide).

#include <nlohmann/json.hpp>
#include <string>

namespace tableref::evaluation {

struct TrioScore {
  int images = 0;
  int true_cards = 0;     // cards in the truth, at least 95 % in view
  int hidden_cards = 0;   // cards in the truth partly under hands
  int found_cards = 0;    // cards in the reading
  int matched_cards = 0;  // reading cards on a true card in view
  int matched_hidden_cards = 0;
  int colours = 0;          // of matched cards
  int colours_right = 0;    // `unknown` on a card whose monster cannot be seen counts as right
  int colours_wrong = 0;    // a colour that is not the truth
  int colours_unknown = 0;  // `unknown` where the monster could be seen
  int black_cards = 0;      // matched cards whose monster is black
  int black_right = 0;
  int exact_graphs = 0;  // images with every card found, none extra, the edge graph exact
  int exact_corner_graphs = 0;
  int exact_detached = 0;  // images whose detached cards are exactly right
  int truth_unstable = 0;  // images where hands hide much of a card
  int read_unstable = 0;   // images the reading calls unstable
  int read_ok_exact = 0;   // images read `ok` with the exact edge graph
  int read_ok_wrong = 0;   // images read `ok` without it: a wrong verdict

  void add(const TrioScore& other);

  double recall() const { return ratio(matched_cards, true_cards); }
  double precision() const { return ratio(matched_cards + matched_hidden_cards, found_cards); }
  double colour_accuracy() const { return ratio(colours_right, colours); }
  double black_accuracy() const { return ratio(black_right, black_cards); }
  double exact_graph_rate() const { return ratio(exact_graphs, images); }
  double exact_detached_rate() const { return ratio(exact_detached, images); }
  double wrong_verdict_rate() const { return ratio(read_ok_wrong, images); }

  std::string report() const;  // a few lines a person reads

 private:
  static double ratio(int part, int whole) { return whole == 0 ? 1.0 : double(part) / whole; }
};

// Scores one image: `truth` as the renderer writes it, `reading` as analyze prints it.
TrioScore score_trio(const nlohmann::json& truth, const nlohmann::json& reading);

}  // namespace tableref::evaluation
