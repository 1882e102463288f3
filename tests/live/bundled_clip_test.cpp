// The clip the README's demo referees (samples/media, made by scripts/make-samples.sh): the live
// referee announces exactly the plays the renderer recorded for it.

#include <gtest/gtest.h>

#include <filesystem>

#include "live/event_log.hpp"
#include "live/event_score.hpp"
#include "live/frame_source.hpp"
#include "live/live_referee.hpp"

namespace tableref::live {
namespace {

const std::filesystem::path kMedia =
    std::filesystem::path(TABLEREF_SOURCE_DIR) / "samples" / "media";

TEST(BundledClip, TheFreezeGameIsRefereedToItsTrueEvents) {
  const auto truth = read_event_log(kMedia / "freeze" / "game.events.jsonl");
  ASSERT_TRUE(truth.ok()) << truth.error().message;
  auto source = FrameSource::open((kMedia / "freeze" / "game.mp4").string());
  ASSERT_TRUE(source.ok()) << source.error().message;

  LiveOptions options;
  options.players = default_player_names(2);
  LiveReferee referee(options);
  while (std::optional<Frame> frame = source.value().next())
    referee.process(frame->bgr, frame->time_s, frame->index);

  std::vector<nlohmann::json> announced;
  for (const referee::Event& event : referee.events()) announced.push_back(referee::to_json(event));
  const EventScore score = score_events(truth.value().events, announced);
  EXPECT_GE(score.truth, 8);
  EXPECT_EQ(score.matched, score.truth);
  EXPECT_EQ(score.announced, score.truth);
  EXPECT_EQ(score.false_tricks, 0);
  EXPECT_LE(score.max_delay_s(), 0.5);
}

}  // namespace
}  // namespace tableref::live
