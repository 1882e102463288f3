#pragma once
// What the recognition worker runs on each frame: a referee that turns pictures into events.
// The live referee (live::LiveReferee) behind an interface, so the worker and the tests can run
// any engine, and games it does not follow yet still show their picture.

#include <memory>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "gui/game_setup.hpp"
#include "referee/events.hpp"
#include "vision/colour_references.hpp"
#include "vision/lens_correction.hpp"

namespace tableref::gui {

struct EngineReport {
  bool still = false;     // the layout did not change since the previous frame
  bool unstable = false;  // the view is blocked or unclear: nothing is judged on this frame
  std::vector<referee::Event> events;
  nlohmann::json layout;  // this frame's reading: the game's `analyze` fields of interface.md
};

class RefereeEngine {
 public:
  virtual ~RefereeEngine() = default;
  // Called from one thread at a time, frames in order.
  virtual EngineReport process(const cv::Mat& bgr, double time_s, int frame_index) = 0;
  // {"players": [{"name", "seat", "tricks": {colour: n}, "cards_won", "points", "rounds"}],
  //  "round": n, "over": bool}: what the scoreboard shows.
  virtual nlohmann::json scoreboard() const = 0;
  // A line for the status bar: what this engine does and does not judge.
  virtual std::string description() const = 0;
};

// The live referee for `setup` (live::LiveReferee), or, for a game it does not follow yet, an
// engine that shows the picture and judges nothing. `seat_of` maps a picture point to a seat;
// `references` are how the colours look (a calibrated profile's, or the palette's), `lens` the
// calibrated camera's distortion to undo (none: pictures are read as they come).
std::unique_ptr<RefereeEngine> make_engine(
    const GameSetup& setup, SeatOf seat_of,
    const vision::ColourReferences& references = vision::palette_references(),
    std::shared_ptr<const vision::LensCorrection> lens = nullptr);

// The scoreboard before anything happened: every player at zero.
nlohmann::json empty_scoreboard(const GameSetup& setup);

}  // namespace tableref::gui
