#include "gui/recognition_worker.hpp"

#include <algorithm>
#include <chrono>
#include <opencv2/imgcodecs.hpp>

#include "gui/event_text.hpp"

namespace tableref::gui {

namespace {

bool holds_verdict(const EngineReport& report) {
  return std::any_of(report.events.begin(), report.events.end(), [](const referee::Event& event) {
    return is_verdict_type(std::string(referee::event_type(event.body)));
  });
}

QByteArray png_of(const cv::Mat& bgr) {
  std::vector<uchar> bytes;
  if (!cv::imencode(".png", bgr, bytes, {cv::IMWRITE_PNG_COMPRESSION, 1})) return {};
  return QByteArray(reinterpret_cast<const char*>(bytes.data()),
                    static_cast<qsizetype>(bytes.size()));
}

}  // namespace

RecognitionWorker::RecognitionWorker(std::shared_ptr<LatestFrameMailbox> mailbox, QObject* parent)
    : QObject(parent), mailbox_(std::move(mailbox)) {
  qRegisterMetaType<RecognitionResult>();
  qRegisterMetaType<Frame>();
}

RecognitionWorker::~RecognitionWorker() {
  stop();
}

int RecognitionWorker::set_engine(std::unique_ptr<RefereeEngine> engine) {
  const std::lock_guard lock(engine_mutex_);
  next_engine_ = std::move(engine);
  return ++generation_;
}

void RecognitionWorker::start() {
  if (thread_.joinable()) return;
  thread_ = std::jthread([this](std::stop_token stop) { run(stop); });
}

void RecognitionWorker::stop() {
  if (!thread_.joinable()) return;
  thread_.request_stop();
  thread_.join();
}

void RecognitionWorker::run(std::stop_token stop) {
  std::unique_ptr<RefereeEngine> engine;
  int generation = 0;
  while (std::optional<Frame> frame = mailbox_->take(stop)) {
    {
      const std::lock_guard lock(engine_mutex_);
      if (next_engine_) {
        engine = std::move(next_engine_);
        generation = generation_;
      }
    }
    if (engine) {
      // Nothing may escape into the event loop: a failure is reported and the next frame tried.
      try {
        RecognitionResult result = recognise(*engine, std::move(*frame));
        result.engine_generation = generation;
        emit processed(result);
      } catch (const std::exception& failure) {
        emit failed(tr("recognition failed on a frame: %1").arg(failure.what()));
      }
    }
    mailbox_->finished();
  }
}

RecognitionResult RecognitionWorker::recognise(RefereeEngine& engine, Frame frame) {
  const auto start = std::chrono::steady_clock::now();
  RecognitionResult result;
  result.report = engine.process(frame.bgr, frame.time_s, frame.index);
  result.scoreboard = engine.scoreboard();
  if (holds_verdict(result.report)) result.frame_png = png_of(frame.bgr);
  result.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  result.dropped = mailbox_->dropped();
  result.frame = std::move(frame);
  return result;
}

}  // namespace tableref::gui
