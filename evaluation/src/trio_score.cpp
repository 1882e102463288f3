#include "evaluation/trio_score.hpp"

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

// A monster this hidden cannot be told: `unknown` is the right answer.
constexpr double kMonsterReadable = 0.7;

const json* card_facts(const json& truth, std::size_t card) {
  if (!truth.contains("truth") || !truth.at("truth").contains("cards")) return nullptr;
  const json& cards = truth.at("truth").at("cards");
  return card < cards.size() ? &cards.at(card) : nullptr;
}

double fact(const json& truth, std::size_t card, const char* key) {
  const json* facts = card_facts(truth, card);
  return facts ? facts->value(key, 1.0) : 1.0;
}

std::set<int> id_set(const json& list) {
  std::set<int> ids;
  for (const json& id : list) ids.insert(id.get<int>());
  return ids;
}

// The reading's card on each true card (-1: none), nearest first.
std::vector<int> match_cards(const json& true_cards, const json& read_cards) {
  std::vector<int> match(true_cards.size(), -1);
  std::vector<bool> used(read_cards.size(), false);
  struct Candidate {
    double distance;
    std::size_t truth, read;
  };
  std::vector<Candidate> candidates;
  for (std::size_t t = 0; t < true_cards.size(); ++t) {
    const Point centre = point_of(true_cards[t].at("center"));
    const double tolerance = kMatchShare * mean_side(true_cards[t].at("polygon"));
    for (std::size_t r = 0; r < read_cards.size(); ++r) {
      const double d = distance(centre, point_of(read_cards[r].at("center")));
      if (d < tolerance) candidates.push_back({d, t, r});
    }
  }
  std::sort(candidates.begin(), candidates.end(),
            [](const Candidate& a, const Candidate& b) { return a.distance < b.distance; });
  for (const Candidate& candidate : candidates) {
    if (match[candidate.truth] >= 0 || used[candidate.read]) continue;
    match[candidate.truth] = static_cast<int>(candidate.read);
    used[candidate.read] = true;
  }
  return match;
}

// Whether the reading's ids in `key` of every true card are the matches of the truth's.
bool same_graph(const json& true_cards, const json& read_cards, const std::vector<int>& match,
                const char* key) {
  for (std::size_t t = 0; t < true_cards.size(); ++t) {
    std::set<int> expected;
    for (const int other : id_set(true_cards[t].at(key)))
      expected.insert(match.at(static_cast<std::size_t>(other)));
    if (expected != id_set(read_cards.at(static_cast<std::size_t>(match[t])).at(key))) return false;
  }
  return true;
}

void score_colours(const json& truth, const json& true_cards, const json& read_cards,
                   const std::vector<int>& match, TrioScore& score) {
  for (std::size_t t = 0; t < true_cards.size(); ++t) {
    if (match[t] < 0) continue;
    const std::string expected = true_cards[t].at("color").get<std::string>();
    const std::string got =
        read_cards.at(static_cast<std::size_t>(match[t])).at("color").get<std::string>();
    const bool readable = fact(truth, t, "monster_visible_fraction") >= kMonsterReadable;
    ++score.colours;
    if (expected == "black") ++score.black_cards;
    if (got == expected) {
      ++score.colours_right;
      if (expected == "black") ++score.black_right;
    } else if (got == "unknown" && !readable) {
      ++score.colours_right;
    } else if (got == "unknown") {
      ++score.colours_unknown;
    } else {
      ++score.colours_wrong;
    }
  }
}

}  // namespace

void TrioScore::add(const TrioScore& o) {
  images += o.images;
  true_cards += o.true_cards;
  hidden_cards += o.hidden_cards;
  found_cards += o.found_cards;
  matched_cards += o.matched_cards;
  matched_hidden_cards += o.matched_hidden_cards;
  colours += o.colours;
  colours_right += o.colours_right;
  colours_wrong += o.colours_wrong;
  colours_unknown += o.colours_unknown;
  black_cards += o.black_cards;
  black_right += o.black_right;
  exact_graphs += o.exact_graphs;
  exact_corner_graphs += o.exact_corner_graphs;
  exact_detached += o.exact_detached;
  truth_unstable += o.truth_unstable;
  read_unstable += o.read_unstable;
  read_ok_exact += o.read_ok_exact;
  read_ok_wrong += o.read_ok_wrong;
}

std::string TrioScore::report() const {
  std::ostringstream out;
  out.precision(4);
  out << images << " images, " << true_cards << " cards in view: recall " << 100 * recall()
      << " %, precision " << 100 * precision() << " %; " << matched_hidden_cards << " of "
      << hidden_cards << " partly hidden cards found\n"
      << colours << " colours: right " << 100 * colour_accuracy() << " %, " << colours_wrong
      << " wrong, " << colours_unknown << " unknown; black " << black_right << " of " << black_cards
      << "\n"
      << "exact edge graph on " << 100 * exact_graph_rate() << " % of images, corner graph "
      << 100 * ratio(exact_corner_graphs, images) << " %, detached " << 100 * exact_detached_rate()
      << " %\n"
      << "unstable: " << read_unstable << " read, " << truth_unstable << " in the truth; read ok "
      << "and exact " << read_ok_exact << ", read ok but not exact " << read_ok_wrong;
  return out.str();
}

TrioScore score_trio(const json& truth, const json& reading) {
  TrioScore score;
  score.images = 1;
  const json& true_cards = truth.at("cards");
  const json& read_cards = reading.at("cards");
  score.found_cards = static_cast<int>(read_cards.size());
  const std::vector<int> match = match_cards(true_cards, read_cards);
  bool all_found = true;
  for (std::size_t t = 0; t < true_cards.size(); ++t) {
    const bool hidden = fact(truth, t, "visible_fraction") < kMostlyVisible;
    ++(hidden ? score.hidden_cards : score.true_cards);
    if (match[t] >= 0) ++(hidden ? score.matched_hidden_cards : score.matched_cards);
    all_found = all_found && match[t] >= 0;
  }
  score_colours(truth, true_cards, read_cards, match, score);

  const bool one_to_one = all_found && read_cards.size() == true_cards.size();
  const bool exact = one_to_one && same_graph(true_cards, read_cards, match, "edge_neighbors");
  score.exact_graphs = exact;
  score.exact_corner_graphs =
      one_to_one && same_graph(true_cards, read_cards, match, "corner_neighbors");
  if (one_to_one) {
    std::set<int> expected;
    for (const int id : id_set(truth.at("detached")))
      expected.insert(match.at(static_cast<std::size_t>(id)));
    score.exact_detached = expected == id_set(reading.at("detached"));
  }
  score.truth_unstable = truth.value("status", "ok") == "unstable";
  const bool read_ok = reading.value("status", "ok") == "ok";
  score.read_unstable = !read_ok;
  score.read_ok_exact = read_ok && exact;
  score.read_ok_wrong = read_ok && !exact;
  return score;
}

}  // namespace tableref::evaluation
