// The reads of a still view: the view is confirmed when the last read agrees with one of the two
// before it, so that one spoilt read between two that agree does not hold it back.

#include "live/recent_reads.hpp"

#include <gtest/gtest.h>

namespace tableref::live {
namespace {

bool equal(int a, int b) {
  return a == b;
}

TEST(RecentReads, OneReadConfirmsNothing) {
  RecentReads<int> reads;
  EXPECT_FALSE(reads.last_agrees(equal));
  reads.add(3);
  EXPECT_FALSE(reads.last_agrees(equal));
  ASSERT_TRUE(reads.last());
  EXPECT_EQ(*reads.last(), 3);
}

TEST(RecentReads, TwoReadsThatAgreeAroundAFlickerConfirmTheView) {
  RecentReads<int> reads;
  reads.add(3);
  reads.add(4);  // a flicker
  EXPECT_FALSE(reads.last_agrees(equal));
  reads.add(3);
  EXPECT_TRUE(reads.last_agrees(equal));
}

TEST(RecentReads, OnlyTheTwoReadsBeforeTheLastCount) {
  RecentReads<int> reads;
  reads.add(3);
  reads.add(4);
  reads.add(5);
  reads.add(3);  // the first read is three back: too old
  EXPECT_FALSE(reads.last_agrees(equal));
}

TEST(RecentReads, ClearedReadsConfirmNothing) {
  RecentReads<int> reads;
  reads.add(3);
  reads.add(3);
  EXPECT_TRUE(reads.last_agrees(equal));
  reads.clear();
  EXPECT_FALSE(reads.last());
  reads.add(3);
  EXPECT_FALSE(reads.last_agrees(equal)) << "the table moved: reads from before say nothing";
}

}  // namespace
}  // namespace tableref::live
