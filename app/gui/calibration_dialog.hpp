#pragma once
// Calibration from the app, step by step over calibration/: load or save a profile, save the
// colour sheet to print, read the sheet in the current frame (colours and, if asked, the table's
// plane), and click the play area's four corners. "Apply" gives the profile to the game.

#include <QDialog>
#include <opencv2/core.hpp>
#include <vector>

#include "calibration/profile.hpp"

class QCheckBox;
class QLabel;
class QSpinBox;
class QTabWidget;

namespace tableref::gui {

class Session;
class VideoView;

class CalibrationDialog : public QDialog {
  Q_OBJECT

 public:
  explicit CalibrationDialog(Session& session, QWidget* parent = nullptr);

  // The steps, also callable without clicking (each returns what it says in the dialog).
  QString load(const QString& path);
  QString save(const QString& path);
  QString save_colour_sheet(const QString& path);
  QString read_sheet(const cv::Mat& frame_bgr);
  // The picture the corners are clicked on (the current frame when the step opens).
  void set_frame(const cv::Mat& frame_bgr);
  void add_corner(cv::Point2d image_point);
  void undo_corner();
  QString set_table(cv::Size2d area_mm);
  void apply();

  const calibration::Profile& profile() const { return profile_; }
  QString summary() const;

 private:
  QWidget* profile_page();
  QWidget* sheet_page();
  QWidget* photo_page();
  QWidget* corners_page();
  void take_frame();
  void refresh();

  Session& session_;
  calibration::Profile profile_;
  QString path_;
  cv::Mat frame_;  // the frame the corners are picked on
  std::vector<cv::Point2d> corners_;

  QTabWidget* steps_;
  QLabel* summary_;
  QLabel* photo_result_;
  QCheckBox* table_from_sheet_;
  VideoView* corner_view_;
  QLabel* corner_result_;
  QSpinBox* area_width_mm_;
  QSpinBox* area_height_mm_;
};

}  // namespace tableref::gui
