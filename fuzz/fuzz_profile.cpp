// Any bytes as a calibration profile: a checked profile or a one-line error, never a crash.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "calibration/profile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto profile = tableref::calibration::parse_profile(text, "fuzz");
  if (profile) (void)tableref::calibration::check_image_size(profile.value(), {1280, 720}, "fuzz");
  return 0;
}
