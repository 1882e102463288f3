// Frames from files: a folder's pictures in name order, every frame when asked for, and a clear
// failure for an input that cannot be opened.
#include "gui/video_file_source.hpp"

#include <gtest/gtest.h>

#include <QElapsedTimer>
#include <atomic>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <thread>

#include "gui_test_support.hpp"

namespace tableref::gui {
namespace {

std::filesystem::path frames_folder() {
  const std::filesystem::path folder = testing::screenshot_dir().parent_path() / "frames-folder";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  // Written out of order, with a file that is no picture.
  for (const int index : {2, 0, 3, 1}) {
    cv::imwrite(
        (folder / ("frame-" + std::to_string(index) + (index == 1 ? ".jpg" : ".png"))).string(),
        cv::Mat(24, 32, CV_8UC3, cv::Scalar::all(10 + 40 * index)));
  }
  std::ofstream(folder / "notes.txt") << "not a frame";
  return folder;
}

TEST(FolderFrames, ListsThePicturesSortedByName) {
  const auto frames = folder_frames(frames_folder());
  ASSERT_EQ(frames.size(), 4u);
  for (std::size_t i = 0; i < frames.size(); ++i) {
    EXPECT_EQ(frames[i].stem().string(), "frame-" + std::to_string(i));
  }
  EXPECT_TRUE(folder_frames("/no/such/folder").empty());
}

TEST(VideoFileSource, DeliversEveryFrameOfAFolderInOrderWhenAskedTo) {
  auto mailbox = std::make_shared<LatestFrameMailbox>();
  PlaybackOptions options;
  options.every_frame = true;
  VideoFileSource source(frames_folder(), options, mailbox);
  // A reader that takes its time over each frame: nothing may be dropped.
  std::vector<int> read;
  std::jthread reader([&](std::stop_token stop) {
    while (auto frame = mailbox->take(stop)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      read.push_back(static_cast<int>(frame->bgr.at<cv::Vec3b>(0, 0)[0]));
      mailbox->finished();
    }
  });
  std::vector<int> shown;
  bool finished = false;
  QObject::connect(&source, &FrameSource::frameReady,
                   [&](const Frame& frame) { shown.push_back(frame.index); });
  QObject::connect(&source, &FrameSource::finished, [&] { finished = true; });
  source.start();
  ASSERT_TRUE(testing::wait_until([&] { return finished; }, 10000));
  EXPECT_EQ(shown, (std::vector<int>{0, 1, 2, 3}));
  reader.request_stop();
  reader.join();
  ASSERT_EQ(read.size(), 4u);
  EXPECT_NEAR(read[1], 50, 6) << "the JPEG frame is second";
  EXPECT_EQ(read[3], 130);
  EXPECT_EQ(mailbox->dropped(), 0);
}

TEST(VideoFileSource, PacesAFolderAtItsFrameRate) {
  auto mailbox = std::make_shared<LatestFrameMailbox>();
  PlaybackOptions options;
  options.folder_fps = 20;  // four frames: the last one 0.15 s after the first
  VideoFileSource source(frames_folder(), options, mailbox);
  std::vector<double> times_s;
  bool finished = false;
  QElapsedTimer clock;
  QObject::connect(&source, &FrameSource::frameReady, [&](const Frame& frame) {
    EXPECT_DOUBLE_EQ(frame.time_s, frame.index / 20.0);
    times_s.push_back(static_cast<double>(clock.elapsed()) / 1000.0);
  });
  QObject::connect(&source, &FrameSource::finished, [&] { finished = true; });
  clock.start();
  source.start();
  ASSERT_TRUE(testing::wait_until([&] { return finished; }, 10000));
  ASSERT_EQ(times_s.size(), 4u);
  EXPECT_GE(times_s.back() - times_s.front(), 0.14);
}

TEST(VideoFileSource, SaysWhenAnInputCannotBeOpened) {
  auto mailbox = std::make_shared<LatestFrameMailbox>();
  const std::filesystem::path not_a_video =
      testing::screenshot_dir().parent_path() / "not-a-video.mp4";
  std::ofstream(not_a_video) << "garbage";
  VideoFileSource source(not_a_video, PlaybackOptions{}, mailbox);
  QString failure;
  QObject::connect(&source, &FrameSource::failed, [&](const QString& why) { failure = why; });
  source.start();
  ASSERT_TRUE(testing::wait_until([&] { return !failure.isEmpty(); }, 10000));
  EXPECT_TRUE(failure.contains("cannot open the video"));
  EXPECT_EQ(mailbox->posted(), 0);
}

}  // namespace
}  // namespace tableref::gui
