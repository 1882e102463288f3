// The clips the README's demo referees (samples/media, made by scripts/make-samples.sh): the live
// referee announces exactly the plays the renderer recorded for each.

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

struct Clip {
  referee::Game game;
  int players;
};

std::string clip_name(const ::testing::TestParamInfo<Clip>& clip) {
  return std::string(referee::game_name(clip.param.game));
}

class BundledClip : public ::testing::TestWithParam<Clip> {};

TEST_P(BundledClip, IsRefereedToItsTrueEvents) {
  const std::filesystem::path folder = kMedia / std::string(referee::game_name(GetParam().game));
  const auto truth = read_event_log(folder / "game.events.jsonl");
  ASSERT_TRUE(truth.ok()) << truth.error().message;
  auto source = FrameSource::open((folder / "game.mp4").string());
  ASSERT_TRUE(source.ok()) << source.error().message;

  LiveOptions options;
  options.game = GetParam().game;
  options.players = default_player_names(GetParam().players);
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

INSTANTIATE_TEST_SUITE_P(Games, BundledClip,
                         ::testing::Values(Clip{referee::Game::freeze, 2},
                                           Clip{referee::Game::trio, 3},
                                           Clip{referee::Game::punto, 2},
                                           Clip{referee::Game::bugs, 2}),
                         clip_name);

}  // namespace
}  // namespace tableref::live
