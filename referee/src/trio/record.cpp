// Trio Monsters records (docs/records.md, "Trio Monsters"):
//   {"game": "trio", "players": [...], "first_player": "Alice",
//    "middle": {"card": "TM03", "at": [0, 0]},
//    "plays": [{"player": "Alice", "cards": [{"card": "TM12", "at": [1, 0]}]}, {"keep": "TM05"}]}
// Cards are named by deck id; their colours come from the built-in deck.

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string_view>

#include "record_readers.hpp"
#include "referee/deck.hpp"
#include "referee/trio/game.hpp"

namespace tableref::referee::records {

namespace {

using json_input::Node;
using trio::LaidCard;
using trio::Place;
using trio::TrioGame;

constexpr int kFarthestPlace = 1000;  // far beyond any table, small enough to stay exact

// Typos ("crads") would otherwise be silently ignored.
void reject_unknown_fields(const Node& node, std::initializer_list<std::string_view> known) {
  node.require_object();
  for (const auto& [key, value] : node.json().items()) {
    bool listed = key == "comment";
    for (const std::string_view name : known) listed = listed || key == name;
    if (!listed) node.at(key).fail("unknown field");
  }
}

Place read_place(const Node& at) {
  if (at.size() != 2) at.fail("expected [col, row]");
  return Place{at.at(0).as_int(-kFarthestPlace, kFarthestPlace),
               at.at(1).as_int(-kFarthestPlace, kFarthestPlace)};
}

// {"card": "TM12", "at": [col, row]}; "at" may be left out where `default_place` is given.
LaidCard read_laid_card(const Node& node, std::optional<Place> default_place = std::nullopt) {
  reject_unknown_fields(node, {"card", "at"});
  const Node id = node.at("card");
  const std::string name = id.as_string();
  const TrioDeck& deck = builtin_trio_deck();
  const TrioCard* card = deck.find(name);
  if (card == nullptr) {
    id.fail("unknown card \"" + name + "\": the deck has " + deck.cards.front().id + " to " +
            deck.cards.back().id);
  }
  const Place place = default_place && !node.has("at") ? *default_place : read_place(node.at("at"));
  return LaidCard{card->id, card->colour, place};
}

std::vector<Event> read_play(const Node& entry, TrioGame& game, const RecordHeader& header) {
  reject_unknown_fields(entry, {"player", "cards"});
  const Node player = entry.at("player");
  const std::string name = player.as_string();
  if (std::find(header.players.begin(), header.players.end(), name) == header.players.end()) {
    player.fail("\"" + name + "\" is not one of the players");
  }
  const Node cards = entry.at("cards");
  std::vector<LaidCard> laid;
  for (std::size_t i = 0; i < cards.size(); ++i) laid.push_back(read_laid_card(cards.at(i)));

  if (game.question()) {
    entry.fail("groups tie for the largest: first say which stays with {\"keep\": CARD}");
  }
  auto events = game.apply_turn(name, laid, trio::PlayOrder::as_given);
  if (!events) entry.fail(events.error().message);
  return std::move(events).value();
}

std::vector<Event> read_keep(const Node& entry, TrioGame& game) {
  reject_unknown_fields(entry, {"keep"});
  const Node keep = entry.at("keep");
  auto events = game.keep_group(keep.as_string());
  if (!events) keep.fail(events.error().message);
  return std::move(events).value();
}

}  // namespace

std::vector<Event> replay_trio(const Node& root, const RecordHeader& header) {
  reject_unknown_fields(root, {"game", "players", "first_player", "middle", "plays"});
  const LaidCard middle = read_laid_card(root.at("middle"), Place{0, 0});
  auto started = TrioGame::start(trio::Seating{header.players, header.first_player}, middle);
  if (!started) root.at("players").fail(started.error().message);
  TrioGame game = std::move(started).value();

  const Node plays = root.at("plays");
  std::vector<Event> events;
  for (std::size_t i = 0; i < plays.size(); ++i) {
    const Node entry = plays.at(i);
    entry.require_object();
    std::vector<Event> play_events =
        entry.has("keep") ? read_keep(entry, game) : read_play(entry, game, header);
    for (Event& event : play_events) {
      event.frame = static_cast<int>(i);
      events.push_back(std::move(event));
    }
  }
  return events;
}

}  // namespace tableref::referee::records
