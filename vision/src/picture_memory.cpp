#include "vision/picture_memory.hpp"

#include <cstdlib>  // defines __GLIBC__ where it is glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace tableref::vision {

void keep_freed_picture_buffers() {
#if defined(__GLIBC__)
  // The largest block glibc allows from the heap: a 3840 x 2160 BGR frame is 24.9 MB.
  constexpr int kLargestHeapBlock = 32 * 1024 * 1024;
  // Freed memory at the heap's top kept up to this much: a frame's buffers several times over.
  constexpr int kKeptAtTop = 512 * 1024 * 1024;
  mallopt(M_MMAP_THRESHOLD, kLargestHeapBlock);
  mallopt(M_TRIM_THRESHOLD, kKeptAtTop);
#endif
}

}  // namespace tableref::vision
