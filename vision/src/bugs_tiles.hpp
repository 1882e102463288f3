#pragma once
// Bugs & Co tiles one by one: finding them in the picture and reading one tile's face.

#include <array>
#include <opencv2/core.hpp>
#include <optional>
#include <vector>

#include "referee/components.hpp"
#include "vision/bugs_reader.hpp"
#include "vision/stage_log.hpp"

namespace tableref::vision::bugs {

inline constexpr double kTileSideMm = 45.0;
inline constexpr double kTrophyBorderMm = 3.0;

// A tile's outer corners, in canonical order (a trophy's gold border included), with a larger
// outline found at the same place when there was one: what was found first may be the monster's
// body, square enough to pass for a tile, and the larger outline the tile around it.
struct FoundTile {
  std::array<cv::Point2d, 4> corners;
  std::optional<std::array<cv::Point2d, 4>> around;
};

// Every tile in the picture.
std::vector<FoundTile> find_tiles(const cv::Mat& bgr, const BugsReaderParams& params,
                                  StageLog& log);

// The tiles around `eyes` (image pixels) that the whole picture's search missed, `found` the
// tiles it found: a copy whose cream is printed a little off stands out from the table around it
// though not across the whole picture.
std::vector<FoundTile> find_tiles_near(const cv::Mat& bgr, const std::vector<cv::Point2d>& eyes,
                                       const std::vector<std::array<cv::Point2d, 4>>& found,
                                       const BugsReaderParams& params);

// Tiles fitted around `eyes` no tile of `found` holds: the size and shape of the nearest tile
// found, turned and placed where the picture steps most strongly across its outline. A tile
// whose cream has no even hue of its own (tinted by the table's print) still has its outline.
std::vector<FoundTile> fit_tiles_at_eyes(const cv::Mat& bgr, const std::vector<cv::Point2d>& eyes,
                                         const std::vector<std::array<cv::Point2d, 4>>& found);
// `corners` with their sides moved again onto the picture's edges: a second chance for a tile
// whose face was read askew, its rough outline off by more than one move reaches.
std::array<cv::Point2d, 4> realigned(const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners);

// A tile of the median size of `found`, turned and placed where the picture steps most strongly
// across its outline, near the outline `corners` found for it: a second chance for a tile whose
// mask outlined it off its place (its cream merged with the table or a neighbour's). Nullopt when
// the search is cut by the frame, or when its weakest side steps no more strongly than that of
// `corners`.
std::optional<std::array<cv::Point2d, 4>> refitted(
    const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners,
    const std::vector<std::array<cv::Point2d, 4>>& found);

// Where the picture shows a monster's eye outside every tile found (image pixels): a tile the
// table hid.
std::vector<cv::Point2d> stray_eyes(const cv::Mat& bgr,
                                    const std::vector<std::array<cv::Point2d, 4>>& tiles);

// The share of the monster tiles `monsters` (image pixels) in which the search for stray eyes
// sees an eye: how well, in this picture, a tile shows its eyes to that search.
double share_showing_eyes(const cv::Mat& bgr,
                          const std::vector<std::array<cv::Point2d, 4>>& monsters);

// What one tile's face shows.
struct TileFace {
  bool trophy = false;
  bool blank = false;  // cream all over: a light patch of the table, not a tile
  std::optional<int> eyes;
  std::optional<referee::BugShape> shape;
  std::optional<referee::BugPattern> pattern;
  std::optional<int> value;
  // The middle of the monster's body as outlined (mm from the face's top-left corner): the body is
  // printed in the tile's middle, so a face read off its tile shows it off the middle.
  std::optional<cv::Point2d> body_centre_mm;
  // Where the eyes counted lie (pixels of the face as read).
  std::vector<cv::Point2d> eye_centres;
};

// `corners` moved along the tile's own axes so that the point `centre_mm` of its face (mm from
// the face's top-left corner) becomes the tile's centre.
std::array<cv::Point2d, 4> recentred(const std::array<cv::Point2d, 4>& corners,
                                     cv::Point2d centre_mm);

// Reads the tile whose outer corners are `corners`; `debug` (when not null) receives the
// resampled face with what was found drawn on it.
TileFace read_tile(const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners, double px_per_mm,
                   cv::Mat* debug);

// Whether the band just inside `corners` is the gold border of a trophy.
bool gold_bordered(const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners, double px_per_mm);

}  // namespace tableref::vision::bugs
