// The tableref command run as a user runs it: bad input gets one line on standard error and
// exit status 2, never a crash; a calibration profile is taken by analyze and referee.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "common/temporary_folder.hpp"

namespace tableref::cli {
namespace {

namespace fs = std::filesystem;
using tableref::testing::TemporaryFolder;

const fs::path kMedia = fs::path(TABLEREF_SOURCE_DIR) / "samples" / "media";
const fs::path kFreezePicture = kMedia / "freeze" / "freeze-webcam-7-0001.jpg";

struct CommandRun {
  int status = -1;  // the exit status; -1 when the command did not exit (a crash)
  std::string out, err;
};

std::string file_text(const fs::path& path) {
  std::ifstream file(path);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// Runs `tableref ARGUMENTS` through the shell, capturing both outputs.
CommandRun tableref(const std::string& arguments, const fs::path& folder) {
  const fs::path out = folder / "stdout.txt", err = folder / "stderr.txt";
  const std::string command = std::string("'") + TABLEREF_COMMAND + "' " + arguments + " >'" +
                              out.string() + "' 2>'" + err.string() + "'";
  const int raw = std::system(command.c_str());
  CommandRun run;
  if (raw != -1 && WIFEXITED(raw)) run.status = WEXITSTATUS(raw);
  run.out = file_text(out);
  run.err = file_text(err);
  return run;
}

int line_count(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

std::string quoted(const fs::path& path) {
  return "'" + path.string() + "'";
}

TEST(Command, BadInputGetsOneLineAndStatusTwo) {
  const TemporaryFolder folder("cli-bad-input");
  std::ofstream(folder.path / "empty.jpg").close();
  std::ofstream(folder.path / "deck.json") << "{\"cards\": [";
  std::ofstream(folder.path / "record.json") << "{\"game\": \"freeze\", \"plays\": 3}";
  std::ofstream(folder.path / "profile.yml") << "%YAML:1.0\n---\ntableref_profile_version: 7\n";
  const std::string picture = quoted(kFreezePicture);
  const std::vector<std::string> bad_commands = {
      "analyze --game freeze " + quoted(folder.path / "missing.jpg"),
      "analyze --game trio " + quoted(folder.path / "empty.jpg"),
      "analyze --game chess " + picture,
      "analyze --game freeze --deck " + quoted(folder.path / "deck.json") + " " + picture,
      "analyze --game freeze --profile " + quoted(folder.path / "profile.yml") + " " + picture,
      "replay " + quoted(folder.path / "record.json"),
      "referee --game freeze --players 2 " + quoted(folder.path / "missing.mp4"),
      "referee --game freeze --players 2 camera:97",
      "referee --game freeze --players 9 " + quoted(kMedia / "freeze" / "game.mp4"),
      "referee --game trio --players 4 --teams " + quoted(kMedia / "trio" / "game.mp4"),
      "referee --game punto --players 3 --teams " + quoted(kMedia / "punto" / "game.mp4"),
      "render --game freeze --level fuzzy --out " + quoted(folder.path / "out"),
      "render --game freeze --rounds 0 --video " + quoted(folder.path / "game.avi"),
      "render --game freeze --still-seconds 0.1 --video " + quoted(folder.path / "game.avi"),
      "render --game punto --players 3 --teams --video " + quoted(folder.path / "game.avi"),
      "no-such-command",
  };
  for (const std::string& arguments : bad_commands) {
    const CommandRun run = tableref(arguments, folder.path);
    EXPECT_EQ(run.status, 2) << arguments << "\n" << run.err;
    EXPECT_EQ(line_count(run.err), 1) << arguments << "\n" << run.err;
    EXPECT_EQ(run.err.rfind("tableref: ", 0), 0u) << arguments << "\n" << run.err;
  }
}

TEST(Command, AnalyzeJsonIsOneLinePerPictureEvenWhenOneIsBad) {
  const TemporaryFolder folder("cli-json");
  const CommandRun run = tableref("analyze --game freeze --json " + quoted(kFreezePicture) + " " +
                                      quoted(folder.path / "missing.jpg"),
                                  folder.path);
  EXPECT_EQ(run.status, 2);
  std::istringstream lines(run.out);
  std::string first, second;
  ASSERT_TRUE(std::getline(lines, first));
  ASSERT_TRUE(std::getline(lines, second));
  EXPECT_EQ(nlohmann::json::parse(first)["status"], "ok");
  EXPECT_FALSE(nlohmann::json::parse(first)["stacks"].empty());
  EXPECT_EQ(nlohmann::json::parse(second)["status"], "error");
}

// Killed at any moment (SIGKILL: no chance to clean up), the referee loses no announced event,
// and --resume carries the game on to the same log as a run never interrupted.
TEST(Command, AKilledRefereeResumesToTheSameGame) {
  const TemporaryFolder folder("cli-kill-resume");
  const std::string clip = quoted(kMedia / "freeze" / "game.mp4");
  const std::string referee = "referee --game freeze --players 2 --json ";
  const fs::path whole_log = folder.path / "whole.log";
  ASSERT_EQ(tableref(referee + "--log " + quoted(whole_log) + " " + clip, folder.path).status, 0);
  const std::string whole = file_text(whole_log);
  ASSERT_GE(line_count(whole), 8);

  for (const char* after_s : {"0.3", "0.7", "1.1"}) {
    const fs::path log = folder.path / (std::string("killed-") + after_s + ".log");
    const std::string killed = "timeout -s KILL " + std::string(after_s) + " '" + TABLEREF_COMMAND +
                               "' " + referee + "--log " + quoted(log) + " " + clip +
                               " >/dev/null 2>&1";
    (void)std::system(killed.c_str());
    // Killed before it even opened its log, there is nothing to resume: the game starts anew.
    const std::string resume = fs::exists(log) ? "--resume " : "--log ";
    const CommandRun resumed = tableref(referee + resume + quoted(log) + " " + clip, folder.path);
    EXPECT_EQ(resumed.status, 0) << after_s << "\n" << resumed.err;
    EXPECT_EQ(file_text(log), whole) << "killed after " << after_s << " s";
  }
}

TEST(Command, BenchTimesAndScoresEveryReadableGame) {
  const TemporaryFolder folder("cli-bench");
  for (const std::string game : {"freeze", "trio", "punto"}) {
    const CommandRun run = tableref("bench --images 2 --game " + game, folder.path);
    EXPECT_EQ(run.status, 0) << game << "\n" << run.err;
    EXPECT_NE(run.out.find(game + " reader at width"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("BGR-to-gray"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("annotated picture:"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("OpenCV on 1 thread(s)"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("recall 100 %"), std::string::npos) << run.out;
  }
}

// With the table's scale known, as the live referee knows it, a picture that shows the cards
// larger than the reader needs is read shrunk (seed 4104 draws such a scene among its first three).
TEST(Command, BenchWithTheScaleKnownReadsLargePicturesShrunk) {
  const TemporaryFolder folder("cli-bench-scale");
  const std::string bench = "bench --images 3 --game freeze --seed 4104";
  const CommandRun full_size = tableref(bench, folder.path);
  const CommandRun scale_known = tableref(bench + " --scale-known", folder.path);
  ASSERT_EQ(full_size.status, 0) << full_size.err;
  ASSERT_EQ(scale_known.status, 0) << scale_known.err;
  EXPECT_EQ(full_size.out.find("shrink:"), std::string::npos) << full_size.out;
  EXPECT_NE(scale_known.out.find("shrink:"), std::string::npos) << scale_known.out;
  EXPECT_NE(scale_known.out.find("recall 100 %"), std::string::npos) << scale_known.out;
}

TEST(Command, AProfileFromTheCardsReadsTheSameAndChecksThePictureSize) {
  const TemporaryFolder folder("cli-profile");
  const fs::path profile = folder.path / "profile.yml";
  std::string pictures;
  for (const char* name :
       {"freeze-webcam-7-0000.jpg", "freeze-webcam-7-0001.jpg", "freeze-webcam-7-0002.jpg"}) {
    pictures += " " + quoted(kMedia / "freeze" / name);
  }
  ASSERT_EQ(tableref("calibrate colours --from-cards" + pictures + " --out " + quoted(profile),
                     folder.path)
                .status,
            0);
  const CommandRun plain = tableref("analyze --game freeze --json" + pictures, folder.path);
  const CommandRun profiled =
      tableref("analyze --game freeze --json --profile " + quoted(profile) + pictures, folder.path);
  ASSERT_EQ(plain.status, 0) << plain.err;
  ASSERT_EQ(profiled.status, 0) << profiled.err;
  std::istringstream plain_lines(plain.out), profiled_lines(profiled.out);
  std::string plain_line, profiled_line;
  while (std::getline(plain_lines, plain_line) && std::getline(profiled_lines, profiled_line)) {
    const auto plain_stacks = nlohmann::json::parse(plain_line)["stacks"];
    const auto profiled_stacks = nlohmann::json::parse(profiled_line)["stacks"];
    ASSERT_EQ(plain_stacks.size(), profiled_stacks.size());
    for (std::size_t i = 0; i < plain_stacks.size(); ++i)
      EXPECT_EQ(plain_stacks[i]["tricks"], profiled_stacks[i]["tricks"]);
  }

  // The table was measured on 1920x1080 pictures; the bundled ones are 1280x720.
  const fs::path with_table = folder.path / "table.yml";
  ASSERT_EQ(
      tableref("calibrate table --profile " + quoted(profile) + " --out " + quoted(with_table) +
                   " --corners 100,50 1800,50 1800,1030 100,1030 --size-mm 900,520 "
                   "--image-size 1920x1080 --seats 3",
               folder.path)
          .status,
      0);
  const CommandRun wrong_size = tableref(
      "analyze --game freeze --profile " + quoted(with_table) + " " + quoted(kFreezePicture),
      folder.path);
  EXPECT_EQ(wrong_size.status, 2);
  EXPECT_NE(wrong_size.err.find("1920x1080"), std::string::npos) << wrong_size.err;
  const CommandRun wrong_seats =
      tableref("referee --game freeze --players 2 --profile " + quoted(with_table) + " " +
                   quoted(kMedia / "freeze" / "game.mp4"),
               folder.path);
  EXPECT_EQ(wrong_seats.status, 2);
  EXPECT_NE(wrong_seats.err.find("seats are for 3 players"), std::string::npos) << wrong_seats.err;
}

// The camera part of a profile: the picture is read undistorted, and the corners come back in the
// picture's own pixels, where its truth has them.
TEST(Command, AProfileWithTheCameraReportsCornersInThePicturesOwnPixels) {
  const TemporaryFolder folder("cli-lens");
  const auto truth =
      nlohmann::json::parse(file_text(kMedia / "freeze" / "freeze-webcam-7-0001.json"));
  const auto& camera = truth["truth"]["camera"];
  const fs::path profile = folder.path / "camera.yml";
  {
    std::ofstream yaml(profile);
    yaml << "%YAML:1.0\n---\ntableref_profile_version: 1\nimage_width: 1280\nimage_height: 720\n"
         << "camera_matrix: !!opencv-matrix\n   rows: 3\n   cols: 3\n   dt: d\n   data: "
         << camera["camera_matrix"].dump() << "\ndistortion_coefficients: !!opencv-matrix\n"
         << "   rows: 5\n   cols: 1\n   dt: d\n   data: "
         << camera["distortion_coefficients"].dump() << "\n";
  }
  const CommandRun run = tableref(
      "analyze --game freeze --json --profile " + quoted(profile) + " " + quoted(kFreezePicture),
      folder.path);
  ASSERT_EQ(run.status, 0) << run.err;
  const auto read_stacks = nlohmann::json::parse(run.out)["stacks"];
  ASSERT_EQ(read_stacks.size(), truth["stacks"].size());
  for (const auto& true_stack : truth["stacks"]) {
    // The read stack nearest to this one of the truth, corner by corner.
    double nearest_px = 1e9;
    for (const auto& read_stack : read_stacks) {
      double farthest_corner_px = 0;
      for (int corner = 0; corner < 4; ++corner) {
        const double dx = read_stack["corners"][corner][0].get<double>() -
                          true_stack["corners"][corner][0].get<double>();
        const double dy = read_stack["corners"][corner][1].get<double>() -
                          true_stack["corners"][corner][1].get<double>();
        farthest_corner_px = std::max(farthest_corner_px, std::hypot(dx, dy));
      }
      nearest_px = std::min(nearest_px, farthest_corner_px);
    }
    EXPECT_LT(nearest_px, 2.5) << true_stack.dump();
  }
}

// Bugs & Co's end of game: every call in order, one per step, the last one STOP; a count the
// rules cannot mean is refused.
TEST(Command, TheCountdownCallsEachNumberThenStop) {
  const TemporaryFolder folder("cli-countdown");
  const CommandRun run =
      tableref("countdown --from 3 --seconds-per-count 0.1 --speech none --json", folder.path);
  ASSERT_EQ(run.status, 0) << run.err;
  std::istringstream lines(run.out);
  std::vector<std::string> calls;
  std::vector<double> times_s;
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json call = nlohmann::json::parse(line);
    EXPECT_EQ(call.at("type"), "countdown");
    calls.push_back(call.at("call").get<std::string>());
    times_s.push_back(call.at("time_s").get<double>());
  }
  EXPECT_EQ(calls, (std::vector<std::string>{"3", "2", "1", "STOP"}));
  ASSERT_EQ(times_s.size(), 4u);
  for (std::size_t i = 0; i < times_s.size(); ++i)
    EXPECT_NEAR(times_s[i], 0.1 * static_cast<double>(i), 1e-9);
  EXPECT_NE(run.err.find("speech off"), std::string::npos) << run.err;

  const CommandRun refused = tableref("countdown --from 0", folder.path);
  EXPECT_EQ(refused.status, 2);
  EXPECT_EQ(line_count(refused.err), 1) << refused.err;
}

}  // namespace
}  // namespace tableref::cli
