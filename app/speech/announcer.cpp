#include "speech/announcer.hpp"

#include <QTextToSpeech>

namespace tableref::speech {

namespace {
constexpr std::size_t kMaxWaiting = 3;
constexpr qsizetype kHistoryLength = 50;
}  // namespace

Announcer::Announcer(const QString& engine, QObject* parent) : QObject(parent) {
  if (engine == QLatin1String("none")) {
    status_ = tr("speech off");
    return;
  }
  const QStringList engines = QTextToSpeech::availableEngines();
  if (engines.isEmpty()) {
    status_ = tr("speech unavailable: no speech engine installed (announcements are shown only)");
    return;
  }
  const QString chosen = engine.isEmpty() ? engines.front() : engine;
  if (!engines.contains(chosen)) {
    status_ = tr("speech unavailable: no speech engine called %1").arg(chosen);
    return;
  }
  speech_ = std::make_unique<QTextToSpeech>(chosen);
  if (speech_->state() == QTextToSpeech::Error) {
    give_up_speech(speech_->errorString());
    return;
  }
  status_ = tr("speech: %1").arg(chosen);
  connect(speech_.get(), &QTextToSpeech::stateChanged, this, [this](QTextToSpeech::State state) {
    if (state == QTextToSpeech::Ready) speak_next();
  });
  // The engine may fail only when it first plays (no sound device): fall back to text then.
  connect(speech_.get(), &QTextToSpeech::errorOccurred, this,
          [this](QTextToSpeech::ErrorReason, const QString& message) { give_up_speech(message); });
}

Announcer::~Announcer() = default;

void Announcer::set_enabled(bool enabled) {
  enabled_ = enabled;
  if (!enabled_) {
    waiting_.clear();
    if (speech_) speech_->stop();
  }
}

void Announcer::announce(const QString& text) {
  if (text.isEmpty()) return;
  history_.append(text);
  if (history_.size() > kHistoryLength) history_.removeFirst();
  emit announced(text);
  if (!speech_ || !enabled_) return;
  waiting_.push_back(text);
  while (waiting_.size() > kMaxWaiting) waiting_.pop_front();
  if (speech_->state() == QTextToSpeech::Ready) speak_next();
}

bool Announcer::speaking() const {
  return speech_ && (!waiting_.empty() || speech_->state() == QTextToSpeech::Speaking);
}

void Announcer::speak_next() {
  if (!speech_ || waiting_.empty()) return;
  const QString text = waiting_.front();
  waiting_.pop_front();
  speech_->say(text);
}

void Announcer::give_up_speech(const QString& why) {
  waiting_.clear();
  // Deleted later: this may run inside one of the engine's own signals.
  if (speech_) speech_.release()->deleteLater();
  status_ = tr("speech unavailable: %1 (announcements are shown only)")
                .arg(why.isEmpty() ? tr("the speech engine failed") : why);
  emit statusChanged(status_);
}

}  // namespace tableref::speech
