#pragma once
// The referee's log: one event per line (JSON Lines, as standard output shows them), each line
// flushed as it is written, so that a crash loses at most the line being written. A log read back
// ignores a last line cut short by a crash.

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "referee/result.hpp"

namespace tableref::live {

class EventLogWriter {
 public:
  // Opens `path` for writing: appended to, or started afresh.
  static referee::Result<EventLogWriter> open(const std::filesystem::path& path, bool append);

  // Writes one event and flushes it to the system; false when the file cannot be written.
  bool write(const nlohmann::json& event);

 private:
  explicit EventLogWriter(std::ofstream out) : out_(std::move(out)) {}
  std::ofstream out_;
};

struct LoggedEvents {
  std::vector<nlohmann::json> events;
  bool cut_short = false;  // the last line was incomplete and is left out
};

// The events of a log; an Error naming the file and line for anything but an incomplete last
// line.
referee::Result<LoggedEvents> read_event_log(const std::filesystem::path& path);
// The same from the text of a log; `origin` names it in errors.
referee::Result<LoggedEvents> parse_event_log(std::string_view text, const std::string& origin);

// Writes `events` as the whole content of `path` (through a temporary file), for a log that must
// lose its cut-short last line before more lines are appended.
std::optional<referee::Error> rewrite_event_log(const std::filesystem::path& path,
                                                const std::vector<nlohmann::json>& events);

}  // namespace tableref::live
