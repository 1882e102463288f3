#include "referee/events.hpp"

namespace tableref::referee {

namespace {

using nlohmann::json;

json colour_list(const std::vector<Colour>& colours) {
  json list = json::array();
  for (const Colour colour : colours) list.push_back(colour_name(colour));
  return list;
}

struct BodyFields {
  json& out;
  void operator()(const StateEvent& e) const {
    for (const auto& [key, value] : e.fields.items()) out[key] = value;
  }
  void operator()(const PlacedEvent& e) const {
    out["player"] = e.player;
    out["cards"] = e.cards;
  }
  void operator()(const IllegalEvent& e) const {
    out["player"] = e.player;
    out["reason"] = e.reason;
    out["cards"] = e.cards;
  }
  void operator()(const TrickEvent& e) const {
    out["player"] = e.player;
    out["color"] = colour_name(e.colour);
    out["options"] = colour_list(e.options);
  }
  void operator()(const CaptureEvent& e) const {
    out["player"] = e.player;
    out["cards"] = e.cards;
    out["count"] = e.cards.size();
    out["kind"] = capture_kind_name(e.kind);
  }
  void operator()(const DetachedEvent& e) const { out["cards"] = e.cards; }
  void operator()(const LineEvent& e) const {
    if (!e.player.empty()) out["player"] = e.player;
    out["color"] = colour_name(e.colour);
    out["length"] = e.length;
    out["cells"] = e.cells;
  }
  void operator()(const ScoreEvent& e) const {
    json scores = json::array();
    for (const PlayerScore& score : e.scores) {
      scores.push_back(
          {{"player", score.player}, {"total", score.total}, {"detail", score.detail}});
    }
    out["scores"] = std::move(scores);
  }
  void operator()(const WinnerEvent& e) const {
    out["players"] = e.players;
    out["reason"] = e.reason;
    out["scope"] = scope_name(e.scope);
  }
  void operator()(const TrophyEvent& e) const {
    out["player"] = e.player;
    out["value"] = e.value;
    out["cards"] = e.cards;
  }
  void operator()(const CountdownEvent& e) const {
    out["number"] = e.number;
    out["call"] = e.call;
  }
  void operator()(const QuestionEvent& e) const {
    out["question"] = e.question;
    out["choices"] = e.choices;
  }
};

struct TypeName {
  std::string_view operator()(const StateEvent&) const { return "state"; }
  std::string_view operator()(const PlacedEvent&) const { return "placed"; }
  std::string_view operator()(const IllegalEvent&) const { return "illegal"; }
  std::string_view operator()(const TrickEvent&) const { return "trick"; }
  std::string_view operator()(const CaptureEvent&) const { return "capture"; }
  std::string_view operator()(const DetachedEvent&) const { return "detached"; }
  std::string_view operator()(const LineEvent&) const { return "line"; }
  std::string_view operator()(const ScoreEvent&) const { return "score"; }
  std::string_view operator()(const WinnerEvent&) const { return "winner"; }
  std::string_view operator()(const TrophyEvent&) const { return "trophy"; }
  std::string_view operator()(const CountdownEvent&) const { return "countdown"; }
  std::string_view operator()(const QuestionEvent&) const { return "question"; }
};

}  // namespace

std::string_view event_type(const EventBody& body) {
  return std::visit(TypeName{}, body);
}

std::string_view scope_name(Scope scope) {
  switch (scope) {
    case Scope::round:
      return "round";
    case Scope::match:
      return "match";
    case Scope::game:
      return "game";
  }
  return "game";
}

std::string_view capture_kind_name(CaptureKind kind) {
  return kind == CaptureKind::black ? "black" : "chain";
}

json to_json(const Event& event) {
  json out = json::object();
  if (event.frame) out["frame"] = *event.frame;
  if (event.time_s) out["time_s"] = *event.time_s;
  out["type"] = event_type(event.body);
  std::visit(BodyFields{out}, event.body);
  if (event.ruling) out["ruling"] = *event.ruling;
  return out;
}

}  // namespace tableref::referee
