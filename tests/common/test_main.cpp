// The suites' main: GoogleTest's, with freed memory kept for reuse (common/freed_memory.hpp).
#include <gtest/gtest.h>

#include "common/freed_memory.hpp"

int main(int argc, char** argv) {
  tableref::testing::keep_freed_memory_for_reuse();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
