#pragma once
// A single-slot mailbox between a frame source and the recognition worker: posting replaces the
// frame still waiting, so when recognition falls behind, frames are dropped instead of queued and
// the referee always works on the newest picture.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <stop_token>

#include "gui/frame.hpp"

namespace tableref::gui {

class LatestFrameMailbox {
 public:
  // Leaves `frame` for the worker; a frame still waiting is dropped (and counted).
  void post(Frame frame);
  // Waits for a frame and marks the worker busy with it; nullopt once closed or stopped.
  std::optional<Frame> take(std::stop_token stop = {});
  // The worker has finished with the frame it took.
  void finished();
  // Waits until no frame waits and the worker is idle: playback that must not drop a frame
  // (every frame of a recording) posts one frame at a time. False when stopped or closed.
  bool wait_until_idle(std::stop_token stop);
  // Throws away a waiting frame (the input changed).
  void clear();
  // Wakes every waiter; take() returns nullopt from now on.
  void close();

  std::int64_t posted() const;
  std::int64_t dropped() const;

 private:
  mutable std::mutex mutex_;
  std::condition_variable_any changed_;
  std::optional<Frame> slot_;
  bool busy_ = false;
  bool closed_ = false;
  std::int64_t posted_ = 0;
  std::int64_t dropped_ = 0;
};

}  // namespace tableref::gui
