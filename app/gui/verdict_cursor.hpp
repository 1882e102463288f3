#pragma once
// Stepping through the game's verdicts for a dispute: which verdict is shown, back and forth.
// It follows new verdicts while it shows the latest one, and stays put once a person stepped back.

#include <QObject>
#include <optional>

#include "gui/event_log_model.hpp"

namespace tableref::gui {

class VerdictCursor : public QObject {
  Q_OBJECT

 public:
  explicit VerdictCursor(const EventLogModel& log, QObject* parent = nullptr);

  // The log row of the verdict shown, or nullopt when there is none yet.
  std::optional<int> row() const;
  int position() const { return position_ + 1; }  // 1 = the first verdict; 0 = none
  int count() const;

  bool previous();  // false at the first verdict
  bool next();      // false at the latest verdict
  void latest();
  // Shows the verdict at log row `row`; false when that row is no verdict.
  bool show_row(int row);

 signals:
  void changed();

 private:
  void on_verdict_added();

  const EventLogModel& log_;
  int position_ = -1;  // index into log_.verdict_rows()
};

}  // namespace tableref::gui
