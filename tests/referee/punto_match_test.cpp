// Punto's players and colours, how rounds are won, and a match as state.

#include <gtest/gtest.h>

#include <cctype>

#include "referee/deck.hpp"
#include "referee/punto/round.hpp"
#include "test_support.hpp"

namespace tableref::referee::punto {
namespace {

using test_support::punto_pieces::card;
using test_support::punto_pieces::grid_of;

Seating seating(std::vector<PlayerName> players, bool team_game = false) {
  auto made = Seating::with_default_colours(std::move(players), team_game);
  EXPECT_TRUE(made.ok()) << made.error().message;
  return std::move(made).value();
}

const std::vector<PlayerName> kTwo = {"Ann", "Ben"};
const std::vector<PlayerName> kThree = {"Ann", "Ben", "Cat"};
const std::vector<PlayerName> kFour = {"Ann", "Ben", "Cat", "Dan"};

std::vector<std::string> types_of(const std::vector<Event>& events) {
  std::vector<std::string> types;
  for (const Event& event : events) types.emplace_back(event_type(event.body));
  return types;
}

template <typename Body>
const Body& body(const Event& event) {
  const Body* found = std::get_if<Body>(&event.body);
  EXPECT_NE(found, nullptr) << "event is " << event_type(event.body);
  return *found;
}

// Lays each card in turn and expects every play to be accepted.
void play_all(Match& match, std::initializer_list<std::tuple<Seat, std::string_view, Cell>> plays) {
  for (const auto& [seat, id, cell] : plays) {
    const auto events = match.lay(seat, card(id), cell);
    ASSERT_FALSE(events.empty());
    ASSERT_EQ(event_type(events.front().body), "placed")
        << id << ": " << body<IllegalEvent>(events.front()).reason;
  }
}

// ---- Seating
// -------------------------------------------------------------------------------------

TEST(PuntoSeating, TwoPlayersHoldTwoColoursEach) {
  const Seating two = seating(kTwo);
  EXPECT_EQ(two.colours_of(0).size(), 2u);
  EXPECT_EQ(two.colours_of(1).size(), 2u);
  EXPECT_FALSE(two.neutral_colour().has_value());
  for (const Colour colour : kPuntoColours) EXPECT_TRUE(two.owner_of(colour).has_value());
  EXPECT_EQ(two.owner_of(Colour::red), Seat{0});
  EXPECT_EQ(two.owner_of(Colour::yellow), Seat{1});
  EXPECT_EQ(two.winning_length(), 5);
  EXPECT_EQ(two.blocked_line_length(), 4);
}

TEST(PuntoSeating, ThreePlayersShareTheFourthColourAsNeutral) {
  const Seating three = seating(kThree);
  EXPECT_EQ(three.neutral_colour(), Colour::yellow);
  EXPECT_FALSE(three.owner_of(Colour::yellow).has_value());
  for (Seat seat = 0; seat < 3; ++seat) {
    EXPECT_EQ(three.colours_of(seat).size(), 1u);
    EXPECT_TRUE(three.holds(seat, Colour::yellow));
  }
  EXPECT_FALSE(three.holds(0, Colour::green));
  const auto winning = three.winning_colours();
  EXPECT_EQ(std::count(winning.begin(), winning.end(), Colour::yellow), 0);
  EXPECT_EQ(three.winning_length(), 4);
  EXPECT_EQ(three.blocked_line_length(), 3);
}

TEST(PuntoSeating, FourPlayersOneColourEach) {
  const Seating four = seating(kFour);
  EXPECT_EQ(four.side_count(), 4u);
  EXPECT_FALSE(four.neutral_colour().has_value());
  EXPECT_EQ(four.winning_length(), 4);
}

TEST(PuntoSeating, TeamGamePartnersSitOppositeAndShareTheirColours) {
  const Seating teams = seating(kFour, true);
  EXPECT_EQ(teams.side_count(), 2u);
  EXPECT_EQ(teams.seats_of_side(0), (std::vector<Seat>{0, 2}));
  EXPECT_EQ(teams.seats_of_side(1), (std::vector<Seat>{1, 3}));
  EXPECT_EQ(teams.side_colours(0), (std::vector<Colour>{Colour::red, Colour::blue}));
  EXPECT_EQ(teams.side_colours(1), (std::vector<Colour>{Colour::green, Colour::yellow}));
  EXPECT_EQ(teams.winning_length(), 5);
  EXPECT_EQ(teams.blocked_line_length(), 3);
}

TEST(PuntoSeating, BadSeatingsAreErrors) {
  EXPECT_FALSE(Seating::with_default_colours({"Ann"}, false).ok());
  EXPECT_FALSE(Seating::with_default_colours({"A", "B", "C", "D", "E"}, false).ok());
  EXPECT_EQ(Seating::with_default_colours(kThree, true).error().message,
            "the team game needs 4 players, not 3");
  EXPECT_EQ(Seating::with_colours(kTwo, false,
                                  {{Colour::red, Colour::blue}, {Colour::blue, Colour::green}})
                .error()
                .message,
            "blue is given to more than one player");
  EXPECT_EQ(Seating::with_colours(kTwo, false, {{Colour::red}, {Colour::blue, Colour::green}})
                .error()
                .message,
            "Ann needs 2 colours with 2 players, got 1");
  EXPECT_FALSE(
      Seating::with_colours(kThree, false, {{Colour::red}, {Colour::purple}, {Colour::blue}}).ok());
  const auto chosen =
      Seating::with_colours(kThree, false, {{Colour::yellow}, {Colour::red}, {Colour::blue}});
  ASSERT_TRUE(chosen.ok());
  EXPECT_EQ(chosen->neutral_colour(), Colour::green);
}

// ---- Winning lines
// -------------------------------------------------------------------------------

TEST(PuntoWinning, FourInARowWinsWithThreeOrFourPlayers) {
  const Grid four_red = grid_of(
      {{{0, 0}, "PR1a"}, {{1, 0}, "PR2a"}, {{2, 0}, "PR3a"}, {{3, 0}, "PR9a"}, {{0, 1}, "PG9a"}});
  for (const auto& players : {kThree, kFour}) {
    const auto outcome = decide_by_line(four_red, seating(players));
    ASSERT_TRUE(outcome.has_value());
    EXPECT_EQ(outcome->winners, (std::vector<Seat>{0}));
    ASSERT_EQ(outcome->lines.size(), 1u);
    EXPECT_EQ(outcome->lines[0].length(), 4);
    ASSERT_EQ(outcome->kept_out.size(), 1u);
    EXPECT_EQ(outcome->kept_out[0].id, "PR9a");
  }
  const Grid three_red = grid_of({{{0, 0}, "PR1a"}, {{1, 0}, "PR2a"}, {{2, 0}, "PR3a"}});
  EXPECT_FALSE(decide_by_line(three_red, seating(kThree)).has_value());
}

TEST(PuntoWinning, TwoPlayersNeedFive) {
  Grid grid = grid_of({{{0, 0}, "PR1a"}, {{1, 1}, "PR2a"}, {{2, 2}, "PR3a"}, {{3, 3}, "PR4a"}});
  EXPECT_FALSE(decide_by_line(grid, seating(kTwo)).has_value());
  grid.lay(Cell{4, 4}, card("PR5a"));
  const auto outcome = decide_by_line(grid, seating(kTwo));
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(outcome->winners, (std::vector<Seat>{0}));
  EXPECT_EQ(outcome->lines[0].length(), 5);
}

TEST(PuntoWinning, TheTeamGameNeedsFiveAndBothPartnersWin) {
  // Blue is Cat's colour (seat 2), Ann's partner.
  Grid grid = grid_of({{{0, 3}, "PB1a"}, {{1, 2}, "PB2a"}, {{2, 1}, "PB3a"}, {{3, 0}, "PB4a"}});
  EXPECT_FALSE(decide_by_line(grid, seating(kFour, true)).has_value());
  grid.lay(Cell{4, -1}, card("PB5a"));
  const auto outcome = decide_by_line(grid, seating(kFour, true));
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(outcome->winners, (std::vector<Seat>{0, 2}));
}

TEST(PuntoWinning, TheNeutralColourNeverWins) {
  const Grid yellow = grid_of(
      {{{0, 0}, "PY1a"}, {{0, 1}, "PY2a"}, {{0, 2}, "PY3a"}, {{0, 3}, "PY4a"}, {{0, 4}, "PY5a"}});
  EXPECT_FALSE(decide_by_line(yellow, seating(kThree)).has_value());
  // The same line wins for yellow's owner with four players.
  const auto outcome = decide_by_line(yellow, seating(kFour));
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(outcome->winners, (std::vector<Seat>{3}));
}

TEST(PuntoWinning, CoveredCardsDoNotMakeALine) {
  Grid grid = grid_of({{{0, 0}, "PR1a"}, {{1, 0}, "PR2a"}, {{2, 0}, "PR3a"}, {{3, 0}, "PR4a"}});
  grid.lay(Cell{2, 0}, card("PG8a"));
  EXPECT_FALSE(decide_by_line(grid, seating(kThree)).has_value());
}

// ---- The blocked fallback
// ------------------------------------------------------------------------

TEST(PuntoBlocked, MostLinesOfThreeWins) {
  // Ann (red) has two lines of 3, Ben (green) one.
  const Grid grid = grid_of({{{0, 0}, "PR9a"},
                             {{1, 0}, "PR9b"},
                             {{2, 0}, "PR8a"},
                             {{0, 2}, "PR7a"},
                             {{1, 2}, "PR7b"},
                             {{2, 2}, "PR8b"},
                             {{0, 1}, "PG1a"},
                             {{1, 1}, "PG1b"},
                             {{2, 1}, "PG2a"}});
  const RoundOutcome outcome = decide_blocked_round(grid, seating(kThree), 2);
  EXPECT_EQ(outcome.how, RoundEnd::blocked);
  EXPECT_EQ(outcome.winners, (std::vector<Seat>{0}));
  EXPECT_EQ(outcome.lines.size(), 2u);
  ASSERT_EQ(outcome.kept_out.size(), 1u);
  EXPECT_EQ(outcome.kept_out[0].value, 9);
  EXPECT_EQ(outcome.reason,
            "Cat cannot lay a card; Ann has the most lines of 3 or more (2); PR9a (red 9) stays "
            "out of later rounds");
  EXPECT_TRUE(outcome.ruling.has_value());
}

TEST(PuntoBlocked, ATieGoesToTheLineWithTheFewestPoints) {
  // One line each: Ann's red line has 1 + 2 + 3 = 6 points, Ben's green line 4 + 5 + 6 = 15.
  const Grid grid = grid_of({{{0, 0}, "PR1a"},
                             {{1, 0}, "PR2a"},
                             {{2, 0}, "PR3a"},
                             {{0, 1}, "PG4a"},
                             {{1, 1}, "PG5a"},
                             {{2, 1}, "PG6a"}});
  const RoundOutcome outcome = decide_blocked_round(grid, seating(kThree), 1);
  EXPECT_EQ(outcome.winners, (std::vector<Seat>{0}));
  EXPECT_EQ(outcome.kept_out[0].id, "PR3a");
  EXPECT_EQ(outcome.reason,
            "Ben cannot lay a card; Ann and Ben have 1 line of 3 or more each; Ann made the line "
            "with the fewest points (6); PR3a (red 3) stays out of later rounds");

  // Swap the values: now Ben's line is the cheaper one.
  const Grid swapped = grid_of({{{0, 0}, "PR7a"},
                                {{1, 0}, "PR8a"},
                                {{2, 0}, "PR9a"},
                                {{0, 1}, "PG4a"},
                                {{1, 1}, "PG5a"},
                                {{2, 1}, "PG6a"}});
  EXPECT_EQ(decide_blocked_round(swapped, seating(kThree), 1).winners, (std::vector<Seat>{1}));
}

TEST(PuntoBlocked, ATieOnLinesAndPointsIsShared) {
  const Grid grid = grid_of({{{0, 0}, "PR1a"},
                             {{1, 0}, "PR2a"},
                             {{2, 0}, "PR3a"},
                             {{0, 1}, "PG3a"},
                             {{1, 1}, "PG2a"},
                             {{2, 1}, "PG1a"}});
  const RoundOutcome outcome = decide_blocked_round(grid, seating(kThree), 2);
  EXPECT_EQ(outcome.winners, (std::vector<Seat>{0, 1}));
  EXPECT_EQ(outcome.kept_out.size(), 2u);  // each winner keeps a card out
}

TEST(PuntoBlocked, TwoPlayersCountOnlyLinesOfFour) {
  // Ann (red, green) has a line of 3; Ben (blue, yellow) a line of 4.
  const Grid grid = grid_of({{{0, 0}, "PR1a"},
                             {{1, 0}, "PR2a"},
                             {{2, 0}, "PR3a"},
                             {{0, 1}, "PB9a"},
                             {{1, 1}, "PB9b"},
                             {{2, 1}, "PB8a"},
                             {{3, 1}, "PB8b"}});
  const RoundOutcome outcome = decide_blocked_round(grid, seating(kTwo), 0);
  EXPECT_EQ(outcome.winners, (std::vector<Seat>{1}));
  EXPECT_EQ(outcome.lines.size(), 1u);
}

TEST(PuntoBlocked, NeutralLinesDoNotCount) {
  const Grid grid = grid_of({{{0, 0}, "PY1a"},
                             {{1, 0}, "PY2a"},
                             {{2, 0}, "PY3a"},
                             {{0, 1}, "PG4a"},
                             {{1, 1}, "PG5a"},
                             {{2, 1}, "PG6a"}});
  EXPECT_EQ(decide_blocked_round(grid, seating(kThree), 0).winners, (std::vector<Seat>{1}));
}

TEST(PuntoBlocked, NoLinesAtAllIsSharedByEveryone) {
  const Grid grid = grid_of({{{0, 0}, "PR1a"}, {{1, 0}, "PG2a"}});
  const RoundOutcome outcome = decide_blocked_round(grid, seating(kThree), 0);
  EXPECT_EQ(outcome.winners, (std::vector<Seat>{0, 1, 2}));
  EXPECT_TRUE(outcome.kept_out.empty());
}

TEST(PuntoBlocked, TeamsCountBothPartnersColours) {
  // Team Ann & Cat (red, blue): one red and one blue line; team Ben & Dan (green, yellow): one.
  const Grid grid = grid_of({{{0, 0}, "PR1a"},
                             {{1, 0}, "PR2a"},
                             {{2, 0}, "PR3a"},
                             {{0, 2}, "PB1a"},
                             {{1, 2}, "PB2a"},
                             {{2, 2}, "PB3a"},
                             {{0, 4}, "PG1a"},
                             {{1, 4}, "PG2a"},
                             {{2, 4}, "PG3a"}});
  const RoundOutcome outcome = decide_blocked_round(grid, seating(kFour, true), 1);
  EXPECT_EQ(outcome.winners, (std::vector<Seat>{0, 2}));
  ASSERT_EQ(outcome.kept_out.size(), 1u);
  EXPECT_EQ(outcome.kept_out[0].value, 3);
}

// ---- A match
// -------------------------------------------------------------------------------------

TEST(PuntoMatch, TurnsGoClockwiseFromTheFirstPlayer) {
  Match match(seating(kThree), 1);
  EXPECT_EQ(match.current_player(), Seat{1});
  play_all(match, {{1, "PG5a", {0, 0}}, {2, "PB5a", {1, 0}}, {0, "PR5a", {2, 0}}});
  EXPECT_EQ(match.current_player(), Seat{1});
}

TEST(PuntoMatch, AnIllegalPlayChangesNothing) {
  Match match(seating(kThree), 0);
  play_all(match, {{0, "PR5a", {0, 0}}});

  const auto out_of_turn = match.lay(2, card("PB1a"), Cell{1, 0});
  ASSERT_EQ(types_of(out_of_turn), (std::vector<std::string>{"illegal"}));
  EXPECT_EQ(body<IllegalEvent>(out_of_turn[0]).reason, "it is Ben's turn, not Cat's");
  EXPECT_EQ(body<IllegalEvent>(out_of_turn[0]).player, "Cat");

  const auto wrong_colour = match.lay(1, card("PR1a"), Cell{1, 0});
  EXPECT_EQ(body<IllegalEvent>(wrong_colour[0]).reason, "Ben does not play red");

  const auto not_lower = match.lay(1, card("PG5a"), Cell{0, 0});
  EXPECT_EQ(body<IllegalEvent>(not_lower[0]).reason,
            "PG5a (green 5) may only cover a lower card, and PR5a (red 5) lies at [0,0]");
  EXPECT_EQ(body<IllegalEvent>(not_lower[0]).cards, (std::vector<CardId>{"PG5a"}));

  const auto far = match.lay(1, card("PG5a"), Cell{3, 3});
  EXPECT_EQ(event_type(far[0].body), "illegal");

  EXPECT_EQ(match.grid().pile_count(), 1u);
  EXPECT_EQ(match.current_player(), Seat{1});
  play_all(match, {{1, "PG6a", {0, 0}}});  // covering the red 5
  EXPECT_EQ(match.grid().top(Cell{0, 0})->id, "PG6a");
}

TEST(PuntoMatch, ACardIsLaidOncePerRound) {
  Match match(seating(kTwo), 0);
  play_all(match, {{0, "PR5a", {0, 0}}, {1, "PB6a", {0, 0}}});
  const auto again = match.lay(0, card("PR5a"), Cell{1, 0});
  EXPECT_EQ(body<IllegalEvent>(again[0]).reason, "PR5a (red 5) is already on the table");
}

TEST(PuntoMatch, EachPlayerHasSixNeutralCardsWithThreePlayers) {
  Match match(seating(kThree), 0);
  // Ann lays yellow cards along row 0; Ben and Cat lay theirs below.
  const std::array<std::string_view, 7> yellows = {"PY1a", "PY2a", "PY3a", "PY1b",
                                                   "PY2b", "PY3b", "PY4a"};
  const std::array<std::string_view, 6> greens = {"PG1a", "PG2a", "PG3a", "PG4a", "PG5a", "PG6a"};
  const std::array<std::string_view, 6> blues = {"PB1a", "PB2a", "PB3a", "PB4a", "PB5a", "PB6a"};
  for (int i = 0; i < 6; ++i) {
    // Yellow, green and blue never make 4 in a row here: rows 0, 1, 2 alternate colours.
    const int col = i;
    const auto k = static_cast<std::size_t>(i);
    const bool even = i % 2 == 0;
    play_all(match, {{0, yellows[k], {col, 0}},
                     {1, greens[k], {col, even ? 1 : 2}},
                     {2, blues[k], {col, even ? 2 : 1}}});
  }
  EXPECT_EQ(match.neutral_cards_laid(0), 6);
  const auto seventh = match.lay(0, card(yellows[6]), Cell{0, 3});
  EXPECT_EQ(body<IllegalEvent>(seventh[0]).reason,
            "Ann has already laid 6 neutral yellow cards this round");
  play_all(match, {{0, "PR1a", {0, 3}}});
}

TEST(PuntoMatch, AWinningLineEndsTheRoundAndKeepsItsHighestCardOut) {
  Match match(seating(kThree), 0);
  play_all(match, {{0, "PR1a", {0, 0}},
                   {1, "PG1a", {0, 1}},
                   {2, "PB1a", {1, 1}},
                   {0, "PR9a", {1, 0}},
                   {1, "PG2a", {0, 2}},
                   {2, "PB2a", {1, 2}},
                   {0, "PR3a", {2, 0}},
                   {1, "PG3a", {0, 3}},
                   {2, "PB3a", {1, 3}}});
  const auto events = match.lay(0, card("PR4a"), Cell{3, 0});
  EXPECT_EQ(types_of(events), (std::vector<std::string>{"placed", "line", "winner", "score"}));
  const auto& line = body<LineEvent>(events[1]);
  EXPECT_EQ(line.player, "Ann");
  EXPECT_EQ(line.colour, Colour::red);
  EXPECT_EQ(line.length, 4);
  EXPECT_EQ(line.cells, (std::vector<std::array<int, 2>>{{0, 0}, {1, 0}, {2, 0}, {3, 0}}));
  const auto& winner = body<WinnerEvent>(events[2]);
  EXPECT_EQ(winner.players, (std::vector<PlayerName>{"Ann"}));
  EXPECT_EQ(winner.scope, Scope::round);
  EXPECT_EQ(winner.reason, "round 1: Ann: a line of 4 red; PR9a (red 9) stays out of later rounds");
  const auto& scores = body<ScoreEvent>(events[3]);
  ASSERT_EQ(scores.scores.size(), 3u);
  EXPECT_EQ(scores.scores[0].total, 1);
  EXPECT_EQ(scores.scores[1].total, 0);

  EXPECT_TRUE(match.round_over());
  EXPECT_FALSE(match.match_over());
  EXPECT_TRUE(match.cards_out().contains("PR9a"));
  EXPECT_EQ(body<IllegalEvent>(match.lay(1, card("PG9a"), Cell{2, 1})[0]).reason,
            "round 1 is over; the next round has not started");

  // Round 2 starts with the next seat; the kept card stays out, its twin does not.
  EXPECT_TRUE(match.start_next_round().empty());
  EXPECT_EQ(match.round_number(), 2);
  EXPECT_TRUE(match.grid().empty());
  EXPECT_EQ(match.current_player(), Seat{1});
  play_all(match, {{1, "PG1a", {0, 0}}, {2, "PB1a", {1, 0}}});
  EXPECT_EQ(body<IllegalEvent>(match.lay(0, card("PR9a"), Cell{0, 0})[0]).reason,
            "PR9a (red 9) was kept out of play by an earlier round's winner");
  EXPECT_FALSE(match.card_available("PR9a"));
  ASSERT_NE(match.available_card(builtin_punto_deck(), Colour::red, 9), nullptr);
  EXPECT_EQ(match.available_card(builtin_punto_deck(), Colour::red, 9)->id, "PR9b");
  play_all(match, {{0, "PR9b", {0, 0}}});
}

TEST(PuntoMatch, NewRoundOnlyAfterARoundEnds) {
  Match match(seating(kTwo), 0);
  const auto early = match.start_next_round();
  ASSERT_EQ(types_of(early), (std::vector<std::string>{"illegal"}));
  EXPECT_EQ(body<IllegalEvent>(early[0]).reason, "round 1 is still being played");
}

TEST(PuntoMatch, AClaimedBlockIsRefusedWhenTheCardCouldBeLaid) {
  Match match(seating(kTwo), 0);
  play_all(match, {{0, "PR5a", {0, 0}}});
  const auto refused = match.declare_blocked(1, &card("PB2a"));
  EXPECT_EQ(body<IllegalEvent>(refused[0]).reason,
            "Ben is not blocked: PB2a (blue 2) may go at [-1,-1]");
  EXPECT_FALSE(match.round_over());
  const auto blocked = match.declare_blocked(1);
  EXPECT_EQ(types_of(blocked), (std::vector<std::string>{"winner", "score"}));
  EXPECT_EQ(body<WinnerEvent>(blocked[0]).players, (std::vector<PlayerName>{"Ann", "Ben"}));
  EXPECT_TRUE(blocked[0].ruling.has_value());
}

TEST(PuntoMatch, ABlockedRoundIsDecidedByLines) {
  Match match(seating(kThree), 0);
  play_all(match, {{0, "PR1a", {0, 0}},
                   {1, "PG4a", {0, 1}},
                   {2, "PB1a", {0, 2}},
                   {0, "PR2a", {1, 0}},
                   {1, "PG5a", {1, 1}},
                   {2, "PB9a", {1, 2}},
                   {0, "PR3a", {2, 0}},
                   {1, "PG6a", {2, 1}}});
  const auto events = match.declare_blocked(2);
  EXPECT_EQ(types_of(events), (std::vector<std::string>{"line", "winner", "score"}));
  EXPECT_EQ(body<LineEvent>(events[0]).player, "Ann");
  EXPECT_EQ(body<WinnerEvent>(events[1]).players, (std::vector<PlayerName>{"Ann"}));
  EXPECT_TRUE(match.cards_out().contains("PR3a"));
}

// One round of a 2-player match: `winner` lays five cards of its first colour down column 0 while
// the other player alternates its two colours down column 1. `series` picks the copies ('a', 'b').
std::vector<Event> play_column_round(Match& match, Seat winner, char series) {
  std::array<int, 2> next_row = {0, 0};
  std::vector<Event> last;
  while (!match.round_over() && next_row[0] < 5 && next_row[1] < 5) {
    const Seat seat = match.current_player();
    const int row = next_row[seat]++;
    const auto colours = match.seating().colours_of(seat);
    const Colour colour = seat == winner ? colours[0] : colours[static_cast<std::size_t>(row % 2)];
    const char letter = static_cast<char>(std::toupper(colour_name(colour)[0]));
    const std::string id = std::string("P") + letter + std::to_string(row + 1) + series;
    last = match.lay(seat, card(id), Cell{seat == winner ? 0 : 1, row});
    EXPECT_EQ(event_type(last.front().body), "placed") << id;
  }
  return last;
}

TEST(PuntoMatch, TheMatchIsWonWithTwoRounds) {
  Match match(seating(kTwo), 0);
  const auto first = play_column_round(match, 0, 'a');
  EXPECT_EQ(body<WinnerEvent>(first[2]).players, (std::vector<PlayerName>{"Ann"}));
  EXPECT_TRUE(match.cards_out().contains("PR5a"));
  EXPECT_FALSE(match.match_over());
  EXPECT_TRUE(match.start_next_round().empty());
  EXPECT_EQ(match.current_player(), Seat{1});
  const auto second = play_column_round(match, 1, 'a');
  EXPECT_EQ(body<WinnerEvent>(second[2]).players, (std::vector<PlayerName>{"Ben"}));
  EXPECT_TRUE(match.start_next_round().empty());
  const auto third = play_column_round(match, 0, 'b');
  EXPECT_EQ(types_of(third),
            (std::vector<std::string>{"placed", "line", "winner", "score", "winner"}));
  const auto& champion = body<WinnerEvent>(third[4]);
  EXPECT_EQ(champion.scope, Scope::match);
  EXPECT_EQ(champion.players, (std::vector<PlayerName>{"Ann"}));
  EXPECT_EQ(champion.reason, "2 rounds won");
  EXPECT_TRUE(match.match_over());
  EXPECT_EQ(match.rounds_won(), (std::vector<int>{2, 1}));
  EXPECT_EQ(body<IllegalEvent>(match.start_next_round()[0]).reason, "the match is over");
  EXPECT_EQ(body<IllegalEvent>(match.lay(1, card("PB1a"), Cell{0, 0})[0]).reason,
            "the match is over");
}

TEST(PuntoMatch, RoundsToWinIsConfigurable) {
  Match match(seating(kThree), 0, MatchOptions{1, 6});
  play_all(match, {{0, "PR1a", {0, 0}},
                   {1, "PG1a", {0, 1}},
                   {2, "PB1a", {1, 1}},
                   {0, "PR2a", {1, 0}},
                   {1, "PG2a", {0, 2}},
                   {2, "PB2a", {1, 2}},
                   {0, "PR3a", {2, 0}},
                   {1, "PG3a", {0, 3}},
                   {2, "PB3a", {1, 3}}});
  const auto events = match.lay(0, card("PR4a"), Cell{3, 0});
  ASSERT_EQ(events.size(), 5u);
  EXPECT_EQ(body<WinnerEvent>(events[4]).reason, "1 round won");
  EXPECT_TRUE(match.match_over());
}

TEST(PuntoMatch, PlayerForMapsColoursToSeats) {
  Match match(seating(kThree), 2);
  EXPECT_EQ(match.player_for(Colour::red), Seat{0});
  EXPECT_EQ(match.player_for(Colour::blue), Seat{2});
  EXPECT_EQ(match.player_for(Colour::yellow), Seat{2});  // neutral: whoever's turn it is
  play_all(match, {{2, "PY5a", {0, 0}}});
  EXPECT_EQ(match.player_for(Colour::yellow), Seat{0});
}

}  // namespace
}  // namespace tableref::referee::punto
