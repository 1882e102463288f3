#include "vision/picture_file.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

namespace tableref::vision {

namespace {

namespace fs = std::filesystem;

// Below this, no card of any game covers enough pixels to be read.
constexpr int kMinPictureSide = 64;
// Above this (8K video is 7680 wide) the readers' working copies would take gigabytes.
constexpr int kMaxPictureSide = 8192;

std::vector<unsigned char> read_bytes(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

bool starts_with(const std::vector<unsigned char>& bytes,
                 std::initializer_list<unsigned char> head) {
  return bytes.size() >= head.size() && std::equal(head.begin(), head.end(), bytes.begin());
}

// A JPEG ends with its end-of-image marker and a PNG with its IEND chunk; some writers pad the
// file after them, so the last bytes are searched, not only the very end.
bool ends_as_its_format_requires(const std::vector<unsigned char>& bytes) {
  constexpr std::size_t kTail = 256;
  const auto tail_begin = bytes.end() - static_cast<std::ptrdiff_t>(std::min(kTail, bytes.size()));
  if (starts_with(bytes, {0xFF, 0xD8})) {
    static constexpr std::array<unsigned char, 2> kEndOfImage{0xFF, 0xD9};
    return std::search(tail_begin, bytes.end(), kEndOfImage.begin(), kEndOfImage.end()) !=
           bytes.end();
  }
  if (starts_with(bytes, {0x89, 'P', 'N', 'G'})) {
    static constexpr std::array<unsigned char, 4> kEnd{'I', 'E', 'N', 'D'};
    return std::search(tail_begin, bytes.end(), kEnd.begin(), kEnd.end()) != bytes.end();
  }
  return true;  // other formats: the decoder decides
}

cv::Mat to_8bit_bgr(const cv::Mat& decoded) {
  cv::Mat eight_bit = decoded;
  if (decoded.depth() == CV_16U)
    decoded.convertTo(eight_bit, CV_8U, 1.0 / 257.0);
  else if (decoded.depth() != CV_8U)
    decoded.convertTo(eight_bit, CV_8U);
  if (eight_bit.channels() == 4) cv::cvtColor(eight_bit, eight_bit, cv::COLOR_BGRA2BGR);
  return eight_bit;
}

}  // namespace

bool is_grey(const cv::Mat& bgr) {
  CV_Assert(bgr.type() == CV_8UC3);
  // A grid of about 100 x 100 samples: a colour picture of a table differs somewhere.
  const int step_y = std::max(1, bgr.rows / 100), step_x = std::max(1, bgr.cols / 100);
  for (int y = 0; y < bgr.rows; y += step_y) {
    const cv::Vec3b* row = bgr.ptr<cv::Vec3b>(y);
    for (int x = 0; x < bgr.cols; x += step_x) {
      const cv::Vec3b pixel = row[x];
      const int spread =
          std::max({pixel[0], pixel[1], pixel[2]}) - std::min({pixel[0], pixel[1], pixel[2]});
      if (spread > 2) return false;
    }
  }
  return true;
}

referee::Result<cv::Mat> read_picture(const fs::path& path) {
  const std::string name = path.string();
  std::error_code error;
  if (!fs::is_regular_file(path, error)) return referee::Error{name + ": no such picture file"};
  const std::vector<unsigned char> bytes = read_bytes(path);
  if (bytes.empty()) return referee::Error{name + ": the file is empty"};
  if (!ends_as_its_format_requires(bytes))
    return referee::Error{name +
                          ": the picture is truncated (the file ends before the image does)"};
  cv::Mat decoded;
  try {
    decoded = cv::imdecode(bytes, cv::IMREAD_UNCHANGED);
  } catch (const cv::Exception&) {
    decoded.release();  // too large or corrupt: reported below
  }
  if (decoded.empty()) return referee::Error{name + ": cannot decode the picture"};
  if (decoded.channels() < 3)
    return referee::Error{name +
                          ": the picture has no colour (one channel): colours cannot be named"};
  if (decoded.cols < kMinPictureSide || decoded.rows < kMinPictureSide) {
    return referee::Error{name + ": the picture is " + std::to_string(decoded.cols) + "x" +
                          std::to_string(decoded.rows) + " pixels, too small to show a card"};
  }
  if (decoded.cols > kMaxPictureSide || decoded.rows > kMaxPictureSide) {
    return referee::Error{name + ": the picture is " + std::to_string(decoded.cols) + "x" +
                          std::to_string(decoded.rows) + " pixels; scale it to at most " +
                          std::to_string(kMaxPictureSide) + " a side"};
  }
  cv::Mat bgr = to_8bit_bgr(decoded);
  if (is_grey(bgr))
    return referee::Error{name + ": the picture has no colour (grey): colours cannot be named"};
  return bgr;
}

}  // namespace tableref::vision
