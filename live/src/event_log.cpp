#include "live/event_log.hpp"

#include <sstream>

#include "referee/deck.hpp"

namespace tableref::live {

referee::Result<EventLogWriter> EventLogWriter::open(const std::filesystem::path& path,
                                                     bool append) {
  std::ofstream out(path, append ? std::ios::app : std::ios::trunc);
  if (!out) return referee::Error{path.string() + ": cannot write the log"};
  return EventLogWriter(std::move(out));
}

bool EventLogWriter::write(const nlohmann::json& event) {
  out_ << event.dump() << '\n';
  out_.flush();
  return static_cast<bool>(out_);
}

referee::Result<LoggedEvents> read_event_log(const std::filesystem::path& path) {
  const auto text = referee::read_text_file(path);
  if (!text) return text.error();
  return parse_event_log(*text, path.string());
}

referee::Result<LoggedEvents> parse_event_log(std::string_view text, const std::string& origin) {
  LoggedEvents logged;
  std::istringstream lines{std::string(text)};
  std::string line;
  int number = 0;
  const bool ends_with_newline = !text.empty() && text.back() == '\n';
  while (std::getline(lines, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json event = nlohmann::json::parse(line, nullptr, false);
    if (event.is_discarded() || !event.is_object()) {
      // Only the last line can be cut short, and only if nothing ended it.
      if (lines.peek() == std::char_traits<char>::eof() && !ends_with_newline) {
        logged.cut_short = true;
        break;
      }
      return referee::Error{origin + ": line " + std::to_string(number) + ": not a JSON event"};
    }
    logged.events.push_back(std::move(event));
  }
  return logged;
}

std::optional<referee::Error> rewrite_event_log(const std::filesystem::path& path,
                                                const std::vector<nlohmann::json>& events) {
  std::filesystem::path temporary = path;
  temporary += ".rewrite";
  {
    std::ofstream out(temporary, std::ios::trunc);
    for (const nlohmann::json& event : events) out << event.dump() << '\n';
    if (!out.flush()) return referee::Error{temporary.string() + ": cannot write the log"};
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) return referee::Error{path.string() + ": cannot replace the log: " + error.message()};
  return std::nullopt;
}

}  // namespace tableref::live
