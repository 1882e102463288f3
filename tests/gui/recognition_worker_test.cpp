// Recognition off the UI thread: frames arriving faster than they are read are dropped, the
// newest is read, the event loop stays free, and a failing engine never stops the worker.
#include "gui/recognition_worker.hpp"

#include <gtest/gtest.h>

#include <QElapsedTimer>
#include <QTimer>
#include <atomic>
#include <stdexcept>
#include <thread>

#include "gui_test_support.hpp"

namespace tableref::gui {
namespace {

// Takes its time over every frame, like a reader on a slow machine; throws on frames it is told to.
class SlowEngine final : public RefereeEngine {
 public:
  SlowEngine(std::chrono::milliseconds per_frame, int throw_on = -1)
      : per_frame_(per_frame), throw_on_(throw_on) {}
  EngineReport process(const cv::Mat&, double, int frame_index) override {
    std::this_thread::sleep_for(per_frame_);
    if (frame_index == throw_on_) throw std::runtime_error("unreadable frame");
    EngineReport report;
    report.layout = {{"frame_read", frame_index}};
    return report;
  }
  nlohmann::json scoreboard() const override { return nlohmann::json::object(); }
  std::string description() const override { return "slow"; }

 private:
  std::chrono::milliseconds per_frame_;
  int throw_on_;
};

Frame blank_frame(int index) {
  return Frame{cv::Mat(8, 8, CV_8UC3, cv::Scalar::all(0)), index / 30.0, index};
}

TEST(RecognitionWorker, DropsFramesItCannotKeepUpWithAndReadsTheNewest) {
  auto mailbox = std::make_shared<LatestFrameMailbox>();
  RecognitionWorker worker(mailbox);
  const int generation =
      worker.set_engine(std::make_unique<SlowEngine>(std::chrono::milliseconds(60)));
  std::vector<int> read;
  QObject::connect(&worker, &RecognitionWorker::processed, [&](const RecognitionResult& result) {
    EXPECT_EQ(result.engine_generation, generation);
    read.push_back(result.frame.index);
  });
  worker.start();

  // The camera delivers 30 frames a second for a second; the engine reads about 16.
  constexpr int kFrames = 30;
  std::atomic<bool> camera_done = false;
  std::thread camera([&] {
    for (int i = 0; i < kFrames; ++i) {
      mailbox->post(blank_frame(i));
      std::this_thread::sleep_for(std::chrono::milliseconds(33));
    }
    camera_done = true;
  });
  // The event loop keeps turning meanwhile: the longest pause between ticks stays short.
  QElapsedTimer clock;
  clock.start();
  qint64 last_tick = 0, longest_pause = 0;
  QTimer ticker;
  QObject::connect(&ticker, &QTimer::timeout, [&] {
    longest_pause = std::max(longest_pause, clock.elapsed() - last_tick);
    last_tick = clock.elapsed();
  });
  ticker.start(5);
  testing::wait_until([&] { return camera_done.load(); }, 10000);
  camera.join();
  testing::wait_until([&] { return !read.empty() && read.back() == kFrames - 1; }, 5000);
  ticker.stop();

  ASSERT_FALSE(read.empty());
  EXPECT_EQ(read.back(), kFrames - 1) << "the last frame is always read";
  EXPECT_LT(static_cast<int>(read.size()), kFrames) << "some frames were dropped, none queued";
  EXPECT_GT(mailbox->dropped(), 0);
  EXPECT_TRUE(std::is_sorted(read.begin(), read.end()));
  EXPECT_LT(longest_pause, 400) << "recognition never holds the event loop";
}

TEST(RecognitionWorker, AFailureOnOneFrameIsReportedAndTheNextIsRead) {
  auto mailbox = std::make_shared<LatestFrameMailbox>();
  RecognitionWorker worker(mailbox);
  worker.set_engine(std::make_unique<SlowEngine>(std::chrono::milliseconds(1), 0));
  QStringList failures;
  std::vector<int> read;
  QObject::connect(&worker, &RecognitionWorker::failed,
                   [&](const QString& why) { failures << why; });
  QObject::connect(&worker, &RecognitionWorker::processed,
                   [&](const RecognitionResult& result) { read.push_back(result.frame.index); });
  worker.start();
  std::stop_source never;
  mailbox->post(blank_frame(0));
  mailbox->wait_until_idle(never.get_token());
  mailbox->post(blank_frame(1));
  ASSERT_TRUE(testing::wait_until([&] { return !read.empty(); }, 5000));
  ASSERT_EQ(failures.size(), 1);
  EXPECT_TRUE(failures.front().contains("unreadable frame"));
  EXPECT_EQ(read, std::vector<int>{1});
}

TEST(RecognitionWorker, ANewEngineReadsTheFramesThatFollowUnderANewGeneration) {
  auto mailbox = std::make_shared<LatestFrameMailbox>();
  RecognitionWorker worker(mailbox);
  const int first = worker.set_engine(std::make_unique<SlowEngine>(std::chrono::milliseconds(1)));
  std::vector<int> generations;
  QObject::connect(&worker, &RecognitionWorker::processed, [&](const RecognitionResult& result) {
    generations.push_back(result.engine_generation);
  });
  worker.start();
  std::stop_source never;
  mailbox->post(blank_frame(0));
  mailbox->wait_until_idle(never.get_token());
  const int second = worker.set_engine(std::make_unique<SlowEngine>(std::chrono::milliseconds(1)));
  mailbox->post(blank_frame(1));
  ASSERT_TRUE(testing::wait_until([&] { return generations.size() == 2; }, 5000));
  EXPECT_NE(first, second);
  EXPECT_EQ(generations, (std::vector<int>{first, second}));
}

}  // namespace
}  // namespace tableref::gui
