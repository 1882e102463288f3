// tableref referee: follows a game on video, a folder of frames or a camera, and announces what
// happens as it happens (interface.md, `tableref referee`).

#include <atomic>
#include <chrono>
#include <csignal>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "live/event_log.hpp"
#include "live/frame_source.hpp"
#include "live/live_referee.hpp"
#include "profile_option.hpp"

namespace tableref::cli {

namespace {

struct RefereeOptions {
  std::string game;
  int players = 0;
  std::string names;
  std::string first_player;
  int rounds_to_win = 2;
  bool teams = false;
  double settle_seconds = 0.4;
  double folder_fps = 10;
  std::string log_path;
  std::string resume_path;
  bool json = false;
  bool real_time = false;
  std::string input;
  ProfileOption profile;
};

// Set by Ctrl-C: a camera runs until the user stops it.
std::atomic<bool> stop_requested = false;

extern "C" void request_stop(int) {
  stop_requested = true;
}

std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> names;
  std::stringstream stream(text);
  std::string name;
  while (std::getline(stream, name, ',')) names.push_back(name);
  return names;
}

// The players' names, or an error message.
std::variant<std::vector<std::string>, std::string> player_names(const RefereeOptions& options) {
  if (options.names.empty()) return live::default_player_names(options.players);
  std::vector<std::string> names = split_names(options.names);
  if (static_cast<int>(names.size()) != options.players) {
    return "--names lists " + std::to_string(names.size()) + " names for " +
           std::to_string(options.players) + " players";
  }
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i].empty()) return std::string("--names has an empty name");
    for (std::size_t j = 0; j < i; ++j) {
      if (names[i] == names[j]) return "--names has \"" + names[i] + "\" twice";
    }
  }
  return names;
}

// --first-player: a name, or a seat number from 1.
std::variant<int, std::string> first_player(const std::string& text,
                                            const std::vector<std::string>& names) {
  if (text.empty()) return 0;
  for (std::size_t seat = 0; seat < names.size(); ++seat) {
    if (names[seat] == text) return static_cast<int>(seat);
  }
  try {
    std::size_t used = 0;
    const int number = std::stoi(text, &used);
    if (used == text.size() && number >= 1 && number <= static_cast<int>(names.size())) {
      return number - 1;
    }
  } catch (const std::exception&) {
  }
  return "--first-player: expected a player's name or a number from 1 to " +
         std::to_string(names.size()) + ", not " + text;
}

std::string seconds(double time_s) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(1) << time_s << " s";
  return text.str();
}

std::string joined(const nlohmann::json& list) {
  std::string text;
  for (const auto& item : list) text += (text.empty() ? "" : ", ") + item.get<std::string>();
  return text;
}

// One line a person reads, for output without --json.
std::string describe(const nlohmann::json& event) {
  const std::string type = event["type"];
  std::string text = "frame " + std::to_string(event["frame"].get<int>()) + " (" +
                     seconds(event["time_s"].get<double>()) + "): ";
  if (type == "state" && event.contains("tiles")) {
    text += "the table settles: " + std::to_string(event["tiles"].size()) + " tile(s)";
  } else if (type == "state" && event.contains("cards")) {
    text += "the table settles: " + std::to_string(event["cards"].size()) + " card(s)";
  } else if (type == "state") {
    text += "the table settles: " + std::to_string(event["stacks"].size()) + " stack(s)";
  } else if (type == "placed") {
    text += event["player"].get<std::string>() + " lays " + joined(event["cards"]);
  } else if (type == "capture") {
    text += event["player"].get<std::string>() + " wins " + joined(event["cards"]) + " (" +
            event["kind"].get<std::string>() + ")";
  } else if (type == "detached") {
    text += joined(event["cards"]) + " go(es) to the bottom of the draw pile";
  } else if (type == "trick") {
    text += event["player"].get<std::string>() + " takes a " + event["color"].get<std::string>() +
            " trick (the stack allows " + joined(event["options"]) + ")";
  } else if (type == "illegal") {
    text += event["player"].get<std::string>() + ": refused, " + event["reason"].get<std::string>();
  } else if (type == "trophy") {
    text += event["player"].get<std::string>() + " takes a " +
            std::to_string(event["value"].get<int>()) + " trophy and stops";
  } else if (type == "countdown") {
    text += event["call"].get<std::string>();
  } else if (type == "score") {
    text += "scores";
    for (const auto& score : event["scores"]) {
      text += " | " + score["player"].get<std::string>() + " " +
              std::to_string(score["total"].get<int>());
    }
  } else if (type == "winner") {
    text += joined(event["players"]) + " win(s) the " + event["scope"].get<std::string>() + ": " +
            event["reason"].get<std::string>();
  } else {
    text += event.dump();
  }
  return text;
}

class Progress {
 public:
  explicit Progress(std::optional<int> total) : total_(total) {}

  void update(int frame, std::size_t events, bool last = false) {
    const auto now = std::chrono::steady_clock::now();
    if (!last && now - printed_ < std::chrono::seconds(2)) return;
    printed_ = now;
    std::cerr << "tableref: frame " << frame + 1;
    if (total_) std::cerr << '/' << *total_;
    std::cerr << ", " << events << " event(s)\n";
  }

 private:
  std::optional<int> total_;
  std::chrono::steady_clock::time_point printed_ = std::chrono::steady_clock::now();
};

struct Setup {
  live::LiveReferee referee;
  std::optional<live::EventLogWriter> log;
};

// The referee, new or resumed from its log, and the log to write; nullopt after printing why not.
std::optional<Setup> set_up(const RefereeOptions& options, live::LiveOptions live_options) {
  std::vector<nlohmann::json> logged;
  bool rewrite = false;
  if (!options.resume_path.empty()) {
    auto read = live::read_event_log(options.resume_path);
    if (!read) {
      print_error(read.error().message);
      return std::nullopt;
    }
    logged = std::move(read.value().events);
    rewrite = read.value().cut_short;
  }
  auto referee = options.resume_path.empty()
                     ? referee::Result<live::LiveReferee>(live::LiveReferee(live_options))
                     : live::LiveReferee::resume(live_options, logged);
  if (!referee) {
    print_error((options.resume_path.empty() ? "" : options.resume_path + ": ") +
                referee.error().message);
    return std::nullopt;
  }
  Setup setup{std::move(referee).value(), std::nullopt};
  const std::string log_path = options.log_path.empty() ? options.resume_path : options.log_path;
  if (log_path.empty()) return setup;
  // A resumed game's log holds the whole game: the old lines first (without a cut-short one).
  const bool continue_in_place = log_path == options.resume_path && !rewrite;
  if (!options.resume_path.empty() && !continue_in_place) {
    if (auto error = live::rewrite_event_log(log_path, logged)) {
      print_error(error->message);
      return std::nullopt;
    }
  }
  auto writer = live::EventLogWriter::open(log_path, !options.resume_path.empty());
  if (!writer) {
    print_error(writer.error().message);
    return std::nullopt;
  }
  setup.log.emplace(std::move(writer).value());
  return setup;
}

// The profile's colours, and its seats when they are as many as the players; an error message
// when the file cannot be used.
std::optional<std::string> use_profile(ProfileOption& profile, live::LiveOptions& live_options) {
  if (const auto error = profile.load()) return error->message;
  if (!profile.profile) return std::nullopt;
  live_options.references = profile.references();
  live_options.lens = profile.lens();
  if (const auto& seats = profile.profile->seats) {
    if (seats->count != static_cast<int>(live_options.players.size())) {
      return profile.path + ": its seats are for " + std::to_string(seats->count) +
             " players, not " + std::to_string(live_options.players.size());
    }
    live_options.seat_of = seats->seat_function();
  }
  return std::nullopt;
}

int run_referee(RefereeOptions& options) {
  const std::optional<referee::Game> game = referee::parse_game(options.game);
  if (!game) {
    print_error("unknown game '" + options.game + "' (expected freeze, trio, punto or bugs)");
    return kExitBadInput;
  }
  const auto names = player_names(options);
  if (const auto* problem = std::get_if<std::string>(&names)) {
    print_error(*problem);
    return kExitBadInput;
  }
  live::LiveOptions live_options;
  live_options.game = *game;
  live_options.players = std::get<std::vector<std::string>>(names);
  const auto first = first_player(options.first_player, live_options.players);
  if (const auto* problem = std::get_if<std::string>(&first)) {
    print_error(*problem);
    return kExitBadInput;
  }
  live_options.first_player = std::get<int>(first);
  live_options.rounds_to_win = options.rounds_to_win;
  live_options.team_game = options.teams;
  live_options.settle_seconds = options.settle_seconds;
  if (auto problem = use_profile(options.profile, live_options)) {
    print_error(*problem);
    return kExitBadInput;
  }

  std::optional<Setup> setup;
  try {
    setup = set_up(options, live_options);
  } catch (const std::invalid_argument& error) {
    print_error(error.what());
    return kExitBadInput;
  }
  if (!setup) return kExitBadInput;
  auto source = live::FrameSource::open(options.input, options.folder_fps);
  if (!source) {
    print_error(source.error().message);
    return kExitBadInput;
  }
  source.value().skip_to(setup->referee.next_frame());
  if (options.real_time) source.value().play_in_real_time();

  stop_requested = false;
  const auto previous_handler = std::signal(SIGINT, request_stop);
  Progress progress(source.value().frame_count());
  int last_frame = setup->referee.next_frame() - 1;
  int status = kExitOk;
  bool size_checked = false;
  while (!stop_requested) {
    std::optional<live::Frame> frame = source.value().next();
    if (!frame) break;
    if (!frame->bgr.empty() && !size_checked) {
      if (const auto error = options.profile.check_size(frame->bgr.size())) {
        print_error(error->message);
        status = kExitBadInput;
        break;
      }
      size_checked = true;
    }
    if (frame->bgr.empty())
      print_error("frame " + std::to_string(frame->index) + ": cannot read it");
    const live::FrameReport report =
        setup->referee.process(frame->bgr, frame->time_s, frame->index);
    for (const referee::Event& event : report.events) {
      const nlohmann::json line = referee::to_json(event);
      if (options.json) {
        std::cout << line.dump() << std::endl;
      } else {
        std::cout << describe(line) << std::endl;
      }
      if (setup->log && !setup->log->write(line) && status == kExitOk) {
        print_error("cannot write the log");
        status = kExitFailure;
      }
    }
    last_frame = frame->index;
    progress.update(last_frame, setup->referee.events().size());
  }
  std::signal(SIGINT, previous_handler);
  progress.update(last_frame, setup->referee.events().size(), true);
  if (options.real_time) {
    std::cerr << "tableref: " << source.value().dropped_frames()
              << " frame(s) dropped while the referee was busy\n";
  }
  std::cerr << "tableref: " << setup->referee.scoreboard().dump() << '\n';
  return status;
}

}  // namespace

void add_referee_command(CLI::App& app, int& exit_status) {
  auto options = std::make_shared<RefereeOptions>();
  CLI::App* command = app.add_subcommand(
      "referee",
      "Follow a game on video, in a folder of frames or from a camera, and announce "
      "its events as they happen");
  command->add_option("--game", options->game, "freeze, trio, punto or bugs")->required();
  command->add_option("--players", options->players, "Number of players")
      ->required()
      ->check(CLI::Range(1, 12));
  command->add_option("--names", options->names,
                      "Players' names, clockwise from the one at the bottom of the picture "
                      "(default P1,P2,...)");
  command->add_option("--first-player", options->first_player,
                      "Who plays first (a name or a number from 1), for games with turns");
  command->add_option("--rounds", options->rounds_to_win, "Won rounds that win the match")
      ->check(CLI::Range(1, 99))
      ->capture_default_str();
  command->add_flag("--teams", options->teams,
                    "Punto's team game: 4 players, partners opposite (seats 1 and 3 against 2 "
                    "and 4), lines of 5");
  command
      ->add_option("--settle", options->settle_seconds,
                   "Seconds the table must be still before it is read")
      ->check(CLI::Range(0.0, 10.0))
      ->capture_default_str();
  command->add_option("--fps", options->folder_fps, "Frame rate of a folder of frames")
      ->check(CLI::Range(0.1, 1000.0))
      ->capture_default_str();
  command->add_option("--log", options->log_path,
                      "Also write every event to this file, each line flushed as it is written");
  command->add_option("--resume", options->resume_path,
                      "Continue the game of this log: its events are not announced again; new "
                      "events are appended to it (or to --log)");
  command->add_flag("--json", options->json, "One JSON line per event (interface.md)");
  command->add_flag("--real-time", options->real_time,
                    "Play a video file or a folder at its frame rate, as a camera delivers it: "
                    "frames that come while the referee is busy are dropped");
  command
      ->add_option("input", options->input,
                   "A video file, a folder of frames (sorted by name), or camera:K")
      ->required();
  add_profile_option(*command, options->profile);
  command->callback([options, &exit_status] { exit_status = run_referee(*options); });
}

}  // namespace tableref::cli
