#pragma once
// What the desktop app's tests share: the sample game rendered once per run, waiting on the event
// loop, and where screenshots go.

#include <QColor>
#include <QRgb>
#include <cstdlib>
#include <filesystem>
#include <functional>

#include "gui/main_window.hpp"
#include "gui/sample_clip.hpp"

namespace tableref::gui::testing {

// Each of the pixel's channels within `tolerance` of the colour's.
inline bool near_colour(QRgb pixel, const QColor& expected, int tolerance = 30) {
  return std::abs(qRed(pixel) - expected.red()) <= tolerance &&
         std::abs(qGreen(pixel) - expected.green()) <= tolerance &&
         std::abs(qBlue(pixel) - expected.blue()) <= tolerance;
}

// Short scenes keep the tests fast; each scene still holds still well past the settle time.
SampleClipOptions test_clip_options();
// The sample game as a clip, rendered on first use.
const std::filesystem::path& sample_clip();
// Runs the event loop until `done` holds or `timeout_ms` passed; returns done().
bool wait_until(const std::function<bool()>& done, int timeout_ms);
// A window that reads every frame (refereed the same on a busy machine), speaks nothing and keeps
// its verdict banners up for screenshots.
MainWindowOptions refereeing_window_options();
// Calls `start` (which opens an input), then runs the event loop until the input has ended and
// nothing changed for a second: the last results cross over after the input ended. False when
// the input did not end within `timeout_ms`.
bool play_to_the_end(Session& session, const std::function<void()>& start, int timeout_ms);
// Where tests leave their screenshots (created).
std::filesystem::path screenshot_dir();

}  // namespace tableref::gui::testing
