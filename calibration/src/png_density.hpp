#pragma once
// The resolution a PNG should print at, recorded in its pHYs chunk (cv::imwrite writes none, and
// printers then scale the page to fit).

#include <cstdint>
#include <vector>

namespace tableref::calibration {

// `png` (a whole PNG file) with a pHYs chunk of `dots_per_inch` right after its header chunk.
std::vector<std::uint8_t> with_png_density(std::vector<std::uint8_t> png, double dots_per_inch);

}  // namespace tableref::calibration
