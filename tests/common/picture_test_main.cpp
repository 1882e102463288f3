// The main of the suites that render and read pictures: GoogleTest's, with freed picture buffers
// kept for the next picture, as in the programs (a test renders and reads dozens of 1080p
// pictures one after another).
#include <gtest/gtest.h>

#include "vision/picture_memory.hpp"

int main(int argc, char** argv) {
  tableref::vision::keep_freed_picture_buffers();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
