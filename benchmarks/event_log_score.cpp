// Scores a referee's event log against the true events of a rendered game video (not timed): the
// events found, missed and announced in excess, and the delay from each play settling. Used by
// scripts/soak.sh; exits 1 when an event is missed or extra, 2 when a file cannot be read.
// Usage: event_log_score TRUE_EVENTS.jsonl ANNOUNCED.log

#include <iomanip>
#include <iostream>

#include "live/event_log.hpp"
#include "live/event_score.hpp"

namespace {

using namespace tableref;

void print_events(const char* label, const std::vector<nlohmann::json>& events) {
  for (const nlohmann::json& event : events)
    std::cout << "  " << label << " t=" << event.value("time_s", 0.0) << " "
              << live::event_key(event) << '\n';
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: event_log_score TRUE_EVENTS.jsonl ANNOUNCED.log\n";
    return 2;
  }
  const auto truth = live::read_event_log(argv[1]);
  const auto announced = live::read_event_log(argv[2]);
  for (const auto* log : {&truth, &announced}) {
    if (!*log) {
      std::cerr << "event_log_score: " << log->error().message << '\n';
      return 2;
    }
  }
  const live::EventScore score = live::score_events(truth->events, announced->events);
  std::cout << std::fixed << std::setprecision(3) << "events: " << score.matched << " of "
            << score.truth << " found, " << score.announced - score.matched << " extra, "
            << score.false_tricks << " false trick(s); delay from settling: mean "
            << score.mean_delay_s() << " s, max " << score.max_delay_s() << " s\n";
  print_events("missed", score.missed);
  print_events("extra ", score.extra);
  return score.missed.empty() && score.extra.empty() ? 0 : 1;
}
