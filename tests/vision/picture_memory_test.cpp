#include "vision/picture_memory.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <opencv2/core.hpp>
#include <vector>

namespace tableref::vision {
namespace {

long minor_faults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

// One frame's buffers: ten 1080p pictures made, written and freed, as a reader's stages do.
void read_one_frame() {
  std::vector<cv::Mat> buffers;
  for (int i = 0; i < 10; ++i) buffers.emplace_back(1080, 1920, CV_8UC3, cv::Scalar::all(i));
}

#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
// Frame after frame, the buffers freed by the one before serve the next without the kernel
// faulting their pages in again (by default the heap is trimmed and each frame faults ~15 000).
TEST(PictureMemory, FreedBuffersServeTheNextFrameWithoutFaultingAgain) {
  keep_freed_picture_buffers();
  read_one_frame();
  const long before = minor_faults();
  constexpr int kFrames = 5;
  for (int frame = 0; frame < kFrames; ++frame) read_one_frame();
  const long pages_written = kFrames * 10L * 1080 * 1920 * 3 / 4096;
  EXPECT_LT(minor_faults() - before, pages_written / 20);
}
#endif

}  // namespace
}  // namespace tableref::vision
