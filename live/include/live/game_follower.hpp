#pragma once
// What the live referee needs from one game: read a settled frame, tell whether two reads of the
// same still view agree, and turn a new stable layout into events through the game's rules.
//
// The referee (live_referee.hpp) decides when a frame is worth reading: still, sharp, nobody over
// the table, for long enough. The follower owns everything game-specific: its reader, the ids it
// gives cards or stacks across views, and the rules that judge the difference between two stable
// layouts. Monster Freeze follows stacks shown in each seat's zone (freeze_follower.hpp); a game
// with turns (Trio Monsters) implements the same interface with its reader and referee::trio, its
// diff being the cards that appeared or went between two stable layouts.

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <vector>

#include "live/seats.hpp"
#include "referee/events.hpp"
#include "referee/result.hpp"

namespace tableref::live {

class GameFollower {
 public:
  virtual ~GameFollower() = default;

  // Who sits where. The referee sets it before the first read.
  virtual void set_seat_of(SeatOf seat_of) = 0;

  // Reads a settled frame; false when it cannot be read with confidence. `changed` says where the
  // frame differs from the view last committed (CV_8U at any size, non-zero = changed; empty when
  // not known, as before the first commit): nothing new can lie where nothing changed.
  virtual bool read(const cv::Mat& bgr, const cv::Mat& changed) = 0;
  // The last read since forget_reads agrees with one of the two before it (recent_reads.hpp):
  // the view is confirmed.
  virtual bool reads_agree() const = 0;
  // The view moved: reads from before say nothing about what comes.
  virtual void forget_reads() = 0;
  // Whether the cards of the last read account for `intrusions` (a mask of a frame of
  // `image_size`, at any size): a card lying at the edge of the picture differs from the
  // reference where it touches the border, like an arm, but lies within a card's outline.
  virtual bool accounts_for(const cv::Mat& intrusions, cv::Size image_size) const = 0;
  // Makes the last read the committed layout and returns what it causes: nothing when it shows
  // the committed layout again, otherwise a `state` event and the plays it reveals.
  virtual std::vector<referee::Event> commit_last_read(double time_s) = 0;
  // What time alone causes (a solo timer running out, a countdown).
  virtual std::vector<referee::Event> tick(double time_s) = 0;
  // Whether the table must be read again even if it has not moved since the last committed view
  // (the view at the end of a countdown is the one scored).
  virtual bool wants_fresh_read() const { return false; }

  // Resuming from a log: commits the layout of a logged `state` event (with its ids) as if it had
  // just been read, and returns the events that causes, state first. An Error when the event is
  // not one this game logs.
  virtual referee::Result<std::vector<referee::Event>> replay_state(const nlohmann::json& state,
                                                                    double time_s) = 0;

  // The analyze fields of the committed layout (with ids), as `state` events carry them.
  virtual nlohmann::json layout() const = 0;
  // Per player: what they have won so far, and the rounds and match.
  virtual nlohmann::json scoreboard() const = 0;
  // Where hands matter: around the committed layout and the middle of the table (CV_8U at
  // `image_size`, non-zero inside); empty for everywhere.
  virtual cv::Mat play_area(cv::Size image_size) const = 0;
};

// After a read: the table's scale it shows (table_px_per_mm, found beside the reading's type), so
// that the frames that follow are read at the reader's working scale (vision/working_scale.hpp).
// Forgotten after a read that failed: the next one is made at full size, in case the camera
// moved.
template <class ReaderParams, class Reading>
void learn_scale(ReaderParams& params, bool readable, const Reading& reading) {
  params.table_px_per_mm = readable ? table_px_per_mm(reading) : 0;
}

}  // namespace tableref::live
