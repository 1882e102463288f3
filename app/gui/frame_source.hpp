#pragma once
// Where pictures come from: a video file, a folder of frames or a camera. A source posts each
// frame into the recognition mailbox itself (from whatever thread delivers it) and emits it for
// display; it never waits on the UI.

#include <QObject>
#include <QString>
#include <memory>

#include "gui/frame.hpp"
#include "gui/latest_frame_mailbox.hpp"

namespace tableref::gui {

class FrameSource : public QObject {
  Q_OBJECT

 public:
  explicit FrameSource(std::shared_ptr<LatestFrameMailbox> mailbox, QObject* parent = nullptr)
      : QObject(parent), mailbox_(std::move(mailbox)) {}

  virtual void start() = 0;
  virtual void stop() = 0;
  // "sample-game.avi", "camera: HD Webcam (1280 × 720)"
  virtual QString description() const = 0;

 signals:
  // For display; emitted from the delivering thread, so receivers in the UI get it queued.
  void frameReady(const tableref::gui::Frame& frame);
  void finished();
  void failed(const QString& message);

 protected:
  // Hands a frame to recognition and to display.
  void deliver(Frame frame) {
    mailbox_->post(frame);
    emit frameReady(frame);
  }
  LatestFrameMailbox& mailbox() { return *mailbox_; }

 private:
  std::shared_ptr<LatestFrameMailbox> mailbox_;
};

}  // namespace tableref::gui
