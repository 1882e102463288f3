#include "live/freeze_follower.hpp"

#include <algorithm>
#include <array>
#include <opencv2/imgproc.hpp>

#include "append_events.hpp"
#include "live/card_outlines.hpp"
#include "logged_state.hpp"
#include "referee/freeze/explain.hpp"
#include "referee/json_input.hpp"
#include "vision/observation_json.hpp"

namespace tableref::live {

namespace {

using nlohmann::json;
using referee::Event;
using referee::freeze::ColourSet;
using referee::freeze::Shown;
using referee::freeze::View;
using referee::freeze::ViewCell;
using referee::json_input::Node;

constexpr std::string_view kStackIdPrefix = "S";
// Beyond this many unreadable positions a stack is not judged (6^n fillings to try).
constexpr std::size_t kMaxUnknownCells = 2;

referee::freeze::MatchOptions match_options(const FreezeFollowerOptions& options) {
  referee::freeze::MatchOptions match;
  match.rounds_to_win = options.rounds_to_win;
  match.solo_duration_s = options.solo_seconds;
  return match;
}

Shown shown_of(const View& cells) {
  Shown shown;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].kind == ViewCell::Kind::monster) shown[i] = cells[i].colour;
  }
  return shown;
}

// ---- reading a logged state ---------------------------------------------------------------------

ViewCell read_cell(const Node& node) {
  const std::string word = node.as_string();
  if (word == "empty") return ViewCell::empty();
  if (word == "unknown") return ViewCell::unknown();
  return ViewCell::monster(node.as_colour());
}

TrackedStack read_stack(const Node& node, const std::vector<std::string>& players) {
  node.require_object();
  TrackedStack stack;
  const Node id = node.at("id");
  stack.id = id.as_string();
  if (!stack.id.starts_with(kStackIdPrefix) || stack.id.size() == kStackIdPrefix.size()) {
    id.fail("expected a stack id such as \"S1\"");
  }
  const Node corners = node.at("corners");
  if (corners.size() != 4) corners.fail("expected 4 corners");
  for (std::size_t i = 0; i < 4; ++i) {
    const Node corner = corners.at(i);
    if (corner.size() != 2) corner.fail("expected [x, y]");
    stack.corners[i] = {corner.at(std::size_t{0}).as_number(), corner.at(1).as_number()};
  }
  const Node cells = node.at("cells");
  if (cells.size() != 3) cells.fail("expected 3 rows");
  for (std::size_t row = 0; row < 3; ++row) {
    const Node cells_row = cells.at(row);
    if (cells_row.size() != 3) cells_row.fail("expected 3 positions");
    for (std::size_t col = 0; col < 3; ++col)
      stack.cells[row * 3 + col] = read_cell(cells_row.at(col));
  }
  const Node tricks = node.at("tricks");
  for (std::size_t i = 0; i < tricks.size(); ++i) stack.tricks.push_back(tricks.at(i).as_colour());
  stack.aligned = node.at("aligned").as_bool();
  if (node.has("consistent")) stack.consistent = node.at("consistent").as_bool();
  if (node.has("player")) stack.seat = logged_seat(node.at("player"), players);
  return stack;
}

std::vector<TrackedStack> read_state_stacks(const Node& state,
                                            const std::vector<std::string>& players) {
  const Node stacks = logged_list(state, "stacks");
  std::vector<TrackedStack> read;
  for (std::size_t i = 0; i < stacks.size(); ++i) read.push_back(read_stack(stacks.at(i), players));
  return read;
}

}  // namespace

std::optional<Shown> decided_view(const View& cells, const referee::FreezeDeck& deck) {
  std::vector<std::size_t> unknown;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].kind == ViewCell::Kind::unknown) unknown.push_back(i);
  }
  if (unknown.size() > kMaxUnknownCells) return std::nullopt;
  // Every way to fill the unreadable positions that some stack of the deck shows must give the
  // same lines: then the lines are known whatever hides there.
  const std::array<ViewCell, 6> fills = {ViewCell::empty(),
                                         ViewCell::monster(referee::Colour::yellow),
                                         ViewCell::monster(referee::Colour::green),
                                         ViewCell::monster(referee::Colour::red),
                                         ViewCell::monster(referee::Colour::blue),
                                         ViewCell::monster(referee::Colour::purple)};
  std::size_t combinations = 1;
  for (std::size_t i = 0; i < unknown.size(); ++i) combinations *= fills.size();
  std::optional<Shown> decided;
  std::optional<ColourSet> lines;
  for (std::size_t combination = 0; combination < combinations; ++combination) {
    View filled = cells;
    std::size_t digits = combination;
    for (const std::size_t position : unknown) {
      filled[position] = fills[digits % fills.size()];
      digits /= fills.size();
    }
    if (!unknown.empty() && referee::freeze::fewest_card_explanations(deck, filled, 3, 1).empty()) {
      continue;
    }
    const Shown shown = shown_of(filled);
    const ColourSet filled_lines = ColourSet::of(referee::freeze::line_colours(shown));
    if (lines && *lines != filled_lines) return std::nullopt;
    lines = filled_lines;
    if (!decided) decided = shown;
  }
  return decided;
}

FreezeFollower::FreezeFollower(FreezeFollowerOptions options, const referee::FreezeDeck& deck)
    : options_(std::move(options)),
      deck_(&deck),
      match_(options_.players, deck, match_options(options_)) {
  reader_params_.lens = options_.lens;
}

bool FreezeFollower::read(const cv::Mat& bgr, const cv::Mat& /*changed*/) {
  vision::StageLog log;
  vision::FreezeReading reading =
      vision::read_freeze(bgr, *deck_, options_.references, reader_params_, log);
  learn_scale(reader_params_, !reading.unstable, reading);
  if (reading.unstable) return false;
  reads_.add(std::move(reading.stacks));
  return true;
}

bool FreezeFollower::reads_agree() const {
  return reads_.last_agrees(readings_agree);
}

void FreezeFollower::forget_reads() {
  reads_.clear();
}

bool FreezeFollower::accounts_for(const cv::Mat& intrusions, cv::Size image_size) const {
  if (!reads_.last() || intrusions.empty() || image_size.width <= 0) return false;
  // Where cards lie now, and where they lay in the reference (a card lifted shows the table).
  CardOutlineMask cards(intrusions.size(), image_size);
  const auto add = [&cards](const std::array<cv::Point2d, 4>& corners) {
    cards.add(corners, (corners[0] + corners[1] + corners[2] + corners[3]) / 4.0);
  };
  for (const vision::FreezeStackReading& stack : *reads_.last()) add(stack.corners);
  for (const TrackedStack& stack : tracker_.stacks()) add(stack.corners);
  return cards.covers_most_of(intrusions);
}

std::vector<Event> FreezeFollower::commit_last_read(double time_s) {
  if (!reads_.last()) return {};
  std::vector<TrackedStack> stacks = tracker_.identify(*reads_.last(), seat_of_);
  if (!tracker_.differs(stacks)) return {};
  return commit(std::move(stacks), time_s);
}

std::vector<Event> FreezeFollower::tick(double time_s) {
  return match_.tick(time_s);
}

referee::Result<std::vector<Event>> FreezeFollower::replay_state(const json& state, double time_s) {
  std::vector<TrackedStack> stacks;
  try {
    stacks = read_state_stacks(Node(state, "state"), options_.players);
  } catch (const referee::json_input::InputError& error) {
    return referee::Error{error.what()};
  }
  for (TrackedStack& stack : stacks) {
    if (const TrackedStack* known = tracker_.find(stack.id)) stack.claim = known->claim;
  }
  return commit(std::move(stacks), time_s);
}

std::vector<Event> FreezeFollower::commit(std::vector<TrackedStack> stacks, double time_s) {
  std::vector<Event> plays;
  for (TrackedStack& stack : stacks) append(plays, claim(stack, time_s));
  tracker_.commit(std::move(stacks));
  std::vector<Event> events{Event{referee::StateEvent{layout()}, {}, {}, {}}};
  append(events, std::move(plays));
  return events;
}

std::vector<Event> FreezeFollower::claim(TrackedStack& stack, double time_s) {
  if (stack.seat < 0 || stack.seat >= static_cast<int>(options_.players.size())) return {};
  if (stack.claim == ClaimStatus::trick || stack.claim == ClaimStatus::refused) return {};
  if (stack.claim == ClaimStatus::misaligned && !stack.aligned) return {};
  if (match_.over() || !stack.consistent) return {};
  // A single card is the single card, or a card put down: a trick takes a stack. A card seen
  // peeking out below another (askew) is a stack, whatever unreadable holes leave possible.
  if (stack.aligned &&
      !referee::freeze::fewest_card_explanations(*deck_, stack.cells, 1, 1).empty())
    return {};
  // A stack is shown to claim a trick. Askew, it is refused whatever its holes show: they show the
  // cards below off their places (often unreadable), and no line of it could count.
  const std::optional<Shown> shown =
      stack.aligned ? decided_view(stack.cells, *deck_) : shown_of(stack.cells);
  if (!shown || (stack.aligned && referee::freeze::line_colours(*shown).empty())) return {};

  std::vector<Event> events;
  if (match_.round().over()) {
    events = match_.new_round({}, time_s);
    tracker_.forget_lifted();  // every card went back to the deck
  }
  referee::freeze::TrickClaim trick_claim;
  trick_claim.player = options_.players[static_cast<std::size_t>(stack.seat)];
  trick_claim.stack = referee::freeze::SeenStack{*shown, std::nullopt};
  trick_claim.aligned = stack.aligned;
  std::vector<Event> judged = match_.trick(trick_claim, time_s);
  const bool counted = std::any_of(judged.begin(), judged.end(), [](const Event& event) {
    return std::holds_alternative<referee::TrickEvent>(event.body);
  });
  stack.claim = counted         ? ClaimStatus::trick
                : stack.aligned ? ClaimStatus::refused
                                : ClaimStatus::misaligned;
  for (Event& event : judged) {
    // The camera knows no card ids: the stack's id names what was refused.
    if (auto* illegal = std::get_if<referee::IllegalEvent>(&event.body);
        illegal && illegal->cards.empty()) {
      illegal->cards = {stack.id};
    }
  }
  append(events, std::move(judged));
  return events;
}

json FreezeFollower::layout_of(const std::vector<TrackedStack>& stacks) const {
  vision::FreezeReading reading;
  for (const TrackedStack& stack : stacks) {
    reading.stacks.push_back(
        {stack.corners, stack.cells, stack.tricks, stack.aligned, stack.consistent});
  }
  json fields = vision::freeze_fields(reading);
  for (std::size_t i = 0; i < stacks.size(); ++i) {
    json& entry = fields["stacks"][i];
    entry["id"] = stacks[i].id;
    const int seat = stacks[i].seat;
    if (seat >= 0 && seat < static_cast<int>(options_.players.size())) {
      entry["player"] = options_.players[static_cast<std::size_t>(seat)];
    }
    if (stacks[i].claim != ClaimStatus::none) entry["claim"] = claim_status_name(stacks[i].claim);
  }
  return fields;
}

json FreezeFollower::layout() const {
  return layout_of(tracker_.stacks());
}

json FreezeFollower::scoreboard() const {
  const referee::freeze::Round& round = match_.round();
  json players = json::array();
  for (const referee::freeze::PlayerState& state : round.players()) {
    json tricks = json::object();
    for (const referee::Colour colour : referee::kMonsterColours) {
      tricks[std::string(referee::colour_name(colour))] =
          referee::freeze::tricks_of(state.tricks, colour);
    }
    players.push_back({{"player", state.name},
                       {"tricks", std::move(tricks)},
                       {"total", referee::freeze::total_tricks(state.tricks)},
                       {"rounds_won", match_.rounds_won(state.name)}});
  }
  json board = {{"game", "freeze"},
                {"round", match_.round_number()},
                {"round_over", round.over()},
                {"draw_pile", round.draw_pile()},
                {"match_over", match_.over()},
                {"players", std::move(players)}};
  if (round.outcome()) board["round_winners"] = round.outcome()->winners;
  if (match_.outcome()) board["match_winners"] = match_.outcome()->winners;
  return board;
}

cv::Mat FreezeFollower::play_area(cv::Size image_size) const {
  if (tracker_.stacks().empty()) return {};
  cv::Mat area(image_size, CV_8U, cv::Scalar(0));
  // New stacks come near the middle of the table; hands matter a card's side around each stack.
  cv::rectangle(area,
                cv::Rect(image_size.width / 4, image_size.height / 4, image_size.width / 2,
                         image_size.height / 2),
                cv::Scalar(255), cv::FILLED);
  constexpr double kReachSides = 3.0;  // the quad scaled about its centre: one side of margin
  for (const TrackedStack& stack : tracker_.stacks()) {
    const cv::Point2d centre = stack.centre();
    std::vector<cv::Point> polygon;
    for (const cv::Point2d& corner : stack.corners)
      polygon.push_back(centre + (corner - centre) * kReachSides);
    cv::fillConvexPoly(area, polygon, cv::Scalar(255));
  }
  return area;
}

}  // namespace tableref::live
