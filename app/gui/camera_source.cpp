#include "gui/camera_source.hpp"

#include <QImage>
#include <QMediaDevices>
#include <QVideoFrame>

namespace tableref::gui {

QList<QCameraDevice> available_cameras() {
  return QMediaDevices::videoInputs();
}

QString format_text(const QCameraFormat& format) {
  const QSize size = format.resolution();
  return QString("%1 × %2, %3 fps")
      .arg(size.width())
      .arg(size.height())
      .arg(static_cast<int>(format.maxFrameRate()));
}

cv::Mat bgr_from_video_frame(const QVideoFrame& frame) {
  const QImage image = frame.toImage().convertToFormat(QImage::Format_BGR888);
  if (image.isNull()) return {};
  // The QImage owns its pixels only as long as it lives: copy them out.
  const cv::Mat view(image.height(), image.width(), CV_8UC3, const_cast<uchar*>(image.constBits()),
                     static_cast<std::size_t>(image.bytesPerLine()));
  return view.clone();
}

CameraSource::CameraSource(const QCameraDevice& device, std::optional<QCameraFormat> format,
                           std::shared_ptr<LatestFrameMailbox> mailbox, QObject* parent)
    : FrameSource(std::move(mailbox), parent),
      device_(device),
      format_(std::move(format)),
      camera_(device) {
  if (format_) camera_.setCameraFormat(*format_);
  session_.setCamera(&camera_);
  session_.setVideoSink(&sink_);
  // Frames are copied where they are delivered, so a busy UI never holds the camera's buffers.
  connect(&sink_, &QVideoSink::videoFrameChanged, this, &CameraSource::take_frame,
          Qt::DirectConnection);
  connect(&camera_, &QCamera::errorOccurred, this, [this](QCamera::Error, const QString& message) {
    emit failed(tr("camera %1: %2").arg(device_.description(), message));
  });
}

CameraSource::~CameraSource() {
  stop();
}

void CameraSource::start() {
  clock_.start();
  next_index_ = 0;
  camera_.start();
}

void CameraSource::stop() {
  camera_.stop();
}

QString CameraSource::description() const {
  QString text = tr("camera: %1").arg(device_.description());
  if (format_) text += " (" + format_text(*format_) + ")";
  return text;
}

void CameraSource::take_frame(const QVideoFrame& frame) {
  cv::Mat bgr = bgr_from_video_frame(frame);
  if (bgr.empty()) return;
  deliver(Frame{std::move(bgr), static_cast<double>(clock_.elapsed()) / 1000.0, next_index_++});
}

}  // namespace tableref::gui
