// tableref replay: the referee's events for a game record typed in by a person.

#include <iostream>

#include "commands.hpp"
#include "referee/deck.hpp"
#include "referee/record.hpp"

namespace tableref::cli {

namespace {

struct ReplayOptions {
  std::string record_path;
  bool json = false;
};

void print_summary(const referee::Event& event) {
  const nlohmann::json line = referee::to_json(event);
  std::cout << "play " << (event.frame ? std::to_string(*event.frame) : std::string("-")) << "  "
            << referee::event_type(event.body);
  for (const auto& [key, value] : line.items()) {
    if (key == "frame" || key == "type") continue;
    std::cout << "  " << key << "="
              << (value.is_string() ? value.get<std::string>() : value.dump());
  }
  std::cout << '\n';
}

int run_replay(const ReplayOptions& options) {
  const auto text = referee::read_text_file(options.record_path);
  if (!text) {
    print_error(text.error().message);
    return kExitBadInput;
  }
  const auto replay = referee::replay_record(*text, options.record_path);
  if (!replay) {
    print_error(replay.error().message);
    return kExitBadInput;
  }
  for (const referee::Event& event : replay->events) {
    if (options.json) {
      std::cout << referee::to_json(event).dump() << '\n';
    } else {
      print_summary(event);
    }
  }
  std::cout.flush();
  return kExitOk;
}

}  // namespace

void add_replay_command(CLI::App& app, int& exit_status) {
  auto options = std::make_shared<ReplayOptions>();
  CLI::App* command = app.add_subcommand(
      "replay", "Referee a game record (JSON, see docs/records.md) and print the events");
  command->add_option("record", options->record_path, "Game record file")->required();
  command->add_flag("--json", options->json, "Print events as JSON Lines (interface.md)");
  command->callback([options, &exit_status] { exit_status = run_replay(*options); });
}

}  // namespace tableref::cli
