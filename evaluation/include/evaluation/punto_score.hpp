#pragma once
// How well a Punto reading matches the truth of a rendered scene. Both sides are the JSON of
// `tableref analyze --json` (the truth has an extra "truth" object with each pile's occlusion).

#include <nlohmann/json.hpp>
#include <string>

namespace tableref::evaluation {

struct PuntoScore {
  int images = 0;
  int true_cards = 0;     // visible cards in the truth, at least 95 % in view
  int hidden_cards = 0;   // visible cards partly under hands or glare
  int found_cards = 0;    // cards in the reading
  int matched_cards = 0;  // reading cards on a true card in view
  int matched_hidden_cards = 0;
  int cards_right = 0;    // matched cards in view with colour and value right
  int cards_wrong = 0;    // a colour or value stated and wrong (any matched card)
  int cards_unknown = 0;  // `unknown` on a card in view
  int cards_excused = 0;  // `unknown` on a card whose dots glare or a hand hides in part:
                          // counted as right
  int cells_right = 0;    // matched cards (in view) on the true cell
  // Verdicts on the whole layout: lines and fits_6x6.
  int exact_verdicts = 0;     // status ok and lines and fits_6x6 exactly right
  int abstentions = 0;        // status unstable where the truth has cards under hands
  int wrong_verdicts = 0;     // status ok and lines or fits_6x6 wrong
  int needless_unstable = 0;  // status unstable where every card is in view

  void add(const PuntoScore& other);

  double recall() const { return ratio(matched_cards, true_cards); }
  double precision() const { return ratio(matched_cards + matched_hidden_cards, found_cards); }
  double card_accuracy() const { return ratio(cards_right, matched_cards); }
  double wrong_rate() const { return ratio(cards_wrong, matched_cards + matched_hidden_cards); }
  double cell_accuracy() const { return ratio(cells_right, matched_cards); }
  // Images whose verdict is right: exact, or unstable where cards are hidden.
  double verdict_accuracy() const { return ratio(exact_verdicts + abstentions, images); }
  double wrong_verdict_rate() const { return ratio(wrong_verdicts, images); }

  std::string report() const;  // a few lines a person reads

 private:
  static double ratio(int part, int whole) { return whole == 0 ? 1.0 : double(part) / whole; }
};

// Scores one image: `truth` as the renderer writes it, `reading` as analyze prints it.
PuntoScore score_punto(const nlohmann::json& truth, const nlohmann::json& reading);

}  // namespace tableref::evaluation
