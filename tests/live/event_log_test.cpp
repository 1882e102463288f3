// The referee's log: flushed event by event, read back past a crash, and resumed so that the
// game ends as if it had never stopped.

#include "live/event_log.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "live/event_score.hpp"
#include "rendered_game.hpp"

namespace tableref::live {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct TemporaryFile {
  fs::path path;
  explicit TemporaryFile(const std::string& name)
      : path(fs::temp_directory_path() /
             ("tableref-live-" + std::to_string(::getpid()) + "-" + name)) {
    fs::remove(path);
  }
  ~TemporaryFile() { fs::remove(path); }
};

int lines_in(const fs::path& path) {
  std::ifstream in(path);
  std::string line;
  int count = 0;
  while (std::getline(in, line)) ++count;
  return count;
}

TEST(EventLog, EachEventIsOnDiskAsSoonAsItIsWritten) {
  const TemporaryFile file("flushed.jsonl");
  auto writer = EventLogWriter::open(file.path, false);
  ASSERT_TRUE(writer.ok());
  ASSERT_TRUE(writer.value().write({{"frame", 1}, {"time_s", 0.1}, {"type", "state"}}));
  EXPECT_EQ(lines_in(file.path), 1);  // read while the writer is still open
  ASSERT_TRUE(writer.value().write({{"frame", 2}, {"time_s", 0.2}, {"type", "state"}}));
  EXPECT_EQ(lines_in(file.path), 2);
}

TEST(EventLog, ALastLineCutShortByACrashIsLeftOut) {
  const TemporaryFile file("cut.jsonl");
  std::ofstream(file.path) << "{\"frame\":1,\"type\":\"state\"}\n{\"frame\":2,\"type\":\"tri";
  const auto read = read_event_log(file.path);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read.value().events.size(), 1u);
  EXPECT_TRUE(read.value().cut_short);

  std::ofstream(file.path) << "{\"frame\":1}\nnot json\n{\"frame\":2}\n";
  const auto broken = read_event_log(file.path);
  ASSERT_FALSE(broken.ok());
  EXPECT_NE(broken.error().message.find("line 2"), std::string::npos) << broken.error().message;
  EXPECT_FALSE(read_event_log(file.path.string() + ".missing").ok());
}

TEST(EventLog, RewritingKeepsOnlyTheGivenEvents) {
  const TemporaryFile file("rewritten.jsonl");
  std::ofstream(file.path) << "{\"frame\":1}\n{\"fra";
  ASSERT_FALSE(rewrite_event_log(file.path, {{{"frame", 1}}}).has_value());
  const auto read = read_event_log(file.path);
  ASSERT_TRUE(read.ok());
  EXPECT_FALSE(read.value().cut_short);
  EXPECT_EQ(read.value().events.size(), 1u);
}

using testing::contents;

TEST(Resume, ATruncatedLogEndsTheGameLikeAnUninterruptedRun) {
  const auto& game = testing::short_game();
  LiveReferee uninterrupted(testing::live_options(game));
  const std::vector<json> all = testing::referee_frames(uninterrupted, game).events;
  const auto first_trick = std::find_if(all.begin(), all.end(),
                                        [](const json& event) { return event["type"] == "trick"; });
  ASSERT_NE(first_trick, all.end());
  const auto mid_frame = static_cast<std::size_t>(first_trick - all.begin());
  // Cut inside a frame's events (its state logged, its trick not), and between frames.
  for (const std::size_t cut : {mid_frame, mid_frame + 2}) {
    const std::vector<json> logged(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(cut));
    auto resumed = LiveReferee::resume(testing::live_options(game), logged);
    ASSERT_TRUE(resumed.ok()) << resumed.error().message;
    LiveReferee& referee = resumed.value();
    EXPECT_EQ(referee.next_frame(), logged.back()["frame"].get<int>() + 1);
    const std::vector<json> announced =
        testing::referee_frames(referee, game, referee.next_frame()).events;
    std::vector<json> whole = logged;
    whole.insert(whole.end(), announced.begin(), announced.end());
    EXPECT_EQ(contents(whole), contents(all)) << "cut after " << cut << " events";
    EXPECT_EQ(announced.size(), all.size() - cut);  // nothing announced twice
    EXPECT_EQ(referee.scoreboard(), uninterrupted.scoreboard());
  }
}

TEST(Resume, RefusesALogThatIsNotOfThisGame) {
  const auto& game = testing::short_game();
  LiveReferee referee(testing::live_options(game));
  const std::vector<json> all = testing::referee_frames(referee, game).events;

  LiveOptions others = testing::live_options(game);
  others.players = {"Ann", "Bob"};
  EXPECT_FALSE(LiveReferee::resume(others, all).ok());

  std::vector<json> invented = all;
  invented.push_back({{"frame", 5000},
                      {"time_s", 625.0},
                      {"type", "trick"},
                      {"player", "P1"},
                      {"color", "red"},
                      {"options", {"red"}}});
  const auto refused = LiveReferee::resume(testing::live_options(game), invented);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("frame 5000"), std::string::npos)
      << refused.error().message;

  std::vector<json> backwards = all;
  backwards.push_back(all.front());
  EXPECT_FALSE(LiveReferee::resume(testing::live_options(game), backwards).ok());
}

}  // namespace
}  // namespace tableref::live
