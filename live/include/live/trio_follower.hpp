#pragma once
// Trio Monsters followed on video. Players take turns, clockwise from the first player: a turn
// lays 1 to 3 cards along the layout, so the cards that appeared in a new stable layout are the
// play of the player whose turn it is. referee::trio::TrioGame judges it as cards seen together
// (PlayOrder::seen_together): an illegal play is announced and its cards are expected back in
// the hand; a legal one is placed, its captures announced, and the cards it leaves detached are
// announced once the captured cards have been lifted (the table then shows what the rules mean).
//
// Every physical card keeps its id ("C1", "C2", ...) across frames and small nudges: cards are
// matched by their centre in the image. The reader's lattice is its own for each picture; it is
// brought onto the game's lattice through the cards both know (a turn of the lattice by a
// multiple of 60 degrees and a shift). A card of unknown colour, a read the next read disagrees
// with, or a layout that fits the game's lattice no way is not committed: nothing is guessed.

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "live/game_follower.hpp"
#include "live/recent_reads.hpp"
#include "referee/trio/game.hpp"
#include "vision/colour_references.hpp"
#include "vision/trio_reader.hpp"

namespace tableref::live {

struct TrioFollowerOptions {
  std::vector<std::string> players;  // clockwise; 2 to 5
  int first_player = 0;
  vision::ColourReferences references = vision::palette_references();
  // A calibrated camera's lens to undo; none: pictures are read as they come.
  std::shared_ptr<const vision::LensCorrection> lens = nullptr;
};

// A card on the table as the follower knows it: its id, where the image shows it, and its place
// on the game's lattice.
struct SeenTrioCard {
  std::string id;
  std::array<cv::Point2d, 3> polygon;
  cv::Point2d center;
  referee::Colour colour = referee::Colour::yellow;
  referee::trio::Place place;
};

class TrioFollower final : public GameFollower {
 public:
  // Throws std::invalid_argument for player counts the rules do not allow.
  explicit TrioFollower(TrioFollowerOptions options);

  void set_seat_of(SeatOf) override {}  // turns say who plays, not where the cards lie
  bool read(const cv::Mat& bgr, const cv::Mat& changed) override;
  bool reads_agree() const override;
  void forget_reads() override;
  bool accounts_for(const cv::Mat& intrusions, cv::Size image_size) const override;
  std::vector<referee::Event> commit_last_read(double time_s) override;
  std::vector<referee::Event> tick(double) override { return {}; }
  referee::Result<std::vector<referee::Event>> replay_state(const nlohmann::json& state,
                                                            double time_s) override;
  nlohmann::json layout() const override;
  nlohmann::json scoreboard() const override;
  cv::Mat play_area(cv::Size image_size) const override;

  const std::vector<SeenTrioCard>& cards() const { return cards_; }
  const std::optional<referee::trio::TrioGame>& game() const { return game_; }

 private:
  // The cards of the last read with their ids and places on the game's lattice; nullopt when
  // the read cannot be brought onto it.
  std::optional<std::vector<SeenTrioCard>> identify(const vision::TrioReading& reading) const;
  // The committed layout becomes `cards`: a state event, then what the change means.
  std::vector<referee::Event> commit(std::vector<SeenTrioCard> cards);
  std::vector<referee::Event> cards_went(const std::set<std::string>& gone);
  std::vector<referee::Event> cards_came(const std::vector<SeenTrioCard>& laid);

  TrioFollowerOptions options_;
  vision::TrioReaderParams reader_params_;
  RecentReads<vision::TrioReading> reads_;  // of the still view
  std::vector<SeenTrioCard> cards_;         // committed
  int next_id_ = 1;

  std::optional<referee::trio::TrioGame> game_;
  std::set<std::string> to_lift_;     // won by a capture, still on the table
  std::vector<referee::Event> held_;  // announced once they are lifted (detached, winner)
  std::set<std::string> taken_back_;  // an illegal play's cards, still on the table
};

}  // namespace tableref::live
