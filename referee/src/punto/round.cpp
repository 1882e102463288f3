#include "referee/punto/round.hpp"

#include <algorithm>
#include <cassert>
#include <limits>

#include "referee/punto/legality.hpp"

namespace tableref::referee::punto {

namespace {

Event event_of(EventBody body, std::optional<std::string> ruling = std::nullopt) {
  return Event{std::move(body), std::move(ruling), std::nullopt, std::nullopt};
}

std::vector<PlayerName> names_of(const Seating& seating, std::span<const Seat> seats) {
  std::vector<PlayerName> names;
  for (const Seat seat : seats) names.push_back(seating.name(seat));
  return names;
}

// "Ann", or "Ann & Cat" for a team.
std::string side_name(const Seating& seating, std::size_t side) {
  std::string text;
  for (const Seat seat : seating.seats_of_side(side)) {
    text += (text.empty() ? "" : " & ") + seating.name(seat);
  }
  return text;
}

std::string side_names(const Seating& seating, std::span<const std::size_t> sides) {
  std::vector<PlayerName> names;
  for (const std::size_t side : sides) names.push_back(side_name(seating, side));
  return join_names(names);
}

struct SideLines {
  std::size_t side = 0;
  std::vector<Line> lines;
  int fewest_points = std::numeric_limits<int>::max();  // of its lines; max when it has none
};

std::vector<SideLines> lines_by_side(const Grid& grid, const Seating& seating,
                                     std::span<const Line> lines) {
  std::vector<SideLines> sides;
  for (std::size_t side = 0; side < seating.side_count(); ++side) {
    SideLines tally{side, lines_in_colours(lines, seating.side_colours(side))};
    for (const Line& line : tally.lines) {
      tally.fewest_points = std::min(tally.fewest_points, line_points(grid, line));
    }
    sides.push_back(std::move(tally));
  }
  return sides;
}

// Fills in the winners, their lines and the cards they keep out, from the winning sides.
void award(RoundOutcome& outcome, const Grid& grid, const Seating& seating,
           std::span<const SideLines> winners) {
  for (const SideLines& side : winners) {
    for (const Seat seat : seating.seats_of_side(side.side)) outcome.winners.push_back(seat);
    outcome.lines.insert(outcome.lines.end(), side.lines.begin(), side.lines.end());
    if (!side.lines.empty()) outcome.kept_out.push_back(highest_card(grid, side.lines));
  }
  std::sort(outcome.winners.begin(), outcome.winners.end());
}

std::string kept_out_text(std::span<const PuntoCard> cards) {
  if (cards.empty()) return "";
  std::vector<std::string> names;
  for (const PuntoCard& card : cards) names.push_back(describe_card(card));
  return "; " + join_names(names) + (cards.size() == 1 ? " stays" : " stay") +
         " out of later rounds";
}

std::string line_text(const Line& line) {
  return "a line of " + std::to_string(line.length()) + " " + std::string(colour_name(line.colour));
}

// The blocked fallback's decision: the sides with the most lines, then among them those whose
// cheapest line has the fewest points.
struct BlockedTally {
  std::size_t most_lines = 0;
  int fewest_points = 0;
  std::vector<std::size_t> tied_on_lines;  // sides with the most lines
  std::vector<SideLines> winners;
};

BlockedTally tally_blocked(std::vector<SideLines> sides) {
  BlockedTally tally;
  for (const SideLines& side : sides)
    tally.most_lines = std::max(tally.most_lines, side.lines.size());
  std::erase_if(sides,
                [&](const SideLines& side) { return side.lines.size() != tally.most_lines; });
  for (const SideLines& side : sides) tally.tied_on_lines.push_back(side.side);

  tally.fewest_points = std::numeric_limits<int>::max();
  for (const SideLines& side : sides) {
    tally.fewest_points = std::min(tally.fewest_points, side.fewest_points);
  }
  std::erase_if(sides,
                [&](const SideLines& side) { return side.fewest_points != tally.fewest_points; });
  tally.winners = std::move(sides);
  return tally;
}

std::string blocked_reason(const Seating& seating, Seat blocked, int length,
                           const BlockedTally& tally) {
  const std::string lines_of = "line" + std::string(tally.most_lines == 1 ? "" : "s") + " of " +
                               std::to_string(length) + " or more";
  std::vector<std::size_t> winners;
  for (const SideLines& side : tally.winners) winners.push_back(side.side);
  const std::string why = seating.name(blocked) + " cannot lay a card; ";
  if (tally.most_lines == 0) {
    return why + "nobody has a line of " + std::to_string(length) + " or more: the round is shared";
  }
  if (tally.tied_on_lines.size() == 1) {
    return why + side_names(seating, winners) + (seating.team_game() ? " have" : " has") +
           " the most lines of " + std::to_string(length) + " or more (" +
           std::to_string(tally.most_lines) + ")";
  }
  if (winners.size() == 1) {
    return why + side_names(seating, tally.tied_on_lines) + " have " +
           std::to_string(tally.most_lines) + " " + lines_of + " each; " +
           side_names(seating, winners) + " made the line with the fewest points (" +
           std::to_string(tally.fewest_points) + ")";
  }
  return why + side_names(seating, winners) + " tie on " + lines_of + " (" +
         std::to_string(tally.most_lines) + " each) and on their line with the fewest points (" +
         std::to_string(tally.fewest_points) + "): the round is shared";
}

}  // namespace

std::optional<RoundOutcome> decide_by_line(const Grid& grid, const Seating& seating) {
  const std::vector<Line> lines = find_lines(grid, seating.winning_length());
  std::vector<SideLines> winners;
  for (SideLines& side : lines_by_side(grid, seating, lines)) {
    if (!side.lines.empty()) winners.push_back(std::move(side));
  }
  if (winners.empty()) return std::nullopt;

  RoundOutcome outcome;
  outcome.how = RoundEnd::line;
  award(outcome, grid, seating, winners);
  std::vector<std::string> lines_text;
  for (const Line& line : outcome.lines) lines_text.push_back(line_text(line));
  outcome.reason = join_names(names_of(seating, outcome.winners)) + ": " + join_names(lines_text) +
                   kept_out_text(outcome.kept_out);
  return outcome;
}

RoundOutcome decide_blocked_round(const Grid& grid, const Seating& seating, Seat blocked) {
  const int length = seating.blocked_line_length();
  const BlockedTally tally = tally_blocked(lines_by_side(grid, seating, find_lines(grid, length)));
  RoundOutcome outcome;
  outcome.how = RoundEnd::blocked;
  award(outcome, grid, seating, tally.winners);
  outcome.reason =
      blocked_reason(seating, blocked, length, tally) + kept_out_text(outcome.kept_out);
  outcome.ruling = "blocked round: a line is a maximal run of " + std::to_string(length) +
                   " or more cards of one colour and counts once; the most lines wins, then the "
                   "line with the fewest points; still tied (or no lines at all), the round is "
                   "shared";
  return outcome;
}

Match::Match(Seating seating, Seat first_player, MatchOptions options)
    : seating_(std::move(seating)),
      options_(options),
      round_first_player_(first_player),
      current_player_(first_player),
      neutral_laid_(seating_.player_count(), 0),
      rounds_won_(seating_.player_count(), 0) {
  assert(first_player < seating_.player_count());
  assert(options_.rounds_to_win >= 1 && options_.neutral_cards_per_player >= 0);
  check_invariants();
}

bool Match::match_over() const {
  return std::any_of(rounds_won_.begin(), rounds_won_.end(),
                     [this](int won) { return won >= options_.rounds_to_win; });
}

Seat Match::player_for(Colour colour) const {
  return seating_.owner_of(colour).value_or(current_player_);
}

bool Match::card_available(std::string_view id) const {
  return !grid_.holds_card(id) && !cards_out_.contains(id);
}

const PuntoCard* Match::available_card(const PuntoDeck& deck, Colour colour, int value) const {
  for (const PuntoCard& card : deck.cards) {
    if (card.colour == colour && card.value == value && card_available(card.id)) return &card;
  }
  return nullptr;
}

std::optional<std::string> Match::turn_refusal(Seat seat) const {
  assert(seat < seating_.player_count());
  if (match_over()) return "the match is over";
  if (round_over()) {
    return "round " + std::to_string(round_number_) + " is over; the next round has not started";
  }
  if (seat != current_player_) {
    return "it is " + seating_.name(current_player_) + "'s turn, not " + seating_.name(seat) + "'s";
  }
  return std::nullopt;
}

std::optional<std::string> Match::card_refusal(Seat seat, const PuntoCard& card) const {
  const PlayerName& name = seating_.name(seat);
  if (!seating_.holds(seat, card.colour)) {
    return name + " does not play " + std::string(colour_name(card.colour));
  }
  if (grid_.holds_card(card.id)) return describe_card(card) + " is already on the table";
  if (cards_out_.contains(card.id)) {
    return describe_card(card) + " was kept out of play by an earlier round's winner";
  }
  if (seating_.neutral_colour() == card.colour &&
      neutral_laid_[seat] >= options_.neutral_cards_per_player) {
    return name + " has already laid " + std::to_string(options_.neutral_cards_per_player) +
           " neutral " + std::string(colour_name(card.colour)) + " cards this round";
  }
  return std::nullopt;
}

std::optional<std::string> Match::refusal(Seat seat, const PuntoCard& card, Cell cell) const {
  if (auto why = turn_refusal(seat)) return why;
  if (auto why = card_refusal(seat, card)) return why;
  if (auto breach = check_placement(grid_, cell, card)) return breach->reason;
  return std::nullopt;
}

std::vector<Event> Match::lay(Seat seat, const PuntoCard& card, Cell cell) {
  if (auto why = refusal(seat, card, cell)) {
    return {event_of(IllegalEvent{seating_.name(seat), *why, {card.id}})};
  }
  grid_.lay(cell, card);
  if (seating_.neutral_colour() == card.colour) ++neutral_laid_[seat];
  current_player_ = (seat + 1) % seating_.player_count();

  std::vector<Event> events = {event_of(PlacedEvent{seating_.name(seat), {card.id}})};
  if (auto outcome = decide_by_line(grid_, seating_)) {
    std::vector<Event> ending = finish_round(std::move(*outcome));
    events.insert(events.end(), ending.begin(), ending.end());
  }
  check_invariants();
  return events;
}

std::vector<Event> Match::declare_blocked(Seat seat, const PuntoCard* card_in_hand) {
  const auto refuse = [&](std::string why) {
    std::vector<CardId> cards;
    if (card_in_hand) cards.push_back(card_in_hand->id);
    return std::vector<Event>{event_of(IllegalEvent{seating_.name(seat), std::move(why), cards})};
  };
  if (auto why = turn_refusal(seat)) return refuse(*why);
  if (card_in_hand) {
    if (auto why = card_refusal(seat, *card_in_hand)) return refuse(*why);
    const std::vector<Cell> cells = legal_cells(grid_, *card_in_hand);
    if (!cells.empty()) {
      return refuse(seating_.name(seat) + " is not blocked: " + describe_card(*card_in_hand) +
                    " may go at " + describe_cell(cells.front()));
    }
  }
  std::vector<Event> events = finish_round(decide_blocked_round(grid_, seating_, seat));
  check_invariants();
  return events;
}

std::vector<Event> Match::start_next_round(std::optional<Seat> first_player) {
  const auto refuse = [&](std::string why) {
    return std::vector<Event>{event_of(IllegalEvent{"", std::move(why), {}})};
  };
  if (match_over()) return refuse("the match is over");
  if (!round_over()) {
    return refuse("round " + std::to_string(round_number_) + " is still being played");
  }
  assert(!first_player || *first_player < seating_.player_count());
  grid_.clear();
  ++round_number_;
  round_first_player_ = first_player.value_or((round_first_player_ + 1) % seating_.player_count());
  current_player_ = round_first_player_;
  std::fill(neutral_laid_.begin(), neutral_laid_.end(), 0);
  outcome_.reset();
  check_invariants();
  return {};
}

ScoreEvent Match::score_event() const {
  ScoreEvent scores;
  for (Seat seat = 0; seat < seating_.player_count(); ++seat) {
    nlohmann::json detail = {{"rounds_won", rounds_won_[seat]}};
    if (seating_.team_game()) detail["team"] = seating_.side_of(seat);
    scores.scores.push_back({seating_.name(seat), rounds_won_[seat], std::move(detail)});
  }
  return scores;
}

std::vector<Event> Match::finish_round(RoundOutcome outcome) {
  std::vector<Event> events;
  for (const Line& line : outcome.lines) {
    const auto owner = seating_.owner_of(line.colour);
    events.push_back(event_of(to_line_event(line, owner ? seating_.name(*owner) : "")));
  }
  for (const Seat seat : outcome.winners) ++rounds_won_[seat];
  for (const PuntoCard& card : outcome.kept_out) cards_out_.insert(card.id);
  events.push_back(event_of(
      WinnerEvent{names_of(seating_, outcome.winners),
                  "round " + std::to_string(round_number_) + ": " + outcome.reason, Scope::round},
      outcome.ruling));

  events.push_back(event_of(score_event()));
  outcome_ = std::move(outcome);

  if (match_over()) {
    std::vector<Seat> champions;
    for (Seat seat = 0; seat < seating_.player_count(); ++seat) {
      if (rounds_won_[seat] >= options_.rounds_to_win) champions.push_back(seat);
    }
    events.push_back(event_of(WinnerEvent{names_of(seating_, champions),
                                          std::to_string(options_.rounds_to_win) + " round" +
                                              (options_.rounds_to_win == 1 ? "" : "s") + " won",
                                          Scope::match}));
  }
  return events;
}

void Match::check_invariants() const {
#ifndef NDEBUG
  const std::size_t players = seating_.player_count();
  assert(current_player_ < players && round_first_player_ < players);
  assert(neutral_laid_.size() == players && rounds_won_.size() == players);
  assert(grid_.fits_6x6());
  std::set<CardId, std::less<>> on_table;
  for (const Cell cell : grid_.occupied_cells()) {
    const auto pile = grid_.pile(cell);
    assert(!pile.empty());
    for (std::size_t i = 0; i < pile.size(); ++i) {
      assert(i == 0 || pile[i].value > pile[i - 1].value);  // only ever covers lower cards
      assert(on_table.insert(pile[i].id).second);           // each card once
      // Kept out from later rounds: only this round's winners' cards may still be on the table.
      assert(!cards_out_.contains(pile[i].id) ||
             (round_over() &&
              std::any_of(outcome_->kept_out.begin(), outcome_->kept_out.end(),
                          [&](const PuntoCard& kept) { return kept.id == pile[i].id; })));
    }
  }
  for (const int laid : neutral_laid_) assert(laid <= options_.neutral_cards_per_player);
  for (const int won : rounds_won_) assert(won <= options_.rounds_to_win);
  // A round still being played has no winning line on the table.
  assert(round_over() || !decide_by_line(grid_, seating_));
  assert(round_over() || !match_over());
#endif
}

}  // namespace tableref::referee::punto
