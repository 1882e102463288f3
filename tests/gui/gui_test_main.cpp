// The desktop app's tests run with a QApplication on the offscreen platform, with settings and
// caches kept apart from the user's, and freed picture buffers kept for the next picture as in
// the app.
#include <gtest/gtest.h>

#include <QApplication>
#include <QStandardPaths>

#include "vision/picture_memory.hpp"

int main(int argc, char** argv) {
  tableref::vision::keep_freed_picture_buffers();
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QStandardPaths::setTestModeEnabled(true);
  QApplication app(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
