#include "gui/camera_dialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QMediaDevices>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

#include "gui/camera_source.hpp"

namespace tableref::gui {

CameraDialog::CameraDialog(QWidget* parent)
    : QDialog(parent),
      cameras_(available_cameras()),
      camera_(new QComboBox(this)),
      resolution_(new QComboBox(this)),
      message_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
  setWindowTitle(tr("Choose a camera"));
  for (const QCameraDevice& camera : cameras_) camera_->addItem(camera.description());
  auto* form = new QFormLayout;
  form->addRow(tr("&Camera:"), camera_);
  form->addRow(tr("&Resolution:"), resolution_);
  message_->setWordWrap(true);
  message_->setFocusPolicy(Qt::TabFocus);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(message_);
  layout->addLayout(form);
  layout->addWidget(buttons_);
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(camera_, &QComboBox::currentIndexChanged, this, &CameraDialog::fill_formats);

  if (cameras_.isEmpty()) {
    message_->setText(
        tr("No camera was found on this computer. Connect a webcam and open this dialog again, "
           "or open a video (File ▸ Open video…) or the sample game (File ▸ Play sample game)."));
    camera_->setEnabled(false);
    resolution_->setEnabled(false);
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(false);
  } else {
    message_->setText(tr("The camera looks down at the table; 1280 × 720 or more reads best."));
    const auto preferred =
        std::find(cameras_.begin(), cameras_.end(), QMediaDevices::defaultVideoInput());
    camera_->setCurrentIndex(
        preferred == cameras_.end() ? 0 : static_cast<int>(preferred - cameras_.begin()));
    fill_formats();
  }
}

void CameraDialog::fill_formats() {
  resolution_->clear();
  const auto chosen = device();
  if (!chosen) return;
  QList<QCameraFormat> formats = chosen->videoFormats();
  // Largest first: the referee reads best at 1280 × 720 and more.
  std::sort(formats.begin(), formats.end(), [](const QCameraFormat& a, const QCameraFormat& b) {
    const QSize sa = a.resolution(), sb = b.resolution();
    if (sa.width() * sa.height() != sb.width() * sb.height()) {
      return sa.width() * sa.height() > sb.width() * sb.height();
    }
    return a.maxFrameRate() > b.maxFrameRate();
  });
  for (const QCameraFormat& format : formats) {
    resolution_->addItem(format_text(format), QVariant::fromValue(format));
  }
  const auto hd = std::find_if(formats.begin(), formats.end(), [](const QCameraFormat& format) {
    return format.resolution() == QSize(1280, 720);
  });
  if (hd != formats.end()) resolution_->setCurrentIndex(static_cast<int>(hd - formats.begin()));
}

std::optional<QCameraDevice> CameraDialog::device() const {
  const int index = camera_->currentIndex();
  if (index < 0 || index >= cameras_.size()) return std::nullopt;
  return cameras_[index];
}

std::optional<QCameraFormat> CameraDialog::format() const {
  const QVariant chosen = resolution_->currentData();
  if (!chosen.isValid()) return std::nullopt;
  return chosen.value<QCameraFormat>();
}

QString CameraDialog::message() const {
  return message_->text();
}

}  // namespace tableref::gui
