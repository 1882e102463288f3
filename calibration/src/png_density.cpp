#include "png_density.hpp"

#include <array>
#include <cassert>
#include <cmath>
#include <string_view>

namespace tableref::calibration {

namespace {

constexpr std::size_t kSignatureBytes = 8;
constexpr std::size_t kHeaderChunkBytes = 4 + 4 + 13 + 4;  // length, "IHDR", data, CRC

// The CRC-32 of PNG chunks (ISO 3309, as zlib computes it).
std::uint32_t crc32(const std::vector<std::uint8_t>& bytes) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (const std::uint8_t byte : bytes) {
    crc ^= byte;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return crc ^ 0xFFFFFFFFu;
}

void append_big_endian(std::vector<std::uint8_t>& bytes, std::uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8)
    bytes.push_back(static_cast<std::uint8_t>(value >> shift));
}

}  // namespace

std::vector<std::uint8_t> with_png_density(std::vector<std::uint8_t> png, double dots_per_inch) {
  assert(png.size() > kSignatureBytes + kHeaderChunkBytes);
  assert(std::string_view(reinterpret_cast<const char*>(png.data()) + 12, 4) == "IHDR");
  const auto dots_per_metre = static_cast<std::uint32_t>(std::lround(dots_per_inch / 0.0254));
  std::vector<std::uint8_t> type_and_data = {'p', 'H', 'Y', 's'};
  append_big_endian(type_and_data, dots_per_metre);
  append_big_endian(type_and_data, dots_per_metre);
  type_and_data.push_back(1);  // unit: the metre
  std::vector<std::uint8_t> chunk;
  append_big_endian(chunk, 9);
  chunk.insert(chunk.end(), type_and_data.begin(), type_and_data.end());
  append_big_endian(chunk, crc32(type_and_data));
  const auto after_header = png.begin() + static_cast<long>(kSignatureBytes + kHeaderChunkBytes);
  png.insert(after_header, chunk.begin(), chunk.end());
  return png;
}

}  // namespace tableref::calibration
