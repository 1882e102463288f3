#pragma once
// Each game's reader behind one interface, for the commands that read pictures (analyze, bench):
// the interface.md fields of a picture, a summary for people and the annotated picture.

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <string>

#include "referee/result.hpp"
#include "vision/colour_references.hpp"
#include "vision/lens_correction.hpp"
#include "vision/stage_log.hpp"

namespace tableref::cli {

// One game's reading of one picture, in each form analyze gives it.
struct Analysis {
  nlohmann::json fields;                // "status" and the game's fields (interface.md)
  std::function<void()> print_summary;  // for people, on standard output
  std::function<cv::Mat()> annotated;   // every card outlined, every colour named
  double table_px_per_mm = 0;           // the table's scale the picture shows (0: no card read)
};
using Analyzer = std::function<Analysis(const std::string& image_path, const cv::Mat& image,
                                        vision::StageLog& log)>;

struct ReaderSetup {
  std::string game;       // freeze, trio, punto or bugs
  std::string deck_path;  // empty: the built-in deck
  vision::ColourReferences references = vision::palette_references();
  // A calibrated camera's lens to undo; none: pictures are read as they come.
  std::shared_ptr<const vision::LensCorrection> lens = nullptr;
  // The seat zone of a picture point (-1 outside every zone), from a calibrated profile; empty:
  // Bugs & Co collections are told apart by how close their tiles lie.
  std::function<int(cv::Point2d)> seat_of;
  // The table's scale in the pictures, pixels per millimetre, when known (0: unknown): pictures
  // showing the cards larger than a reader needs are read shrunk (vision/working_scale.hpp).
  double table_px_per_mm = 0;
};

// The reader of `setup.game`; an Error for a deck file that cannot be read or a game that cannot
// be read from pictures yet.

referee::Result<Analyzer> make_analyzer(const ReaderSetup& setup);

}  // namespace tableref::cli
