#include "live/live_referee.hpp"

#include <stdexcept>

#include "live/bugs_follower.hpp"
#include "live/freeze_follower.hpp"
#include "live/punto_follower.hpp"
#include "live/trio_follower.hpp"
#include "referee/deck.hpp"

namespace tableref::live {

namespace {

using nlohmann::json;
using referee::Event;

// Times are frame indices over a frame rate: allow for their rounding.
constexpr double kTimeSlackS = 1e-6;

LiveOptions checked(LiveOptions options) {
  if (options.players.empty()) options.players = default_player_names(2);
  const int count = static_cast<int>(options.players.size());
  if (options.first_player < 0 || options.first_player >= count) {
    throw std::invalid_argument("the first player must be one of the " + std::to_string(count) +
                                " players (0 to " + std::to_string(count - 1) + ")");
  }
  if (!(options.settle_seconds >= 0)) {
    throw std::invalid_argument("the settle time cannot be negative");
  }
  if (options.team_game && options.game != referee::Game::punto) {
    throw std::invalid_argument("the team game is Punto's");
  }
  return options;
}

std::unique_ptr<GameFollower> follower_for(const LiveOptions& options) {
  switch (options.game) {
    case referee::Game::freeze:
      return std::make_unique<FreezeFollower>(
          FreezeFollowerOptions{options.players, options.rounds_to_win, options.solo_seconds,
                                options.references, options.lens},
          referee::builtin_freeze_deck());
    case referee::Game::trio:
      return std::make_unique<TrioFollower>(TrioFollowerOptions{
          options.players, options.first_player, options.references, options.lens});
    case referee::Game::punto:
      return std::make_unique<PuntoFollower>(
          PuntoFollowerOptions{.players = options.players,
                               .first_player = options.first_player,
                               .rounds_to_win = options.rounds_to_win,
                               .team_game = options.team_game,
                               .references = options.references,
                               .lens = options.lens},
          referee::builtin_punto_deck());
    case referee::Game::bugs:
      return std::make_unique<BugsFollower>(
          BugsFollowerOptions{.players = options.players,
                              .settle_seconds = options.settle_seconds,
                              .lens = options.lens},
          referee::builtin_bugs_deck());
  }
  throw std::invalid_argument("unknown game");
}

// The frame and time of a logged event, checked.
struct LoggedStamp {
  int frame = 0;
  double time_s = 0;
};

referee::Result<LoggedStamp> logged_stamp(const json& event, std::size_t number) {
  const std::string where = "log event " + std::to_string(number) + ": ";
  if (!event.is_object()) return referee::Error{where + "expected a JSON object"};
  if (!event.contains("type") || !event["type"].is_string()) {
    return referee::Error{where + "expected \"type\""};
  }
  if (!event.contains("frame") || !event["frame"].is_number_integer() || event["frame"] < 0) {
    return referee::Error{where + "expected \"frame\", a frame index"};
  }
  if (!event.contains("time_s") || !event["time_s"].is_number()) {
    return referee::Error{where + "expected \"time_s\", in seconds"};
  }
  return LoggedStamp{event["frame"].get<int>(), event["time_s"].get<double>()};
}

}  // namespace

std::vector<std::string> default_player_names(int count) {
  std::vector<std::string> names;
  for (int seat = 1; seat <= count; ++seat) names.push_back("P" + std::to_string(seat));
  return names;
}

LiveReferee::LiveReferee(LiveOptions options)
    : options_(checked(std::move(options))),
      follower_(follower_for(options_)),
      meter_(options_.quality) {}

void LiveReferee::announce(std::vector<Event> events, int frame_index, double time_s,
                           FrameReport& report) {
  for (Event& event : events) {
    event.frame = frame_index;
    event.time_s = time_s;
    events_.push_back(event);
    report.events.push_back(std::move(event));
  }
}

void LiveReferee::start_moving() {
  still_since_s_.reset();
  last_read_s_.reset();
  stretch_settled_ = false;
  follower_->forget_reads();
}

bool LiveReferee::read_when_due(const cv::Mat& bgr, double still_for_s, double time_s,
                                bool intruded, FrameReport& report) {
  // Two reads half the settle time apart; the second, once settled, must agree with the first.
  const double interval_s = options_.settle_seconds / 2;
  const bool due = !stretch_settled_ && still_for_s + kTimeSlackS >= interval_s &&
                   (!last_read_s_ || time_s - *last_read_s_ + kTimeSlackS >= interval_s);
  if (!due) {
    report.unstable = report.unstable || intruded;
    return false;
  }
  last_read_s_ = time_s;
  if (!follower_->read(bgr, meter_.change_mask())) {
    report.unstable = true;
    return false;
  }
  if (intruded && !follower_->accounts_for(meter_.intrusion_mask(), bgr.size())) {
    follower_->forget_reads();  // read with something over the table: worth nothing
    report.unstable = true;
    return false;
  }
  return still_for_s + kTimeSlackS >= options_.settle_seconds && follower_->reads_agree();
}

FrameReport LiveReferee::process(const cv::Mat& bgr, double time_s, int frame_index) {
  FrameReport report;
  report.events = std::move(pending_);
  pending_.clear();
  next_frame_ = frame_index + 1;
  if (bgr.empty()) {
    meter_.forget_previous();
    previous_time_s_.reset();
    start_moving();
    report.unstable = true;
    report.layout = follower_->layout();
    return report;
  }
  if (!seats_known_) {
    const int seats = static_cast<int>(options_.players.size());
    follower_->set_seat_of(options_.seat_of ? options_.seat_of
                                            : default_seat_zones(bgr.size(), seats));
    seats_known_ = true;
  }

  quality_ = meter_.measure(bgr);
  announce(follower_->tick(time_s), frame_index, time_s, report);
  if (follower_->wants_fresh_read() && stretch_settled_) {
    // The table has not moved since it was last read, but this moment's view is the one wanted.
    stretch_settled_ = false;
    last_read_s_.reset();
    follower_->forget_reads();
  }
  report.still = quality_.still;
  if (!quality_.still) {
    start_moving();
    report.unstable = true;
  } else {
    // The stretch began with the previous frame, the first that this one matches.
    if (!still_since_s_) still_since_s_ = previous_time_s_.value_or(time_s);
    const double still_for_s = time_s - *still_since_s_;
    // An intrusion that stays put for long is no hand (an object left at the edge, a change of
    // light); one that the cards read account for is a card at the edge of the picture.
    const bool stale = still_for_s + kTimeSlackS >= options_.stale_reference_seconds;
    if (quality_.blurred) {
      report.unstable = true;
    } else if (read_when_due(bgr, still_for_s, time_s, quality_.intruded && !stale, report)) {
      announce(follower_->commit_last_read(time_s), frame_index, time_s, report);
      meter_.accept_reference();
      meter_.set_play_area(follower_->play_area(bgr.size()));
      stretch_settled_ = true;
    }
  }
  previous_time_s_ = time_s;
  report.layout = follower_->layout();
  return report;
}

referee::Result<bool> LiveReferee::replay_frame(const std::vector<json>& logged, bool last_frame) {
  const int frame = logged.front()["frame"].get<int>();
  const double time_s = logged.front()["time_s"].get<double>();
  const std::string where = "frame " + std::to_string(frame) + ": ";
  std::vector<Event> generated = follower_->tick(time_s);
  const json* state = nullptr;
  for (const json& event : logged) {
    if (event["type"] != "state") continue;
    if (state != nullptr) return referee::Error{where + "two state events"};
    state = &event;
  }
  if (state != nullptr) {
    auto replayed = follower_->replay_state(*state, time_s);
    if (!replayed) return referee::Error{where + replayed.error().message};
    for (Event& event : replayed.value()) generated.push_back(std::move(event));
  }

  std::size_t matched = 0;
  for (Event& event : generated) {
    event.frame = frame;
    event.time_s = time_s;
    if (matched < logged.size() && referee::to_json(event) == logged[matched]) {
      ++matched;
    } else if (last_frame && matched == logged.size()) {
      pending_.push_back(event);  // lost when the log was cut short
    } else {
      const std::string given(referee::event_type(event.body));
      const std::string logged_type =
          matched < logged.size() ? logged[matched]["type"].get<std::string>() : "nothing";
      const std::string what =
          logged_type == given ? "the logged " + given + " event differs from this game's"
                               : "the log has " + logged_type + " where this game gives " + given;
      return referee::Error{where + what + " (another game, other players or options)"};
    }
    events_.push_back(std::move(event));
  }
  if (matched < logged.size()) {
    return referee::Error{where + "the log has a " + logged[matched]["type"].get<std::string>() +
                          " event that this game does not give"};
  }
  next_frame_ = frame + 1;
  return true;
}

referee::Result<LiveReferee> LiveReferee::resume(LiveOptions options,
                                                 const std::vector<json>& logged_events) {
  std::optional<LiveReferee> referee;
  try {
    referee.emplace(std::move(options));
  } catch (const std::invalid_argument& error) {
    return referee::Error{error.what()};
  }
  std::size_t start = 0;
  int previous_frame = -1;
  while (start < logged_events.size()) {
    std::size_t end = start;
    std::optional<LoggedStamp> group_stamp;
    while (end < logged_events.size()) {
      const auto stamp = logged_stamp(logged_events[end], end + 1);
      if (!stamp) return stamp.error();
      if (stamp->frame < previous_frame) {
        return referee::Error{"log event " + std::to_string(end + 1) + ": frame " +
                              std::to_string(stamp->frame) + " comes after frame " +
                              std::to_string(previous_frame)};
      }
      if (group_stamp && stamp->frame != group_stamp->frame) break;
      if (!group_stamp) group_stamp = *stamp;
      previous_frame = stamp->frame;
      ++end;
    }
    const std::vector<json> group(logged_events.begin() + static_cast<std::ptrdiff_t>(start),
                                  logged_events.begin() + static_cast<std::ptrdiff_t>(end));
    const auto replayed = referee->replay_frame(group, end == logged_events.size());
    if (!replayed) return replayed.error();
    start = end;
  }
  return std::move(*referee);
}

}  // namespace tableref::live
