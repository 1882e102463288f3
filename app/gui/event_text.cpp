#include "gui/event_text.hpp"

#include <algorithm>
#include <array>

namespace tableref::gui {

namespace {

std::string text_of(const nlohmann::json& event, const char* key) {
  const auto found = event.find(key);
  if (found == event.end()) return {};
  if (found->is_string()) return found->get<std::string>();
  return found->dump();
}

std::string joined(const nlohmann::json& list, const std::string& separator) {
  std::string text;
  if (!list.is_array()) return text;
  for (const auto& item : list) {
    if (!text.empty()) text += separator;
    text += item.is_string() ? item.get<std::string>() : item.dump();
  }
  return text;
}

std::string with_player(const std::string& player, const std::string& what) {
  return player.empty() ? what : player + ": " + what;
}

std::size_t count_of(const nlohmann::json& event, const char* key) {
  const auto found = event.find(key);
  return found != event.end() && found->is_array() ? found->size() : 0;
}

}  // namespace

bool is_verdict_type(const std::string& type) {
  constexpr std::array<std::string_view, 8> kVerdicts = {"trick", "illegal", "capture", "detached",
                                                         "line",  "winner",  "placed",  "trophy"};
  return std::find(kVerdicts.begin(), kVerdicts.end(), type) != kVerdicts.end();
}

std::string event_player(const nlohmann::json& event) {
  if (event.contains("player")) return text_of(event, "player");
  // A winner's players are names; a Bugs & Co state's are the collections, no one's play.
  const nlohmann::json players = event.value("players", nlohmann::json());
  const bool names = players.is_array() && std::all_of(players.begin(), players.end(),
                                                       [](const auto& p) { return p.is_string(); });
  return names ? joined(players, " and ") : std::string();
}

std::string describe_event(const nlohmann::json& event) {
  const std::string type = text_of(event, "type");
  const std::string player = event_player(event);
  if (type == "trick") {
    std::string text = with_player(player, text_of(event, "color") + " trick");
    if (count_of(event, "options") > 1) {
      text += " (allowed " + joined(event.value("options", nlohmann::json()), ", ") + ")";
    }
    return text;
  }
  if (type == "illegal") return with_player(player, "illegal, " + text_of(event, "reason"));
  if (type == "capture") {
    return with_player(player, "captures " + std::to_string(count_of(event, "cards")) + " cards (" +
                                   text_of(event, "kind") + ")");
  }
  if (type == "detached") {
    return std::to_string(count_of(event, "cards")) + " detached cards go to the draw pile: " +
           joined(event.value("cards", nlohmann::json()), ", ");
  }
  if (type == "line") {
    return with_player(player,
                       "line of " + text_of(event, "length") + " " + text_of(event, "color"));
  }
  if (type == "placed") {
    return with_player(player, "placed " + joined(event.value("cards", nlohmann::json()), ", "));
  }
  if (type == "winner") {
    return player + " " + (count_of(event, "players") > 1 ? "share" : "wins") + " the " +
           text_of(event, "scope") + ": " + text_of(event, "reason");
  }
  if (type == "score") {
    std::string text;
    const auto scores = event.find("scores");
    if (scores == event.end() || !scores->is_array()) return "scores";
    for (const auto& score : *scores) {
      if (!text.empty()) text += ", ";
      text += text_of(score, "player") + " " + text_of(score, "total");
    }
    return "scores: " + text;
  }
  if (type == "state") {
    const std::size_t pieces =
        std::max({count_of(event, "stacks"), count_of(event, "cards"), count_of(event, "tiles")});
    return "layout settled: " + std::to_string(pieces) + (pieces == 1 ? " piece" : " pieces");
  }
  if (type == "trophy") {
    return with_player(player, "takes a " + text_of(event, "value") + " trophy and stops");
  }
  if (type == "countdown") return "countdown: " + text_of(event, "call");
  if (type == "question") return "question: " + text_of(event, "question");
  if (type == "override") {
    const auto found = event.find("overrides");
    const nlohmann::json target = found != event.end() ? *found : nlohmann::json::object();
    return "override, " + text_of(event, "decision") + ": \"" + describe_event(target) +
           "\" because " + text_of(event, "reason");
  }
  return type;
}

std::string spoken_event(const nlohmann::json& event) {
  const std::string type = text_of(event, "type");
  const std::string player = event_player(event);
  if (type == "trick") return with_player(player, text_of(event, "color") + " trick");
  if (type == "illegal") return with_player(player, "illegal play, " + text_of(event, "reason"));
  if (type == "capture") {
    return with_player(player, "captures " + std::to_string(count_of(event, "cards")) + " cards");
  }
  if (type == "detached") return "detached cards go back to the draw pile";
  if (type == "line") return with_player(player, text_of(event, "color") + " line");
  if (type == "winner") {
    return player + (count_of(event, "players") > 1 ? " share the " : " wins the ") +
           text_of(event, "scope");
  }
  if (type == "trophy") return with_player(player, text_of(event, "value") + " trophy");
  if (type == "countdown") return text_of(event, "call");
  if (type == "question") return text_of(event, "question");
  return {};
}

}  // namespace tableref::gui
