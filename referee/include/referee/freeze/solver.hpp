#pragma once
// Monster Freeze: every way to stack a hand of three cards (3! orders x 8^3 placements = 3072),
// the tricks among them, and checks of what a player claims or shows.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "referee/components.hpp"
#include "referee/freeze/colour_set.hpp"
#include "referee/freeze/stack.hpp"
#include "referee/result.hpp"

namespace tableref::referee::freeze {

inline constexpr int kHandSize = 3;
inline constexpr int kStackingCount = 6 * kPlacementCount * kPlacementCount * kPlacementCount;

// Three cards of a deck, not owned: they live in their FreezeDeck.
using Hand = std::array<const FreezeCard*, kHandSize>;

// One way to stack a hand: which card lies where (top first), and how each lies.
struct Stacking {
  std::array<int, kHandSize> order{0, 1, 2};      // indices into the hand, top card first
  std::array<Placement, kHandSize> placements{};  // placements[i] is that of hand card order[i]

  friend bool operator==(const Stacking&, const Stacking&) = default;
};

// The hand's cards lying as `stacking` says, top first (for show_stack).
std::array<PlacedCard, kHandSize> placed_cards(const Hand& hand, const Stacking& stacking);

struct TrickStacking {
  Stacking stacking;
  Shown shown;
  ColourSet colours;  // the colours with a line of three; never empty
};

namespace detail {
// A placed grid packed for speed: 9 bits per colour (bit 9 * colour + position) for the monsters,
// and the same layout with every bit set where the grid has a hole (what shows through).
struct PackedGrid {
  std::uint64_t monsters = 0;
  std::uint64_t see_through = 0;
};
}  // namespace detail

// A hand with each card's 8 placed grids computed once; every query walks the 3072 stackings.
class HandSolver {
 public:
  explicit HandSolver(const Hand& hand);

  // Every stacking that shows at least one line, in enumeration order.
  std::vector<TrickStacking> tricks() const;
  // The colours of every trick the hand can make.
  ColourSet trick_colours() const;
  // A stacking that shows exactly `shown` (colour or empty at every position), if there is one.
  std::optional<Stacking> find_showing(const Shown& shown) const;

 private:
  // What the stack shows for each of the 8 placements of the bottom card.
  using ShownByBottom = std::array<std::uint64_t, kPlacementCount>;
  // Calls visit(order, top, middle, shown_by_bottom) for the stackings 8 at a time, and stops
  // when it returns false. order indexes the 6 orders; top and middle are placement indices.
  template <typename Visit>
  void visit_stackings(Visit&& visit) const;
  // Calls visit(order, top, middle, bottom, shown, colours) for each stacking with a line, and
  // stops when it returns false.
  template <typename Visit>
  void visit_tricks(Visit&& visit) const;

  std::array<std::array<detail::PackedGrid, kPlacementCount>, kHandSize> placed_{};
};

// Convenience forms of the HandSolver queries.
std::vector<TrickStacking> list_tricks(const Hand& hand);
ColourSet trick_colours(const Hand& hand);
std::optional<Stacking> could_show(const Hand& hand, const Shown& shown);

// What the hand could make with the single card swapped in: element i holds the trick colours of
// the hand once hand[i] is given up for `single` (the single card takes index i).
std::array<ColourSet, kHandSize> trick_colours_with_single(const Hand& hand,
                                                           const FreezeCard& single);
// `hand` with hand[index] replaced by `single`.
Hand swapped_hand(const Hand& hand, int index, const FreezeCard& single);

// A stack as a player claims it: card ids from the deck and how each lies, top first.
struct ClaimedCard {
  std::string card_id;
  Placement placement;
};
struct CheckedStack {
  std::array<PlacedCard, kHandSize> top_first{};
  Shown shown;
  ColourSet colours;  // may be empty: whether that is a trick is the round's call
};
// Checks the claim is 3 distinct cards of `deck` and works out what the stack shows. The error
// is a sentence for an `illegal` event ("card MF03 appears twice in the stack").
Result<CheckedStack> check_claimed_stack(const FreezeDeck& deck,
                                         std::span<const ClaimedCard> top_first);

}  // namespace tableref::referee::freeze
