#pragma once
// The table's clocks: the Monster Freeze solo timer (2 minutes by default, adjustable) and the
// Bugs & Co countdown (10 ... 1, STOP). The rules' value types keep the time; these drive them
// from a clock and say what should be announced.

#include <QObject>
#include <QString>
#include <QTimer>
#include <functional>
#include <optional>

#include "referee/bugs/countdown.hpp"
#include "referee/freeze/round.hpp"

namespace tableref::gui {

// Seconds on a steady clock; tests pass their own.
using Clock = std::function<double()>;
Clock steady_clock_seconds();

class SoloTimerModel : public QObject {
  Q_OBJECT

 public:
  explicit SoloTimerModel(QObject* parent = nullptr, Clock clock = steady_clock_seconds());

  void set_duration_s(double duration_s);  // stops a running timer
  double duration_s() const { return duration_s_; }
  void start();
  void stop();
  bool running() const { return timer_.has_value(); }
  double remaining_s() const;
  // "2:00", "0:09", "time is up"
  QString text() const;
  // Advances: emits changed, and announce at one minute, thirty and ten seconds, and the end.
  void tick();

 signals:
  void changed(const QString& text);
  void announce(const QString& sentence);
  void expired();

 private:
  Clock clock_;
  double duration_s_ = 120;
  std::optional<referee::freeze::SoloTimer> timer_;
  double last_remaining_s_ = 0;
  QTimer ticker_;
};

class CountdownModel : public QObject {
  Q_OBJECT

 public:
  explicit CountdownModel(QObject* parent = nullptr, Clock clock = steady_clock_seconds());

  void start();  // from 10
  void stop();
  bool running() const { return started_at_s_.has_value(); }
  // "10" ... "1", "STOP", or "" before it started.
  QString word() const { return word_; }
  // Advances: each new word is emitted and announced; it stops after STOP.
  void tick();

 signals:
  void changed(const QString& word);
  void announce(const QString& sentence);

 private:
  Clock clock_;
  std::optional<double> started_at_s_;
  QString word_;
  QTimer ticker_;
};

}  // namespace tableref::gui
