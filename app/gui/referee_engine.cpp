#include "gui/referee_engine.hpp"

#include <stdexcept>

#include "live/live_referee.hpp"
#include "referee/freeze/round.hpp"

namespace tableref::gui {

namespace {

// The live referee (live/): reads a settled view, follows the game's rules, and keeps the
// committed layout. Its scoreboard is put in the app's shape.
class LiveEngine final : public RefereeEngine {
 public:
  LiveEngine(const GameSetup& setup, SeatOf seat_of, const vision::ColourReferences& references,
             std::shared_ptr<const vision::LensCorrection> lens)
      : setup_(setup),
        referee_(options_for(setup, std::move(seat_of), references, std::move(lens))) {}

  EngineReport process(const cv::Mat& bgr, double time_s, int frame_index) override {
    live::FrameReport frame = referee_.process(bgr, time_s, frame_index);
    return {frame.still, frame.unstable, std::move(frame.events), std::move(frame.layout)};
  }

  nlohmann::json scoreboard() const override {
    const nlohmann::json live_board = referee_.scoreboard();
    nlohmann::json board = empty_scoreboard(setup_);
    board["round"] = live_board.value("round", 1);
    board["over"] = live_board.value("match_over", false);
    const auto players = live_board.find("players");
    if (players == live_board.end() || !players->is_array()) return board;
    for (nlohmann::json& row : board["players"]) {
      for (const nlohmann::json& live_row : *players) {
        if (live_row.value("player", std::string()) != row["name"]) continue;
        if (live_row.contains("tricks") && live_row["tricks"].is_object()) {
          for (auto& [colour, count] : row["tricks"].items()) {
            count = live_row["tricks"].value(colour, 0);
          }
        }
        const int total = live_row.value("total", 0);
        row["points"] = total;
        // Monster Freeze: each trick keeps its three cards; Trio: a point is a card won.
        const int cards_per_point =
            setup_.game == referee::Game::freeze ? referee::freeze::kCardsPerTrick : 1;
        row["cards_won"] = live_row.value("cards_won", total * cards_per_point);
        row["rounds"] = live_row.value("rounds_won", 0);
        row["chain"] = live_row.value("chain", 0);
        row["black"] = live_row.value("black", 0);
        row["in_hand"] = live_row.value("hand", 0);
        if (live_row.contains("colors")) row["colors"] = live_row["colors"];
        if (live_row.contains("team")) row["team"] = live_row["team"];
        // Bugs & Co: the collection as it stands, and the trophy once the player stopped.
        row["tiles"] = live_row.value("tiles", 0);
        row["trophy"] = live_row.value("trophy", 0);
        if (live_row.contains("score") && live_row["score"].is_object())
          row["sets"] = live_row["score"].value("sets", 0);
      }
    }
    return board;
  }

  std::string description() const override {
    return std::string(referee::game_name(setup_.game)) +
           ": refereed live; the table is read once it holds still with no hands over it";
  }

 private:
  static live::LiveOptions options_for(const GameSetup& setup, SeatOf seat_of,
                                       const vision::ColourReferences& references,
                                       std::shared_ptr<const vision::LensCorrection> lens) {
    live::LiveOptions options;
    options.references = references;
    options.lens = std::move(lens);
    options.game = setup.game;
    options.players = setup.players;
    options.first_player = setup.first_player;
    options.rounds_to_win = setup.rounds_to_win;
    options.team_game = setup.team_game;
    options.seat_of = std::move(seat_of);
    options.settle_seconds = setup.settle_seconds;
    options.solo_seconds = setup.solo_seconds;
    return options;
  }

  GameSetup setup_;
  live::LiveReferee referee_;
};

// A game this build cannot read yet: the picture is shown, nothing is judged.
class UnreadGameEngine final : public RefereeEngine {
 public:
  explicit UnreadGameEngine(const GameSetup& setup) : setup_(setup) {}

  EngineReport process(const cv::Mat&, double, int) override {
    EngineReport report;
    report.layout = {{"status", "unsupported"}};
    return report;
  }
  nlohmann::json scoreboard() const override { return empty_scoreboard(setup_); }
  std::string description() const override {
    return std::string(referee::game_name(setup_.game)) +
           ": no reader for this game yet; the picture is shown, nothing is judged";
  }

 private:
  GameSetup setup_;
};

}  // namespace

nlohmann::json empty_scoreboard(const GameSetup& setup) {
  nlohmann::json board = {{"round", 1}, {"over", false}, {"players", nlohmann::json::array()}};
  for (std::size_t seat = 0; seat < setup.players.size(); ++seat) {
    nlohmann::json tricks = nlohmann::json::object();
    for (const referee::Colour colour : referee::kMonsterColours) {
      tricks[std::string(referee::colour_name(colour))] = 0;
    }
    board["players"].push_back({{"name", setup.players[seat]},
                                {"seat", seat},
                                {"tricks", tricks},
                                {"cards_won", 0},
                                {"points", 0},
                                {"rounds", 0}});
  }
  return board;
}

std::unique_ptr<RefereeEngine> make_engine(const GameSetup& setup, SeatOf seat_of,
                                           const vision::ColourReferences& references,
                                           std::shared_ptr<const vision::LensCorrection> lens) {
  try {
    return std::make_unique<LiveEngine>(setup, std::move(seat_of), references, std::move(lens));
  } catch (const std::invalid_argument&) {
    // A game the live referee does not follow yet.
    return std::make_unique<UnreadGameEngine>(setup);
  }
}

}  // namespace tableref::gui
