// Any bytes as an event log given to --resume: the game it holds, continued, or a one-line
// error, never a crash.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "live/event_log.hpp"
#include "live/live_referee.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tableref;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto logged = live::parse_event_log(text, "fuzz");
  if (!logged) return 0;
  live::LiveOptions options;
  options.players = live::default_player_names(2);
  (void)live::LiveReferee::resume(options, logged.value().events);
  return 0;
}
