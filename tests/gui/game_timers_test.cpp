// The solo timer and the Bugs & Co countdown, on a clock the test moves.
#include "gui/game_timers.hpp"

#include <gtest/gtest.h>

namespace tableref::gui {
namespace {

struct FakeClock {
  double now_s = 1000;
  Clock clock() {
    return [this] { return now_s; };
  }
};

TEST(SoloTimerModel, AnnouncesTheLastMinuteThirtyAndTenSecondsAndTheEnd) {
  FakeClock time;
  SoloTimerModel timer(nullptr, time.clock());
  QStringList said;
  int expired = 0;
  QObject::connect(&timer, &SoloTimerModel::announce, [&](const QString& s) { said << s; });
  QObject::connect(&timer, &SoloTimerModel::expired, [&] { ++expired; });
  timer.set_duration_s(65);
  EXPECT_EQ(timer.text(), "1:05");
  timer.start();
  EXPECT_TRUE(timer.running());
  for (const double at : {4.9, 5.1, 20.0, 35.1, 50.0, 55.1, 64.9}) {
    time.now_s = 1000 + at;
    timer.tick();
  }
  EXPECT_EQ(said, (QStringList{"solo timer started: 1:05", "one minute left", "thirty seconds left",
                               "ten seconds left"}));
  EXPECT_EQ(timer.text(), "0:01");
  time.now_s = 1065;
  timer.tick();
  EXPECT_EQ(said.back(), "time is up");
  EXPECT_EQ(expired, 1);
  EXPECT_FALSE(timer.running());
  timer.tick();
  EXPECT_EQ(expired, 1);
}

TEST(SoloTimerModel, ChangingTheLengthStopsIt) {
  FakeClock time;
  SoloTimerModel timer(nullptr, time.clock());
  timer.start();
  time.now_s += 30;
  EXPECT_EQ(timer.text(), "1:30");
  timer.set_duration_s(180);
  EXPECT_FALSE(timer.running());
  EXPECT_EQ(timer.text(), "3:00");
}

TEST(CountdownModel, CallsTenToOneThenStopOnceEach) {
  FakeClock time;
  CountdownModel countdown(nullptr, time.clock());
  QStringList said;
  QObject::connect(&countdown, &CountdownModel::announce, [&](const QString& s) { said << s; });
  countdown.start();
  for (int step = 0; step < 130; ++step) {
    time.now_s += 0.1;
    countdown.tick();
  }
  EXPECT_EQ(said, (QStringList{"10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "STOP"}));
  EXPECT_FALSE(countdown.running());
  EXPECT_EQ(countdown.word(), "STOP");
}

}  // namespace
}  // namespace tableref::gui
