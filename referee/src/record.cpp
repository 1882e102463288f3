#include "referee/record.hpp"

#include <algorithm>

#include "record_readers.hpp"

namespace tableref::referee {

using json_input::Node;

std::string_view game_name(Game game) {
  switch (game) {
    case Game::freeze:
      return "freeze";
    case Game::trio:
      return "trio";
    case Game::punto:
      return "punto";
    case Game::bugs:
      return "bugs";
  }
  return "freeze";
}

std::optional<Game> parse_game(std::string_view name) {
  for (const Game game : {Game::freeze, Game::trio, Game::punto, Game::bugs}) {
    if (game_name(game) == name) return game;
  }
  return std::nullopt;
}

namespace {

RecordHeader read_header(const Node& root) {
  RecordHeader header;
  const Node game = root.at("game");
  const auto parsed = parse_game(game.as_string());
  if (!parsed) game.fail("expected freeze, trio, punto or bugs");
  header.game = *parsed;

  const Node players = root.at("players");
  for (std::size_t i = 0; i < players.size(); ++i) {
    const Node player = players.at(i);
    std::string name = player.as_string();
    if (name.empty()) player.fail("a player needs a name");
    if (std::find(header.players.begin(), header.players.end(), name) != header.players.end()) {
      player.fail("duplicate player \"" + name + "\"");
    }
    header.players.push_back(std::move(name));
  }
  if (header.players.empty()) players.fail("no players");

  if (root.has("first_player")) {
    const Node first = root.at("first_player");
    const std::string name = first.as_string();
    const auto found = std::find(header.players.begin(), header.players.end(), name);
    if (found == header.players.end()) first.fail("\"" + name + "\" is not one of the players");
    header.first_player = static_cast<std::size_t>(found - header.players.begin());
  }
  return header;
}

}  // namespace

Result<Replay> replay_record(std::string_view json_text, std::string_view origin) {
  return json_input::parse_with_context<Replay>(json_text, origin, [](const Node& root) {
    Replay replay;
    replay.header = read_header(root);
    switch (replay.header.game) {
      case Game::freeze:
        replay.events = records::replay_freeze(root, replay.header);
        break;
      case Game::trio:
        replay.events = records::replay_trio(root, replay.header);
        break;
      case Game::punto:
        replay.events = records::replay_punto(root, replay.header);
        break;
      case Game::bugs:
        replay.events = records::replay_bugs(root, replay.header);
        break;
    }
    return replay;
  });
}

}  // namespace tableref::referee

namespace tableref::referee::records {

void require_only(const json_input::Node& node, std::initializer_list<std::string_view> allowed,
                  KeySpelling spelling) {
  node.require_object();
  for (const auto& [key, value] : node.json().items()) {
    if (key == "comment" || std::find(allowed.begin(), allowed.end(), key) != allowed.end()) {
      continue;
    }
    node.at(key).fail(!spelling.written.empty() && key == spelling.written
                          ? "unexpected key (the key is \"" + std::string(spelling.expected) + "\")"
                          : std::string("unexpected key"));
  }
}

}  // namespace tableref::referee::records
