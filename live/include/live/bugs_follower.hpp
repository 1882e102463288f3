#pragma once
// Bugs & Co followed on video. Play is simultaneous: each player lays monster tiles in front of
// their seat (the seat zones say whose tile it is) until they take a trophy from the middle of the
// table, the highest one left, and stop. Once the last trophy is taken the referee counts down
// 10 ... 1 and calls STOP; the collections are then scored from the first view read after STOP,
// and the highest total wins (rules.md).
//
// The trophies of the first view that shows any lie in the middle; a trophy seen anywhere else is
// a taken one, its player the owner of the zone it lies in. A new view is judged against the last
// one: a monster tile that came is `placed` (or `illegal` from a player who took a trophy), a
// trophy that came from the middle is a `trophy` taken (`illegal` too when a higher one was left).
// Nothing is judged from a view with a tile that cannot be read or from one the reader calls
// unstable: the referee waits for the next still view. A tile left unread where a committed tile
// of its kind lies is that tile, its face read before (glare, a shadow): the view is judged with
// it.
//
// Tiles are named "T1", "T2", ... in the order they came onto the table; a tile keeps its name
// while it lies where it was (nudges included) and shows the same face, and a trophy keeps its
// name when it moves from the middle to a collection.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "live/game_follower.hpp"
#include "live/recent_reads.hpp"
#include "referee/bugs/scoring.hpp"
#include "referee/bugs/trophies.hpp"
#include "referee/components.hpp"
#include "vision/bugs_reader.hpp"

namespace tableref::live {

struct BugsFollowerOptions {
  std::vector<std::string> players;  // clockwise, seat 0 first; 2 to 8
  // The countdown after the last trophy: from 10, one number a second (rules.md).
  int countdown_from = 10;
  double seconds_per_count = 1.0;
  // A view is committed once the table has been still this long: the last trophy was taken at
  // least this long before, and the countdown is dated from then.
  double settle_seconds = 0.4;
  // A calibrated camera's lens to undo; none: pictures are read as they come.
  std::shared_ptr<const vision::LensCorrection> lens = nullptr;
};

// A tile of a stable view, named, with whose collection it is in.
struct NamedBugsTile {
  std::string id;
  std::array<cv::Point2d, 4> polygon;  // image pixels, interface.md order
  cv::Point2d center;
  bool trophy = false;
  std::string species;  // monsters: a deck id
  int value = 0;        // trophies: 1 to 3
  int owner = -1;  // the seat whose collection holds it; -1: a trophy in the middle, or no seat
};

class BugsFollower final : public GameFollower {
 public:
  // Throws std::invalid_argument for options the rules do not allow. `deck` outlives the follower.
  BugsFollower(BugsFollowerOptions options, const referee::BugsDeck& deck);

  void set_seat_of(SeatOf seat_of) override { seat_of_ = std::move(seat_of); }
  bool read(const cv::Mat& bgr, const cv::Mat& changed) override;
  bool reads_agree() const override;
  void forget_reads() override;
  bool accounts_for(const cv::Mat& intrusions, cv::Size image_size) const override;
  std::vector<referee::Event> commit_last_read(double time_s) override;
  std::vector<referee::Event> tick(double time_s) override;
  bool wants_fresh_read() const override { return stop_called_ && !scored_; }
  referee::Result<std::vector<referee::Event>> replay_state(const nlohmann::json& state,
                                                            double time_s) override;
  nlohmann::json layout() const override { return committed_fields_; }
  nlohmann::json scoreboard() const override;
  cv::Mat play_area(cv::Size) const override { return {}; }  // tiles are laid all round the table

  const std::vector<NamedBugsTile>& tiles() const { return committed_tiles_; }
  bool game_over() const { return scored_; }

 private:
  // Makes `tiles` (named, with owners) with their analyze `fields` the committed view; the state
  // event, the plays it reveals and, the first time after STOP, the final scores and winner.
  std::vector<referee::Event> commit(std::vector<NamedBugsTile> tiles, nlohmann::json fields,
                                     double time_s);
  // Fills in the face of each tile of `reading` left unread that lies where a committed tile of
  // its kind lies (within a third of a side): the same tile, whose face cannot have changed
  // since it was read (glare or a hand's shadow may hide it now). Whether any was.
  bool recall_unread_faces(vision::BugsReading& reading) const;
  // Takes out of `reading` each tile that lies where no committed tile lies and where the picture
  // has not changed since the committed view (`changed`, see GameFollower::read): an outline
  // found in the cloth's pattern, for the committed view was read with confidence and held no
  // tile there. Whether any was.
  bool drop_unchanged_strangers(vision::BugsReading& reading, const cv::Mat& changed,
                                cv::Size image_size) const;
  // Whose collection each tile of a new view is in.
  void assign_owners(std::vector<NamedBugsTile>& tiles) const;
  // Names the tiles of a new view (see the header comment).
  void name(std::vector<NamedBugsTile>& tiles);
  // The plays a view of `tiles` reveals against the committed one.
  std::vector<referee::Event> judge(const std::vector<NamedBugsTile>& tiles, double time_s);
  std::vector<referee::Event> take_trophy(const NamedBugsTile& trophy);
  std::vector<referee::Event> lay_monster(const NamedBugsTile& tile) const;
  // Each player's score from the committed view.
  std::vector<referee::bugs::Score> scores() const;
  std::vector<referee::Event> final_result() const;

  BugsFollowerOptions options_;
  const referee::BugsDeck* deck_;
  SeatOf seat_of_;
  vision::BugsReaderParams reader_params_;
  std::optional<referee::bugs::TrophyRace> race_;  // once the trophies of the middle are seen
  RecentReads<vision::BugsReading> reads_;         // of the still view
  bool committed_ = false;                         // whether a view was committed yet
  std::vector<NamedBugsTile> committed_tiles_;
  nlohmann::json committed_fields_;
  int named_ = 0;  // tiles named so far
  // Where the trophies of the middle lay when first seen, and their values.
  std::vector<std::pair<cv::Point2d, int>> middle_places_;
  std::optional<double> countdown_start_s_;
  int countdown_called_ = 0;  // the last number called (0: none yet, or STOP)
  bool stop_called_ = false;
  bool scored_ = false;
};

}  // namespace tableref::live
