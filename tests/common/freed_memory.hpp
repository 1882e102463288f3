#pragma once
// Test processes render and read dozens of 1080p pictures one after another, each through
// buffers of up to tens of MB. By default glibc gives the larger ones back to the kernel as they
// are freed and takes them again, a page fault a page, for the next picture: a third of a
// rendering test's time. Kept for reuse instead, a suite's memory stays at its peak.

#include <malloc.h>

#include <climits>

namespace tableref::testing {

inline void keep_freed_memory_for_reuse() {
  mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);  // glibc's largest: larger blocks are mapped
  mallopt(M_TRIM_THRESHOLD, INT_MAX);
}

}  // namespace tableref::testing
