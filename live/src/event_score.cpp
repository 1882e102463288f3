#include "live/event_score.hpp"

#include <algorithm>
#include <numeric>
#include <regex>

namespace tableref::live {

namespace {

using nlohmann::json;

bool counted(const json& event, const std::vector<std::string>& types) {
  return event.contains("type") &&
         std::find(types.begin(), types.end(), event["type"].get<std::string>()) != types.end();
}

// "TM12 (red) touches no card along a side" and "C3 (red) ..." alike: "# (red) touches ...".
std::string without_card_ids(const std::string& reason) {
  static const std::regex card_id(R"(\b[A-Z]{1,3}[0-9]+\b)");
  return std::regex_replace(reason, card_id, "#");
}

double time_of(const json& event) {
  return event.value("time_s", 0.0);
}

}  // namespace

double EventScore::precision() const {
  return announced == 0 ? 1.0 : static_cast<double>(matched) / announced;
}

double EventScore::recall() const {
  return truth == 0 ? 1.0 : static_cast<double>(matched) / truth;
}

double EventScore::mean_delay_s() const {
  if (delays_s.empty()) return 0;
  return std::accumulate(delays_s.begin(), delays_s.end(), 0.0) /
         static_cast<double>(delays_s.size());
}

double EventScore::max_delay_s() const {
  return delays_s.empty() ? 0.0 : *std::max_element(delays_s.begin(), delays_s.end());
}

void EventScore::add(const EventScore& other) {
  truth += other.truth;
  announced += other.announced;
  matched += other.matched;
  false_tricks += other.false_tricks;
  missed_tricks += other.missed_tricks;
  delays_s.insert(delays_s.end(), other.delays_s.begin(), other.delays_s.end());
  missed.insert(missed.end(), other.missed.begin(), other.missed.end());
  extra.insert(extra.end(), other.extra.begin(), other.extra.end());
}

std::string event_key(const json& event) {
  const std::string type = event.value("type", "");
  if (type == "state") {
    const std::size_t pieces = event.value("stacks", json::array()).size() +
                               event.value("cards", json::array()).size() +
                               event.value("tiles", json::array()).size();
    return "state|" + std::to_string(pieces);
  }
  // The camera gives cards its own ids (the deck's are printed nowhere): cards count by number.
  if (type == "placed" || type == "capture" || type == "detached") {
    return type + "|" + event.value("player", "") + "|" + event.value("kind", "") + "|" +
           std::to_string(event.value("cards", json::array()).size());
  }
  if (type == "trophy") {
    return "trophy|" + event.value("player", "") + "|" + std::to_string(event.value("value", 0));
  }
  if (type == "trick") return "trick|" + event.value("player", "") + "|" + event.value("color", "");
  if (type == "illegal") {
    return "illegal|" + event.value("player", "") + "|" +
           without_card_ids(event.value("reason", ""));
  }
  if (type == "winner") {
    std::vector<std::string> players = event.value("players", std::vector<std::string>{});
    std::sort(players.begin(), players.end());
    return "winner|" + event.value("scope", "") + "|" + json(players).dump();
  }
  json content = event;
  for (const char* stamp : {"frame", "time_s", "ruling"}) content.erase(stamp);
  return content.dump();
}

EventScore score_events(const std::vector<json>& truth, const std::vector<json>& announced,
                        const std::vector<std::string>& types, const EventScoreOptions& options) {
  EventScore score;
  std::vector<const json*> expected;
  for (const json& event : truth) {
    if (counted(event, types)) expected.push_back(&event);
  }
  score.truth = static_cast<int>(expected.size());
  std::vector<bool> taken(expected.size(), false);
  for (const json& event : announced) {
    if (!counted(event, types)) continue;
    ++score.announced;
    const std::string key = event_key(event);
    const double at = time_of(event);
    bool found = false;
    for (std::size_t i = 0; i < expected.size() && !found; ++i) {
      if (taken[i] || event_key(*expected[i]) != key) continue;
      const double delay = at - time_of(*expected[i]);
      if (delay < -options.max_early_s || delay > options.max_delay_s) continue;
      taken[i] = found = true;
      ++score.matched;
      score.delays_s.push_back(delay);
    }
    if (!found) {
      score.extra.push_back(event);
      if (event["type"] == "trick") ++score.false_tricks;
    }
  }
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (taken[i]) continue;
    score.missed.push_back(*expected[i]);
    if ((*expected[i])["type"] == "trick") ++score.missed_tricks;
  }
  return score;
}

}  // namespace tableref::live
