// The single-slot mailbox: a frame posted while one waits replaces it, so a slow reader always
// gets the newest frame and never a queue.
#include "gui/latest_frame_mailbox.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <thread>

namespace tableref::gui {
namespace {

Frame frame(int index) {
  return Frame{cv::Mat(2, 2, CV_8UC3, cv::Scalar::all(index)), index * 0.1, index};
}

TEST(LatestFrameMailbox, APostedFrameReplacesTheOneStillWaiting) {
  LatestFrameMailbox mailbox;
  mailbox.post(frame(1));
  mailbox.post(frame(2));
  mailbox.post(frame(3));
  const auto taken = mailbox.take();
  ASSERT_TRUE(taken.has_value());
  EXPECT_EQ(taken->index, 3);
  EXPECT_EQ(mailbox.posted(), 3);
  EXPECT_EQ(mailbox.dropped(), 2);
}

TEST(LatestFrameMailbox, TakeWaitsForAFrame) {
  LatestFrameMailbox mailbox;
  auto taken = std::async(std::launch::async, [&] { return mailbox.take(); });
  EXPECT_EQ(taken.wait_for(std::chrono::milliseconds(50)), std::future_status::timeout);
  mailbox.post(frame(7));
  ASSERT_EQ(taken.wait_for(std::chrono::seconds(5)), std::future_status::ready);
  EXPECT_EQ(taken.get()->index, 7);
  EXPECT_EQ(mailbox.dropped(), 0);
}

TEST(LatestFrameMailbox, IdleOnlyOnceTheWorkerFinishedItsFrame) {
  LatestFrameMailbox mailbox;
  mailbox.post(frame(1));
  ASSERT_TRUE(mailbox.take().has_value());
  std::stop_source stop;
  auto idle =
      std::async(std::launch::async, [&] { return mailbox.wait_until_idle(stop.get_token()); });
  EXPECT_EQ(idle.wait_for(std::chrono::milliseconds(50)), std::future_status::timeout);
  mailbox.finished();
  ASSERT_EQ(idle.wait_for(std::chrono::seconds(5)), std::future_status::ready);
  EXPECT_TRUE(idle.get());
}

TEST(LatestFrameMailbox, StoppingOrClosingWakesEveryWaiter) {
  LatestFrameMailbox mailbox;
  std::stop_source stop;
  auto stopped = std::async(std::launch::async, [&] { return mailbox.take(stop.get_token()); });
  stop.request_stop();
  ASSERT_EQ(stopped.wait_for(std::chrono::seconds(5)), std::future_status::ready);
  EXPECT_FALSE(stopped.get().has_value());

  auto closed = std::async(std::launch::async, [&] { return mailbox.take(); });
  mailbox.close();
  ASSERT_EQ(closed.wait_for(std::chrono::seconds(5)), std::future_status::ready);
  EXPECT_FALSE(closed.get().has_value());
  mailbox.post(frame(2));
  EXPECT_FALSE(mailbox.take().has_value()) << "a closed mailbox takes nothing more";
}

TEST(LatestFrameMailbox, ClearThrowsAwayTheWaitingFrame) {
  LatestFrameMailbox mailbox;
  mailbox.post(frame(1));
  mailbox.clear();
  std::stop_source stop;
  auto taken = std::async(std::launch::async, [&] { return mailbox.take(stop.get_token()); });
  EXPECT_EQ(taken.wait_for(std::chrono::milliseconds(50)), std::future_status::timeout);
  stop.request_stop();
  EXPECT_FALSE(taken.get().has_value());
}

}  // namespace
}  // namespace tableref::gui
