#include "vision/trio_reader.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <opencv2/imgproc.hpp>
#include <variant>

#include "referee/trio/detached.hpp"
#include "referee/trio/layout.hpp"
#include "trio_bodies.hpp"
#include "trio_colour.hpp"
#include "trio_lattice.hpp"

namespace tableref::vision {

namespace {

using referee::trio::Place;
using trio::FaceMaps;
using trio::LatticeFit;
using trio::LocalLattice;
using trio::MonsterBody;

// A card is 80 mm; lattice sides add the gaps between cards (about 1.5 mm of side per mm of
// gap), so the card is a little smaller than its lattice triangle.
constexpr double kCardShareOfSide = 0.98;

cv::Mat as_bgr(const cv::Mat& image) {
  cv::Mat bgr;
  if (image.type() == CV_8UC3) return image;
  if (image.channels() == 1) {
    cv::cvtColor(image, bgr, cv::COLOR_GRAY2BGR);
  } else if (image.channels() == 4) {
    cv::cvtColor(image, bgr, cv::COLOR_BGRA2BGR);
  } else {
    bgr = image;
  }
  if (bgr.depth() != CV_8U) bgr.convertTo(bgr, CV_8U, bgr.depth() == CV_16U ? 1.0 / 257 : 255.0);
  return bgr;
}

void fill_neighbours(TrioReading& reading) {
  std::map<Place, int> at;
  for (std::size_t i = 0; i < reading.cards.size(); ++i) {
    if (reading.cards[i].place) at[*reading.cards[i].place] = static_cast<int>(i);
  }
  for (TrioCardReading& card : reading.cards) {
    if (!card.place) continue;
    for (const Place& next : referee::trio::edge_neighbours(*card.place)) {
      if (const auto found = at.find(next); found != at.end())
        card.edge_neighbours.push_back(found->second);
    }
    for (const Place& next : referee::trio::corner_neighbours(*card.place)) {
      if (const auto found = at.find(next); found != at.end())
        card.corner_neighbours.push_back(found->second);
    }
    std::sort(card.edge_neighbours.begin(), card.edge_neighbours.end());
    std::sort(card.corner_neighbours.begin(), card.corner_neighbours.end());
  }
}

// The referee's rule: the cards touching no card of the largest group, not even by a corner.
void fill_detached(TrioReading& reading) {
  std::vector<referee::trio::LaidCard> laid;
  std::map<Place, int> index_of;
  for (std::size_t i = 0; i < reading.cards.size(); ++i) {
    const TrioCardReading& card = reading.cards[i];
    if (!card.place) continue;
    laid.push_back({std::to_string(i), card.colour.value_or(referee::Colour::yellow), *card.place});
    index_of[*card.place] = static_cast<int>(i);
  }
  const auto layout = referee::trio::Layout::from_cards(laid);
  if (!layout) return;  // places are unique by construction
  const referee::trio::Detachment detachment = referee::trio::detached_cards(layout.value());
  if (std::holds_alternative<referee::trio::LargestGroupTie>(detachment)) {
    reading.largest_group_tie = true;
    return;
  }
  for (const Place& place : std::get<referee::trio::PlaceSet>(detachment))
    reading.detached.push_back(index_of.at(place));
  std::sort(reading.detached.begin(), reading.detached.end());
}

// Share of points in the inner part of a lattice place that look like card face.
double face_share(const FaceMaps& maps, const LocalLattice& lattice, Place place, double side_mm) {
  const auto corners = referee::trio::corners_mm(place, side_mm);
  const auto centre = referee::trio::centroid_mm(place, side_mm);
  const cv::Rect image(0, 0, maps.face.cols, maps.face.rows);
  int face = 0, total = 0;
  const auto look = [&](double x, double y) {
    const cv::Point at(lattice.image_from_lattice({x, y}));
    ++total;
    face += image.contains(at) && maps.face.at<std::uint8_t>(at) != 0;
  };
  look(centre.x, centre.y);
  for (const double reach : {0.3, 0.55}) {
    for (const auto& corner : corners)
      look(centre.x + reach * (corner.x - centre.x), centre.y + reach * (corner.y - centre.y));
  }
  return double(face) / total;
}

// A card whose monster is hidden (under a hand) still shows some of its face: an empty place
// beside the layout that looks like card face while the others look like table. (On a table as
// light as the cards no place can tell.)
bool card_hidden_at_empty_place(const TrioReading& reading, const FaceMaps& maps,
                                const std::vector<LocalLattice>& lattices, double side_mm,
                                double hidden_face_share) {
  std::map<Place, std::size_t> empty_beside;
  std::set<Place> occupied;
  for (const TrioCardReading& card : reading.cards) {
    if (card.place) occupied.insert(*card.place);
  }
  for (std::size_t i = 0; i < reading.cards.size(); ++i) {
    if (!reading.cards[i].place) continue;
    for (const Place& next : referee::trio::edge_neighbours(*reading.cards[i].place)) {
      if (!occupied.contains(next)) empty_beside.emplace(next, i);
    }
  }
  if (empty_beside.empty()) return false;
  std::vector<double> shares;
  for (const auto& [place, card] : empty_beside)
    shares.push_back(face_share(maps, lattices[card], place, side_mm));
  std::vector<double> sorted = shares;
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2),
                   sorted.end());
  if (sorted[sorted.size() / 2] > 0.3) return false;
  return std::any_of(shares.begin(), shares.end(),
                     [&](double share) { return share >= hidden_face_share; });
}

}  // namespace

TrioReading read_trio(const cv::Mat& image, const ColourReferences& references,
                      const TrioReaderParams& params, StageLog& log) {
  TrioReading reading;
  if (image.empty()) return reading;
  const cv::Mat bgr = as_bgr(image);

  StageTimer face_stage(log, "face");
  const FaceMaps maps = trio::face_maps(bgr, params);
  face_stage.finish();
  log.debug_image("face", maps.face);

  const std::vector<MonsterBody> bodies = trio::find_bodies(maps, params, log);

  StageTimer lattice_stage(log, "lattice");
  const LatticeFit fit = trio::fit_lattice(bodies, params.max_place_error);
  std::vector<LocalLattice> lattices;
  lattices.reserve(bodies.size());
  for (std::size_t i = 0; i < bodies.size(); ++i) lattices.emplace_back(bodies, fit, i);
  lattice_stage.finish(static_cast<int>(bodies.size()));

  StageTimer colour_stage(log, "colours");
  bool hidden = false;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    TrioCardReading card;
    card.center = bodies[i].centre;
    card.place = fit.places[i];
    card.polygon = lattices[i].card_corners(card.place.value_or(Place{0, 0}),
                                            kCardShareOfSide * fit.side_mm);
    const trio::BodyColour colour =
        trio::read_body_colour(bgr, maps, bodies[i], card.polygon, references, params);
    card.colour = colour.colour;
    hidden = hidden || colour.hidden;
    reading.cards.push_back(std::move(card));
  }
  colour_stage.finish(static_cast<int>(bodies.size()));

  fill_neighbours(reading);
  fill_detached(reading);
  const bool misplaced =
      fit.inconsistent > 0 ||
      std::any_of(reading.cards.begin(), reading.cards.end(),
                  [](const TrioCardReading& card) { return !card.place; });
  reading.unstable =
      hidden || misplaced ||
      card_hidden_at_empty_place(reading, maps, lattices, fit.side_mm, params.hidden_card_face_share);
  if (!bodies.empty()) {
    std::size_t middle = 0;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      if (fit.places[i] && fit.places[i]->row == 0 && fit.places[i]->col == 0) middle = i;
    }
    reading.lattice_side_px = lattices[middle].px_per_mm() * fit.side_mm;
  }
  return reading;
}

}  // namespace tableref::vision
