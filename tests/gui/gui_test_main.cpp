// The desktop app's tests run with a QApplication on the offscreen platform, with settings and
// caches kept apart from the user's, and freed memory kept for reuse (common/freed_memory.hpp).
#include <gtest/gtest.h>

#include <QApplication>
#include <QStandardPaths>

#include "common/freed_memory.hpp"

int main(int argc, char** argv) {
  tableref::testing::keep_freed_memory_for_reuse();
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QStandardPaths::setTestModeEnabled(true);
  QApplication app(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
