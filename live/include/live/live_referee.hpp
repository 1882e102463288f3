#pragma once
// The live referee: frames of a game over time in, events out (interface.md, `tableref
// referee`). It reads the table only once the view has been still, sharp and free of hands for
// `settle_seconds`, and only announces a layout that two reads of the same still view agree on;
// everything else is reported as `unstable` rather than guessed. What changed between two stable
// layouts is judged by the game's rules (game_follower.hpp).

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "live/game_follower.hpp"
#include "referee/events.hpp"
#include "referee/game.hpp"
#include "referee/result.hpp"
#include "vision/colour_references.hpp"
#include "vision/frame_quality.hpp"
#include "vision/lens_correction.hpp"

namespace tableref::live {

struct LiveOptions {
  referee::Game game = referee::Game::freeze;
  std::vector<std::string> players;  // names, clockwise; empty = P1, P2
  int first_player = 0;              // who plays first, for games with turns
  int rounds_to_win = 2;
  bool team_game = false;  // Punto with 4 players: partners opposite, lines of 5
  // Which part of the image belongs to which player; empty = N equal zones around the image's
  // centre, the first player's at the bottom, the others clockwise (seats.hpp).
  std::function<int(cv::Point2d image_point)> seat_of;
  double settle_seconds = 0.4;  // how long the table must be still before it is read
  double solo_seconds = 120;    // the solo timer (Monster Freeze with one player)
  // A still view that differs from the reference at the border of the picture for this long is
  // read all the same: an object left at the edge of the table, a change of light.
  double stale_reference_seconds = 3.0;
  vision::FrameQualityParams quality;
  // How colours look under this table's light: the palette's, or a calibrated profile's.
  vision::ColourReferences references = vision::palette_references();
  // A calibrated camera's lens to undo; none: pictures are read as they come.
  std::shared_ptr<const vision::LensCorrection> lens = nullptr;
};

// "P1", "P2", ... "Pn".
std::vector<std::string> default_player_names(int count);

struct FrameReport {
  bool still = false;                  // the view is not moving
  bool unstable = false;               // moving, hands, blur, occlusion: the layout is not read now
  std::vector<referee::Event> events;  // announced on this frame
  nlohmann::json layout;  // the analyze fields of the last stable layout (interface.md)
};

class LiveReferee {
 public:
  // Throws std::invalid_argument for options the game does not allow (players, rounds).
  explicit LiveReferee(LiveOptions options);

  // One frame (8-bit BGR; an empty frame is a gap in the input) taken at `time_s` seconds since
  // the start of the input. Frames come in order.
  FrameReport process(const cv::Mat& bgr, double time_s, int frame_index);

  const std::vector<referee::Event>& events() const { return events_; }  // announced so far
  // Per player: tricks per colour (or cards won) and points, and the rounds and match.
  nlohmann::json scoreboard() const { return follower_->scoreboard(); }
  nlohmann::json layout() const { return follower_->layout(); }
  const vision::FrameQuality& last_quality() const { return quality_; }
  const LiveOptions& options() const { return options_; }

  // Continues a game from the events of its log (JSON objects as `tableref referee` prints
  // them). The logged events count as announced; what the last logged frame should have caused
  // but the log lacks (a crash while writing) is announced with the next frame. An Error when the
  // log is not one of this game with these options.
  static referee::Result<LiveReferee> resume(LiveOptions options,
                                             const std::vector<nlohmann::json>& logged_events);
  // The frame after the last one of the resumed log (0 for a new game).
  int next_frame() const { return next_frame_; }

 private:
  void announce(std::vector<referee::Event> events, int frame_index, double time_s,
                FrameReport& report);
  void start_moving();
  // Reads the settled view when it is time to; true when it was read and confirmed.
  bool read_when_due(const cv::Mat& bgr, double still_for_s, double time_s, bool intruded,
                     FrameReport& report);
  referee::Result<bool> replay_frame(const std::vector<nlohmann::json>& logged, bool last_frame);

  LiveOptions options_;
  std::unique_ptr<GameFollower> follower_;
  vision::FrameQualityMeter meter_;
  vision::FrameQuality quality_;
  bool seats_known_ = false;
  std::vector<referee::Event> events_;
  std::vector<referee::Event> pending_;  // to announce with the next frame (after a resume)
  int next_frame_ = 0;

  // The current still stretch.
  std::optional<double> previous_time_s_;
  std::optional<double> still_since_s_;
  std::optional<double> last_read_s_;
  bool stretch_settled_ = false;
};

}  // namespace tableref::live
