#include "vision/annotate.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <opencv2/imgproc.hpp>
#include <tuple>

#include "vision/observation_json.hpp"

namespace tableref::vision {

namespace {

constexpr int kLabelFont = cv::FONT_HERSHEY_SIMPLEX;
constexpr int kOutlineExtraPx = 3;  // the dark outline's thickness beyond the letters'

// A label's two layers as coverage masks, drawn once: putText's anti-aliased strokes cost tens
// of microseconds a call, blending the masks a few. Strokes blended towards one colour compose
// into one coverage, so the blend is what drawing the strokes on the picture gives.
struct LabelStamp {
  cv::Mat outline;   // CV_8U, 255 where the dark outline covers a pixel wholly
  cv::Mat letters;   // CV_8U, the same for the letters
  cv::Point origin;  // the text's origin within the masks
};

LabelStamp drawn_stamp(const std::string& text, double scale, int thickness) {
  int baseline = 0;
  const int outline_thickness = thickness + kOutlineExtraPx;
  const cv::Size size = cv::getTextSize(text, kLabelFont, scale, outline_thickness, &baseline);
  const int margin = outline_thickness + 2;
  LabelStamp stamp;
  stamp.origin = {margin, margin + size.height};
  const cv::Size canvas(size.width + 2 * margin, size.height + baseline + 2 * margin);
  stamp.outline = cv::Mat::zeros(canvas, CV_8U);
  stamp.letters = cv::Mat::zeros(canvas, CV_8U);
  cv::putText(stamp.outline, text, stamp.origin, kLabelFont, scale, 255, outline_thickness,
              cv::LINE_AA);
  cv::putText(stamp.letters, text, stamp.origin, kLabelFont, scale, 255, thickness, cv::LINE_AA);
  return stamp;
}

// The stamp of a label, drawn the first time it is asked for. Pictures name the same few words
// (colours, values, cells) again and again; the cache is per thread and forgotten when full.
const LabelStamp& label_stamp(const std::string& text, double scale, int thickness) {
  constexpr std::size_t kMostStamps = 512;
  thread_local std::map<std::tuple<std::string, double, int>, LabelStamp> stamps;
  if (stamps.size() >= kMostStamps) stamps.clear();
  const auto key = std::make_tuple(text, scale, thickness);
  auto found = stamps.find(key);
  if (found == stamps.end()) found = stamps.emplace(key, drawn_stamp(text, scale, thickness)).first;
  return found->second;
}

// Blends `colour` into the picture by the coverage of `mask`, whose top left lies at `at`.
void blend_coverage(cv::Mat& image, const cv::Mat& mask, cv::Point at, const cv::Scalar& colour) {
  const cv::Rect placed = cv::Rect(at, mask.size()) & cv::Rect({}, image.size());
  const std::array<int, 3> target{static_cast<int>(colour[0]), static_cast<int>(colour[1]),
                                  static_cast<int>(colour[2])};
  for (int y = placed.y; y < placed.br().y; ++y) {
    const std::uint8_t* coverage = mask.ptr<std::uint8_t>(y - at.y);
    auto* pixel = image.ptr<cv::Vec3b>(y);
    for (int x = placed.x; x < placed.br().x; ++x) {
      const int alpha = coverage[x - at.x];
      if (alpha == 0) continue;
      for (int c = 0; c < 3; ++c) {
        const int mixed = pixel[x][c] * (255 - alpha) + target[c] * alpha;
        pixel[x][c] = static_cast<std::uint8_t>((mixed + 127) / 255);
      }
    }
  }
}

}  // namespace

void draw_label(cv::Mat& image, const std::string& text, cv::Point2d centre, double size_scale,
                const cv::Scalar& colour) {
  CV_Assert(image.type() == CV_8UC3);
  // Sizes follow the cards' and vary from picture to picture: steps of a fortieth, too small to
  // see, let the same few stamps serve them.
  constexpr double kScaleSteps = 40;
  const double scale = std::max(1.0, std::round(size_scale * kScaleSteps)) / kScaleSteps;
  const int thickness = std::max(1, static_cast<int>(std::lround(scale * 2)));
  int baseline = 0;
  const cv::Size size = cv::getTextSize(text, kLabelFont, scale, thickness, &baseline);
  const cv::Point origin(static_cast<int>(centre.x - size.width / 2.0),
                         static_cast<int>(centre.y + size.height / 2.0));
  const LabelStamp& stamp = label_stamp(text, scale, thickness);
  const cv::Point at = origin - stamp.origin;
  blend_coverage(image, stamp.outline, at, {0, 0, 0});
  blend_coverage(image, stamp.letters, at, colour);
}

cv::Mat annotate_freeze(const cv::Mat& bgr, const FreezeReading& reading) {
  cv::Mat out = bgr.clone();
  for (const FreezeStackReading& stack : reading.stacks) {
    std::vector<cv::Point> outline;
    for (const cv::Point2d& corner : stack.corners) outline.emplace_back(corner);
    const cv::Scalar outline_colour =
        stack.aligned ? cv::Scalar(0, 255, 0) : cv::Scalar(0, 165, 255);
    cv::polylines(out, outline, true, outline_colour, 2, cv::LINE_AA);
    cv::circle(out, outline[0], 5, outline_colour, cv::FILLED, cv::LINE_AA);

    const double side_px = cv::norm(stack.corners[1] - stack.corners[0]);
    const double scale = std::clamp(side_px / 300.0, 0.3, 0.8);
    for (std::size_t row = 0; row < 3; ++row) {
      for (std::size_t col = 0; col < 3; ++col) {
        // Bilinear position of the cell centre between the corners (13.5, 32.5, 51.5 of 65 mm).
        const double u = (13.5 + 19.0 * static_cast<double>(col)) / 65.0;
        const double v = (13.5 + 19.0 * static_cast<double>(row)) / 65.0;
        const cv::Point2d top = stack.corners[0] + u * (stack.corners[1] - stack.corners[0]);
        const cv::Point2d bottom = stack.corners[3] + u * (stack.corners[2] - stack.corners[3]);
        draw_label(out, cell_word(stack.cells[row * 3 + col]), top + v * (bottom - top), scale);
      }
    }
    std::string verdict = stack.aligned ? "" : "not aligned";
    for (const referee::Colour colour : stack.tricks) {
      verdict += (verdict.empty() ? "trick: " : ", ") + std::string(referee::colour_name(colour));
    }
    if (!verdict.empty()) {
      const cv::Point2d centre = (stack.corners[2] + stack.corners[3]) * 0.5;
      draw_label(out, verdict, centre + cv::Point2d(0, 18), scale * 1.2, {0, 255, 255});
    }
  }
  if (reading.unstable)
    draw_label(out, "UNSTABLE: view blocked or unclear", {out.cols / 2.0, 30}, 0.9, {0, 0, 255});
  return out;
}

cv::Mat annotate_trio(const cv::Mat& bgr, const TrioReading& reading) {
  cv::Mat out = bgr.clone();
  const double scale = std::clamp(reading.lattice_side_px / 260.0, 0.3, 0.8);
  // Edge contacts first, under the outlines and words.
  for (std::size_t id = 0; id < reading.cards.size(); ++id) {
    for (const int other : reading.cards[id].edge_neighbours) {
      if (static_cast<std::size_t>(other) < id) continue;
      cv::line(out, reading.cards[id].center, reading.cards[static_cast<std::size_t>(other)].center,
               {255, 255, 0}, 1, cv::LINE_AA);
    }
  }
  for (std::size_t id = 0; id < reading.cards.size(); ++id) {
    const TrioCardReading& card = reading.cards[id];
    const bool detached = std::find(reading.detached.begin(), reading.detached.end(),
                                    static_cast<int>(id)) != reading.detached.end();
    std::vector<cv::Point> outline;
    for (const cv::Point2d& corner : card.polygon) outline.emplace_back(corner);
    const cv::Scalar outline_colour = detached     ? cv::Scalar(0, 165, 255)
                                      : card.place ? cv::Scalar(0, 255, 0)
                                                   : cv::Scalar(0, 0, 255);
    cv::polylines(out, outline, true, outline_colour, 2, cv::LINE_AA);
    draw_label(out, colour_word(card.colour), card.center, scale);
    if (detached)
      draw_label(out, "detached", card.center + cv::Point2d(0, 28 * scale), scale * 0.8,
                 {0, 165, 255});
  }
  if (reading.unstable)
    draw_label(out, "UNSTABLE: view blocked or unclear", {out.cols / 2.0, 30}, 0.9, {0, 0, 255});
  return out;
}

cv::Mat annotate_punto(const cv::Mat& bgr, const PuntoReading& reading) {
  cv::Mat out = bgr.clone();
  std::map<referee::punto::Cell, cv::Point2d> centres;
  for (const PuntoCardReading& card : reading.cards) {
    const double scale = std::clamp(cv::norm(card.polygon[1] - card.polygon[0]) / 220.0, 0.3, 0.8);
    std::vector<cv::Point> outline;
    for (const cv::Point2d& corner : card.polygon) outline.emplace_back(corner);
    const bool read = card.colour && card.value;
    cv::polylines(out, outline, true, read ? cv::Scalar(0, 255, 0) : cv::Scalar(0, 0, 255), 2,
                  cv::LINE_AA);
    draw_label(out, colour_word(card.colour) + " " + value_word(card.value), card.center, scale);
    const std::string cell =
        "[" + std::to_string(card.cell.col) + "," + std::to_string(card.cell.row) + "]";
    draw_label(out, cell, card.center + cv::Point2d(0, 26 * scale), scale * 0.8, {255, 255, 0});
    centres[card.cell] = card.center;
  }
  int line_number = 0;
  for (const referee::punto::Line& line : reading.lines) {
    const cv::Point2d from = centres[line.cells.front()], to = centres[line.cells.back()];
    cv::line(out, from, to, {0, 255, 255}, 3, cv::LINE_AA);
    const std::string name = std::string(referee::colour_name(line.colour)) + " line of " +
                             std::to_string(line.length());
    draw_label(out, name, {out.cols / 2.0, 70.0 + 34.0 * line_number++}, 0.8, {0, 255, 255});
  }
  if (!reading.fits_6x6)
    draw_label(out, "layout larger than 6 x 6", {out.cols / 2.0, out.rows - 30.0}, 0.8,
               {0, 165, 255});
  if (reading.unstable)
    draw_label(out, "UNSTABLE: view blocked or unclear", {out.cols / 2.0, 30}, 0.9, {0, 0, 255});
  return out;
}

cv::Mat annotate_bugs(const cv::Mat& bgr, const BugsReading& reading) {
  cv::Mat out = bgr.clone();
  for (const BugsTileReading& tile : reading.tiles) {
    const double scale = std::clamp(cv::norm(tile.polygon[1] - tile.polygon[0]) / 180.0, 0.3, 0.8);
    std::vector<cv::Point> outline;
    for (const cv::Point2d& corner : tile.polygon) outline.emplace_back(corner);
    const bool read = tile.trophy ? tile.value.has_value() : tile.species.has_value();
    cv::polylines(out, outline, true, read ? cv::Scalar(0, 255, 0) : cv::Scalar(0, 0, 255), 2,
                  cv::LINE_AA);
    draw_label(out, describe_tile(tile), tile.center, scale);
  }
  // Eyes outside every tile found: where a tile may be missed.
  for (const cv::Point2d& eye : reading.stray_eyes) {
    cv::circle(out, eye, 14, {0, 0, 255}, 2, cv::LINE_AA);
    draw_label(out, "eye outside every tile", eye + cv::Point2d(0, 28), 0.5, {0, 0, 255});
  }
  for (std::size_t index = 0; index < reading.collections.size(); ++index) {
    const BugsCollectionReading& collection = reading.collections[index];
    cv::Point2d lowest(0, 0);
    for (const std::size_t tile : collection.tiles) {
      const cv::Point2d centre = reading.tiles[tile].center;
      if (centre.y > lowest.y) lowest = centre;
    }
    const referee::bugs::Score& score = collection.score;
    std::string words = (collection.seat >= 0 ? "seat " + std::to_string(collection.seat)
                                              : "collection " + std::to_string(index + 1)) +
                        ": " + std::to_string(score.sets) + " set(s), " +
                        std::to_string(score.others) + " other(s), trophies " +
                        std::to_string(score.trophies) + " = " + std::to_string(score.total()) +
                        " points";
    if (collection.unknown_tiles > 0) {
      words += ", " + std::to_string(collection.unknown_tiles) + " unread" +
               (collection.score_decided ? " (the same whatever they are)" : "");
    }
    if (collection.unstable) words += " (unstable)";
    // Below the collection's lowest tile, kept inside the picture.
    const cv::Point2d place(std::clamp(lowest.x, 200.0, std::max(200.0, out.cols - 200.0)),
                            std::min(lowest.y + 70, out.rows - 15.0));
    draw_label(out, words, place, 0.6, {0, 255, 255});
  }
  if (reading.unstable)
    draw_label(out,
               "UNSTABLE: " +
                   (reading.doubts.empty() ? std::string("view unclear") : reading.doubts.front()),
               {out.cols / 2.0, 30}, 0.9, {0, 0, 255});
  return out;
}

}  // namespace tableref::vision
