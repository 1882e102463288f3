#pragma once
// The table's clocks, large: the Monster Freeze solo timer with its length, and the Bugs & Co
// countdown. Start and stop through the window's actions, so the keyboard reaches them too.

#include <QWidget>

class QAction;
class QLabel;
class QSpinBox;

namespace tableref::gui {

class Session;

class TimerPanel : public QWidget {
  Q_OBJECT

 public:
  TimerPanel(Session& session, QAction* solo_action, QAction* countdown_action,
             QWidget* parent = nullptr);

  QString solo_text() const;
  QString countdown_text() const;

 private:
  Session& session_;
  QLabel* solo_;
  QLabel* countdown_;
  QSpinBox* solo_seconds_;
};

}  // namespace tableref::gui
