#include "gui/latest_frame_mailbox.hpp"

namespace tableref::gui {

void LatestFrameMailbox::post(Frame frame) {
  {
    const std::lock_guard lock(mutex_);
    if (closed_) return;
    if (slot_) ++dropped_;
    slot_ = std::move(frame);
    ++posted_;
  }
  changed_.notify_all();
}

std::optional<Frame> LatestFrameMailbox::take(std::stop_token stop) {
  std::unique_lock lock(mutex_);
  const bool ready = changed_.wait(lock, stop, [this] { return closed_ || slot_.has_value(); });
  if (!ready || closed_) return std::nullopt;
  std::optional<Frame> frame = std::move(slot_);
  slot_.reset();
  busy_ = true;
  return frame;
}

void LatestFrameMailbox::finished() {
  {
    const std::lock_guard lock(mutex_);
    busy_ = false;
  }
  changed_.notify_all();
}

bool LatestFrameMailbox::wait_until_idle(std::stop_token stop) {
  std::unique_lock lock(mutex_);
  const bool idle =
      changed_.wait(lock, stop, [this] { return closed_ || (!slot_.has_value() && !busy_); });
  return idle && !closed_;
}

void LatestFrameMailbox::clear() {
  {
    const std::lock_guard lock(mutex_);
    slot_.reset();
  }
  changed_.notify_all();
}

void LatestFrameMailbox::close() {
  {
    const std::lock_guard lock(mutex_);
    closed_ = true;
    slot_.reset();
  }
  changed_.notify_all();
}

std::int64_t LatestFrameMailbox::posted() const {
  const std::lock_guard lock(mutex_);
  return posted_;
}

std::int64_t LatestFrameMailbox::dropped() const {
  const std::lock_guard lock(mutex_);
  return dropped_;
}

}  // namespace tableref::gui
