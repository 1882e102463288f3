#pragma once
// Frames from a camera through Qt Multimedia: a QMediaCaptureSession with a QCamera whose
// QVideoSink's frames are copied out as BGR at once and released.

#include <QCamera>
#include <QCameraDevice>
#include <QCameraFormat>
#include <QElapsedTimer>
#include <QMediaCaptureSession>
#include <QVideoSink>
#include <atomic>
#include <optional>

#include "gui/frame_source.hpp"

class QVideoFrame;

namespace tableref::gui {

// The cameras there are, with a line for each: "HD Webcam".
QList<QCameraDevice> available_cameras();
// "1280 × 720, 30 fps" for a camera format.
QString format_text(const QCameraFormat& format);
// Copies a video frame out as 8-bit BGR; empty when it cannot be mapped.
cv::Mat bgr_from_video_frame(const QVideoFrame& frame);

class CameraSource final : public FrameSource {
  Q_OBJECT

 public:
  CameraSource(const QCameraDevice& device, std::optional<QCameraFormat> format,
               std::shared_ptr<LatestFrameMailbox> mailbox, QObject* parent = nullptr);
  ~CameraSource() override;

  void start() override;
  void stop() override;
  QString description() const override;

 private:
  void take_frame(const QVideoFrame& frame);

  QCameraDevice device_;
  std::optional<QCameraFormat> format_;
  QMediaCaptureSession session_;
  QCamera camera_;
  QVideoSink sink_;
  QElapsedTimer clock_;
  std::atomic<int> next_index_ = 0;
};

}  // namespace tableref::gui
