#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include "referee/deck.hpp"
#include "referee/freeze/solver.hpp"

namespace tableref::referee::freeze {
namespace {

// ---- an independent brute force, straight from components.md ------------------------------------

using Grid = std::array<std::array<std::optional<Colour>, 3>, 3>;  // [row][col] as seen from above

// The front position of a card seen at (row, col) when the card was flipped (mirror about the
// vertical axis), then turned clockwise `turns` times.
std::optional<Colour> seen_on_card(const FreezeCard& card, int turns, bool flipped, int row,
                                   int col) {
  for (int turn = 0; turn < turns; ++turn) {
    // Undo one clockwise quarter turn, which took (r, c) to (c, 2 - r).
    const int before_row = 2 - col;
    const int before_col = row;
    row = before_row;
    col = before_col;
  }
  if (flipped) col = 2 - col;
  return card.front[static_cast<std::size_t>(row * 3 + col)];
}

struct BruteStacking {
  std::array<int, 3> order;  // hand indices, top first
  std::array<int, 3> turns;
  std::array<bool, 3> flipped;
};

Grid brute_grid(const std::array<const FreezeCard*, 3>& hand, const BruteStacking& s) {
  Grid grid{};
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) {
      for (int level = 0; level < 3; ++level) {  // from the top down: the first monster shows
        const FreezeCard& card = *hand[static_cast<std::size_t>(s.order[level])];
        const auto seen = seen_on_card(card, s.turns[level], s.flipped[level], row, col);
        if (seen) {
          grid[row][col] = seen;
          break;
        }
      }
    }
  }
  return grid;
}

std::set<Colour> brute_lines(const Grid& g) {
  std::set<Colour> colours;
  const auto check = [&](std::optional<Colour> a, std::optional<Colour> b,
                         std::optional<Colour> c) {
    if (a && a == b && b == c) colours.insert(*a);
  };
  for (int i = 0; i < 3; ++i) {
    check(g[i][0], g[i][1], g[i][2]);
    check(g[0][i], g[1][i], g[2][i]);
  }
  check(g[0][0], g[1][1], g[2][2]);
  check(g[0][2], g[1][1], g[2][0]);
  return colours;
}

// Calls visit(stacking) for every order, turn and face of the three cards.
template <typename Visit>
void brute_each_stacking(Visit visit) {
  std::array<int, 3> order = {0, 1, 2};
  do {
    for (int t0 = 0; t0 < 4; ++t0)
      for (int t1 = 0; t1 < 4; ++t1)
        for (int t2 = 0; t2 < 4; ++t2)
          for (int f0 = 0; f0 < 2; ++f0)
            for (int f1 = 0; f1 < 2; ++f1)
              for (int f2 = 0; f2 < 2; ++f2) {
                visit(BruteStacking{order, {t0, t1, t2}, {f0 == 1, f1 == 1, f2 == 1}});
              }
  } while (std::next_permutation(order.begin(), order.end()));
}

using Key = std::tuple<std::array<int, 3>, std::array<int, 3>, std::array<bool, 3>>;

Key key_of(const Stacking& s) {
  Key key;
  for (std::size_t i = 0; i < 3; ++i) {
    std::get<0>(key)[i] = s.order[i];
    std::get<1>(key)[i] = s.placements[i].quarter_turns;
    std::get<2>(key)[i] = s.placements[i].flipped;
  }
  return key;
}

std::set<Colour> set_of(ColourSet colours) {
  const auto list = colours.colours();
  return {list.begin(), list.end()};
}

Grid grid_of(const Shown& shown) {
  Grid grid{};
  for (int i = 0; i < 9; ++i) grid[i / 3][i % 3] = shown[static_cast<std::size_t>(i)];
  return grid;
}

Shown shown_of(const Grid& grid) {
  Shown shown;
  for (int i = 0; i < 9; ++i) shown[static_cast<std::size_t>(i)] = grid[i / 3][i % 3];
  return shown;
}

// ---- fixtures -----------------------------------------------------------------------------------

Hand random_hand(std::mt19937& random) {
  const auto& cards = builtin_freeze_deck().cards;
  std::vector<std::size_t> indices(cards.size());
  for (std::size_t i = 0; i < indices.size(); ++i) indices[i] = i;
  std::shuffle(indices.begin(), indices.end(), random);
  return {&cards[indices[0]], &cards[indices[1]], &cards[indices[2]]};
}

std::string hand_name(const Hand& hand) {
  return hand[0]->id + " " + hand[1]->id + " " + hand[2]->id;
}

// ---- tests --------------------------------------------------------------------------------------

TEST(FreezeSolver, TricksMatchABruteForceOnRandomHands) {
  std::mt19937 random(20240611);
  int hands_with_tricks = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const Hand hand = random_hand(random);
    std::map<Key, std::set<Colour>> expected;
    std::set<Colour> expected_colours;
    int stackings = 0;
    brute_each_stacking([&](const BruteStacking& s) {
      ++stackings;
      const auto lines = brute_lines(brute_grid(hand, s));
      if (lines.empty()) return;
      expected[{s.order, s.turns, s.flipped}] = lines;
      expected_colours.insert(lines.begin(), lines.end());
    });
    ASSERT_EQ(stackings, kStackingCount);

    const HandSolver solver(hand);
    std::map<Key, std::set<Colour>> found;
    for (const TrickStacking& trick : solver.tricks()) {
      EXPECT_EQ(trick.shown, show_stack(placed_cards(hand, trick.stacking))) << hand_name(hand);
      found[key_of(trick.stacking)] = set_of(trick.colours);
    }
    EXPECT_EQ(found, expected) << hand_name(hand);
    EXPECT_EQ(set_of(solver.trick_colours()), expected_colours) << hand_name(hand);
    hands_with_tricks += expected.empty() ? 0 : 1;
  }
  // The sample must exercise both answers, or it proves little.
  EXPECT_GT(hands_with_tricks, 0);
  EXPECT_LT(hands_with_tricks, 150);
}

TEST(FreezeSolver, CouldShowFindsExactlyTheGridsABruteForceCanMake) {
  std::mt19937 random(7);
  for (int trial = 0; trial < 12; ++trial) {
    const Hand hand = random_hand(random);
    std::set<Grid> makeable;
    brute_each_stacking([&](const BruteStacking& s) { makeable.insert(brute_grid(hand, s)); });

    const HandSolver solver(hand);
    for (const Grid& grid : makeable) {
      const auto stacking = solver.find_showing(shown_of(grid));
      ASSERT_TRUE(stacking.has_value()) << hand_name(hand);
      EXPECT_EQ(grid_of(show_stack(placed_cards(hand, *stacking))), grid);
    }
    // Change one position of each makeable grid: what the brute force cannot make, neither can
    // the solver, and the other way round.
    std::uniform_int_distribution<int> position(0, 8);
    std::uniform_int_distribution<int> value(0, 5);  // 5: empty
    for (Grid grid : makeable) {
      const int at = position(random);
      const int pick = value(random);
      grid[at / 3][at % 3] =
          pick == 5 ? std::nullopt : std::optional<Colour>(kMonsterColours[std::size_t(pick)]);
      EXPECT_EQ(could_show(hand, shown_of(grid)).has_value(), makeable.count(grid) == 1)
          << hand_name(hand);
    }
  }
}

TEST(FreezeSolver, SwapWithTheSingleCardMatchesTheSwappedHands) {
  std::mt19937 random(99);
  const auto& cards = builtin_freeze_deck().cards;
  for (int trial = 0; trial < 20; ++trial) {
    const Hand hand = random_hand(random);
    const FreezeCard* single = nullptr;
    for (const FreezeCard& card : cards) {
      if (std::find(hand.begin(), hand.end(), &card) == hand.end()) single = &card;
      if (single != nullptr && random() % 3 == 0) break;
    }
    ASSERT_NE(single, nullptr);
    const auto with_single = trick_colours_with_single(hand, *single);
    for (int index = 0; index < kHandSize; ++index) {
      const Hand swapped = swapped_hand(hand, index, *single);
      EXPECT_EQ(swapped[static_cast<std::size_t>(index)], single);
      std::set<Colour> expected;
      brute_each_stacking([&](const BruteStacking& s) {
        for (const Colour colour : brute_lines(brute_grid(swapped, s))) expected.insert(colour);
      });
      EXPECT_EQ(set_of(with_single[static_cast<std::size_t>(index)]), expected);
    }
  }
}

TEST(FreezeSolver, HandMadeCardsMakeTheExpectedLines) {
  // Hand-made cards: the top card's monsters cover those below wherever it has them.
  FreezeCard top{"A", {}};
  FreezeCard middle{"B", {}};
  FreezeCard bottom{"C", {}};
  top.front[0] = top.front[1] = Colour::red;  // red, red, hole
  middle.front[2] = Colour::red;              // fills the third place of the row
  bottom.front[6] = bottom.front[7] = bottom.front[8] = Colour::blue;  // a bottom row of blue
  const Hand hand{&top, &middle, &bottom};
  EXPECT_EQ(trick_colours(hand).colours(), (std::vector<Colour>{Colour::red, Colour::blue}));

  Shown wanted;
  wanted[0] = wanted[1] = wanted[2] = Colour::red;
  wanted[6] = wanted[7] = wanted[8] = Colour::blue;
  const auto stacking = could_show(hand, wanted);
  ASSERT_TRUE(stacking.has_value());
  EXPECT_EQ(show_stack(placed_cards(hand, *stacking)), wanted);
  // Three reds at the top and also at the bottom cannot be made: there are only three red monsters.
  Shown impossible = wanted;
  impossible[6] = impossible[7] = impossible[8] = Colour::red;
  EXPECT_FALSE(could_show(hand, impossible).has_value());
}

TEST(FreezeSolver, ClaimedStackIsCheckedAndShown) {
  const FreezeDeck& deck = builtin_freeze_deck();
  const std::vector<ClaimedCard> claim = {
      {"MF01", {1, false}}, {"MF02", {0, true}}, {"MF03", {3, false}}};
  const auto checked = check_claimed_stack(deck, claim);
  ASSERT_TRUE(checked.ok()) << checked.error().message;
  const std::array<PlacedCard, 3> placed = {PlacedCard{deck.find("MF01"), {1, false}},
                                            PlacedCard{deck.find("MF02"), {0, true}},
                                            PlacedCard{deck.find("MF03"), {3, false}}};
  EXPECT_EQ(checked->shown, show_stack(placed));
  EXPECT_EQ(checked->colours, ColourSet::of(line_colours(show_stack(placed))));
}

TEST(FreezeSolver, ClaimedStackErrorsSayWhatIsWrong) {
  const FreezeDeck& deck = builtin_freeze_deck();
  const auto message = [&](std::vector<ClaimedCard> claim) {
    const auto checked = check_claimed_stack(deck, claim);
    return checked.ok() ? std::string("ok") : checked.error().message;
  };
  EXPECT_EQ(message({{"MF01", {}}, {"MF02", {}}}), "a trick is a stack of 3 cards, this one has 2");
  EXPECT_EQ(message({{"MF01", {}}, {"MF02", {}}, {"MF01", {2, true}}}),
            "card MF01 appears twice in the stack");
  EXPECT_EQ(message({{"MF01", {}}, {"MF99", {}}, {"MF03", {}}}), "card MF99 is not in the deck");
  EXPECT_EQ(message({{"MF01", {}}, {"MF02", {4, false}}, {"MF03", {}}}),
            "card MF02 is turned by 4 quarter turns; expected 0 to 3");
}

TEST(FreezeSolver, BuiltinDeckHandsWithATrick) {
  const auto& cards = builtin_freeze_deck().cards;
  int hands = 0;
  int with_trick = 0;
  std::map<int, int> hands_by_colour_count;
  for (std::size_t a = 0; a < cards.size(); ++a) {
    for (std::size_t b = a + 1; b < cards.size(); ++b) {
      for (std::size_t c = b + 1; c < cards.size(); ++c) {
        const ColourSet colours = trick_colours({&cards[a], &cards[b], &cards[c]});
        ++hands;
        with_trick += colours.empty() ? 0 : 1;
        hands_by_colour_count[colours.size()] += 1;
      }
    }
  }
  EXPECT_EQ(hands, 7140);  // C(36, 3)
  EXPECT_GE(with_trick, 1);
  EXPECT_LE(with_trick, hands);
  std::cout << "[ figure   ] built-in deck: " << with_trick << " of " << hands
            << " hands have a trick; by number of trick colours:";
  for (const auto& [count, number] : hands_by_colour_count)
    std::cout << " " << count << ":" << number;
  std::cout << "\n";
  RecordProperty("hands_with_trick", with_trick);
}

}  // namespace
}  // namespace tableref::referee::freeze
