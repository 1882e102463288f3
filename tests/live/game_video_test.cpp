// Rendered games on video: their true events follow the rules and the filming, the same seed
// gives the same game, and the files written read back.

#include "samples/game_video.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "common/temporary_folder.hpp"
#include "live/event_log.hpp"
#include "live/frame_source.hpp"
#include "rendered_game.hpp"

namespace tableref::samples {
namespace {

namespace fs = std::filesystem;

TEST(GameVideo, TheTrueEventsFollowTheGameAsFilmed) {
  const auto& game = live::testing::short_game();
  const GameVideoTruth& truth = game.truth;
  ASSERT_EQ(truth.frames.size(), game.frames.size());
  ASSERT_FALSE(truth.events.empty());
  EXPECT_EQ(truth.events.front()["type"], "state");
  EXPECT_EQ(truth.events.front()["frame"], 0);
  int tricks = 0, previous_frame = 0;
  for (std::size_t i = 0; i < truth.events.size(); ++i) {
    const nlohmann::json& event = truth.events[i];
    const int frame = event["frame"];
    EXPECT_GE(frame, previous_frame);
    previous_frame = frame;
    EXPECT_DOUBLE_EQ(event["time_s"].get<double>(), frame / truth.fps);
    // Events come once the play has settled: no hand in the picture.
    EXPECT_EQ(truth.frames[static_cast<std::size_t>(frame)].hand_share, 0.0) << event.dump();
    if (event["type"] != "trick") continue;
    ++tricks;
    ASSERT_LT(i + 1, truth.events.size());
    EXPECT_EQ(truth.events[i + 1]["type"], "score");
    EXPECT_EQ(truth.events[i + 1]["frame"], frame);
  }
  EXPECT_EQ(tricks, game.options.max_tricks);
  int hand_frames = 0;
  for (const VideoFrameTruth& frame : truth.frames) hand_frames += frame.hand_share > 0 ? 1 : 0;
  EXPECT_GT(hand_frames, 0);
  EXPECT_LT(hand_frames, static_cast<int>(truth.frames.size()) / 2);
}

GameVideoOptions tiny_game() {
  GameVideoOptions options = live::testing::short_game_options();
  options.fps = 3;
  options.max_tricks = 1;
  options.passing_hand_share = 0;
  options.min_still_s = 0.6;
  options.max_still_s = 0.8;
  return options;
}

using tableref::testing::TemporaryFolder;

TEST(GameVideo, TheSameSeedFilmsTheSameGameIntoReadableFiles) {
  std::vector<cv::Mat> frames;
  const GameVideoTruth truth = render_game_video(
      tiny_game(), 5, [&](const cv::Mat& bgr, int, double) { frames.push_back(bgr.clone()); });
  const TemporaryFolder folder("game-video");

  const auto video = write_game_video(tiny_game(), 5, folder.path / "game.avi");
  ASSERT_TRUE(video.ok()) << video.error().message;
  EXPECT_EQ(video.value().events, truth.events);
  const GameVideoFiles files = game_video_files(folder.path / "game.avi");
  EXPECT_EQ(files.events, folder.path / "game.events.jsonl");
  const auto logged = live::read_event_log(files.events);
  ASSERT_TRUE(logged.ok());
  EXPECT_EQ(logged.value().events, truth.events);
  EXPECT_TRUE(fs::exists(files.truth));
  auto source = live::FrameSource::open(files.frames.string());
  ASSERT_TRUE(source.ok()) << source.error().message;
  int read = 0;
  while (std::optional<live::Frame> frame = source.value().next()) {
    ASSERT_EQ(frame->bgr.size(), frames[0].size());
    // Motion JPEG loses a little (mostly the sensor noise): each frame still looks like the one
    // rendered, within 4 levels per channel on average.
    const double difference =
        cv::norm(frame->bgr, frames[static_cast<std::size_t>(read)], cv::NORM_L1);
    EXPECT_LT(difference / static_cast<double>(frame->bgr.total() * 3), 4.0);
    ++read;
  }
  EXPECT_EQ(read, static_cast<int>(frames.size()));

  const auto pictures = write_game_video(tiny_game(), 5, folder.path / "frames");
  ASSERT_TRUE(pictures.ok()) << pictures.error().message;
  auto folder_source = live::FrameSource::open((folder.path / "frames").string());
  ASSERT_TRUE(folder_source.ok());
  EXPECT_EQ(folder_source.value().frame_count(), static_cast<int>(frames.size()));
  EXPECT_TRUE(fs::exists(folder.path / "frames" / "events.jsonl"));
}

TEST(GameVideo, AnMp4ClipIsSmallerAndReadsBackFrameForFrame) {
  std::vector<cv::Mat> frames;
  render_game_video(tiny_game(), 5,
                    [&](const cv::Mat& bgr, int, double) { frames.push_back(bgr.clone()); });
  const TemporaryFolder folder("game-video");
  const auto clip = write_game_video(tiny_game(), 5, folder.path / "game.mp4");
  ASSERT_TRUE(clip.ok()) << clip.error().message;
  EXPECT_TRUE(fs::exists(folder.path / "game.events.jsonl"));
  const auto motion_jpeg = write_game_video(tiny_game(), 5, folder.path / "game.avi");
  ASSERT_TRUE(motion_jpeg.ok());
  EXPECT_LT(fs::file_size(folder.path / "game.mp4"), fs::file_size(folder.path / "game.avi"));

  auto source = live::FrameSource::open((folder.path / "game.mp4").string());
  ASSERT_TRUE(source.ok()) << source.error().message;
  int read = 0;
  while (std::optional<live::Frame> frame = source.value().next()) {
    ASSERT_LT(read, static_cast<int>(frames.size()));
    // Inter-frame coding drops most of the sensor noise; the picture stays the rendered one.
    const double difference =
        cv::norm(frame->bgr, frames[static_cast<std::size_t>(read)], cv::NORM_L1);
    EXPECT_LT(difference / static_cast<double>(frame->bgr.total() * 3), 6.0) << read;
    ++read;
  }
  EXPECT_EQ(read, static_cast<int>(frames.size()));
}

TEST(GameVideo, RefusesGamesItCannotFilm) {
  const auto sink = [](const cv::Mat&, int, double) {};
  GameVideoOptions trio = tiny_game();
  trio.game = referee::Game::trio;
  EXPECT_THROW(render_game_video(trio, 1, sink), std::invalid_argument);
  GameVideoOptions crowd = tiny_game();
  crowd.players = 5;
  EXPECT_THROW(render_game_video(crowd, 1, sink), std::invalid_argument);
  GameVideoOptions frozen = tiny_game();
  frozen.fps = 0;
  EXPECT_THROW(render_game_video(frozen, 1, sink), std::invalid_argument);
  GameVideoOptions tiny_picture = tiny_game();
  tiny_picture.image_size = cv::Size(160, 90);
  EXPECT_THROW(render_game_video(tiny_picture, 1, sink), std::invalid_argument);
}

}  // namespace
}  // namespace tableref::samples
