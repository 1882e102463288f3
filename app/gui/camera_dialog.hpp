#pragma once
// Choosing a camera by name and a resolution. With no camera on the computer the dialog says so
// plainly and points to the other inputs.

#include <QCameraDevice>
#include <QCameraFormat>
#include <QDialog>
#include <optional>

class QComboBox;
class QDialogButtonBox;
class QLabel;

namespace tableref::gui {

class CameraDialog : public QDialog {
  Q_OBJECT

 public:
  explicit CameraDialog(QWidget* parent = nullptr);

  bool has_cameras() const { return !cameras_.isEmpty(); }
  std::optional<QCameraDevice> device() const;
  std::optional<QCameraFormat> format() const;
  QString message() const;

 private:
  void fill_formats();

  QList<QCameraDevice> cameras_;
  QComboBox* camera_;
  QComboBox* resolution_;
  QLabel* message_;
  QDialogButtonBox* buttons_;
};

}  // namespace tableref::gui
