#include "gui/calibration_dialog.hpp"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include "calibration/colour_sheet.hpp"
#include "gui/session.hpp"
#include "gui/video_view.hpp"

namespace tableref::gui {

namespace {

QLabel* text_label(const QString& text, QWidget* parent) {
  auto* label = new QLabel(text, parent);
  label->setWordWrap(true);
  label->setTextInteractionFlags(Qt::TextSelectableByKeyboard | Qt::TextSelectableByMouse);
  return label;
}

QPushButton* button(const QString& text, QWidget* parent) {
  return new QPushButton(text, parent);
}

}  // namespace

CalibrationDialog::CalibrationDialog(Session& session, QWidget* parent)
    : QDialog(parent),
      session_(session),
      profile_(session.profile().value_or(calibration::Profile{})),
      path_(session.profile_path()),
      steps_(new QTabWidget(this)),
      summary_(text_label({}, this)),
      photo_result_(text_label({}, this)),
      table_from_sheet_(new QCheckBox(tr("Also take the &table's plane from the sheet"), this)),
      corner_view_(new VideoView(this)),
      corner_result_(text_label({}, this)),
      area_width_mm_(new QSpinBox(this)),
      area_height_mm_(new QSpinBox(this)) {
  setWindowTitle(tr("Calibrate the camera and the table"));
  steps_->addTab(profile_page(), tr("&1 Profile"));
  steps_->addTab(sheet_page(), tr("&2 Colour sheet"));
  steps_->addTab(photo_page(), tr("&3 Read the sheet"));
  steps_->addTab(corners_page(), tr("&4 Table corners"));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Apply | QDialogButtonBox::Close, this);
  buttons->button(QDialogButtonBox::Apply)->setText(tr("&Apply to the game"));
  connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, [this] {
    apply();
    summary_->setText(summary() + "\n" + tr("Applied: a new game starts with this profile."));
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(steps_);
  layout->addWidget(buttons);
  connect(steps_, &QTabWidget::currentChanged, this, [this](int index) {
    if (index == 3 && frame_.empty()) take_frame();
  });
  refresh();
}

QWidget* CalibrationDialog::profile_page() {
  auto* page = new QWidget(this);
  auto* load_button = button(tr("&Load a profile…"), page);
  auto* save_button = button(tr("&Save the profile…"), page);
  auto* clear_button = button(tr("Start an &empty profile"), page);
  auto* row = new QHBoxLayout;
  row->addWidget(load_button);
  row->addWidget(save_button);
  row->addWidget(clear_button);
  row->addStretch();
  auto* layout = new QVBoxLayout(page);
  layout->addWidget(text_label(tr("A profile holds what calibration learns about this camera over "
                                  "this table: the colours under its light, the table's plane and "
                                  "the players' seats. Keep one per table."),
                               page));
  layout->addWidget(summary_);
  layout->addLayout(row);
  layout->addStretch();
  connect(load_button, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load a profile"), path_,
                                                      tr("Profiles (*.yaml *.yml *.xml *.json)"));
    if (!path.isEmpty()) summary_->setText(load(path));
  });
  connect(save_button, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save the profile"), path_.isEmpty() ? "table-profile.yaml" : path_,
        tr("Profiles (*.yaml *.yml)"));
    if (!path.isEmpty()) summary_->setText(save(path));
  });
  connect(clear_button, &QPushButton::clicked, this, [this] {
    profile_ = calibration::Profile{};
    path_.clear();
    refresh();
  });
  return page;
}

QWidget* CalibrationDialog::sheet_page() {
  auto* page = new QWidget(this);
  auto* save_button = button(tr("Save the colour sheet as &PNG…"), page);
  auto* result = text_label({}, page);
  auto* layout = new QVBoxLayout(page);
  layout->addWidget(text_label(
      tr("Print the colour sheet on A4 at 100 % (no scaling), and lay it flat in the middle of "
         "the play area, under the light you play in. It has a patch of every colour the cards "
         "are printed in, and a marker in each corner."),
      page));
  layout->addWidget(save_button);
  layout->addWidget(result);
  layout->addStretch();
  connect(save_button, &QPushButton::clicked, this, [this, result] {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save the colour sheet"), "tableref-colour-sheet.png", tr("PNG (*.png)"));
    if (!path.isEmpty()) result->setText(save_colour_sheet(path));
  });
  return page;
}

QWidget* CalibrationDialog::photo_page() {
  auto* page = new QWidget(this);
  auto* read_button = button(tr("&Read the sheet in the current frame"), page);
  table_from_sheet_->setChecked(true);
  auto* layout = new QVBoxLayout(page);
  layout->addWidget(text_label(tr("With the sheet lying in view, flat and whole, and no hand over "
                                  "it, read it from the live picture."),
                               page));
  layout->addWidget(table_from_sheet_);
  layout->addWidget(read_button);
  layout->addWidget(photo_result_);
  layout->addStretch();
  connect(read_button, &QPushButton::clicked, this, [this] {
    const auto& frame = session_.last_frame();
    photo_result_->setText(frame ? read_sheet(frame->bgr)
                                 : tr("There is no picture yet: open a camera or a video first."));
  });
  return page;
}

QWidget* CalibrationDialog::corners_page() {
  auto* page = new QWidget(this);
  corner_view_->set_probe_mode(true);
  corner_view_->set_placeholder(tr("There is no picture yet: open a camera or a video first."));
  corner_view_->setAccessibleName(tr("Picture to click the table's corners on"));
  area_width_mm_->setRange(100, 5000);
  area_width_mm_->setValue(800);
  area_width_mm_->setSuffix(tr(" mm"));
  area_height_mm_->setRange(100, 5000);
  area_height_mm_->setValue(600);
  area_height_mm_->setSuffix(tr(" mm"));
  auto* take_button = button(tr("Take the &current frame"), page);
  auto* undo_button = button(tr("&Undo the last corner"), page);
  auto* set_button = button(tr("&Set the table and seats"), page);
  auto* form = new QFormLayout;
  form->addRow(tr("Play area &width:"), area_width_mm_);
  form->addRow(tr("Play area &height:"), area_height_mm_);
  auto* row = new QHBoxLayout;
  row->addWidget(take_button);
  row->addWidget(undo_button);
  row->addWidget(set_button);
  row->addStretch();
  auto* layout = new QVBoxLayout(page);
  layout->addWidget(text_label(
      tr("Click the play area's four corners clockwise, starting at the top-left corner as the "
         "picture shows it (or move the cross with the arrow keys and press Enter). Then give the "
         "area's size. The players' seats are laid around it, the first at the bottom."),
      page));
  layout->addWidget(corner_view_, 1);
  layout->addLayout(form);
  layout->addLayout(row);
  layout->addWidget(corner_result_);
  connect(corner_view_, &VideoView::probeRequested, this, &CalibrationDialog::add_corner);
  connect(take_button, &QPushButton::clicked, this, &CalibrationDialog::take_frame);
  connect(undo_button, &QPushButton::clicked, this, &CalibrationDialog::undo_corner);
  connect(set_button, &QPushButton::clicked, this, [this] {
    corner_result_->setText(
        set_table(cv::Size2d(area_width_mm_->value(), area_height_mm_->value())));
  });
  return page;
}

QString CalibrationDialog::summary() const {
  QStringList parts;
  if (profile_.camera) parts << tr("camera intrinsics");
  if (profile_.colours)
    parts << tr("colours (from the %1)")
                 .arg(profile_.colours->source == calibration::ColourProfile::Source::sheet
                          ? tr("colour sheet")
                          : tr("cards"));
  if (profile_.table) {
    parts << tr("table plane (%1 × %2 mm)")
                 .arg(profile_.table->area_mm.width)
                 .arg(profile_.table->area_mm.height);
  }
  if (profile_.seats) parts << tr("%1 seats").arg(profile_.seats->count);
  const QString where = path_.isEmpty() ? tr("not saved yet") : path_;
  return parts.isEmpty() ? tr("The profile is empty (%1).").arg(where)
                         : tr("The profile has: %1 (%2).").arg(parts.join(", "), where);
}

QString CalibrationDialog::load(const QString& path) {
  referee::Result<calibration::Profile> loaded = calibration::load_profile(path.toStdString());
  if (!loaded) return QString::fromStdString(loaded.error().message);
  profile_ = std::move(loaded).value();
  path_ = path;
  refresh();
  return summary();
}

QString CalibrationDialog::save(const QString& path) {
  if (const auto error = calibration::save_profile(profile_, path.toStdString())) {
    return QString::fromStdString(error->message);
  }
  path_ = path;
  refresh();
  return summary();
}

QString CalibrationDialog::save_colour_sheet(const QString& path) {
  const std::vector<std::uint8_t> png = calibration::colour_sheet_png();
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly) ||
      file.write(reinterpret_cast<const char*>(png.data()), static_cast<qint64>(png.size())) !=
          static_cast<qint64>(png.size())) {
    return tr("Cannot write %1").arg(path);
  }
  return tr("Saved %1: print it at 100 %.").arg(path);
}

QString CalibrationDialog::read_sheet(const cv::Mat& frame_bgr) {
  const referee::Result<calibration::SheetSighting> sheet =
      calibration::find_colour_sheet(frame_bgr);
  if (!sheet) return QString::fromStdString(sheet.error().message);
  const referee::Result<calibration::ColourProfile> colours =
      calibration::profile_from_sheet(*sheet);
  if (!colours) return QString::fromStdString(colours.error().message);
  profile_.colours = *colours;
  QString text =
      tr("Read the sheet (%1 of 4 markers): the colours are measured.").arg(sheet->markers_found);
  if (table_from_sheet_->isChecked()) {
    profile_.set_table(calibration::table_from_sheet(*sheet));
    const int players = static_cast<int>(session_.setup().players.size());
    profile_.set_seats(std::clamp(players, 1, calibration::kMaxSeats),
                       calibration::TableSide::bottom);
    text += " " + tr("The table's plane is the sheet's, with %1 seats around it.").arg(players);
  }
  refresh();
  return text;
}

void CalibrationDialog::take_frame() {
  const auto& frame = session_.last_frame();
  set_frame(frame ? frame->bgr : cv::Mat());
}

void CalibrationDialog::set_frame(const cv::Mat& frame_bgr) {
  frame_ = frame_bgr.clone();
  corners_.clear();
  corner_view_->set_frame(frame_);
  refresh();
}

void CalibrationDialog::add_corner(cv::Point2d image_point) {
  if (corners_.size() == 4) corners_.clear();
  corners_.push_back(image_point);
  refresh();
}

void CalibrationDialog::undo_corner() {
  if (!corners_.empty()) corners_.pop_back();
  refresh();
}

QString CalibrationDialog::set_table(cv::Size2d area_mm) {
  if (frame_.empty()) return tr("Take a frame first.");
  if (corners_.size() != 4)
    return tr("Click all four corners first (%1 of 4).").arg(corners_.size());
  const std::array<cv::Point2d, 4> corners = {corners_[0], corners_[1], corners_[2], corners_[3]};
  const referee::Result<calibration::TablePlane> plane =
      calibration::table_from_corners(corners, area_mm, frame_.size());
  if (!plane) return QString::fromStdString(plane.error().message);
  profile_.set_table(*plane);
  const int players = static_cast<int>(session_.setup().players.size());
  profile_.set_seats(std::clamp(players, 1, calibration::kMaxSeats),
                     calibration::TableSide::bottom);
  refresh();
  return tr("The table is set: %1 × %2 mm, %3 seats, the first at the bottom.")
      .arg(area_mm.width)
      .arg(area_mm.height)
      .arg(players);
}

void CalibrationDialog::apply() {
  session_.set_profile(profile_, path_);
}

void CalibrationDialog::refresh() {
  summary_->setText(summary());
  OverlayState marks;
  marks.marks = corners_;
  corner_view_->set_overlay(std::move(marks));
  if (corner_result_->text().isEmpty() || corners_.size() < 4) {
    corner_result_->setText(tr("%1 of 4 corners.").arg(corners_.size()));
  }
}

}  // namespace tableref::gui
