// Any bytes as a game record (docs/records.md): refereed, or a one-line error, never a crash.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "referee/record.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)tableref::referee::replay_record(text, "fuzz");
  return 0;
}
