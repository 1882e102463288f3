#include "gui/dispute_panel.hpp"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>
#include <opencv2/imgcodecs.hpp>

#include "gui/event_text.hpp"
#include "gui/session.hpp"
#include "gui/video_view.hpp"

namespace tableref::gui {

DisputePanel::DisputePanel(Session& session, const std::vector<QAction*>& actions, QWidget* parent)
    : QWidget(parent),
      session_(session),
      heading_(new QLabel(this)),
      details_(new QLabel(this)),
      frame_view_(new VideoView(this)) {
  setAccessibleName(tr("Disputes"));
  QFont bold = heading_->font();
  bold.setBold(true);
  heading_->setFont(bold);
  details_->setWordWrap(true);
  details_->setTextInteractionFlags(Qt::TextSelectableByKeyboard | Qt::TextSelectableByMouse);
  details_->setFocusPolicy(Qt::TabFocus);
  frame_view_->setAccessibleName(tr("Frame of the verdict"));
  frame_view_->setMinimumSize(240, 135);

  auto* buttons = new QHBoxLayout;
  for (QAction* action : actions) {
    auto* button = new QToolButton(this);
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setFocusPolicy(Qt::TabFocus);
    buttons->addWidget(button);
  }
  buttons->addStretch();

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(heading_);
  layout->addWidget(details_);
  layout->addWidget(frame_view_, 1);
  layout->addLayout(buttons);

  connect(&session_.verdicts(), &VerdictCursor::changed, this, &DisputePanel::refresh);
  refresh();
}

void DisputePanel::set_options(const OverlayOptions& options) {
  frame_view_->set_options(options);
}

QString DisputePanel::heading() const {
  return heading_->text();
}
QString DisputePanel::details() const {
  return details_->text();
}

void DisputePanel::refresh() {
  const VerdictCursor& cursor = session_.verdicts();
  const std::optional<int> row = cursor.row();
  if (!row) {
    shown_row_ = -1;
    heading_->setText(tr("No verdict yet"));
    details_->setText(
        tr("Every verdict the referee makes is kept here with the frame it was made on."));
    frame_view_->set_frame(cv::Mat());
    frame_view_->set_placeholder(tr("No verdict yet"));
    return;
  }
  const LogEntry& entry = session_.log().entry(*row);
  heading_->setText(tr("Verdict %1 of %2").arg(cursor.position()).arg(cursor.count()));
  QString text = QString::fromStdString(describe_event(entry.event));
  if (entry.event.contains("frame")) {
    text += tr(" (frame %1").arg(QString::fromStdString(entry.event["frame"].dump()));
    if (entry.event.contains("time_s") && entry.event["time_s"].is_number()) {
      text += tr(", %1 s").arg(entry.event["time_s"].get<double>(), 0, 'f', 1);
    }
    text += ")";
  }
  if (entry.event.contains("ruling") && entry.event["ruling"].is_string()) {
    text += "\n" +
            tr("Ruling: %1").arg(QString::fromStdString(entry.event["ruling"].get<std::string>()));
  }
  if (entry.overridden_by) {
    const auto& override_entry = session_.log().entry(*entry.overridden_by).event;
    text += "\n" + tr("Overridden (%1): %2")
                       .arg(QString::fromStdString(override_entry.value("decision", std::string())),
                            QString::fromStdString(override_entry.value("reason", std::string())));
  }
  details_->setText(text);
  if (shown_row_ != *row) {
    shown_row_ = *row;
    const std::vector<uchar> bytes(entry.frame_png.begin(), entry.frame_png.end());
    const cv::Mat bgr = bytes.empty() ? cv::Mat() : cv::imdecode(bytes, cv::IMREAD_COLOR);
    frame_view_->set_frame(bgr);
    frame_view_->set_placeholder(tr("No frame was kept for this verdict"));
  }
  OverlayState overlay;
  overlay.game = session_.setup().game;
  overlay.layout = entry.layout;
  overlay.recent_verdicts = {entry.event};
  frame_view_->set_overlay(std::move(overlay));
}

}  // namespace tableref::gui
