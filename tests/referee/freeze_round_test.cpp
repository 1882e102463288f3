#include <gtest/gtest.h>

#include <stdexcept>

#include "referee/deck.hpp"
#include "referee/freeze/round.hpp"
#include "test_support.hpp"

namespace tableref::referee::freeze {
namespace {

using test_support::illegal_reason;
using test_support::kAliceAndBob;

// A grid from 9 letters, row by row: Y G R B P for monsters, '.' where the table shows.
Shown grid(std::string_view letters) {
  Shown shown;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    switch (letters.at(i)) {
      case 'Y':
        shown[i] = Colour::yellow;
        break;
      case 'G':
        shown[i] = Colour::green;
        break;
      case 'R':
        shown[i] = Colour::red;
        break;
      case 'B':
        shown[i] = Colour::blue;
        break;
      case 'P':
        shown[i] = Colour::purple;
        break;
      default:
        break;
    }
  }
  return shown;
}

// A stack seen from above (cards unknown) with a top row of `colour` and nothing else in line.
TrickClaim top_line_of(const PlayerName& player, Colour colour) {
  Shown shown = grid(".........");
  shown[0] = shown[1] = shown[2] = colour;
  return TrickClaim{player, SeenStack{shown, std::nullopt}, std::nullopt, true, std::nullopt};
}

template <typename Body>
const Body* find_event(const std::vector<Event>& events) {
  for (const Event& event : events) {
    if (const auto* body = std::get_if<Body>(&event.body)) return body;
  }
  return nullptr;
}

template <typename Body>
const Event* find_event_with(const std::vector<Event>& events) {
  for (const Event& event : events) {
    if (std::holds_alternative<Body>(event.body)) return &event;
  }
  return nullptr;
}

// Plays `claim` and checks the state stays consistent.
std::vector<Event> play(Round& round, const TrickClaim& claim, double now_s = 0.0) {
  auto events = round.trick(claim, now_s);
  EXPECT_TRUE(round.invariants_hold());
  return events;
}

TEST(FreezeRound, SetUpDealsThreeEachAndOneSingleCard) {
  const FreezeDeck& deck = builtin_freeze_deck();
  for (int players = 1; players <= kMaxPlayers; ++players) {
    std::vector<PlayerName> names;
    for (int i = 0; i < players; ++i) names.push_back("P" + std::to_string(i));
    const Round round(names, deck);
    EXPECT_EQ(round.draw_pile(), 36 - 3 * players - 1);
    EXPECT_EQ(round.solo(), players == 1);
    EXPECT_TRUE(round.invariants_hold());
  }
  EXPECT_THROW(Round({}, deck), std::invalid_argument);
  EXPECT_THROW(Round({"A", "B", "C", "D", "E"}, deck), std::invalid_argument);
}

TEST(FreezeRound, OneTrickOfEachColourWinsTheRound) {
  Round round(kAliceAndBob, builtin_freeze_deck());
  play(round, top_line_of("Bob", Colour::red));
  const std::vector<Colour> order = {Colour::yellow, Colour::green, Colour::red, Colour::blue};
  for (const Colour colour : order) {
    const auto events = play(round, top_line_of("Alice", colour));
    ASSERT_NE(find_event<TrickEvent>(events), nullptr);
    EXPECT_EQ(find_event<TrickEvent>(events)->colour, colour);
    EXPECT_EQ(find_event<WinnerEvent>(events), nullptr);
  }
  EXPECT_EQ(round.draw_pile(), 29 - 5 * 3);
  const auto events = play(round, top_line_of("Alice", Colour::purple));
  const auto* winner = find_event<WinnerEvent>(events);
  ASSERT_NE(winner, nullptr);
  EXPECT_EQ(winner->players, std::vector<PlayerName>{"Alice"});
  EXPECT_EQ(winner->scope, Scope::round);
  EXPECT_EQ(winner->reason, "one trick of each colour");
  EXPECT_TRUE(round.over());

  const auto* scores = find_event<ScoreEvent>(events);
  ASSERT_NE(scores, nullptr);
  EXPECT_EQ(scores->scores[0].player, "Alice");
  EXPECT_EQ(scores->scores[0].total, 5);
  EXPECT_EQ(scores->scores[0].detail["purple"], 1);
  EXPECT_EQ(scores->scores[1].total, 1);
  EXPECT_EQ(scores->scores[1].detail["red"], 1);

  EXPECT_EQ(illegal_reason(play(round, top_line_of("Bob", Colour::blue))), "the round is over");
}

TEST(FreezeRound, TwoTricksOfAColourDoNotMakeFive) {
  Round round(kAliceAndBob, builtin_freeze_deck());
  for (const Colour colour :
       {Colour::yellow, Colour::yellow, Colour::green, Colour::red, Colour::blue}) {
    play(round, top_line_of("Alice", colour));
  }
  EXPECT_FALSE(round.over());
  EXPECT_EQ(total_tricks(round.player("Alice").tricks), 5);
  EXPECT_EQ(colours_taken(round.player("Alice").tricks).size(), 4);
}

TEST(FreezeRound, DrawPileRunsOutWhenATrickCannotBeFollowedByThreeNewCards) {
  Round round(kAliceAndBob,
              builtin_freeze_deck());  // 29 in the pile: 9 draws of 3, then 2 are left
  const std::vector<std::pair<PlayerName, Colour>> tricks = {
      {"Alice", Colour::blue},  {"Bob", Colour::red},    {"Alice", Colour::blue},
      {"Bob", Colour::green},   {"Alice", Colour::blue}, {"Bob", Colour::red},
      {"Alice", Colour::green}, {"Bob", Colour::yellow}, {"Alice", Colour::yellow}};
  for (const auto& [player, colour] : tricks) {
    EXPECT_EQ(find_event<WinnerEvent>(play(round, top_line_of(player, colour))), nullptr);
  }
  EXPECT_EQ(round.draw_pile(), 2);
  EXPECT_FALSE(round.over());

  const auto events = play(round, top_line_of("Bob", Colour::purple));
  EXPECT_EQ(round.draw_pile(), 2);  // the last 2 cards are not drawn
  EXPECT_EQ(round.player("Bob").hand_size, 0);
  ASSERT_NE(find_event<TrickEvent>(events), nullptr);  // the trick that ran the pile out counts
  EXPECT_EQ(total_tricks(round.player("Bob").tricks), 5);
  const Event* winner = find_event_with<WinnerEvent>(events);
  ASSERT_NE(winner, nullptr);
  const auto& body = std::get<WinnerEvent>(winner->body);
  EXPECT_EQ(body.players, std::vector<PlayerName>{"Alice"});
  EXPECT_EQ(body.reason, "draw pile ran out: most tricks of one colour (3 blue)");
  ASSERT_TRUE(winner->ruling.has_value());
  EXPECT_NE(winner->ruling->find("cannot draw 3 new cards"), std::string::npos);
}

TEST(FreezeRound, FifthColourOnTheLastTrickBeatsTheDeckOut) {
  Round round(kAliceAndBob, builtin_freeze_deck());
  for (int i = 0; i < 5; ++i) play(round, top_line_of("Bob", Colour::blue));
  for (const Colour colour : {Colour::yellow, Colour::green, Colour::red, Colour::blue}) {
    play(round, top_line_of("Alice", colour));
  }
  ASSERT_EQ(round.draw_pile(), 2);
  const auto events = play(round, top_line_of("Alice", Colour::purple));
  const auto* winner = find_event<WinnerEvent>(events);
  ASSERT_NE(winner, nullptr);
  EXPECT_EQ(winner->players, std::vector<PlayerName>{"Alice"});
  EXPECT_EQ(winner->reason, "one trick of each colour");
}

PlayerState with_tricks(PlayerName name, std::initializer_list<std::pair<Colour, int>> counts) {
  PlayerState state;
  state.name = std::move(name);
  for (const auto& [colour, count] : counts) state.tricks[static_cast<std::size_t>(colour)] = count;
  return state;
}

TEST(FreezeRound, DeckOutMostOfOneColourWhateverTheTotal) {
  const auto outcome = decide_deck_out(
      {with_tricks("Alice", {{Colour::purple, 3}}),
       with_tricks("Bob", {{Colour::red, 2}, {Colour::blue, 2}, {Colour::green, 2}})});
  EXPECT_EQ(outcome.winners, std::vector<PlayerName>{"Alice"});
  EXPECT_EQ(outcome.reason, "draw pile ran out: most tricks of one colour (3 purple)");
}

// Each level of the tie-break decides once the levels before it are tied.
TEST(FreezeRound, DeckOutTieBreakAtEachLevel) {
  for (std::size_t level = 0; level < kTieBreakOrder.size(); ++level) {
    const Colour deciding = kTieBreakOrder[level];
    PlayerState alice = with_tricks("Alice", {});
    PlayerState bob = with_tricks("Bob", {});
    if (level == 0) {
      // Both have 3 of one colour (blue, green); red decides.
      alice.tricks[static_cast<std::size_t>(Colour::blue)] = 3;
      alice.tricks[static_cast<std::size_t>(Colour::red)] = 2;
      bob.tricks[static_cast<std::size_t>(Colour::green)] = 3;
      bob.tricks[static_cast<std::size_t>(Colour::red)] = 1;
    } else {
      // Both have 3 red; the colours between red and the deciding one are equal.
      for (std::size_t earlier = 0; earlier < level; ++earlier) {
        const auto colour = static_cast<std::size_t>(kTieBreakOrder[earlier]);
        alice.tricks[colour] = bob.tricks[colour] = earlier == 0 ? 3 : 1;
      }
      alice.tricks[static_cast<std::size_t>(deciding)] = 1;
    }
    // Bob first, so a winner picked by seat would be wrong.
    const auto outcome = decide_deck_out({bob, alice});
    EXPECT_EQ(outcome.winners, std::vector<PlayerName>{"Alice"}) << colour_name(deciding);
    EXPECT_NE(outcome.reason.find("most " + std::string(colour_name(deciding)) + " tricks"),
              std::string::npos)
        << outcome.reason;
  }
}

TEST(FreezeRound, TieBreakOnlyAmongTheTiedPlayers) {
  // Carol has the most red tricks but not the most of one colour: she is out of the tie-break.
  const auto outcome = decide_deck_out(
      {with_tricks("Carol", {{Colour::red, 2}}), with_tricks("Alice", {{Colour::blue, 3}}),
       with_tricks("Bob", {{Colour::green, 3}, {Colour::blue, 1}})});
  EXPECT_EQ(outcome.winners, std::vector<PlayerName>{"Alice"});
  EXPECT_EQ(outcome.reason,
            "draw pile ran out: most tricks of one colour (3), tied between Alice and Bob; "
            "tie-break: red tied (0), most blue tricks (3)");
}

TEST(FreezeRound, TieAfterEveryColourIsShared) {
  const auto outcome =
      decide_deck_out({with_tricks("Alice", {{Colour::red, 2}, {Colour::yellow, 1}}),
                       with_tricks("Bob", {{Colour::red, 2}, {Colour::yellow, 1}}),
                       with_tricks("Carol", {{Colour::red, 1}})});
  EXPECT_EQ(outcome.winners, (std::vector<PlayerName>{"Alice", "Bob"}));
  EXPECT_NE(outcome.reason.find("so the win is shared"), std::string::npos) << outcome.reason;
}

TEST(FreezeRound, SeveralColoursEarnOneTrickLackingColoursFirst) {
  Round round(kAliceAndBob, builtin_freeze_deck());
  play(round, top_line_of("Alice", Colour::red));
  const Shown red_and_blue = grid(
      "RRR"
      "..."
      "BBB");
  TrickClaim claim{"Alice", SeenStack{red_and_blue, std::nullopt}, std::nullopt, true, {}};

  // Named: the colour the player chose, among the allowed ones.
  claim.named = Colour::red;
  auto events = play(round, claim);
  const Event* trick = find_event_with<TrickEvent>(events);
  ASSERT_NE(trick, nullptr);
  const auto& body = std::get<TrickEvent>(trick->body);
  EXPECT_EQ(body.colour, Colour::red);
  EXPECT_EQ(body.options, (std::vector<Colour>{Colour::blue, Colour::red}));  // blue is lacking
  ASSERT_TRUE(trick->ruling.has_value());
  EXPECT_NE(trick->ruling->find("one trick, of one colour the player names"), std::string::npos);
  EXPECT_EQ(tricks_of(round.player("Alice").tricks, Colour::red), 2);
  EXPECT_EQ(tricks_of(round.player("Alice").tricks, Colour::blue), 0);

  // Not named: the first allowed colour, a lacking one.
  claim.named.reset();
  events = play(round, claim);
  EXPECT_EQ(find_event<TrickEvent>(events)->colour, Colour::blue);

  // Named but not shown: illegal, nothing counted.
  claim.named = Colour::green;
  events = play(round, claim);
  EXPECT_EQ(illegal_reason(events), "named colour green is not one the stack allows (red, blue)");
  EXPECT_EQ(total_tricks(round.player("Alice").tricks), 3);
}

TEST(FreezeRound, OneColourNeedsNoRuling) {
  Round round(kAliceAndBob, builtin_freeze_deck());
  const auto events = play(round, top_line_of("Bob", Colour::green));
  const Event* trick = find_event_with<TrickEvent>(events);
  ASSERT_NE(trick, nullptr);
  EXPECT_FALSE(trick->ruling.has_value());
  EXPECT_EQ(std::get<TrickEvent>(trick->body).options, std::vector<Colour>{Colour::green});
}

TEST(FreezeRound, MisalignedOrLinelessStacksAreNoTrick) {
  Round round(kAliceAndBob, builtin_freeze_deck());
  TrickClaim claim = top_line_of("Alice", Colour::red);
  claim.aligned = false;
  EXPECT_EQ(illegal_reason(play(round, claim)), "stack not aligned");
  claim = TrickClaim{"Alice",
                     SeenStack{grid("RRB"
                                    "G.."
                                    "..P"),
                               std::nullopt},
                     {},
                     true,
                     {}};
  EXPECT_EQ(illegal_reason(play(round, claim)), "no line of three");
  EXPECT_EQ(total_tricks(round.player("Alice").tricks), 0);
  EXPECT_EQ(round.draw_pile(), 29);
}

// ---- with known cards ---------------------------------------------------------------------------

Deal known_deal() {
  Deal deal;
  deal.hands["Alice"] = {"MF07", "MF15", "MF23"};  // every stacking of these shows a line
  deal.hands["Bob"] = {"MF01", "MF02", "MF03"};
  deal.single = "MF10";
  return deal;
}

// The first trick stacking of `ids`, claimed card by card.
StackOfCards a_trick_of(const CardIds& ids) {
  const FreezeDeck& deck = builtin_freeze_deck();
  const Hand hand = {deck.find(ids[0]), deck.find(ids[1]), deck.find(ids[2])};
  const auto tricks = list_tricks(hand);
  EXPECT_FALSE(tricks.empty());
  StackOfCards stack;
  for (const PlacedCard& placed : placed_cards(hand, tricks.front().stacking)) {
    stack.top_first.push_back({placed.card->id, placed.placement});
  }
  return stack;
}

TEST(FreezeRound, KnownCardsGoToTheTrickAndDrawnOnesToTheHand) {
  Round round(kAliceAndBob, builtin_freeze_deck(), known_deal());
  TrickClaim claim{
      "Alice", a_trick_of({"MF07", "MF15", "MF23"}), {}, true, CardIds{"MF30", "MF31", "MF32"}};
  const auto events = play(round, claim);
  ASSERT_NE(find_event<TrickEvent>(events), nullptr) << illegal_reason(events);
  EXPECT_EQ(round.player("Alice").trick_cards.size(), 3u);
  EXPECT_EQ(round.player("Alice").hand, (std::vector<CardId>{"MF30", "MF31", "MF32"}));
  EXPECT_EQ(round.known_place("MF15"), "among Alice's tricks");
  EXPECT_EQ(round.known_place("MF31"), "in Alice's hand");
}

TEST(FreezeRound, CardsNotInTheHandAreRefused) {
  Round round(kAliceAndBob, builtin_freeze_deck(), known_deal());
  // Bob's hand is known: Alice's cards are not his.
  TrickClaim claim{"Bob", a_trick_of({"MF07", "MF15", "MF23"}), {}, true, {}};
  const auto events = play(round, claim);
  EXPECT_NE(illegal_reason(events).find("is not in Bob's hand"), std::string::npos);
  EXPECT_EQ(find_event<IllegalEvent>(events)->cards.size(), 3u);

  // The single card must be swapped in before it is stacked.
  Round unknown_hands(kAliceAndBob, builtin_freeze_deck(), Deal{{}, "MF07"});
  claim.player = "Alice";
  EXPECT_EQ(illegal_reason(play(unknown_hands, claim)), "card MF07 is the single card");
}

TEST(FreezeRound, ShownGridIsCheckedAgainstTheHand) {
  Round round(kAliceAndBob, builtin_freeze_deck(), known_deal());
  // Bob's hand cannot show nine purple monsters.
  Shown purple;
  purple.fill(Colour::purple);
  TrickClaim claim{"Bob", SeenStack{purple, std::nullopt}, {}, true, {}};
  EXPECT_EQ(illegal_reason(play(round, claim)),
            "no stacking of MF01, MF02 and MF03 shows this grid");

  // A grid Alice's hand makes, with its cards recorded top first.
  const FreezeDeck& deck = builtin_freeze_deck();
  const Hand hand = {deck.find("MF07"), deck.find("MF15"), deck.find("MF23")};
  const TrickStacking made = list_tricks(hand).back();
  claim = TrickClaim{"Alice", SeenStack{made.shown, CardIds{"MF23", "MF07", "MF15"}}, {}, true, {}};
  const auto events = play(round, claim);
  ASSERT_NE(find_event<TrickEvent>(events), nullptr) << illegal_reason(events);
  EXPECT_EQ(round.player("Alice").trick_cards.size(), 3u);
}

TEST(FreezeRound, SwapTakesTheSingleCard) {
  Round round(kAliceAndBob, builtin_freeze_deck(), known_deal());
  EXPECT_TRUE(round.swap({"Bob", "MF02", std::nullopt}).empty());
  EXPECT_TRUE(round.invariants_hold());
  EXPECT_EQ(round.single_card(), "MF02");
  EXPECT_EQ(round.player("Bob").hand, (std::vector<CardId>{"MF01", "MF10", "MF03"}));

  EXPECT_EQ(illegal_reason(round.swap({"Bob", "MF02", std::nullopt})),
            "card MF02 is the single card already");
  EXPECT_EQ(illegal_reason(round.swap({"Alice", "MF01", std::nullopt})),
            "card MF01 is not in Alice's hand");
  EXPECT_EQ(illegal_reason(round.swap({"Alice", "MF07", CardId{"MF05"}})),
            "the single card is MF02, not MF05");
  EXPECT_EQ(round.single_card(), "MF02");
  EXPECT_TRUE(round.invariants_hold());
}

TEST(FreezeRound, DrawingACardInPlayIsIllegalButTheTrickStands) {
  Round round(kAliceAndBob, builtin_freeze_deck(), known_deal());
  TrickClaim claim{
      "Alice", a_trick_of({"MF07", "MF15", "MF23"}), {}, true, CardIds{"MF30", "MF01", "MF32"}};
  const auto events = play(round, claim);
  ASSERT_NE(find_event<TrickEvent>(events), nullptr);
  EXPECT_EQ(illegal_reason(events),
            "card MF01 cannot be drawn: it is in Bob's hand; Alice's hand is unknown");
  EXPECT_FALSE(round.player("Alice").hand.has_value());
  EXPECT_EQ(round.draw_pile(), 26);
}

TEST(FreezeRound, BadDealIsRefused) {
  Deal deal = known_deal();
  deal.hands["Bob"][0] = "MF07";
  EXPECT_EQ(deal_problem(deal, kAliceAndBob, builtin_freeze_deck()), "card MF07 is dealt twice");
  EXPECT_THROW(Round(kAliceAndBob, builtin_freeze_deck(), deal), std::invalid_argument);
  deal = known_deal();
  deal.hands["Zoe"] = {"MF11", "MF12", "MF13"};
  EXPECT_EQ(deal_problem(deal, kAliceAndBob, builtin_freeze_deck()),
            "\"Zoe\" is not one of the players");
}

// ---- solo ---------------------------------------------------------------------------------------

TEST(FreezeSolo, TimerCountsDownFromItsStart) {
  SoloTimer timer(120.0);
  timer.start(10.0);
  EXPECT_DOUBLE_EQ(timer.remaining_s(40.0), 90.0);
  EXPECT_FALSE(timer.expired(129.9));
  EXPECT_TRUE(timer.expired(130.0));
  EXPECT_DOUBLE_EQ(timer.remaining_s(200.0), 0.0);
  EXPECT_THROW(SoloTimer(0.0), std::invalid_argument);
}

TEST(FreezeSolo, FiveColoursInTimeWin) {
  Round round({"Sam"}, builtin_freeze_deck(), {}, 120.0, 0.0);
  double now_s = 0.0;
  std::vector<Event> events;
  for (const Colour colour : kMonsterColours)
    events = play(round, top_line_of("Sam", colour), now_s += 20.0);
  const auto* winner = find_event<WinnerEvent>(events);
  ASSERT_NE(winner, nullptr);
  EXPECT_EQ(winner->players, std::vector<PlayerName>{"Sam"});
  EXPECT_EQ(winner->reason, "one trick of each colour with 20.0 s to spare");
}

TEST(FreezeSolo, TimerRunsOutBeforeTheFifthColour) {
  Round round({"Sam"}, builtin_freeze_deck(), {}, 30.0, 100.0);  // configurable duration
  play(round, top_line_of("Sam", Colour::red), 110.0);
  play(round, top_line_of("Sam", Colour::blue), 120.0);
  EXPECT_TRUE(round.tick(129.0).empty());
  const auto events = play(round, top_line_of("Sam", Colour::green), 130.0);
  const auto* winner = find_event<WinnerEvent>(events);
  ASSERT_NE(winner, nullptr);
  EXPECT_TRUE(winner->players.empty());
  EXPECT_EQ(winner->reason, "the timer ran out (30.0 s) before one trick of each colour (2 of 5)");
  EXPECT_EQ(illegal_reason(events), "the round is over");
  EXPECT_EQ(total_tricks(round.player("Sam").tricks), 2);
}

TEST(FreezeSolo, TickEndsTheRoundOnce) {
  Round round({"Sam"}, builtin_freeze_deck());
  EXPECT_TRUE(round.tick(119.0).empty());
  EXPECT_EQ(round.tick(120.0).size(), 1u);
  EXPECT_TRUE(round.over());
  EXPECT_TRUE(round.tick(121.0).empty());
}

TEST(FreezeSolo, DrawPileRunningOutLoses) {
  Round round({"Sam"}, builtin_freeze_deck(), {}, 1000.0);  // 32 in the pile: 10 draws
  for (int i = 0; i < 10; ++i) play(round, top_line_of("Sam", Colour::red), 1.0);
  EXPECT_FALSE(round.over());
  const auto events = play(round, top_line_of("Sam", Colour::blue), 2.0);
  const auto* winner = find_event<WinnerEvent>(events);
  ASSERT_NE(winner, nullptr);
  EXPECT_TRUE(winner->players.empty());
  EXPECT_EQ(winner->reason, "the draw pile ran out before one trick of each colour (2 of 5)");
}

}  // namespace
}  // namespace tableref::referee::freeze
