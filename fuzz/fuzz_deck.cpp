// Any bytes as a deck file of each game: a deck or a one-line error, never a crash.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "referee/deck.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)tableref::referee::parse_freeze_deck(text, "fuzz");
  (void)tableref::referee::parse_trio_deck(text, "fuzz");
  (void)tableref::referee::parse_punto_deck(text, "fuzz");
  (void)tableref::referee::parse_bugs_deck(text, "fuzz");
  return 0;
}
