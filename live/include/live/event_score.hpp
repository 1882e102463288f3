#pragma once
// How well announced events match the true ones: precision, recall and delay, for measuring the
// live referee on rendered games (samples/game_video.hpp) whose true events are known.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tableref::live {

struct EventScoreOptions {
  double max_delay_s = 3.0;  // an event announced up to this long after the play settled counts
  double max_early_s = 0.3;  // ... and up to this long before (the hand may leave a frame early)
};

struct EventScore {
  int truth = 0;         // true events
  int announced = 0;     // announced events
  int matched = 0;       // announced events that match a true one (same key, in time)
  int false_tricks = 0;  // trick events announced that match no true trick
  int missed_tricks = 0;
  std::vector<double> delays_s;  // of each matched event, from the play settling
  std::vector<nlohmann::json> missed, extra;

  double precision() const;
  double recall() const;
  double mean_delay_s() const;
  double max_delay_s() const;
  void add(const EventScore& other);  // sums two games' scores
};

// What identifies an event for matching: its type and content, without frame, time and ruling
// ("trick|P1|red"; a state by its number of stacks or cards). Card ids are the deck's in rendered
// truth and the camera's own when announced: placed, capture and detached events match by their
// number of cards, and illegal reasons with the card ids left out.
std::string event_key(const nlohmann::json& event);

// Scores the events of the given types (by default every type but `state`).
EventScore score_events(const std::vector<nlohmann::json>& truth,
                        const std::vector<nlohmann::json>& announced,
                        const std::vector<std::string>& types = {"trick", "illegal", "score",
                                                                 "winner", "placed", "capture",
                                                                 "detached", "line", "trophy"},
                        const EventScoreOptions& options = {});

}  // namespace tableref::live
