#pragma once
// Recognition off the UI thread: a thread of its own takes the newest frame from the mailbox,
// runs the referee on it and hands the result back as a value over a queued signal. A frame that
// arrives while one is being read replaces any frame still waiting, so the worker never falls
// further behind than one frame.

#include <QByteArray>
#include <QObject>
#include <QString>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "gui/frame.hpp"
#include "gui/latest_frame_mailbox.hpp"
#include "gui/referee_engine.hpp"

namespace tableref::gui {

struct RecognitionResult {
  Frame frame;
  EngineReport report;
  nlohmann::json scoreboard;
  QByteArray frame_png;      // the frame as PNG when the report holds a verdict (evidence)
  double milliseconds = 0;   // spent on this frame
  std::int64_t dropped = 0;  // frames dropped so far because recognition was busy
  int engine_generation = 0;
};

class RecognitionWorker : public QObject {
  Q_OBJECT

 public:
  explicit RecognitionWorker(std::shared_ptr<LatestFrameMailbox> mailbox,
                             QObject* parent = nullptr);
  ~RecognitionWorker() override;

  // The referee for the frames to come (a new game or input); returns its generation, which the
  // results it produces carry, so results of the engine it replaces can be told apart.
  int set_engine(std::unique_ptr<RefereeEngine> engine);
  void start();
  void stop();

 signals:
  void processed(const tableref::gui::RecognitionResult& result);
  void failed(const QString& message);

 private:
  void run(std::stop_token stop);
  RecognitionResult recognise(RefereeEngine& engine, Frame frame);

  std::shared_ptr<LatestFrameMailbox> mailbox_;
  std::mutex engine_mutex_;
  std::unique_ptr<RefereeEngine> next_engine_;  // handed over under engine_mutex_
  int generation_ = 0;                          // of next_engine_, under engine_mutex_
  std::jthread thread_;
};

}  // namespace tableref::gui

Q_DECLARE_METATYPE(tableref::gui::RecognitionResult)
