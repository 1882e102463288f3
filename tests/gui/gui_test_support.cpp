#include "gui_test_support.hpp"

#include <unistd.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>
#include <stdexcept>

namespace tableref::gui::testing {

SampleClipOptions test_clip_options() {
  SampleClipOptions options;
  options.fps = 4;
  options.scene_seconds = 1.5;
  return options;
}

const std::filesystem::path& sample_clip() {
  static const std::filesystem::path clip = [] {
    const std::filesystem::path folder =
        std::filesystem::path(TABLEREF_BINARY_DIR) / "tests" / "gui";
    const std::filesystem::path path = folder / "sample-game-test.avi";
    // ctest runs test processes side by side: each writes its own copy and renames it into place
    // (atomic), so none ever reads a clip another is still writing.
    const std::filesystem::path own_copy =
        folder / ("sample-game-test." + std::to_string(::getpid()) + ".avi");
    if (const auto error = write_sample_clip(own_copy, test_clip_options())) {
      throw std::runtime_error(*error);
    }
    std::filesystem::rename(own_copy, path);
    return path;
  }();
  return clip;
}

MainWindowOptions refereeing_window_options() {
  MainWindowOptions options;
  options.use_settings = false;
  options.play_sample_on_first_start = false;
  options.session.speech_engine = "none";
  options.session.playback.every_frame = true;
  options.session.verdict_banner_s = 600;
  return options;
}

bool play_to_the_end(Session& session, const std::function<void()>& start, int timeout_ms) {
  bool finished = false;
  const QMetaObject::Connection on_end =
      QObject::connect(&session, &Session::inputFinished, [&finished] { finished = true; });
  QElapsedTimer since_last_change;
  since_last_change.start();
  const QMetaObject::Connection on_change = QObject::connect(
      &session, &Session::overlayChanged, [&since_last_change] { since_last_change.restart(); });
  start();
  const bool ended = wait_until([&finished] { return finished; }, timeout_ms);
  if (ended) {
    wait_until([&since_last_change] { return since_last_change.elapsed() > 1000; }, 20000);
  }
  QObject::disconnect(on_end);
  QObject::disconnect(on_change);
  return ended;
}

bool wait_until(const std::function<bool()>& done, int timeout_ms) {
  QElapsedTimer clock;
  clock.start();
  while (!done()) {
    if (clock.elapsed() > timeout_ms) return false;
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QThread::msleep(2);
  }
  return true;
}

std::filesystem::path screenshot_dir() {
  const std::filesystem::path folder =
      std::filesystem::path(TABLEREF_BINARY_DIR) / "tests" / "gui" / "screenshots";
  std::filesystem::create_directories(folder);
  return folder;
}

}  // namespace tableref::gui::testing
