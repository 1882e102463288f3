#include "gui/timer_panel.hpp"

#include <QAction>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include "gui/session.hpp"

namespace tableref::gui {

namespace {

QLabel* clock_label(QWidget* parent, const QString& accessible_name) {
  auto* label = new QLabel(parent);
  QFont font = label->font();
  font.setPointSizeF(font.pointSizeF() * 2.2);
  font.setBold(true);
  label->setFont(font);
  label->setAlignment(Qt::AlignCenter);
  label->setAccessibleName(accessible_name);
  return label;
}

QToolButton* action_button(QWidget* parent, QAction* action) {
  auto* button = new QToolButton(parent);
  button->setDefaultAction(action);
  button->setToolButtonStyle(Qt::ToolButtonTextOnly);
  button->setFocusPolicy(Qt::TabFocus);
  return button;
}

}  // namespace

TimerPanel::TimerPanel(Session& session, QAction* solo_action, QAction* countdown_action,
                       QWidget* parent)
    : QWidget(parent),
      session_(session),
      solo_(clock_label(this, tr("Solo timer"))),
      countdown_(clock_label(this, tr("Countdown"))),
      solo_seconds_(new QSpinBox(this)) {
  solo_seconds_->setRange(10, 3600);
  solo_seconds_->setSingleStep(15);
  solo_seconds_->setSuffix(tr(" s"));
  solo_seconds_->setValue(static_cast<int>(session_.solo_timer().duration_s()));
  solo_seconds_->setAccessibleName(tr("Solo timer length in seconds"));

  auto* form = new QFormLayout;
  form->addRow(tr("Solo timer (Monster Freeze):"), solo_);
  form->addRow(tr("&Length:"), solo_seconds_);
  form->addRow(QString(), action_button(this, solo_action));
  form->addRow(tr("Countdown (Bugs && Co):"), countdown_);
  form->addRow(QString(), action_button(this, countdown_action));
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addStretch();

  solo_->setText(session_.solo_timer().text());
  countdown_->setText(QStringLiteral("–"));
  connect(&session_.solo_timer(), &SoloTimerModel::changed, solo_, &QLabel::setText);
  connect(&session_.countdown(), &CountdownModel::changed, countdown_, &QLabel::setText);
  connect(solo_seconds_, &QSpinBox::valueChanged, this,
          [this](int seconds) { session_.solo_timer().set_duration_s(seconds); });
  connect(&session_.solo_timer(), &SoloTimerModel::changed, this, [this] {
    const int seconds = static_cast<int>(session_.solo_timer().duration_s());
    if (!session_.solo_timer().running() && solo_seconds_->value() != seconds) {
      solo_seconds_->setValue(seconds);
    }
  });
}

QString TimerPanel::solo_text() const {
  return solo_->text();
}
QString TimerPanel::countdown_text() const {
  return countdown_->text();
}

}  // namespace tableref::gui
