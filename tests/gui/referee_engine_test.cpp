// The freeze engine on the sample game: each scripted play gives the verdict the rules give it.
#include "gui/referee_engine.hpp"

#include <gtest/gtest.h>

#include <opencv2/videoio.hpp>

#include "gui_test_support.hpp"
#include "referee/events.hpp"

namespace tableref::gui {
namespace {

struct Replay {
  std::vector<nlohmann::json> verdicts;
  nlohmann::json scoreboard;
};

Replay replay_sample_clip() {
  const SampleGame game = sample_game();
  cv::VideoCapture capture(testing::sample_clip().string());
  EXPECT_TRUE(capture.isOpened());
  const double fps = capture.get(cv::CAP_PROP_FPS);
  const cv::Size size(static_cast<int>(capture.get(cv::CAP_PROP_FRAME_WIDTH)),
                      static_cast<int>(capture.get(cv::CAP_PROP_FRAME_HEIGHT)));
  const int seats = static_cast<int>(game.setup.players.size());
  auto engine = make_engine(
      game.setup, [size, seats](cv::Point2d point) { return image_seat(point, size, seats); });
  Replay replay;
  cv::Mat frame;
  for (int index = 0; capture.read(frame); ++index) {
    const EngineReport report = engine->process(frame, index / fps, index);
    for (const referee::Event& event : report.events) {
      const nlohmann::json line = referee::to_json(event);
      const std::string type = line["type"];
      if (type == "trick" || type == "illegal") replay.verdicts.push_back(line);
    }
  }
  replay.scoreboard = engine->scoreboard();
  return replay;
}

TEST(FreezeEngine, RulesEachPlayOfTheSampleGameAsScripted) {
  const Replay replay = replay_sample_clip();
  const std::vector<nlohmann::json> expected = sample_game().expected_verdicts;
  ASSERT_EQ(replay.verdicts.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    for (const auto& [key, value] : expected[i].items()) {
      EXPECT_EQ(replay.verdicts[i][key], value) << "verdict " << i << ": " << replay.verdicts[i];
    }
  }
}

TEST(FreezeEngine, ScoreboardCountsTricksPerColour) {
  const Replay replay = replay_sample_clip();
  const auto& players = replay.scoreboard["players"];
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(players[0]["name"], "Alice");
  EXPECT_EQ(players[0]["tricks"]["red"], 1);
  EXPECT_EQ(players[0]["tricks"]["green"], 1);
  EXPECT_EQ(players[0]["tricks"]["yellow"], 0) << "the misaligned stack earns nothing";
  EXPECT_EQ(players[0]["points"], 2);
  EXPECT_EQ(players[0]["cards_won"], 6);
  EXPECT_EQ(players[1]["tricks"]["blue"], 1);
  EXPECT_EQ(players[1]["points"], 1);
}

TEST(ImageSeat, SplitsThePictureClockwiseFromTheBottom) {
  const cv::Size size(1280, 720);
  EXPECT_EQ(image_seat({640, 700}, size, 2), 0);
  EXPECT_EQ(image_seat({640, 20}, size, 2), 1);
  EXPECT_EQ(image_seat({640, 700}, size, 4), 0);
  EXPECT_EQ(image_seat({20, 360}, size, 4), 1);
  EXPECT_EQ(image_seat({640, 20}, size, 4), 2);
  EXPECT_EQ(image_seat({1260, 360}, size, 4), 3);
  EXPECT_EQ(seat_name(1, 4), "left");
  EXPECT_EQ(seat_name(2, 3), "top right");
  EXPECT_EQ(seat_name(3, 6), "12 o'clock");
  EXPECT_EQ(seat_name(4, 4), "no seat");
  EXPECT_EQ(image_seat({0, 0}, size, 1), 0);
}

}  // namespace
}  // namespace tableref::gui
