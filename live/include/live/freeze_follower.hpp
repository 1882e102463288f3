#pragma once
// Monster Freeze followed on video. Players play at the same time and show each trick by laying
// its stack in front of them: a new aligned stack of several cards showing a line, in a seat's
// zone, is that player's trick claim. freeze::Match judges it (the colour is the first the
// player lacks among those the stack shows, rules.md), counts the draw pile, and decides rounds
// and the match. A stack that is not aligned is refused, and claims again once straightened; a
// stack already counted never counts twice, even when it is nudged, hidden for a while, or lifted
// and put back.

#include <optional>
#include <string>
#include <vector>

#include "live/game_follower.hpp"
#include "live/recent_reads.hpp"
#include "live/stack_tracker.hpp"
#include "referee/components.hpp"
#include "referee/freeze/match.hpp"
#include "vision/colour_references.hpp"
#include "vision/freeze_reader.hpp"
#include "vision/lens_correction.hpp"

namespace tableref::live {

struct FreezeFollowerOptions {
  std::vector<std::string> players;  // clockwise, seat 0 first; 1 (solo) to 4
  int rounds_to_win = 2;
  double solo_seconds = 120;
  // How the monsters' colours look: the palette's, or a calibrated profile's.
  vision::ColourReferences references = vision::palette_references();
  // A calibrated camera's lens to undo; none: pictures are read as they come.
  std::shared_ptr<const vision::LensCorrection> lens = nullptr;
};

class FreezeFollower final : public GameFollower {
 public:
  // Throws std::invalid_argument for options the rules do not allow. `deck` outlives the follower.
  FreezeFollower(FreezeFollowerOptions options, const referee::FreezeDeck& deck);

  void set_seat_of(SeatOf seat_of) override { seat_of_ = std::move(seat_of); }
  bool read(const cv::Mat& bgr, const cv::Mat& changed) override;
  bool reads_agree() const override;
  void forget_reads() override;
  bool accounts_for(const cv::Mat& intrusions, cv::Size image_size) const override;
  std::vector<referee::Event> commit_last_read(double time_s) override;
  std::vector<referee::Event> tick(double time_s) override;
  referee::Result<std::vector<referee::Event>> replay_state(const nlohmann::json& state,
                                                            double time_s) override;
  nlohmann::json layout() const override;
  nlohmann::json scoreboard() const override;
  cv::Mat play_area(cv::Size image_size) const override;

  const referee::freeze::Match& match() const { return match_; }
  const std::vector<TrackedStack>& stacks() const { return tracker_.stacks(); }

 private:
  // The committed layout becomes `stacks`: a state event, then the claims it holds.
  std::vector<referee::Event> commit(std::vector<TrackedStack> stacks, double time_s);
  // The events of `stack` shown as a trick, if it is a claim; updates its claim status.
  std::vector<referee::Event> claim(TrackedStack& stack, double time_s);
  nlohmann::json layout_of(const std::vector<TrackedStack>& stacks) const;

  FreezeFollowerOptions options_;
  const referee::FreezeDeck* deck_;
  vision::FreezeReaderParams reader_params_;
  referee::freeze::Match match_;
  StackTracker tracker_;
  SeatOf seat_of_;
  RecentReads<std::vector<vision::FreezeStackReading>> reads_;  // of the still view
};

// What a stack's cells show, as far as its lines go: the cells themselves when all are readable;
// with up to two unreadable positions, one way to fill them that a stack of the deck shows,
// provided every such way gives the same lines. nullopt when the lines cannot be decided.
std::optional<referee::freeze::Shown> decided_view(const referee::freeze::View& cells,
                                                   const referee::FreezeDeck& deck);

}  // namespace tableref::live
