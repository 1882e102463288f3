#pragma once
// Punto followed on video. Players lay one card a turn; the camera sees the top card of each
// pile. A new stable layout that shows the round's grid plus one new top card (on an empty cell
// or on a pile) is a play: by the owner of the card's colour (for the neutral colour, whoever's
// turn it is), judged by referee::punto::Match. A card laid against the rules is announced
// `illegal` and stays out of the referee's grid: the layout is expected back without it. An
// emptied table ends the round: a round still being played ends by the blocked fallback (its
// player could not lay a card); the next round starts with the next card laid.
//
// Nothing is judged from a view that cannot be read with confidence: a card's colour or value
// unknown, a card covered, or a layout the reader calls unstable. A stable view that is not the
// grid plus one card (two new cards, a card gone) is announced as a `state` and judged not.
//
// Cells in events are on the round's grid: the round's first card at [0, 0], the axes of the
// picture's grid (interface.md). Cards are named "C1", "C2", ... in the order they came onto
// the table over the whole match; a card keeps its name while it lies where it was (nudges
// included) and shows the same face.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "live/game_follower.hpp"
#include "live/recent_reads.hpp"
#include "referee/components.hpp"
#include "referee/punto/round.hpp"
#include "vision/colour_references.hpp"
#include "vision/punto_reader.hpp"

namespace tableref::live {

struct PuntoFollowerOptions {
  std::vector<std::string> players;  // clockwise, seat 0 first; 2 to 4
  int first_player = 0;              // seat of the first round's first player
  int rounds_to_win = 2;
  // 4 players in two teams, partners opposite (seats 1 and 3 against 2 and 4): lines of 5.
  bool team_game = false;
  // How the dots' colours look: the palette's, or a calibrated profile's.
  vision::ColourReferences references = vision::palette_references();
  // A calibrated camera's lens to undo; none: pictures are read as they come.
  std::shared_ptr<const vision::LensCorrection> lens = nullptr;
};

// A visible card of a stable view, named.
struct NamedPuntoCard {
  std::string id;
  std::array<cv::Point2d, 4> polygon;  // image pixels, interface.md order
  cv::Point2d center;
  referee::Colour colour = referee::Colour::red;
  int value = 1;
  referee::punto::Cell cell;  // on the picture's grid
};

class PuntoFollower final : public GameFollower {
 public:
  // Throws std::invalid_argument for options the rules do not allow. `deck` outlives the follower.
  PuntoFollower(PuntoFollowerOptions options, const referee::PuntoDeck& deck);

  void set_seat_of(SeatOf) override {}  // whose card it is follows from its colour and the turn
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
  cv::Mat play_area(cv::Size) const override { return {}; }  // cards go anywhere near the layout

  const referee::punto::Match& match() const { return match_; }
  const std::vector<NamedPuntoCard>& cards() const { return committed_cards_; }

 private:
  // Makes `cards` (named) with their analyze `fields` the committed view and judges it.
  std::vector<referee::Event> commit(std::vector<NamedPuntoCard> cards, nlohmann::json fields);
  // Names the cards of a new view: a card lying where a committed card lay (within half a card)
  // with the same face keeps its name; any other card gets the next one.
  void name(std::vector<NamedPuntoCard>& cards);
  // The plays that a view of `cards` reveals, judged.
  std::vector<referee::Event> judge(const std::vector<NamedPuntoCard>& cards);

  PuntoFollowerOptions options_;
  const referee::PuntoDeck* deck_;
  vision::PuntoReaderParams reader_params_;
  referee::punto::Match match_;
  RecentReads<vision::PuntoReading> reads_;  // of the still view
  bool committed_ = false;                   // whether a view was committed yet
  std::vector<NamedPuntoCard> committed_cards_;
  nlohmann::json committed_fields_;
  int named_ = 0;  // cards named so far
};

}  // namespace tableref::live
