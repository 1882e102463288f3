#pragma once
// Spoken announcements ("Alice: red trick", "STOP") through Qt TextToSpeech, for the desktop app
// and the command line. Without a speech engine it stays silent and says why (status()); every
// announcement is also handed on as text (announced).

#include <QObject>
#include <QStringList>
#include <deque>
#include <memory>

class QTextToSpeech;

namespace tableref::speech {

class Announcer : public QObject {
  Q_OBJECT

 public:
  // `engine`: a Qt TextToSpeech engine name, empty for the default one, "none" for silence.
  explicit Announcer(const QString& engine = {}, QObject* parent = nullptr);
  ~Announcer() override;

  bool speech_available() const { return speech_ != nullptr; }
  // "speech: flite", or why there is none: "speech unavailable: no speech engine installed".
  QString status() const { return status_; }
  bool enabled() const { return enabled_; }
  void set_enabled(bool enabled);

  // Shows `text` (announced) and speaks it when speech is available and on. Sentences said while
  // one is being spoken wait their turn; the oldest are dropped when too many wait.
  void announce(const QString& text);
  // Whether a sentence is being spoken or waits its turn.
  bool speaking() const;
  // The latest announcements, oldest first.
  const QStringList& history() const { return history_; }

 signals:
  void announced(const QString& text);
  void statusChanged(const QString& status);

 private:
  void speak_next();
  void give_up_speech(const QString& why);

  std::unique_ptr<QTextToSpeech> speech_;
  QString status_;
  bool enabled_ = true;
  std::deque<QString> waiting_;
  QStringList history_;
};

}  // namespace tableref::speech
