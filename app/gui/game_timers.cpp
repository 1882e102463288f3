#include "gui/game_timers.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>

namespace tableref::gui {

namespace {
constexpr int kTickMs = 100;

// Remaining times the solo timer announces, and how.
struct Milestone {
  double at_s;
  const char* sentence;
};
constexpr std::array<Milestone, 3> kMilestones = {
    {{60, "one minute left"}, {30, "thirty seconds left"}, {10, "ten seconds left"}}};
}  // namespace

Clock steady_clock_seconds() {
  return [] {
    const auto now = std::chrono::steady_clock::now().time_since_epoch();
    return std::chrono::duration<double>(now).count();
  };
}

SoloTimerModel::SoloTimerModel(QObject* parent, Clock clock)
    : QObject(parent), clock_(std::move(clock)) {
  ticker_.setInterval(kTickMs);
  connect(&ticker_, &QTimer::timeout, this, &SoloTimerModel::tick);
}

void SoloTimerModel::set_duration_s(double duration_s) {
  stop();
  duration_s_ = duration_s;
  emit changed(text());
}

void SoloTimerModel::start() {
  timer_.emplace(duration_s_);
  timer_->start(clock_());
  last_remaining_s_ = duration_s_;
  ticker_.start();
  emit announce(tr("solo timer started: %1").arg(text()));
  emit changed(text());
}

void SoloTimerModel::stop() {
  timer_.reset();
  ticker_.stop();
  emit changed(text());
}

double SoloTimerModel::remaining_s() const {
  return timer_ ? timer_->remaining_s(clock_()) : duration_s_;
}

QString SoloTimerModel::text() const {
  if (timer_ && timer_->expired(clock_())) return tr("time is up");
  const int seconds = static_cast<int>(std::ceil(remaining_s()));
  return QString("%1:%2").arg(seconds / 60).arg(seconds % 60, 2, 10, QChar('0'));
}

void SoloTimerModel::tick() {
  if (!timer_) return;
  const double now_s = clock_();
  const double remaining = timer_->remaining_s(now_s);
  for (const Milestone& milestone : kMilestones) {
    if (last_remaining_s_ > milestone.at_s && remaining <= milestone.at_s &&
        duration_s_ > milestone.at_s) {
      emit announce(tr(milestone.sentence));
    }
  }
  last_remaining_s_ = remaining;
  emit changed(text());
  if (timer_->expired(now_s)) {
    ticker_.stop();
    timer_.reset();
    emit changed(tr("time is up"));
    emit announce(tr("time is up"));
    emit expired();
  }
}

CountdownModel::CountdownModel(QObject* parent, Clock clock)
    : QObject(parent), clock_(std::move(clock)) {
  ticker_.setInterval(kTickMs);
  connect(&ticker_, &QTimer::timeout, this, &CountdownModel::tick);
}

void CountdownModel::start() {
  started_at_s_ = clock_();
  word_.clear();
  ticker_.start();
  tick();
}

void CountdownModel::stop() {
  started_at_s_.reset();
  ticker_.stop();
}

void CountdownModel::tick() {
  if (!started_at_s_) return;
  const referee::bugs::Countdown countdown =
      referee::bugs::Countdown().advanced(std::max(0.0, clock_() - *started_at_s_));
  const QString word = QString::fromStdString(countdown.word());
  if (word != word_) {
    word_ = word;
    emit changed(word_);
    emit announce(word_);
  }
  if (countdown.over()) stop();
}

}  // namespace tableref::gui
