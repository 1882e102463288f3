// Monster Freeze solver: the time to walk all 3072 stackings of a hand. Each benchmark also checks
// its answer against show_stack, so a fast wrong solver does not pass for a fast one.

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <stdexcept>

#include "referee/deck.hpp"
#include "referee/freeze/solver.hpp"

namespace {

using namespace tableref::referee;
using namespace tableref::referee::freeze;

// Hands of the built-in deck: 0 has no trick, 1 some, 2 is the heaviest to list (every one of
// its 3072 stackings shows a line).
constexpr std::array<std::array<const char*, 3>, 3> kHands = {
    {{"MF08", "MF09", "MF10"}, {"MF01", "MF02", "MF03"}, {"MF07", "MF15", "MF23"}}};

Hand hand_number(std::int64_t number) {
  const FreezeDeck& deck = builtin_freeze_deck();
  Hand hand{};
  for (std::size_t i = 0; i < hand.size(); ++i) {
    hand[i] = deck.find(kHands[static_cast<std::size_t>(number)][i]);
    if (hand[i] == nullptr) throw std::logic_error("benchmark hand not in the deck");
  }
  return hand;
}

void check_tricks(const Hand& hand, const std::vector<TrickStacking>& tricks) {
  for (const TrickStacking& trick : tricks) {
    if (show_stack(placed_cards(hand, trick.stacking)) != trick.shown ||
        ColourSet::of(line_colours(trick.shown)) != trick.colours) {
      throw std::logic_error("solver and show_stack disagree");
    }
  }
}

// Precomputation and the full listing of tricks (grids and colours), as a player's query makes it.
void BM_ListTricks(benchmark::State& state) {
  const Hand hand = hand_number(state.range(0));
  check_tricks(hand, list_tricks(hand));
  std::size_t tricks = 0;
  for (auto _ : state) {
    const auto found = list_tricks(hand);
    tricks = found.size();
    benchmark::DoNotOptimize(found.data());
  }
  state.counters["tricks"] = static_cast<double>(tricks);
  state.counters["stackings_per_s"] = benchmark::Counter(
      static_cast<double>(kStackingCount), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_ListTricks)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);

// The walk alone, on a solver built once: could_show for a grid no stacking makes visits all 3072.
void BM_WalkAllStackings(benchmark::State& state) {
  const Hand hand = hand_number(state.range(0));
  const HandSolver solver(hand);
  Shown unmakeable;
  unmakeable.fill(Colour::purple);
  if (solver.find_showing(unmakeable)) throw std::logic_error("nine purple monsters from a hand");
  for (auto _ : state) benchmark::DoNotOptimize(solver.find_showing(unmakeable));
}
BENCHMARK(BM_WalkAllStackings)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);

// Building the solver: each card's 8 placed grids.
void BM_Precompute(benchmark::State& state) {
  const Hand hand = hand_number(0);
  for (auto _ : state) {
    const HandSolver solver(hand);
    benchmark::DoNotOptimize(&solver);
  }
}
BENCHMARK(BM_Precompute)->Unit(benchmark::kMicrosecond);

// "Can I make a trick, and with which swap": the hand's colours and those of its 3 swaps.
void BM_ColoursWithEachSwap(benchmark::State& state) {
  const Hand hand = hand_number(1);
  const FreezeCard& single = builtin_freeze_deck().cards[30];
  for (auto _ : state) {
    benchmark::DoNotOptimize(trick_colours(hand));
    benchmark::DoNotOptimize(trick_colours_with_single(hand, single));
  }
}
BENCHMARK(BM_ColoursWithEachSwap)->Unit(benchmark::kMicrosecond);

}  // namespace
