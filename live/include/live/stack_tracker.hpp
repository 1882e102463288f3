#pragma once
// Monster Freeze stacks followed from one stable view to the next: each physical stack keeps one
// id ("S1", "S2", ...) while it stays where it is, when it is nudged or turned a little, and when
// it is lifted and put back unchanged. A stack whose cells change in several places is another
// stack (the player made a new one), and gets a new id.

#include <array>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "live/seats.hpp"
#include "referee/freeze/explain.hpp"
#include "vision/freeze_reader.hpp"

namespace tableref::live {

// What the referee made of a stack shown as a trick.
enum class ClaimStatus {
  none,        // not claimed: no line, a single card, or not yet readable
  trick,       // counted as a trick
  misaligned,  // refused because its cards are not aligned; straightening it claims again
  refused,     // refused for another reason (the round or match is over, ...)
};
std::string_view claim_status_name(ClaimStatus status);  // "", "trick", "misaligned", "refused"
std::optional<ClaimStatus> parse_claim_status(std::string_view name);

struct TrackedStack {
  std::string id;
  std::array<cv::Point2d, 4> corners;   // interface.md order, rounded to 0.01 px as logged
  referee::freeze::View cells;          // row-major, as read with these corners
  std::vector<referee::Colour> tricks;  // as the reader reports them
  bool aligned = true;
  bool consistent = true;
  int seat = -1;  // whose zone it lies in; -1 for none
  ClaimStatus claim = ClaimStatus::none;

  cv::Point2d centre() const;
  double side_px() const;  // mean of the four sides
};

// How two readings of one stack compare, over the four ways to turn one onto the other.
struct CellAgreement {
  int conflicts = 0;      // positions read with different colours (or colour against empty)
  int compared = 0;       // positions readable in both
  int quarter_turns = 0;  // turning that gives the fewest conflicts
};
CellAgreement compare_cells(const referee::freeze::View& a, const referee::freeze::View& b);

struct TrackerParams {
  double max_shift_sides = 0.5;    // a stack moved further than this (in card sides) is another
  int max_conflicts = 1;           // a stack with more conflicting positions is another
  int min_compared_to_revive = 6;  // a lifted stack comes back only if this many positions agree
  double max_nudge_sides = 0.08;   // less movement than this is not a new layout
};

class StackTracker {
 public:
  explicit StackTracker(TrackerParams params = {});

  // The read stacks, each with the id (and claim) of the committed or lifted stack it is, or a
  // new id; `seat_of` gives each its seat. Changes nothing.
  std::vector<TrackedStack> identify(const std::vector<vision::FreezeStackReading>& reading,
                                     const SeatOf& seat_of) const;
  // Whether `stacks` (identified) is another layout than the committed one: a stack came or went,
  // changed, or moved more than a nudge.
  bool differs(const std::vector<TrackedStack>& stacks) const;
  // Makes `stacks` the committed layout. Committed stacks missing from it are remembered as
  // lifted, with their claims, so that they keep their id if they come back.
  void commit(std::vector<TrackedStack> stacks);
  // Forgets the lifted stacks (a new round: every card went back to the deck).
  void forget_lifted() { lifted_.clear(); }

  const std::vector<TrackedStack>& stacks() const { return committed_; }
  // The committed or lifted stack with this id, or nullptr.
  const TrackedStack* find(std::string_view id) const;

 private:
  std::string new_id(int offset) const;

  TrackerParams params_;
  std::vector<TrackedStack> committed_;
  std::vector<TrackedStack> lifted_;
  int next_number_ = 1;
};

// Two readings of the same still view agree: the same stacks at the same places, aligned alike,
// with no position read differently.
bool readings_agree(const std::vector<vision::FreezeStackReading>& a,
                    const std::vector<vision::FreezeStackReading>& b);

}  // namespace tableref::live
