#include "vision/bugs_reader.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <sstream>

#include "bugs_tiles.hpp"
#include "disk_morphology.hpp"
#include "run_components.hpp"
#include "vision/colour_space.hpp"
#include "vision/frame_quality.hpp"
#include "vision/quad_geometry.hpp"
#include "vision/working_scale.hpp"

namespace tableref::vision {

namespace {

// Tiles grouped into collections: by seat zone when the seats are known, else by how close they
// lie (a player's tiles lie together, away from the others').
std::vector<int> group_tiles(const std::vector<BugsTileReading>& tiles,
                             const BugsReaderParams& params, const SeatOfPoint& seat_of,
                             std::vector<int>& seats) {
  std::vector<int> group(tiles.size());
  if (seat_of) {
    std::map<int, int> group_of_seat;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      const int seat = seat_of(tiles[i].center);
      if (!group_of_seat.contains(seat)) {
        group_of_seat[seat] = static_cast<int>(seats.size());
        seats.push_back(seat);
      }
      group[i] = group_of_seat[seat];
    }
    return group;
  }
  std::iota(group.begin(), group.end(), 0);
  const std::function<int(int)> root = [&](int i) {
    return group[static_cast<std::size_t>(i)] == i ? i : root(group[static_cast<std::size_t>(i)]);
  };
  for (std::size_t a = 0; a < tiles.size(); ++a) {
    for (std::size_t b = a + 1; b < tiles.size(); ++b) {
      const double side = 0.5 * (mean_side(tiles[a].polygon) + mean_side(tiles[b].polygon));
      if (cv::norm(tiles[a].center - tiles[b].center) < params.collection_link_sides * side)
        group[static_cast<std::size_t>(root(static_cast<int>(a)))] = root(static_cast<int>(b));
    }
  }
  std::vector<int> roots(tiles.size());
  for (std::size_t i = 0; i < tiles.size(); ++i) roots[i] = root(static_cast<int>(i));
  std::map<int, int> index_of_root;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (!index_of_root.contains(roots[i])) {
      index_of_root[roots[i]] = static_cast<int>(seats.size());
      seats.push_back(-1);
    }
    group[i] = index_of_root[roots[i]];
  }
  return group;
}

struct TilesScore {
  referee::bugs::Score score;
  int unknown = 0;      // tiles unread
  bool decided = true;  // whatever the unread tiles are, the score is this one
};

// The score of the tiles read, unknown tiles left out (and counted); or, when every species the
// unread monsters may be gives the same score, that score (a trophy's value always counts).
TilesScore score_of(const std::vector<BugsTileReading>& tiles,
                    const std::vector<std::size_t>& indices) {
  referee::bugs::Collection collection;
  std::vector<std::vector<std::string>> unread;
  TilesScore result;
  for (const std::size_t index : indices) {
    const BugsTileReading& tile = tiles[index];
    if (tile.trophy && tile.value) {
      collection.trophies.push_back(*tile.value);
    } else if (!tile.trophy && tile.species) {
      collection.species.push_back(*tile.species);
    } else {
      ++result.unknown;
      if (tile.trophy) {
        result.decided = false;
      } else {
        unread.push_back(tile.may_be);
      }
    }
  }
  std::optional<referee::bugs::Score> whatever;
  if (result.unknown > 0 && result.decided)
    whatever = referee::bugs::score_whatever_they_are(collection, unread);
  result.decided = result.unknown == 0 || whatever.has_value();
  result.score = whatever ? *whatever : referee::bugs::score(collection);
  return result;
}

// How far from a tile's centre, in tile sides, a hand may hide a tile: a side and a half.
constexpr double kHandReachOfSide = 1.5;

// A hand hides a tile whole only where it is as wide as the tile: the tile's centre then lies
// half a side from the hand's edge, or a little less where the skin mask frays (shade, blur: a
// pixel or two of the halved picture). Spread fingers hide nothing a collection would miss:
// between them the tile shows.
constexpr double kHidingDepthOfSide = 0.45;

// Where a hidden tile's centre would join a collection: as far as tiles link into one.
constexpr double kHiddenTileReachOfSide = 1.9;

// Whether `mask` (a picture scaled by `scale`) is set within `reach` tile sides of one of the
// tiles' centres: where a hand may hide a tile. Only the part of the mask around the tiles is
// looked at.
bool set_near_tiles(const cv::Mat& mask, const std::vector<std::array<cv::Point2d, 4>>& tiles,
                    double scale, double reach) {
  std::vector<std::pair<cv::Point, int>> disks;
  cv::Rect around;
  for (const auto& corners : tiles) {
    const double side_px = cv::norm(corners[1] - corners[0]) * scale;
    const int radius = static_cast<int>(std::lround(reach * side_px));
    const cv::Point centre = centre_of(corners) * scale;
    disks.emplace_back(centre, radius);
    const cv::Rect disk_box(centre.x - radius, centre.y - radius, 2 * radius + 1, 2 * radius + 1);
    around = around.empty() ? disk_box : (around | disk_box);
  }
  around &= cv::Rect(0, 0, mask.cols, mask.rows);
  if (around.empty()) return false;
  cv::Mat near = cv::Mat::zeros(around.size(), CV_8U);
  for (const auto& [centre, radius] : disks)
    cv::circle(near, centre - around.tl(), radius, 255, cv::FILLED);
  return cv::countNonZero(mask(around) & near) > 0;
}

// Fingers and tiles' rims are wide enough for a halved picture.
constexpr double kHalved = 0.5;

// Tones farther apart than a webcam's noise, in Cr and Cb levels.
constexpr float kToneDistance = 8;

// Draws the rim of a tile, between its edge and its body (0.8 to 0.95 of its side), into `mask`
// (a picture scaled by `scale`), leaving what is drawn there already.
void draw_rim(cv::Mat& mask, const std::array<cv::Point2d, 4>& corners, double scale) {
  std::vector<std::vector<cv::Point>> ring(2);
  for (const cv::Point2d& corner : grow_square(corners, 1.0, 0.95))
    ring[0].emplace_back(corner * scale);
  for (const cv::Point2d& corner : grow_square(corners, 1.0, 0.8))
    ring[1].emplace_back(corner * scale);
  cv::fillPoly(mask, ring, 255);  // the inner square is the ring's hole
}

// The rim of a tile as a mask of a picture of `size` scaled by `scale`.
cv::Mat rim_mask(cv::Size size, const std::array<cv::Point2d, 4>& corners, double scale) {
  cv::Mat rim = cv::Mat::zeros(size, CV_8U);
  draw_rim(rim, corners, scale);
  return rim;
}

// The tones (YCrCb) of `ycrcb` where `mask` is set.
std::vector<cv::Vec3f> tones_under(const cv::Mat& ycrcb, const cv::Mat& mask) {
  std::vector<cv::Point> pixels;
  cv::findNonZero(mask, pixels);
  std::vector<cv::Vec3f> tones;
  tones.reserve(pixels.size());
  for (const cv::Point& pixel : pixels) tones.emplace_back(ycrcb.at<cv::Vec3b>(pixel));
  return tones;
}

bool unread(const BugsTileReading& tile) {
  return tile.trophy ? !tile.value : !tile.species;
}

// Every region of `mask` with its holes (nails, highlights, a ring's shade) filled.
cv::Mat with_holes_filled(const cv::Mat& mask) {
  std::vector<std::vector<cv::Point>> outlines;
  cv::findContours(mask.clone(), outlines, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  cv::Mat filled = cv::Mat::zeros(mask.size(), CV_8U);
  cv::drawContours(filled, outlines, -1, 255, cv::FILLED);
  return filled;
}

// Whether a hand in `hand_depth` (a picture scaled by `scale`: each pixel's distance from the
// hand's edge) is wide enough to hide a tile whose centre is within reach of one of `tiles`.
bool hand_may_hide_a_tile_near(const cv::Mat& hand_depth,
                               const std::vector<std::array<cv::Point2d, 4>>& tiles, double scale) {
  double side_px = 0;
  for (const auto& corners : tiles) side_px += mean_side(corners) * scale;
  side_px /= static_cast<double>(tiles.size());
  const cv::Mat hidden_centres = hand_depth >= kHidingDepthOfSide * side_px;
  return set_near_tiles(hidden_centres, tiles, scale, kHiddenTileReachOfSide);
}

// Each pixel's distance from the edge of `hands`, holes filled.
cv::Mat depth_in(const cv::Mat& hands) {
  cv::Mat depth;
  cv::distanceTransform(with_holes_filled(hands), depth, cv::DIST_L2, cv::DIST_MASK_3);
  return depth;
}

// Hands and arms reaching in from the picture's edge (the frame meter's intrusion mask): a tile
// one covers whole shows nothing, not even its eyes, and its collection would be scored short.
class HandsFromEdge {
 public:
  explicit HandsFromEdge(const cv::Mat& bgr) {
    hands_ = FrameQualityMeter().skin_from_edge(bgr);
    if (!hands_.empty() && cv::countNonZero(hands_) == 0) hands_.release();
    if (!hands_.empty()) scale_ = static_cast<double>(hands_.cols) / bgr.cols;
  }

  // Whether one comes within a tile's side and a half of one of `tiles`.
  bool near(const std::vector<std::array<cv::Point2d, 4>>& tiles) const {
    if (hands_.empty() || tiles.empty()) return false;
    return set_near_tiles(hands_, tiles, scale_, kHandReachOfSide);
  }

  // The hands on a small copy of the picture (fingers run together there); empty when none.
  const cv::Mat& mask() const { return hands_; }

  // The hands' mask, to look at (`--debug`).
  void write_debug_images(StageLog& log) const {
    if (!hands_.empty()) log.debug_image("hands-from-edge", hands_);
  }

 private:
  cv::Mat hands_;  // empty when none
  double scale_ = 1;
};

// A picture whose border is of skin's colour (as wide as fingers) over more than this share shows
// a table of that colour: wood, a beige cloth, a warm light.
constexpr double kSkinTableBorderShare = 0.05;

// Skin's colour where no tile is, as wide as fingers: a tile's cream is of skin's colour too, so
// the tiles found (and their blurred rims) are left out, and a tile not found shows as skin.
// Computed on a halved picture, once for every question asked of it.
class SkinAmongTiles {
 public:
  SkinAmongTiles(const cv::Mat& bgr, const std::vector<std::array<cv::Point2d, 4>>& tiles) {
    constexpr double kFingerOfSide = 0.2;  // a finger's width, of a tile's side (45 mm)
    if (tiles.empty()) return;
    tiles_ = tiles;
    cv::resize(bgr, small_, {}, kScale, kScale, cv::INTER_AREA);
    cv::Mat table(small_.size(), CV_8U, 255);  // where no tile is
    for (const auto& corners : tiles) {
      side_px_ += cv::norm(corners[1] - corners[0]) * kScale / static_cast<double>(tiles.size());
      std::vector<cv::Point> grown;  // the tile and the blurred rim around it
      for (const cv::Point2d& corner : grow_square(corners, 1.0, 1.12))
        grown.emplace_back(corner * kScale);
      cv::fillConvexPoly(table, grown, 0);
    }
    const cv::Mat any_skin = skin_colour(small_, 1.0) & table;
    finger_px_ = std::max(3, static_cast<int>(std::lround(kFingerOfSide * side_px_)));
    skin_ = opened_mask_by_disk(any_skin, finger_px_);
    border_share_ = border_share(skin_);
    keep_regions_as_large_as_half_a_tile(skin_);
    // On a table not of skin's colour, every skin is of another tone than the table's.
    if (border_share_ <= kSkinTableBorderShare) {
      unlike_table_ = skin_;
      return;
    }
    cv::cvtColor(small_, ycrcb_, cv::COLOR_BGR2YCrCb);
    table_ = table;
    chroma_unlike_table_ = unlike_commonest_chroma(ycrcb_, table);
    cv::extractChannel(ycrcb_, lightness_, 0);
    table_lightness_ = median_level(lightness_, table & ~chroma_unlike_table_);
    unlike_table_ = any_skin & (chroma_unlike_table_ | (lightness_ < kDarkHand * table_lightness_));
    unlike_table_ = opened_mask_by_disk(unlike_table_, finger_px_);
    keep_regions_as_large_as_half_a_tile(unlike_table_);
  }

  // Whether, on a table of skin's colour, something of another tone than the table's (another
  // chroma, or far lighter or darker) reaches in from the picture's edge, as wide as fingers and as
  // large as half a tile: an arm, bare or in a sleeve. The hand at its end may be of the table's
  // own tone, and nothing else shows it. A tile cut by the frame counts too.
  bool arm_reaches_in() const {
    if (table_.empty()) return false;
    if (!arm_reaches_in_) arm_reaches_in_ = something_reaches_in();
    return *arm_reaches_in_;
  }

  // Whether skin as large as half a tile, wide enough to hide a tile whole, lies where a tile
  // hidden under it would join `around`. Nothing is seen when more than `max_border_share` of the
  // picture's border is of skin's colour as wide as fingers (a cloth's small dots of skin's colour
  // do not count).
  bool may_hide_a_tile_near(const std::vector<std::array<cv::Point2d, 4>>& around,
                            double max_border_share) const {
    if (skin_.empty() || around.empty() || border_share_ > max_border_share) return false;
    if (skin_depth_.empty()) skin_depth_ = depth_in(skin_);
    return hand_may_hide_a_tile_near(skin_depth_, around, kScale);
  }

  // Each pixel's depth (on the halved picture) in hands reaching in from the picture's edge,
  // `from_edge` (a mask on a smaller copy, where fingers run together), measured where they show
  // skin on the halved picture: the table between the fingers is left out. Empty when none, and
  // where the skin itself is asked (little of the picture's border is of skin's colour): such a
  // hand is part of that skin, and no deeper in it.
  cv::Mat depth_in_hands_from_edge(const cv::Mat& from_edge) const {
    if (skin_.empty() || from_edge.empty() || border_share_ <= kSkinTableBorderShare) return {};
    cv::Mat hands;
    cv::resize(from_edge, hands, skin_.size(), 0, 0, cv::INTER_NEAREST);
    // The small copy's outline may cut a fingertip off.
    hands = dilated_mask_by_disk(hands, finger_px_);
    return depth_in(hands & skin_);
  }

  // Whether `point` (image pixels) lies on a hand: skin of another tone than the table's, larger
  // than a tile and a half, touching the picture's edge or of another tone than the tiles' cream,
  // its holes (nails, highlights) filled. No tile's eye shows there: a tile under a hand is hidden
  // whole.
  bool on_hand(cv::Point2d point) const {
    if (unlike_table_.empty()) return false;
    if (hands_.empty()) hands_ = hand_regions(unlike_table_);
    const cv::Point at(point * kScale);
    return cv::Rect(0, 0, hands_.cols, hands_.rows).contains(at) &&
           hands_.at<std::uint8_t>(at) != 0;
  }

  // Whether skin of a tone other than the table's, as large as half a tile, lies within `reach`
  // tile sides of one of `around`: on a table of skin's colour (wood, beige, a warm light) a hand
  // still shows where its tone differs from the table's, whatever the picture's border shows.
  bool near_unlike_table(const std::vector<std::array<cv::Point2d, 4>>& around,
                         double reach) const {
    if (unlike_table_.empty() || around.empty()) return false;
    return set_near_tiles(unlike_table_, around, kScale, reach);
  }

  // The skin masks on the halved picture, to look at (`--debug`).
  void write_debug_images(StageLog& log) const {
    if (!skin_.empty()) log.debug_image("skin", skin_);
    if (!unlike_table_.empty()) log.debug_image("skin-unlike-table", unlike_table_);
  }

 private:
  // Where the chroma (Cr, Cb) lies farther than a webcam's noise from the commonest one of
  // `where`: the table's own tone, as a cloth's ground outnumbers its print and a hand is small.
  static cv::Mat unlike_commonest_chroma(const cv::Mat& ycrcb, const cv::Mat& where) {
    const int channels[] = {1, 2};
    const int bins[] = {128, 128};
    const float range[] = {0, 256};
    const float* ranges[] = {range, range};
    cv::Mat histogram;
    cv::calcHist(&ycrcb, 1, channels, where, histogram, 2, bins, ranges);
    cv::GaussianBlur(histogram, histogram, {5, 5}, 0);  // the peak of a tone, not of a bin
    cv::Point peak;
    cv::minMaxLoc(histogram, nullptr, nullptr, nullptr, &peak);
    const cv::Point2f table_tone(2.0f * static_cast<float>(peak.y) + 1.0f,
                                 2.0f * static_cast<float>(peak.x) + 1.0f);  // Cr, Cb
    // Squared distances by look-up, one table per channel: one pass over each plane.
    const auto squared_from = [](float tone) {
      cv::Mat table(1, 256, CV_32F);
      for (int level = 0; level < 256; ++level)
        table.at<float>(level) =
            (static_cast<float>(level) - tone) * (static_cast<float>(level) - tone);
      return table;
    };
    std::array<cv::Mat, 3> planes;
    cv::split(ycrcb, planes);
    cv::Mat cr_squared, cb_squared;
    cv::LUT(planes[1], squared_from(table_tone.x), cr_squared);
    cv::LUT(planes[2], squared_from(table_tone.y), cb_squared);
    cv::Mat unlike = (cr_squared + cb_squared) > kToneDistance * kToneDistance;
    return unlike;
  }

  // The regions of `mask` larger than a tile and a half (a tile cut by the frame is smaller) that
  // touch the picture's edge (an arm reaches in) or, their arm in a sleeve, are of another tone
  // than the tiles' cream (tiles missed side by side are not), their holes filled.
  cv::Mat hand_regions(const cv::Mat& mask) const {
    constexpr double kHandOfTiles = 1.5;
    std::vector<std::vector<cv::Point>> outlines;
    cv::findContours(mask.clone(), outlines, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
    cv::Mat hands = cv::Mat::zeros(mask.size(), CV_8U);
    const cv::Rect inside(1, 1, mask.cols - 2, mask.rows - 2);
    for (std::size_t i = 0; i < outlines.size(); ++i) {
      if (cv::contourArea(outlines[i]) <= kHandOfTiles * side_px_ * side_px_) continue;
      const cv::Rect box = cv::boundingRect(outlines[i]);
      const bool touches_edge = (box & inside) != box;
      if (touches_edge || unlike_cream(outlines, static_cast<int>(i)))
        cv::drawContours(hands, outlines, static_cast<int>(i), 255, cv::FILLED);
    }
    return hands;
  }

  // Whether the region outlined by `outlines[index]` is of another tone than the tiles' cream: of
  // another chroma than theirs, or far darker than they are (a dark hand; a shade on a lit table
  // is not as dark).
  bool unlike_cream(const std::vector<std::vector<cv::Point>>& outlines, int index) const {
    constexpr double kDarkerThanCream = 0.4;
    if (ycrcb_.empty()) cv::cvtColor(small_, ycrcb_, cv::COLOR_BGR2YCrCb);
    if (!cream_) cream_ = cream_tone();
    cv::Mat region = cv::Mat::zeros(ycrcb_.size(), CV_8U);
    cv::drawContours(region, outlines, index, 255, cv::FILLED);
    const cv::Scalar tone = cv::mean(ycrcb_, region);
    const cv::Scalar& cream = *cream_;
    const double chroma_distance = std::hypot(tone[1] - cream[1], tone[2] - cream[2]);
    return chroma_distance > kToneDistance || tone[0] < kDarkerThanCream * cream[0];
  }

  // The median Y, Cr and Cb of the tiles' rims, between their edge and their bodies.
  cv::Scalar cream_tone() const {
    cv::Mat rims = cv::Mat::zeros(ycrcb_.size(), CV_8U);
    for (const auto& corners : tiles_) draw_rim(rims, corners, kScale);
    const std::vector<cv::Vec3f> samples = tones_under(ycrcb_, rims);
    if (samples.empty()) return {};
    const cv::Vec3f median = channel_median(samples);
    return {median[0], median[1], median[2]};
  }

  bool something_reaches_in() const {
    // Than the table: beyond its shading. Looser than a dark hand's bound, as an arm only raises
    // doubt where a hand drops eyes.
    constexpr double kFarDarker = 0.6, kFarLighter = 1.5;
    cv::Mat unlike = chroma_unlike_table_ | (lightness_ < kFarDarker * table_lightness_) |
                     (lightness_ > kFarLighter * table_lightness_);
    unlike &= table_;
    unlike = opened_mask_by_disk(unlike, finger_px_);
    keep_regions_as_large_as_half_a_tile(unlike);
    return border_share(unlike) > 0;
  }

  // Skin smaller than half a tile is no hand (asked once for every question).
  void keep_regions_as_large_as_half_a_tile(cv::Mat& mask) const {
    const RunComponents found = run_components(mask, Connectivity::eight);
    mask.setTo(0);
    for (const RunComponent& component : found.components)
      if (static_cast<double>(component.area) >= 0.5 * side_px_ * side_px_)
        set_pixels_of(found, component, mask);
  }

  static constexpr double kScale = kHalved;
  std::vector<std::array<cv::Point2d, 4>> tiles_;  // image pixels
  cv::Mat small_;                                  // the halved picture
  mutable cv::Mat ycrcb_;                          // of small_, when asked
  mutable std::optional<cv::Scalar> cream_;        // cream_tone(), when asked
  cv::Mat skin_;
  cv::Mat unlike_table_;  // skin whose tone is not the table's: another chroma, or a dark hand
  int finger_px_ = 3;     // a finger's width: the disk skin is opened by
  // On a table of skin's colour only: where no tile is, where its chroma is not the table's, and
  // the picture's lightness (Y).
  cv::Mat table_, chroma_unlike_table_, lightness_;
  double table_lightness_ = 0;  // the median lightness of the table's own chroma
  // Skin this much darker than the table is a dark hand on a light cloth, even of the cloth's
  // chroma: the table's own shading is not that dark.
  static constexpr double kDarkHand = 0.4;
  mutable std::optional<bool> arm_reaches_in_;  // something_reaches_in(), when asked
  mutable cv::Mat hands_;                       // hand_regions(unlike_table_), when asked
  mutable cv::Mat skin_depth_;                  // depth_in(skin_), when asked
  double side_px_ = 0;
  double border_share_ = 0;
};

// Whether a hand lies among the tiles or against them without touching the picture's edge (its
// arm in a sleeve the table's colour), which makes the picture unstable as it should. On a table
// not of skin's colour, skin wide enough to hide a tile that would join them. On a table of skin's
// colour, where skin's colour says nothing, skin of another tone than the table's within a tile's
// side: a tile hidden beside a collection lies against one of its tiles, and the hand over it
// reaches that close.
bool hand_among_tiles(const SkinAmongTiles& skin,
                      const std::vector<std::array<cv::Point2d, 4>>& tiles) {
  constexpr double kToneReachOfSide = 1.0;
  return skin.may_hide_a_tile_near(tiles, kSkinTableBorderShare) ||
         skin.near_unlike_table(tiles, kToneReachOfSide);
}

// Whether a tile left unread may be half under a hand: such a hand may hide other tiles whole,
// anyone's. A hand is told as among the tiles, but on a table of skin's colour an arm reaching in
// leaves every unread tile in doubt, as its hand may be of the table's own tone.
bool skin_beside_unread(const SkinAmongTiles& skin, const std::vector<BugsTileReading>& read) {
  std::vector<std::array<cv::Point2d, 4>> unread_tiles;
  for (const BugsTileReading& tile : read)
    if (unread(tile)) unread_tiles.push_back(tile.polygon);
  if (unread_tiles.empty()) return false;
  return skin.arm_reaches_in() ? skin.may_hide_a_tile_near(unread_tiles, 1.0)
                               : hand_among_tiles(skin, unread_tiles);
}

}  // namespace

namespace {

// One tile read from its outer corners; `blank` when it shows no monster and no trophy.
struct TileRead {
  BugsTileReading tile;
  bool blank = false;
  std::optional<cv::Point2d> body_centre_mm;  // bugs::TileFace::body_centre_mm
  cv::Mat debug;                              // the face as read, when the log wants it
};

TileRead read_corners(const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners,
                      const referee::BugsDeck& deck, const BugsReaderParams& params,
                      const StageLog& log) {
  TileRead read;
  BugsTileReading& tile = read.tile;
  tile.polygon = corners;
  tile.center = apply_homography(image_from_square(corners, bugs::kTileSideMm),
                                 {bugs::kTileSideMm / 2, bugs::kTileSideMm / 2});
  const bugs::TileFace face = bugs::read_tile(bgr, corners, params.tile_px_per_mm,
                                              log.wants_debug_images() ? &read.debug : nullptr);
  read.blank = face.blank;
  read.body_centre_mm = face.body_centre_mm;
  tile.trophy = face.trophy;
  tile.value = face.value;
  tile.eyes = face.eyes;
  tile.shape = face.shape;
  tile.pattern = face.pattern;
  if (!tile.trophy) {
    // Eyes that could not be counted (glare on the body) leave the species to the shape and
    // pattern when the deck has a single species with both (only two-eyed monsters have spots or
    // stripes).
    tile.may_be = deck.species_with(tile.eyes, tile.shape, tile.pattern);
    if (tile.shape && tile.pattern && tile.may_be.size() == 1) {
      tile.species = tile.may_be.front();
      tile.may_be.clear();
    }
  }
  if (!read.debug.empty())
    cv::putText(read.debug, describe_tile(tile), {4, 14}, cv::FONT_HERSHEY_PLAIN, 0.9, {0, 0, 0});
  return read;
}

bool fully_read(const TileRead& read) {
  return !read.blank &&
         (read.tile.trophy ? read.tile.value.has_value() : read.tile.species.has_value());
}

// Whether every mark of the tile was read: a monster's eyes, shape and pattern (none left to the
// deck to infer), a trophy's value.
bool every_mark_read(const BugsTileReading& tile) {
  if (tile.trophy) return tile.value.has_value();
  return tile.eyes && tile.shape && tile.pattern && tile.species;
}

// How far the body's print itself may lie off the face's middle.
constexpr double kBodyOffMiddleMm = 1.5;

// Whether the monster's body lies in the middle of the face read, as it is printed.
bool body_in_middle(const TileRead& read) {
  const cv::Point2d middle(bugs::kTileSideMm / 2, bugs::kTileSideMm / 2);
  return read.body_centre_mm && cv::norm(*read.body_centre_mm - middle) <= kBodyOffMiddleMm;
}

// An outline whose longest side is this much longer than its shortest is askew: a tile seen
// from the camera's tilt keeps its sides within a few percent of each other.
constexpr double kSkewedSides = 1.25;

// `tile` with only the marks it shares with `other` kept, the rest unknown: two readings of one
// tile that disagree.
void keep_what_both_read(BugsTileReading& tile, const BugsTileReading& other,
                         const referee::BugsDeck& deck) {
  if (tile.eyes != other.eyes) tile.eyes.reset();
  if (tile.shape != other.shape) tile.shape.reset();
  if (tile.pattern != other.pattern) tile.pattern.reset();
  tile.species.reset();
  tile.may_be = deck.species_with(tile.eyes, tile.shape, tile.pattern);
}

// Reads the tiles found, blanks left out, into `reading`; their corners go to `tile_corners`, and
// their faces as read to `debug_faces` when the log wants them. A tile left unread gets second
// chances, kept only when they read it whole: the larger outline found at its place (the first
// was its body), then its sides moved again onto the picture's edges (a face read askew), then a
// tile of its neighbours' size fitted to the edges nearby (an outline off its place), kept only
// with every mark read and the body in its middle, as printed. A tile read whole on an outline
// found askew is read on that fitted tile too, and keeps only what both read.
void read_found_tiles(const cv::Mat& bgr, const std::vector<bugs::FoundTile>& found,
                      const referee::BugsDeck& deck, const BugsReaderParams& params, StageLog& log,
                      BugsReading& reading, std::vector<std::array<cv::Point2d, 4>>& tile_corners,
                      std::vector<cv::Mat>& debug_faces) {
  std::vector<std::array<cv::Point2d, 4>> found_corners;
  for (const bugs::FoundTile& candidate : found) found_corners.push_back(candidate.corners);
  for (const bugs::FoundTile& candidate : found) {
    TileRead read = read_corners(bgr, candidate.corners, deck, params, log);
    const auto read_instead = [&](const std::array<cv::Point2d, 4>& corners) {
      TileRead again = read_corners(bgr, corners, deck, params, log);
      if (fully_read(again)) read = std::move(again);
    };
    if (!fully_read(read) && candidate.around) read_instead(*candidate.around);
    if (!fully_read(read) && !read.blank && !read.tile.trophy)
      read_instead(bugs::realigned(bgr, candidate.corners));
    if (!read.blank && !read.tile.trophy &&
        (!fully_read(read) || side_ratio(read.tile.polygon) > kSkewedSides)) {
      if (const auto fitted = bugs::refitted(bgr, candidate.corners, found_corners)) {
        TileRead again = read_corners(bgr, *fitted, deck, params, log);
        if (!fully_read(read)) {
          if (every_mark_read(again.tile) && body_in_middle(again)) read = std::move(again);
        } else if (every_mark_read(again.tile) && again.tile.species != read.tile.species) {
          keep_what_both_read(read.tile, again.tile, deck);
        }
      }
    }
    if (read.blank) continue;
    tile_corners.push_back(read.tile.polygon);
    reading.tiles.push_back(read.tile);
    debug_faces.push_back(read.debug);
  }
}

// How many of the tile's marks were read: a monster's eyes, shape and pattern, a trophy's value.
int marks_read(const BugsTileReading& tile) {
  if (tile.trophy) return tile.value ? 3 : 0;
  return static_cast<int>(tile.eyes.has_value()) + static_cast<int>(tile.shape.has_value()) +
         static_cast<int>(tile.pattern.has_value());
}

// The tile fitted at `corners` read where its body shows it lies: an outline fitted around eyes
// may sit off its tile, and the body is printed in the tile's middle. Moved at most twice, each
// time onto the middle of the body read, and kept moved only when it reads more of the marks.
TileRead read_centred_on_body(const cv::Mat& bgr, const std::array<cv::Point2d, 4>& corners,
                              const referee::BugsDeck& deck, const BugsReaderParams& params,
                              const StageLog& log) {
  TileRead read = read_corners(bgr, corners, deck, params, log);
  TileRead moved = read;
  for (int move = 0; move < 2 && !every_mark_read(read.tile); ++move) {
    if (moved.blank || !moved.body_centre_mm || body_in_middle(moved)) break;
    moved = read_corners(bgr, bugs::recentred(moved.tile.polygon, *moved.body_centre_mm), deck,
                         params, log);
    if (!moved.blank && marks_read(moved.tile) > marks_read(read.tile)) read = moved;
  }
  return read;
}

// Whether a tile missed by every mask would show its eyes in this picture, as every monster tile
// found does to the same search: then the eyes outside every tile are all the tiles missed, and
// a tile fitted around them leaves none behind. Where a tile found hides its eyes from that search
// (a light body, a blurred picture), a tile missed beside it may too.
bool missed_tiles_show_their_eyes(const cv::Mat& bgr, const std::vector<BugsTileReading>& tiles) {
  std::vector<std::array<cv::Point2d, 4>> monsters;
  for (const BugsTileReading& tile : tiles)
    if (!tile.trophy && tile.eyes) monsters.push_back(tile.polygon);
  return !monsters.empty() && bugs::share_showing_eyes(bgr, monsters) == 1.0;
}

// Adds the tiles fitted around the eyes `strays` that no tile holds (bugs::fit_tiles_at_eyes)
// that are read in full, with at least as many eyes as were seen in them. An outline fitted
// around eyes may lie on a cloth's print or between fingers: only a tile read in full shows it
// is one, and none is fitted within a hand's reach, nor beside skin of another tone than the
// table's. None is fitted where a tile missed might not show its eyes. Returns how many were
// added.
int add_tiles_fitted_at_eyes(const cv::Mat& bgr, const std::vector<cv::Point2d>& strays,
                             const HandsFromEdge& hands, const referee::BugsDeck& deck,
                             const BugsReaderParams& params, StageLog& log, BugsReading& reading,
                             std::vector<std::array<cv::Point2d, 4>>& tile_corners,
                             std::vector<cv::Mat>& debug_faces) {
  if (!missed_tiles_show_their_eyes(bgr, reading.tiles)) return 0;
  auto fitted = bugs::fit_tiles_at_eyes(bgr, strays, tile_corners);
  // The tiles fitted are left out of the skin test as the tiles found are: their cream is of
  // skin's colour too.
  std::vector<std::array<cv::Point2d, 4>> found_and_fitted = tile_corners;
  for (const bugs::FoundTile& tile : fitted) found_and_fitted.push_back(tile.corners);
  const SkinAmongTiles skin(bgr, found_and_fitted);
  std::erase_if(fitted, [&](const bugs::FoundTile& tile) {
    return hands.near({tile.corners}) || skin.near_unlike_table({tile.corners}, 1.5);
  });
  int added = 0;
  for (const bugs::FoundTile& candidate : fitted) {
    TileRead read = read_centred_on_body(bgr, candidate.corners, deck, params, log);
    if (read.blank) continue;
    const BugsTileReading& tile = read.tile;
    const std::vector<cv::Point2f> outline(tile.polygon.begin(), tile.polygon.end());
    const auto eyes_seen = std::count_if(strays.begin(), strays.end(), [&](cv::Point2d eye) {
      return cv::pointPolygonTest(outline, eye, false) >= 0;
    });
    if (!every_mark_read(tile) || (tile.trophy ? eyes_seen > 0 : *tile.eyes < eyes_seen)) continue;
    reading.tiles.push_back(tile);
    tile_corners.push_back(tile.polygon);
    debug_faces.push_back(read.debug);
    ++added;
  }
  return added;
}

// Tiles lie flat side by side: two outlines found overlapping by more than this share of the
// smaller one are of one tile (outlined twice, a little off its place once), not two.
constexpr double kOneTileOverlap = 0.25;

double overlap_share(const std::array<cv::Point2d, 4>& a, const std::array<cv::Point2d, 4>& b) {
  const std::vector<cv::Point2f> first(a.begin(), a.end()), second(b.begin(), b.end());
  cv::Mat common;
  const double shared = cv::intersectConvexConvex(first, second, common);
  const double smaller = std::min(cv::contourArea(first), cv::contourArea(second));
  return smaller > 0 ? shared / smaller : 0.0;
}

// What the tile read twice is: its one reading when both agree. When two monster readings
// disagree, only the marks both read are kept; a trophy's reading against a monster's leaves it
// unread with no species allowed, so its collection's score is left undecided.
void merge_readings(BugsTileReading& kept, const BugsTileReading& other,
                    const referee::BugsDeck& deck) {
  const bool agree = kept.trophy == other.trophy && kept.value == other.value &&
                     kept.species == other.species && kept.eyes == other.eyes &&
                     kept.shape == other.shape && kept.pattern == other.pattern;
  if (agree) return;
  if (!kept.trophy && !other.trophy) {
    keep_what_both_read(kept, other, deck);
    return;
  }
  kept.trophy = false;
  kept.value.reset();
  kept.eyes.reset();
  kept.shape.reset();
  kept.pattern.reset();
  kept.species.reset();
  kept.may_be.clear();
}

// The first pair of tiles found overlapping, when any.
std::optional<std::pair<std::size_t, std::size_t>> overlapping_pair(
    const std::vector<BugsTileReading>& tiles) {
  for (std::size_t i = 0; i < tiles.size(); ++i)
    for (std::size_t j = i + 1; j < tiles.size(); ++j)
      if (overlap_share(tiles[i].polygon, tiles[j].polygon) > kOneTileOverlap) return {{i, j}};
  return std::nullopt;
}

// Keeps one of each pair of tiles found overlapping, its reading merged with the other's: the one
// whose size is nearer the tiles' median (an outline found wide may cover a neighbour too). Their
// debug faces go with them.
void merge_tiles_found_twice(std::vector<BugsTileReading>& tiles, std::vector<cv::Mat>& faces,
                             const referee::BugsDeck& deck) {
  std::vector<std::array<cv::Point2d, 4>> outlines;
  for (const BugsTileReading& tile : tiles) outlines.push_back(tile.polygon);
  const double tile_side = median_side(outlines);
  const auto off_size = [&](const BugsTileReading& tile) {
    return std::abs(mean_side(tile.polygon) - tile_side);
  };
  while (const auto pair = overlapping_pair(tiles)) {
    auto [kept, dropped] = *pair;
    if (off_size(tiles[dropped]) < off_size(tiles[kept])) std::swap(kept, dropped);
    merge_readings(tiles[kept], tiles[dropped], deck);
    tiles.erase(tiles.begin() + static_cast<std::ptrdiff_t>(dropped));
    faces.erase(faces.begin() + static_cast<std::ptrdiff_t>(dropped));
  }
}

// A tile's rim is the tiles' cream all round; a piece of a cloth outlined as a tile (a gingham's
// squares) is not, nor is it read. An unread tile whose rim is less than half of the cream's tone
// (the median of the read tiles' rims) may be no tile: what it may be decides no score. Where no
// tile is read, no cream is known and none decides one.
void doubt_unread_tiles_of_no_cream(const cv::Mat& bgr, std::vector<BugsTileReading>& tiles) {
  constexpr double kScale = kHalved, kCreamRimShare = 0.5;
  if (std::none_of(tiles.begin(), tiles.end(), unread)) return;
  cv::Mat small, ycrcb;
  cv::resize(bgr, small, {}, kScale, kScale, cv::INTER_AREA);
  cv::cvtColor(small, ycrcb, cv::COLOR_BGR2YCrCb);
  cv::Mat read_rims = cv::Mat::zeros(ycrcb.size(), CV_8U);
  for (const BugsTileReading& tile : tiles)
    if (!unread(tile)) draw_rim(read_rims, tile.polygon, kScale);
  const std::vector<cv::Vec3f> read_samples = tones_under(ycrcb, read_rims);
  const cv::Vec3f cream = read_samples.empty() ? cv::Vec3f() : channel_median(read_samples);
  const auto rim_of_cream = [&](const BugsTileReading& tile) {
    const std::vector<cv::Vec3f> samples =
        tones_under(ycrcb, rim_mask(ycrcb.size(), tile.polygon, kScale));
    const auto of_cream = std::count_if(samples.begin(), samples.end(), [&](const cv::Vec3f& tone) {
      return std::hypot(tone[1] - cream[1], tone[2] - cream[2]) <= kToneDistance;
    });
    return !read_samples.empty() && !samples.empty() &&
           static_cast<double>(of_cream) >= kCreamRimShare * static_cast<double>(samples.size());
  };
  for (BugsTileReading& tile : tiles)
    if (unread(tile) && !tile.trophy && !rim_of_cream(tile)) tile.may_be.clear();
}

// Puts the tiles in reading order (top to bottom, then left to right); a debug face is named
// after its tile's place in that order, as the JSON lists them.
void sort_tiles(std::vector<BugsTileReading>& tiles, const std::vector<cv::Mat>& debug_faces,
                StageLog& log) {
  std::vector<std::size_t> order(tiles.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::pair(tiles[a].center.y, tiles[a].center.x) <
           std::pair(tiles[b].center.y, tiles[b].center.x);
  });
  std::vector<BugsTileReading> sorted;
  for (std::size_t place = 0; place < order.size(); ++place) {
    sorted.push_back(tiles[order[place]]);
    const cv::Mat& face = debug_faces[order[place]];
    if (!face.empty()) log.debug_image("tile-" + std::to_string(place), face);
  }
  tiles = std::move(sorted);
}

BugsReading read_bugs_pinhole(const cv::Mat& bgr, const referee::BugsDeck& deck,
                              const BugsReaderParams& params, StageLog& log,
                              const SeatOfPoint& seat_of) {
  BugsReading reading;
  const auto found = bugs::find_tiles(bgr, params, log);

  StageTimer read_stage(log, "read tiles");
  std::vector<std::array<cv::Point2d, 4>> tile_corners;  // of the tiles read, blanks left out
  std::vector<cv::Mat> debug_faces;
  read_found_tiles(bgr, found, deck, params, log, reading, tile_corners, debug_faces);
  read_stage.finish(static_cast<int>(reading.tiles.size()));

  StageTimer stray_stage(log, "stray eyes");
  const HandsFromEdge hands(bgr);
  // A blank region is no tile: an eye within it is a stray one.
  std::vector<cv::Point2d> strays = bugs::stray_eyes(bgr, tile_corners);
  // A tile whose cream is printed a little off may stand out from the table only around it.
  if (!strays.empty()) {
    const auto near = bugs::find_tiles_near(bgr, strays, tile_corners, params);
    if (!near.empty()) {
      read_found_tiles(bgr, near, deck, params, log, reading, tile_corners, debug_faces);
      strays = bugs::stray_eyes(bgr, tile_corners);
    }
  }
  // Skin among the tiles read, built once for them: asked of the stray eyes, then of the
  // collections. An eye on a hand reaching in from the picture's edge is a nail or a highlight.
  std::optional<SkinAmongTiles> skin_among_read;
  const auto off_hands = [&](std::vector<cv::Point2d> eyes) {
    skin_among_read.reset();
    if (eyes.empty()) return eyes;
    skin_among_read.emplace(bgr, tile_corners);
    std::erase_if(eyes, [&](cv::Point2d eye) { return skin_among_read->on_hand(eye); });
    return eyes;
  };
  strays = off_hands(std::move(strays));
  if (!strays.empty() && add_tiles_fitted_at_eyes(bgr, strays, hands, deck, params, log, reading,
                                                  tile_corners, debug_faces) > 0)
    strays = off_hands(bugs::stray_eyes(bgr, tile_corners));
  stray_stage.finish(static_cast<int>(strays.size()));
  merge_tiles_found_twice(reading.tiles, debug_faces, deck);
  doubt_unread_tiles_of_no_cream(bgr, reading.tiles);
  sort_tiles(reading.tiles, debug_faces, log);

  StageTimer score_stage(log, "collections");
  std::vector<int> seats;
  const std::vector<int> group = group_tiles(reading.tiles, params, seat_of, seats);
  reading.collections.resize(seats.size());
  for (std::size_t i = 0; i < reading.tiles.size(); ++i) {
    reading.tiles[i].collection = group[i];
    reading.collections[static_cast<std::size_t>(group[i])].tiles.push_back(i);
  }
  for (std::size_t c = 0; c < reading.collections.size(); ++c)
    reading.collections[c].seat = seats[c];
  reading.stray_eyes = strays;
  if (!skin_among_read) skin_among_read.emplace(bgr, tile_corners);
  const SkinAmongTiles& skin = *skin_among_read;
  if (log.wants_debug_images()) {
    hands.write_debug_images(log);
    skin.write_debug_images(log);
  }
  // A hand hides what lies under it: the collections out of its reach are still scored.
  const cv::Mat edge_hands_depth = skin.depth_in_hands_from_edge(hands.mask());
  for (BugsCollectionReading& collection : reading.collections) {
    std::vector<std::array<cv::Point2d, 4>> corners;
    for (const std::size_t tile : collection.tiles) corners.push_back(reading.tiles[tile].polygon);
    collection.hand_near = (!edge_hands_depth.empty() &&
                            hand_may_hide_a_tile_near(edge_hands_depth, corners, kHalved)) ||
                           hand_among_tiles(skin, corners);
    reading.hand_near = reading.hand_near || collection.hand_near;
  }
  reading.skin_beside_unread = skin_beside_unread(skin, reading.tiles);
  settle(reading);
  score_stage.finish(static_cast<int>(reading.collections.size()));
  return reading;
}

}  // namespace

void settle(BugsReading& reading) {
  for (BugsCollectionReading& collection : reading.collections) {
    const TilesScore scored = score_of(reading.tiles, collection.tiles);
    collection.score = scored.score;
    collection.unknown_tiles = scored.unknown;
    collection.score_decided = scored.decided;
  }
  std::vector<std::size_t> everything(reading.tiles.size());
  std::iota(everything.begin(), everything.end(), std::size_t{0});
  const TilesScore whole = score_of(reading.tiles, everything);
  reading.score = whole.score;
  const int unknown = whole.unknown;
  reading.doubts.clear();
  if (unknown > 0) reading.doubts.push_back(std::to_string(unknown) + " tile(s) could not be read");
  // A tile the table hid would be scored as missing: its eyes still show, so the picture is not
  // to be trusted.
  if (!reading.stray_eyes.empty()) {
    reading.doubts.push_back(std::to_string(reading.stray_eyes.size()) +
                             " eye-like spot(s) outside every tile found: a tile may be missed");
  }
  if (reading.hand_near)
    reading.doubts.push_back("a hand lies over or beside the tiles: a tile may be hidden");
  // An empty table is never read as a game with no tiles: the tiles may not stand out from it.
  if (reading.tiles.empty()) reading.doubts.push_back("no tile found");
  reading.unstable = !reading.doubts.empty();
  // A tile found but unread leaves only its collection in doubt (when it could change its score),
  // and a hand only the collections within its reach, unless a hand may lie over an unread tile
  // unseen (skin's colour beside it). A tile that may be missed (eyes outside every tile) leaves
  // every collection in doubt: where one tile was missed, a tile whose eyes do not show (a light
  // body on a light cloth) may be missed too.
  const bool anyones = !reading.stray_eyes.empty() || (unknown > 0 && reading.skin_beside_unread);
  for (BugsCollectionReading& collection : reading.collections)
    collection.unstable = anyones || collection.hand_near || !collection.score_decided;
}

void drop_tiles(BugsReading& reading, const std::vector<bool>& dropped) {
  CV_Assert(dropped.size() == reading.tiles.size());
  // Where each kept tile moves to; collections are renumbered the same way.
  std::vector<std::size_t> new_index(reading.tiles.size(), 0);
  std::vector<BugsTileReading> kept_tiles;
  for (std::size_t i = 0; i < reading.tiles.size(); ++i) {
    if (dropped[i]) continue;
    new_index[i] = kept_tiles.size();
    kept_tiles.push_back(std::move(reading.tiles[i]));
  }
  std::vector<BugsCollectionReading> kept_collections;
  for (BugsCollectionReading& collection : reading.collections) {
    std::vector<std::size_t> tiles;
    for (const std::size_t tile : collection.tiles) {
      if (!dropped[tile]) tiles.push_back(new_index[tile]);
    }
    if (tiles.empty()) continue;
    for (const std::size_t tile : tiles)
      kept_tiles[tile].collection = static_cast<int>(kept_collections.size());
    collection.tiles = std::move(tiles);
    kept_collections.push_back(std::move(collection));
  }
  reading.tiles = std::move(kept_tiles);
  reading.collections = std::move(kept_collections);
}

void move_points(BugsReading& reading, const PointMap& map) {
  move_card_points(reading.tiles, map);
  for (cv::Point2d& eye : reading.stray_eyes) eye = map(eye);
}

double table_px_per_mm(const BugsReading& reading) {
  return scale_of_squares(
      reading.tiles, [](const BugsTileReading& tile) { return tile.polygon; }, bugs::kTileSideMm);
}

BugsReading read_bugs(const cv::Mat& bgr, const referee::BugsDeck& deck,
                      const BugsReaderParams& params, StageLog& log, const SeatOfPoint& seat_of) {
  const LensCorrection* lens = params.lens.get();
  const double scale = working_scale(params.table_px_per_mm, params.working_px_per_mm);
  // Seats are zones of the picture as given: a point of the picture read goes back first.
  SeatOfPoint seat_of_read = seat_of;
  if (seat_of && (lens != nullptr || scale < 1)) {
    const cv::Size picture_size = bgr.size();
    const cv::Size read_size = scale < 1 ? shrunk_size(picture_size, scale) : picture_size;
    seat_of_read = [lens, &seat_of, read_size, picture_size](cv::Point2d read_px) {
      const cv::Point2d pinhole_px = unshrunk(read_px, read_size, picture_size);
      return seat_of(lens != nullptr ? lens->raw_from_pinhole(pinhole_px) : pinhole_px);
    };
  }
  return read_pinhole_at_scale(lens, scale, bgr, log, [&](const cv::Mat& picture) {
    return read_bugs_pinhole(picture, deck, params, log, seat_of_read);
  });
}

std::string describe_tile(const BugsTileReading& tile) {
  std::ostringstream words;
  if (tile.trophy) {
    words << "trophy " << (tile.value ? std::to_string(*tile.value) : "?");
    return words.str();
  }
  words << (tile.eyes ? std::to_string(*tile.eyes) : "?") << (tile.eyes == 1 ? " eye " : " eyes ")
        << (tile.shape ? std::string(referee::shape_name(*tile.shape)) : "?") << ' '
        << (tile.pattern ? std::string(referee::pattern_name(*tile.pattern)) : "?");
  return words.str();
}

}  // namespace tableref::vision
