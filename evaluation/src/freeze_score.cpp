#include "evaluation/freeze_score.hpp"

#include <array>
#include <cmath>
#include <set>
#include <sstream>

#include "json_geometry.hpp"
#include "truth_matching.hpp"

namespace tableref::evaluation {

namespace {

using nlohmann::json;

std::array<Point, 4> corners_of(const json& stack) {
  std::array<Point, 4> corners;
  for (std::size_t i = 0; i < 4; ++i) {
    corners[i] = {stack.at("corners").at(i).at(0).get<double>(),
                  stack.at("corners").at(i).at(1).get<double>()};
  }
  return corners;
}

double side_length(const std::array<Point, 4>& c) {
  double total = 0;
  for (std::size_t i = 0; i < 4; ++i)
    total += std::hypot(c[i].x - c[(i + 1) % 4].x, c[i].y - c[(i + 1) % 4].y);
  return total / 4;
}

// The turn (in quarter turns) that best lays the read corners on the true ones, and the mean
// corner distance it leaves.
std::pair<int, double> best_turn(const std::array<Point, 4>& truth,
                                 const std::array<Point, 4>& read) {
  std::pair<int, double> best{0, 1e300};
  for (int turn = 0; turn < 4; ++turn) {
    double total = 0;
    for (std::size_t i = 0; i < 4; ++i) {
      const Point& r = read[(i + static_cast<std::size_t>(turn)) % 4];
      total += std::hypot(truth[i].x - r.x, truth[i].y - r.y);
    }
    if (total / 4 < best.second) best = {turn, total / 4};
  }
  return best;
}

// The read cell at true position (row, col) when the read grid starts `turn` corners later.
std::string read_cell(const json& read_stack, std::size_t row, std::size_t col, int turn) {
  std::size_t r = row, c = col;
  for (int i = 0; i < turn; ++i) {  // corners[k+1] plays the role of corners[k]: a quarter turn
    const std::size_t next_r = c;
    const std::size_t next_c = 2 - r;
    r = next_r;
    c = next_c;
  }
  return read_stack.at("cells").at(r).at(c).get<std::string>();
}

std::set<std::string> string_set(const json& list) {
  std::set<std::string> values;
  for (const json& value : list) values.insert(value.get<std::string>());
  return values;
}

// The truth's flag `key` ("occluded": hidden by a hand or glare; "ambiguous": a hole of a
// misaligned stack showing parts of several things) for one position.
bool flagged(const json& truth, const char* key, std::size_t stack, std::size_t row,
             std::size_t col) {
  if (!truth.contains("truth")) return false;
  const json& extra = truth.at("truth");
  if (!extra.contains("stacks") || stack >= extra.at("stacks").size()) return false;
  const json& entry = extra.at("stacks").at(stack);
  return entry.contains(key) && entry.at(key).at(row).at(col).get<bool>();
}

void score_cells(const json& truth, std::size_t index, const json& read_stack, int turn,
                 FreezeScore& score) {
  const json& true_stack = truth.at("stacks").at(index);
  for (std::size_t row = 0; row < 3; ++row) {
    for (std::size_t col = 0; col < 3; ++col) {
      const std::string expected = true_stack.at("cells").at(row).at(col).get<std::string>();
      const std::string got = read_cell(read_stack, row, col, turn);
      ++score.cells;
      const bool occluded = flagged(truth, "occluded", index, row, col);
      const bool undecidable = occluded || flagged(truth, "ambiguous", index, row, col);
      if (occluded) ++score.occluded_cells;
      if (got == expected) {
        ++score.cells_right;
      } else if (got == "unknown" && undecidable) {
        ++score.cells_right;  // saying `unknown` where the truth cannot be seen is right
        ++score.cells_excused;
      } else {
        ++(got == "unknown" ? score.cells_unknown : score.cells_wrong);
        score.mistakes.push_back(
            "stack " + std::to_string(index) + " (" + std::to_string(row) + "," +
            std::to_string(col) + "): " + expected + " read " + got +
            (true_stack.at("aligned").get<bool>() ? "" : ", stack not aligned"));
      }
    }
  }
}

void score_tricks(std::size_t index, const json& true_stack, const json& read_stack,
                  FreezeScore& score) {
  const auto expected = string_set(true_stack.at("tricks"));
  const auto got = string_set(read_stack.at("tricks"));
  if (expected == got) ++score.trick_stacks;
  for (const auto& colour : got) score.false_tricks += expected.count(colour) ? 0 : 1;
  for (const auto& colour : expected) score.missed_tricks += got.count(colour) ? 0 : 1;
  if (true_stack.at("aligned") == read_stack.at("aligned")) {
    ++score.aligned_right;
  } else {
    score.mistakes.push_back("stack " + std::to_string(index) + ": read " +
                             (read_stack.at("aligned").get<bool>() ? "aligned" : "not aligned"));
  }
  for (const auto& colour : got) {
    if (!expected.count(colour))
      score.mistakes.push_back("stack " + std::to_string(index) + ": false trick " + colour);
  }
}

double stack_visible_fraction(const json& truth, std::size_t stack) {
  if (!truth.contains("truth") || !truth.at("truth").contains("stacks")) return 1.0;
  const json& entry = truth.at("truth").at("stacks").at(stack);
  return entry.value("visible_fraction", 1.0);
}

}  // namespace

void FreezeScore::add(const FreezeScore& o) {
  images += o.images;
  true_stacks += o.true_stacks;
  found_stacks += o.found_stacks;
  matched_stacks += o.matched_stacks;
  hidden_stacks += o.hidden_stacks;
  matched_hidden_stacks += o.matched_hidden_stacks;
  cells += o.cells;
  cells_right += o.cells_right;
  cells_wrong += o.cells_wrong;
  cells_unknown += o.cells_unknown;
  cells_excused += o.cells_excused;
  occluded_cells += o.occluded_cells;
  trick_stacks += o.trick_stacks;
  false_tricks += o.false_tricks;
  missed_tricks += o.missed_tricks;
  aligned_right += o.aligned_right;
  mistakes.insert(mistakes.end(), o.mistakes.begin(), o.mistakes.end());
}

std::string FreezeScore::report() const {
  std::ostringstream out;
  out.precision(4);
  out << images << " images, " << true_stacks << " stacks in view: recall " << 100 * recall()
      << " %, precision " << 100 * precision() << " %; " << matched_hidden_stacks << " of "
      << hidden_stacks << " partly hidden stacks found\n"
      << cells << " cells: right " << 100 * cell_accuracy() << " %, wrong " << 100 * wrong_rate()
      << " %, unknown " << 100 * unknown_rate() << " % (" << occluded_cells << " occluded; "
      << cells_excused << " unknown where nothing can be seen)\n"
      << "tricks exactly right on " << 100 * trick_accuracy() << " % of stacks; " << false_tricks
      << " false, " << missed_tricks << " missed; alignment right on " << 100 * alignment_accuracy()
      << " %";
  return out.str();
}

FreezeScore score_freeze(const json& truth, const json& reading) {
  FreezeScore score;
  score.images = 1;
  const json& true_stacks = truth.at("stacks");
  const json& read_stacks = reading.at("stacks");
  score.true_stacks = 0;
  score.found_stacks = static_cast<int>(read_stacks.size());
  std::vector<bool> used(read_stacks.size(), false);
  for (std::size_t t = 0; t < true_stacks.size(); ++t) {
    const bool hidden = stack_visible_fraction(truth, t) < kMostlyVisible;
    if (hidden) {
      ++score.hidden_stacks;
    } else {
      ++score.true_stacks;
    }
    const auto true_corners = corners_of(true_stacks[t]);
    const double tolerance = 0.2 * side_length(true_corners);
    for (std::size_t r = 0; r < read_stacks.size(); ++r) {
      if (used[r]) continue;
      const auto [turn, distance] = best_turn(true_corners, corners_of(read_stacks[r]));
      if (distance > tolerance) continue;
      used[r] = true;
      ++(hidden ? score.matched_hidden_stacks : score.matched_stacks);
      score_cells(truth, t, read_stacks[r], turn, score);
      score_tricks(t, true_stacks[t], read_stacks[r], score);
      break;
    }
  }
  return score;
}

}  // namespace tableref::evaluation
