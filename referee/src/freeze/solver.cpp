#include "referee/freeze/solver.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <initializer_list>

namespace tableref::referee::freeze {

namespace {

using detail::PackedGrid;

constexpr int kPositions = 9;
constexpr std::uint64_t kPositionMask = (1u << kPositions) - 1;
constexpr int kColourCount = static_cast<int>(kAllColours.size());

// The six orders of three cards, top first.
constexpr std::array<std::array<int, kHandSize>, 6> kOrders = {
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

int colour_offset(Colour colour) {
  return kPositions * static_cast<int>(colour);
}

// A bit in every colour's 9-bit field at each of `positions`.
constexpr std::uint64_t in_every_colour(std::initializer_list<int> positions) {
  std::uint64_t bits = 0;
  for (int colour = 0; colour < kColourCount; ++colour) {
    for (const int position : positions)
      bits |= std::uint64_t{1} << (kPositions * colour + position);
  }
  return bits;
}

// For every colour at once: a bit at the first position of each full line of that colour. Shifting
// by the distance between a line's positions lines them up; the first position's bit only ever
// reads bits of its own colour's field, as every line runs forward within the 9 positions.
constexpr std::uint64_t kRowStarts = in_every_colour({0, 3, 6});
constexpr std::uint64_t kColumnStarts = in_every_colour({0, 1, 2});
constexpr std::uint64_t kDiagonalStart = in_every_colour({0});
constexpr std::uint64_t kAntiDiagonalStart = in_every_colour({2});

constexpr std::uint64_t line_starts(std::uint64_t monsters) {
  const std::uint64_t rows = monsters & (monsters >> 1) & (monsters >> 2);
  const std::uint64_t columns = monsters & (monsters >> 3) & (monsters >> 6);
  const std::uint64_t diagonal = monsters & (monsters >> 4) & (monsters >> 8);
  const std::uint64_t anti_diagonal = monsters & (monsters >> 2) & (monsters >> 4);
  return (rows & kRowStarts) | (columns & kColumnStarts) | (diagonal & kDiagonalStart) |
         (anti_diagonal & kAntiDiagonalStart);
}

std::uint64_t pack_monsters(const Shown& shown) {
  std::uint64_t packed = 0;
  for (int position = 0; position < kPositions; ++position) {
    const auto& cell = shown[static_cast<std::size_t>(position)];
    if (cell) packed |= std::uint64_t{1} << (colour_offset(*cell) + position);
  }
  return packed;
}

PackedGrid pack(const Shown& shown) {
  PackedGrid grid;
  grid.monsters = pack_monsters(shown);
  std::uint64_t holes = 0;
  for (int position = 0; position < kPositions; ++position) {
    if (!shown[static_cast<std::size_t>(position)]) holes |= std::uint64_t{1} << position;
  }
  for (int colour = 0; colour < kColourCount; ++colour) {
    grid.see_through |= holes << (kPositions * colour);
  }
  return grid;
}

Shown unpack(std::uint64_t monsters) {
  Shown shown;
  for (; monsters != 0; monsters &= monsters - 1) {
    const int bit = std::countr_zero(monsters);
    shown[static_cast<std::size_t>(bit % kPositions)] =
        kAllColours[static_cast<std::size_t>(bit / kPositions)];
  }
  return shown;
}

ColourSet colours_of_line_starts(std::uint64_t starts) {
  unsigned bits = 0;
  for (int colour = 0; colour < kColourCount; ++colour) {
    if ((starts >> (kPositions * colour)) & kPositionMask) bits |= 1u << colour;
  }
  return ColourSet::from_bits(static_cast<std::uint8_t>(bits));
}

Stacking make_stacking(int order_index, int top, int middle, int bottom) {
  Stacking stacking;
  stacking.order = kOrders[static_cast<std::size_t>(order_index)];
  stacking.placements = {placement_from_index(top), placement_from_index(middle),
                         placement_from_index(bottom)};
  return stacking;
}

}  // namespace

std::array<PlacedCard, kHandSize> placed_cards(const Hand& hand, const Stacking& stacking) {
  std::array<PlacedCard, kHandSize> placed{};
  for (std::size_t level = 0; level < placed.size(); ++level) {
    placed[level] = {hand[static_cast<std::size_t>(stacking.order[level])],
                     stacking.placements[level]};
  }
  return placed;
}

HandSolver::HandSolver(const Hand& hand) {
  for (std::size_t card = 0; card < hand.size(); ++card) {
    assert(hand[card] != nullptr);
    for (int index = 0; index < kPlacementCount; ++index) {
      placed_[card][static_cast<std::size_t>(index)] =
          pack(placed_positions(*hand[card], placement_from_index(index)));
    }
  }
}

template <typename Visit>
void HandSolver::visit_stackings(Visit&& visit) const {
  for (int order_index = 0; order_index < static_cast<int>(kOrders.size()); ++order_index) {
    const auto& order = kOrders[static_cast<std::size_t>(order_index)];
    const auto& tops = placed_[static_cast<std::size_t>(order[0])];
    const auto& middles = placed_[static_cast<std::size_t>(order[1])];
    const auto& bottoms = placed_[static_cast<std::size_t>(order[2])];
    for (int top = 0; top < kPlacementCount; ++top) {
      const PackedGrid& upper = tops[static_cast<std::size_t>(top)];
      for (int middle = 0; middle < kPlacementCount; ++middle) {
        // The top two cards once, then the 8 placements of the bottom card under them together,
        // which the compiler turns into vector instructions.
        const PackedGrid& centre = middles[static_cast<std::size_t>(middle)];
        const std::uint64_t pair = upper.monsters | (centre.monsters & upper.see_through);
        const std::uint64_t pair_see_through = upper.see_through & centre.see_through;
        ShownByBottom shown;
        for (std::size_t bottom = 0; bottom < shown.size(); ++bottom) {
          shown[bottom] = pair | (bottoms[bottom].monsters & pair_see_through);
        }
        if (!visit(order_index, top, middle, shown)) return;
      }
    }
  }
}

template <typename Visit>
void HandSolver::visit_tricks(Visit&& visit) const {
  visit_stackings([&](int order_index, int top, int middle, const ShownByBottom& shown) {
    ShownByBottom starts;
    std::uint64_t any = 0;
    for (std::size_t bottom = 0; bottom < shown.size(); ++bottom) {
      starts[bottom] = line_starts(shown[bottom]);
      any |= starts[bottom];
    }
    if (any == 0) return true;  // the common case: no line under any bottom placement
    for (std::size_t bottom = 0; bottom < shown.size(); ++bottom) {
      if (starts[bottom] == 0) continue;
      if (!visit(order_index, top, middle, static_cast<int>(bottom), shown[bottom],
                 colours_of_line_starts(starts[bottom]))) {
        return false;
      }
    }
    return true;
  });
}

std::vector<TrickStacking> HandSolver::tricks() const {
  // Counting first costs a fast walk and spares the copies of a growing vector.
  std::size_t count = 0;
  visit_tricks([&](int, int, int, int, std::uint64_t, ColourSet) { return ++count, true; });
  std::vector<TrickStacking> found;
  if (count == 0) return found;
  found.reserve(count);
  visit_tricks([&](int order_index, int top, int middle, int bottom, std::uint64_t shown,
                   ColourSet colours) {
    found.push_back({make_stacking(order_index, top, middle, bottom), unpack(shown), colours});
    return true;
  });
  return found;
}

ColourSet HandSolver::trick_colours() const {
  ColourSet all;
  visit_tricks([&](int, int, int, int, std::uint64_t, ColourSet colours) {
    all = all | colours;
    return true;
  });
  return all;
}

std::optional<Stacking> HandSolver::find_showing(const Shown& shown) const {
  const std::uint64_t wanted = pack_monsters(shown);
  std::optional<Stacking> found;
  visit_stackings([&](int order_index, int top, int middle, const ShownByBottom& candidates) {
    for (std::size_t bottom = 0; bottom < candidates.size(); ++bottom) {
      if (candidates[bottom] == wanted) {
        found = make_stacking(order_index, top, middle, static_cast<int>(bottom));
        return false;
      }
    }
    return true;
  });
  return found;
}

std::vector<TrickStacking> list_tricks(const Hand& hand) {
  return HandSolver(hand).tricks();
}

ColourSet trick_colours(const Hand& hand) {
  return HandSolver(hand).trick_colours();
}

std::optional<Stacking> could_show(const Hand& hand, const Shown& shown) {
  return HandSolver(hand).find_showing(shown);
}

Hand swapped_hand(const Hand& hand, int index, const FreezeCard& single) {
  assert(index >= 0 && index < kHandSize);
  Hand swapped = hand;
  swapped[static_cast<std::size_t>(index)] = &single;
  return swapped;
}

std::array<ColourSet, kHandSize> trick_colours_with_single(const Hand& hand,
                                                           const FreezeCard& single) {
  std::array<ColourSet, kHandSize> colours{};
  for (int index = 0; index < kHandSize; ++index) {
    colours[static_cast<std::size_t>(index)] = trick_colours(swapped_hand(hand, index, single));
  }
  return colours;
}

Result<CheckedStack> check_claimed_stack(const FreezeDeck& deck,
                                         std::span<const ClaimedCard> top_first) {
  if (top_first.size() != kHandSize) {
    return Error{"a trick is a stack of 3 cards, this one has " + std::to_string(top_first.size())};
  }
  CheckedStack checked;
  for (std::size_t level = 0; level < top_first.size(); ++level) {
    const ClaimedCard& claimed = top_first[level];
    const FreezeCard* card = deck.find(claimed.card_id);
    if (card == nullptr) return Error{"card " + claimed.card_id + " is not in the deck"};
    if (claimed.placement.quarter_turns < 0 || claimed.placement.quarter_turns > 3) {
      return Error{"card " + claimed.card_id + " is turned by " +
                   std::to_string(claimed.placement.quarter_turns) +
                   " quarter turns; expected 0 to 3"};
    }
    const auto same_card = [&](const ClaimedCard& other) {
      return other.card_id == claimed.card_id;
    };
    if (std::count_if(top_first.begin(), top_first.end(), same_card) > 1) {
      return Error{"card " + claimed.card_id + " appears twice in the stack"};
    }
    checked.top_first[level] = {card, claimed.placement};
  }
  checked.shown = show_stack(checked.top_first);
  checked.colours = ColourSet::of(line_colours(checked.shown));
  return checked;
}

}  // namespace tableref::referee::freeze
