// Inputs of the live referee: a folder of frames, a video file, a camera, and the errors for
// inputs that cannot be read.

#include "live/frame_source.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iomanip>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/videoio.hpp>
#include <sstream>
#include <thread>

#include "common/temporary_folder.hpp"
#include "live/event_score.hpp"
#include "rendered_game.hpp"

namespace tableref::live {
namespace {

namespace fs = std::filesystem;

using tableref::testing::TemporaryFolder;

// Referees every frame of `source` and scores the events against the short game's truth.
EventScore referee_source(FrameSource& source) {
  const auto& game = testing::short_game();
  LiveReferee referee(testing::live_options(game));
  std::vector<nlohmann::json> announced;
  int frames = 0;
  while (std::optional<Frame> frame = source.next()) {
    EXPECT_EQ(frame->index, frames);
    EXPECT_DOUBLE_EQ(frame->time_s, frames / game.truth.fps);
    ++frames;
    for (const referee::Event& event :
         referee.process(frame->bgr, frame->time_s, frame->index).events) {
      announced.push_back(referee::to_json(event));
    }
  }
  EXPECT_EQ(frames, static_cast<int>(game.frames.size()));
  return score_events(game.truth.events, announced);
}

TEST(FrameSource, AFolderOfFramesIsReadInNameOrder) {
  const auto& game = testing::short_game();
  const TemporaryFolder folder("frames");
  // Written in reverse: the order comes from the names.
  for (int index = static_cast<int>(game.frames.size()) - 1; index >= 0; --index) {
    std::ostringstream name;
    name << "frame-" << std::setw(5) << std::setfill('0') << index << ".jpg";
    ASSERT_TRUE(cv::imwrite((folder.path / name.str()).string(),
                            game.frames[static_cast<std::size_t>(index)],
                            {cv::IMWRITE_JPEG_QUALITY, 95}));
  }
  std::ofstream(folder.path / "events.jsonl") << "{}\n";  // not a picture: left out
  auto source = FrameSource::open(folder.path.string(), game.truth.fps);
  ASSERT_TRUE(source.ok()) << source.error().message;
  EXPECT_EQ(source.value().frame_count(), static_cast<int>(game.frames.size()));
  EXPECT_FALSE(source.value().is_camera());
  const EventScore score = referee_source(source.value());
  EXPECT_EQ(score.recall(), 1.0);
  EXPECT_EQ(score.precision(), 1.0);
}

TEST(FrameSource, AMotionJpegVideoReadsBackFrameByFrame) {
  const auto& game = testing::short_game();
  const TemporaryFolder folder("video");
  const fs::path path = folder.path / "game.avi";
  {
    cv::VideoWriter writer(path.string(), cv::VideoWriter::fourcc('M', 'J', 'P', 'G'),
                           game.truth.fps, game.frames[0].size());
    ASSERT_TRUE(writer.isOpened());
    writer.set(cv::VIDEOWRITER_PROP_QUALITY, 95);
    for (const cv::Mat& frame : game.frames) writer.write(frame);
  }
  auto source = FrameSource::open(path.string());
  ASSERT_TRUE(source.ok()) << source.error().message;
  EXPECT_DOUBLE_EQ(source.value().fps(), game.truth.fps);
  const EventScore score = referee_source(source.value());
  EXPECT_EQ(score.recall(), 1.0);
  EXPECT_EQ(score.precision(), 1.0);
}

TEST(FrameSource, SkippingResumesAtTheGivenFrame) {
  const auto& game = testing::short_game();
  const TemporaryFolder folder("skip");
  for (int index = 0; index < 5; ++index) {
    cv::imwrite((folder.path / ("f" + std::to_string(index) + ".png")).string(), game.frames[0]);
  }
  auto source = FrameSource::open(folder.path.string(), 4);
  ASSERT_TRUE(source.ok());
  source.value().skip_to(3);
  const std::optional<Frame> frame = source.value().next();
  ASSERT_TRUE(frame.has_value());
  EXPECT_EQ(frame->index, 3);
  EXPECT_DOUBLE_EQ(frame->time_s, 0.75);
}

TEST(FrameSource, InRealTimeFramesComeAtTheirTimeAndABusyRefereeMissesSome) {
  const auto& game = testing::short_game();
  const TemporaryFolder folder("paced");
  constexpr int kFrames = 8;
  for (int index = 0; index < kFrames; ++index) {
    cv::imwrite((folder.path / ("f" + std::to_string(index) + ".png")).string(), game.frames[0]);
  }
  constexpr double kFps = 20;
  auto source = FrameSource::open(folder.path.string(), kFps);
  ASSERT_TRUE(source.ok());
  source.value().play_in_real_time();
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  std::vector<int> indices;
  while (const std::optional<Frame> frame = source.value().next()) {
    indices.push_back(frame->index);
    EXPECT_DOUBLE_EQ(frame->time_s, frame->index / kFps);  // the footage's time, not the clock's
    // No frame comes before its time.
    EXPECT_GE(std::chrono::duration<double>(Clock::now() - start).count(),
              frame->index / kFps - 0.002);
    // Busy for three frames' length after frame 2: frame 3, then 4, were shown meanwhile.
    if (frame->index == 2) std::this_thread::sleep_for(std::chrono::milliseconds(160));
  }
  ASSERT_GE(indices.size(), 2u);
  EXPECT_TRUE(std::is_sorted(indices.begin(), indices.end()));
  EXPECT_GE(source.value().dropped_frames(), 2);
  EXPECT_EQ(static_cast<int>(indices.size()) + source.value().dropped_frames(), kFrames);
  EXPECT_EQ(std::count(indices.begin(), indices.end(), 3), 0);
}

TEST(FrameSource, InputsThatCannotBeOpenedSayWhy) {
  const auto camera = FrameSource::open("camera:7");
  ASSERT_FALSE(camera.ok());
  EXPECT_EQ(camera.error().message, "camera:7: cannot open camera 7");
  EXPECT_FALSE(FrameSource::open("camera:first").ok());

  const auto missing = FrameSource::open("/no/such/game.avi");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("no such file"), std::string::npos);

  const TemporaryFolder folder("errors");
  const fs::path not_a_video = folder.path / "notes.avi";
  std::ofstream(not_a_video) << "these are notes, not a video\n";
  const auto unreadable = FrameSource::open(not_a_video.string());
  ASSERT_FALSE(unreadable.ok());
  EXPECT_NE(unreadable.error().message.find("cannot read the video"), std::string::npos)
      << unreadable.error().message;

  const TemporaryFolder empty("empty");
  const auto no_pictures = FrameSource::open(empty.path.string());
  ASSERT_FALSE(no_pictures.ok());
  EXPECT_NE(no_pictures.error().message.find("no pictures"), std::string::npos);
}

}  // namespace
}  // namespace tableref::live
