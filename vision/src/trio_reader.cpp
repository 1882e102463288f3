#include "vision/trio_reader.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <opencv2/imgproc.hpp>
#include <set>
#include <string>
#include <variant>

#include "referee/trio/detached.hpp"
#include "referee/trio/layout.hpp"
#include "trio_bodies.hpp"
#include "trio_colour.hpp"
#include "trio_lattice.hpp"
#include "vision/colour_space.hpp"
#include "vision/working_scale.hpp"

namespace tableref::vision {

namespace {

using referee::trio::Place;
using trio::FaceMaps;
using trio::LatticeFit;
using trio::LocalLattice;
using trio::MonsterBody;

// A card is 80 mm; lattice sides add the gaps between cards (sqrt(3) mm of side per mm of gap),
// so the card is a little smaller than its lattice triangle.
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
  return bgr.type() == CV_8UC3 ? bgr : cv::Mat();
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

// What an empty lattice place beside the layout shows: how much of it looks like card face (where
// a card's field would be, between its body and its corners), and its colours.
struct EmptyPlaceView {
  double face_share = 0;
  std::vector<cv::Vec3f> lab;
  // Lab colours on the way from the centre towards each corner, far out (kTowardsCornerReaches).
  std::array<std::vector<cv::Vec3f>, 3> lab_towards_corner;
  // Print (darker than face) where a card's body would be, clear of its eyes: sRGB and Lab.
  std::vector<cv::Vec3f> print_rgb, print_lab;
};

// Where a body's print shows, in body millimetres from its centre: the centre, a ring inside
// the eyes and a ring beyond them (the eyes sit 9 mm out, 3.2 mm wide).
constexpr std::array<double, 3> kPrintRingsMm = {0.0, 4.0, 13.0};

// Shares of the way from a place's centre to a corner (47 mm) that a card lying there, even slid
// by 3 mm, shows its field at (beyond its body, inside its border): 28 to 36 mm out.
constexpr std::array<double, 3> kTowardsCornerReaches = {0.6, 0.68, 0.76};

EmptyPlaceView view_empty_place(const cv::Mat& bgr, const FaceMaps& maps,
                                const LocalLattice& lattice, Place place, double side_mm) {
  const auto corners = referee::trio::corners_mm(place, side_mm);
  const auto centre = referee::trio::centroid_mm(place, side_mm);
  EmptyPlaceView view;
  int face = 0, looked = 0;
  // The Lab colour `reach` of the way from the centre to `target`; false outside the picture.
  const auto lab_at = [&](referee::trio::PointMm target, double reach, cv::Point2d& pixel,
                          cv::Vec3f& lab) {
    pixel = lattice.image_from_lattice(
        {centre.x + reach * (target.x - centre.x), centre.y + reach * (target.y - centre.y)});
    cv::Vec3f rgb;
    if (!sample_rgb(bgr, pixel, rgb)) return false;
    lab = lab_from_linear(linear_from_srgb(rgb));
    return true;
  };
  const auto look = [&](referee::trio::PointMm target, double reach, bool field) {
    cv::Point2d pixel;
    cv::Vec3f lab;
    if (!lab_at(target, reach, pixel, lab)) return;
    view.lab.push_back(lab);
    if (!field) return;
    ++looked;
    face += maps.face_at(cv::Point(pixel));
  };
  const double px_per_mm = lattice.px_per_mm();
  const cv::Point2d centre_px = lattice.image_from_lattice({centre.x, centre.y});
  for (const double ring_mm : kPrintRingsMm) {
    const int directions = ring_mm == 0 ? 1 : 8;
    for (int i = 0; i < directions; ++i) {
      const double angle = 2 * std::numbers::pi * i / directions;
      const cv::Point2d pixel =
          centre_px + cv::Point2d(std::cos(angle), std::sin(angle)) * (ring_mm * px_per_mm);
      cv::Vec3f rgb;
      if (!sample_rgb(bgr, pixel, rgb) || maps.ratio_at(cv::Point(pixel)) >= trio::kBodyRatioCut) {
        continue;
      }
      view.print_rgb.push_back(rgb);
      view.print_lab.push_back(lab_from_linear(linear_from_srgb(rgb)));
    }
  }
  for (std::size_t i = 0; i < 3; ++i) {
    // Beyond a body, clear of the cards around the place even when they lie askew.
    for (const double reach : {0.45, 0.52, 0.6}) look(corners[i], reach, true);
    for (const double reach : kTowardsCornerReaches) {
      cv::Point2d pixel;
      cv::Vec3f lab;
      if (lab_at(corners[i], reach, pixel, lab)) view.lab_towards_corner[i].push_back(lab);
    }
    const referee::trio::PointMm side_middle{(corners[i].x + corners[(i + 1) % 3].x) / 2,
                                             (corners[i].y + corners[(i + 1) % 3].y) / 2};
    for (const double reach : {0.0, 0.3, 0.6}) look(side_middle, reach, false);
  }
  view.face_share = looked == 0 ? 0 : double(face) / looked;
  return view;
}

// Whether two Lab colours lie nearer than `distance`: their squared distance summed in doubles,
// as cv::norm sums it, without its root.
bool alike(const cv::Vec3f& lab, const cv::Vec3f& other, float distance) {
  const cv::Vec3f difference = lab - other;
  double squared = 0;
  for (int i = 0; i < 3; ++i) squared += double(difference[i]) * difference[i];
  return squared < double(distance) * distance;
}

// How many other empty places than `index` show `lab` too, counted up to `enough`.
int places_showing(const std::vector<EmptyPlaceView>& views, std::size_t index,
                   const cv::Vec3f& lab, float distance,
                   int enough = std::numeric_limits<int>::max()) {
  int showing = 0;
  for (std::size_t other = 0; other < views.size() && showing < enough; ++other) {
    if (other == index) continue;
    showing += std::any_of(views[other].lab.begin(), views[other].lab.end(),
                           [&](const cv::Vec3f& seen) { return alike(seen, lab, distance); });
  }
  return showing;
}

// Whether many other empty places than `index` show `lab` too: the table, however patterned.
// (A hand covers a few places; they must not vouch for each other.)
bool shown_around(const std::vector<EmptyPlaceView>& views, std::size_t index, const cv::Vec3f& lab,
                  float distance) {
  const double needed = std::max(1.0, 0.3 * static_cast<double>(views.size() - 1));
  const int enough = static_cast<int>(std::ceil(needed));
  return places_showing(views, index, lab, distance, enough) >= enough;
}

// Share of `view`'s colours the table shows around the layout.
double table_like_share(const std::vector<EmptyPlaceView>& views, std::size_t index,
                        float distance) {
  const auto& own = views[index].lab;
  if (own.empty()) return 1;
  const auto alike = std::count_if(own.begin(), own.end(), [&](const cv::Vec3f& lab) {
    return shown_around(views, index, lab, distance);
  });
  return double(alike) / static_cast<double>(own.size());
}

// Whether a place shows a monster's print the table does not show: a card under a hand, its
// body in view but not enclosed by its face.
bool shows_monster_print(const std::vector<EmptyPlaceView>& views, std::size_t index,
                         const cv::Vec3f& field_linear, const ColourReferences& references,
                         const TrioReaderParams& params) {
  const EmptyPlaceView& view = views[index];
  // A third of the body's samples must be print (a hand may hide the rest), of one monster
  // colour.
  if (view.print_rgb.size() * 3 < 1 + 8 * (kPrintRingsMm.size() - 1)) return false;
  if (!trio::print_colour(view.print_rgb, field_linear, references, params)) return false;
  const auto table =
      std::count_if(view.print_lab.begin(), view.print_lab.end(), [&](const auto& lab) {
        return shown_around(views, index, lab, params.table_colour_distance);
      });
  return table * 2 < static_cast<std::ptrdiff_t>(view.print_lab.size());
}

// Whether what covers empty place `index` keeps clear of the layout: towards every corner the
// place shares with a card, it shows the table, in colours unlike the cards' field (each of
// `field_labs`), where a card lying there would show its field. So no card lies there under a
// hand, and the hand stops short of the layout.
bool covering_clear_of_layout(const std::vector<EmptyPlaceView>& views, std::size_t index,
                              Place place, const std::set<referee::trio::Vertex>& layout_vertices,
                              const std::vector<cv::Vec3f>& field_labs, float distance) {
  // The colours of what covers the place: none of them is evidence of the table.
  std::vector<cv::Vec3f> covering;
  for (const cv::Vec3f& lab : views[index].lab) {
    if (!shown_around(views, index, lab, distance)) covering.push_back(lab);
  }
  const auto unlike = [distance](const cv::Vec3f& lab, const cv::Vec3f& other) {
    return !alike(lab, other, distance);
  };
  // The table: a colour nearly every other place shows, or one many show that is unlike what
  // covers this place (a patterned table shows many colours, some like a hand's).
  const auto table = [&](const cv::Vec3f& lab) {
    const double others = static_cast<double>(views.size() - 1);
    if (places_showing(views, index, lab, distance) >= 0.9 * others) return true;
    return shown_around(views, index, lab, distance) &&
           std::all_of(covering.begin(), covering.end(),
                       [&](const cv::Vec3f& colour) { return unlike(lab, colour); });
  };
  const auto unlike_every_field = [&](const cv::Vec3f& lab) {
    return std::all_of(field_labs.begin(), field_labs.end(),
                       [&](const cv::Vec3f& field_lab) { return unlike(lab, field_lab); });
  };
  const auto corners = referee::trio::vertices(place);
  bool shares_a_corner = false;
  for (std::size_t i = 0; i < corners.size(); ++i) {
    if (!layout_vertices.contains(corners[i])) continue;
    shares_a_corner = true;
    const auto& towards = views[index].lab_towards_corner[i];
    const bool table_shows = towards.size() == kTowardsCornerReaches.size() &&
                             std::all_of(towards.begin(), towards.end(), [&](const cv::Vec3f& lab) {
                               return unlike_every_field(lab) && table(lab);
                             });
    if (!table_shows) return false;
  }
  return shares_a_corner;
}

// The median share of card face the places of [first, last) show (0 for none).
double median_face_share(std::vector<EmptyPlaceView>::const_iterator first,
                         std::vector<EmptyPlaceView>::const_iterator last) {
  std::vector<double> shares;
  for (auto view = first; view != last; ++view) shares.push_back(view->face_share);
  if (shares.empty()) return 0;
  const auto middle = shares.begin() + static_cast<std::ptrdiff_t>(shares.size() / 2);
  std::nth_element(shares.begin(), middle, shares.end());
  return *middle;
}

// The middle of the cards' fields in Lab, channel by channel; nullopt when none was read.
std::optional<cv::Vec3f> median_field_lab(const std::vector<std::optional<cv::Vec3f>>& fields) {
  std::vector<cv::Vec3f> labs;
  for (const auto& field : fields) {
    if (field) labs.push_back(lab_from_linear(*field));
  }
  if (labs.empty()) return std::nullopt;
  return channel_median(labs);
}

// Why the table beside the layout looks covered, or nothing: a card whose monster is hidden (it
// still shows some of its face), or a hand. Every empty place around the layout is compared with
// the others, which mostly show the table. (On a table as light as the cards, face tells nothing;
// on one of the colours of hands, colour tells nothing.)
std::string something_beside_layout(const cv::Mat& bgr, const TrioReading& reading,
                                    const FaceMaps& maps, const std::vector<LocalLattice>& lattices,
                                    const std::vector<std::optional<cv::Vec3f>>& fields,
                                    double side_mm, const ColourReferences& references,
                                    const TrioReaderParams& params) {
  // Empty places along a side of a card (where a hidden card would lie), and at a corner.
  std::map<Place, std::size_t> empty_beside, empty_at_corner;
  std::set<Place> occupied;
  for (const TrioCardReading& card : reading.cards) {
    if (card.place) occupied.insert(*card.place);
  }
  for (std::size_t i = 0; i < reading.cards.size(); ++i) {
    if (!reading.cards[i].place) continue;
    for (const Place& next : referee::trio::edge_neighbours(*reading.cards[i].place)) {
      if (!occupied.contains(next)) empty_beside.emplace(next, i);
    }
    for (const Place& next : referee::trio::corner_neighbours(*reading.cards[i].place)) {
      if (!occupied.contains(next) && !empty_beside.contains(next))
        empty_at_corner.emplace(next, i);
    }
  }
  std::set<referee::trio::Vertex> layout_vertices;
  for (const Place& place : occupied) {
    for (const referee::trio::Vertex& vertex : referee::trio::vertices(place))
      layout_vertices.insert(vertex);
  }
  std::vector<EmptyPlaceView> views;
  std::vector<Place> places;
  std::vector<std::size_t> beside_card;
  for (const auto* empty : {&empty_beside, &empty_at_corner}) {
    for (const auto& [place, card] : *empty) {
      views.push_back(view_empty_place(bgr, maps, lattices[card], place, side_mm));
      places.push_back(place);
      beside_card.push_back(card);
    }
  }
  if (views.size() < 3 || empty_beside.empty()) return {};
  const auto first_at_corner = views.begin() + static_cast<std::ptrdiff_t>(empty_beside.size());
  // Far more face than the table shows as far from the cards: a card. The face map weighs each
  // pixel against the brightest surface nearby, so a light table looks darker beside the cards
  // than at their corners, where it is its own white: places at a corner have their own baseline
  // when there are enough of them that a covered one cannot set it.
  const double hidden_beside = std::max(params.hidden_card_face_share,
                                        median_face_share(views.begin(), first_at_corner) + 0.45);
  const double table_at_corner =
      views.end() - first_at_corner >= 3 ? median_face_share(first_at_corner, views.end()) : 0.0;
  const double hidden_at_corner = std::max({0.78, hidden_beside + 0.1, table_at_corner + 0.45});
  const std::optional<cv::Vec3f> layout_field = median_field_lab(fields);
  for (std::size_t i = 0; i < views.size(); ++i) {
    const double needed = i < empty_beside.size() ? hidden_beside : hidden_at_corner;
    if (views[i].face_share >= needed) return "a card beside the layout shows no monster";
    const auto& field = fields[beside_card[i]];
    // What covers a place while its field shows the table towards the layout hides no card. A card
    // lying there would show a field like its neighbour's or like most cards' (the neighbour's
    // may be read lighter under glare).
    const auto clear_of_layout = [&] {
      if (!field) return false;
      std::vector<cv::Vec3f> field_labs = {lab_from_linear(*field)};
      if (layout_field) field_labs.push_back(*layout_field);
      return covering_clear_of_layout(views, i, places[i], layout_vertices, field_labs,
                                      params.table_colour_distance);
    };
    if (field && shows_monster_print(views, i, *field, references, params) && !clear_of_layout()) {
      return "a card beside the layout is covered";
    }
    if (table_like_share(views, i, params.table_colour_distance) < params.min_table_share &&
        !clear_of_layout()) {
      return "something covers the table beside the layout";
    }
  }
  return {};
}

}  // namespace

namespace {

TrioReading read_trio_pinhole(const cv::Mat& image, const ColourReferences& references,
                              const TrioReaderParams& params, StageLog& log) {
  TrioReading reading;
  const cv::Mat bgr = image.empty() ? cv::Mat() : as_bgr(image);
  if (bgr.empty()) return reading;

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
  std::vector<std::optional<cv::Vec3f>> fields;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    TrioCardReading card;
    card.center = bodies[i].centre;
    card.place = fit.places[i];
    card.polygon =
        lattices[i].card_corners(card.place.value_or(Place{0, 0}), kCardShareOfSide * fit.side_mm);
    const trio::BodyColour colour =
        trio::read_body_colour(bgr, maps, bodies[i], card.polygon, references, params);
    card.colour = colour.colour;
    hidden = hidden || colour.hidden;
    fields.push_back(colour.field_linear);
    reading.cards.push_back(std::move(card));
  }
  colour_stage.finish(static_cast<int>(bodies.size()));

  StageTimer layout_stage(log, "layout");
  fill_neighbours(reading);
  fill_detached(reading);
  const bool misplaced =
      fit.inconsistent > 0 || std::any_of(reading.cards.begin(), reading.cards.end(),
                                          [](const TrioCardReading& card) { return !card.place; });
  if (hidden) {
    reading.unstable_reason = "a monster is covered";
  } else if (bodies.empty() && trio::monster_print_in_view(bgr, maps, references, params)) {
    reading.unstable_reason = "a monster shows without its card";
  } else if (misplaced) {
    reading.unstable_reason = "a card fits no place of the layout";
  } else {
    reading.unstable_reason = something_beside_layout(bgr, reading, maps, lattices, fields,
                                                      fit.side_mm, references, params);
  }
  reading.unstable = !reading.unstable_reason.empty();
  layout_stage.finish(static_cast<int>(reading.detached.size()));
  if (!bodies.empty()) {
    std::size_t middle = 0;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      if (fit.places[i] && fit.places[i]->row == 0 && fit.places[i]->col == 0) middle = i;
    }
    reading.lattice_side_px = lattices[middle].px_per_mm() * fit.side_mm;
  }
  return reading;
}

}  // namespace

void move_points(TrioReading& reading, const PointMap& map) {
  if (!reading.cards.empty()) {
    // The lattice side is measured near the layout's middle: it moves as a stretch of it there.
    const auto middle =
        std::find_if(reading.cards.begin(), reading.cards.end(), [](const auto& card) {
          return card.place && card.place->row == 0 && card.place->col == 0;
        });
    const cv::Point2d anchor =
        (middle != reading.cards.end() ? *middle : reading.cards.front()).center;
    reading.lattice_side_px =
        cv::norm(map(anchor + cv::Point2d(reading.lattice_side_px, 0)) - map(anchor));
  }
  move_card_points(reading.cards, map);
}

double table_px_per_mm(const TrioReading& reading) {
  return reading.lattice_side_px / trio::LatticeFit{}.side_mm;
}

namespace {

// How much larger or smaller than at the layout's middle a body may show: the envelope's tilt
// (35 degrees) brings one end of a layout nearer the camera than the other.
constexpr double kBodySizeSpread = 2.0;

// With the table's scale known, so is a body's size: holes far smaller or larger (the squares of
// a gingham cloth, a dark patch of table) are not fitted. `px_per_mm` is the picture's.
// And a body this many pixels across or more is still found on the picture halved.
constexpr double kLeastBodyPxToHalve = 40;

TrioReaderParams with_body_size_known(TrioReaderParams params, double px_per_mm, cv::Size picture) {
  const double body_px = trio::kBodyDiameterMm * px_per_mm;
  params.min_body_px = std::max(params.min_body_px, body_px / kBodySizeSpread);
  params.max_body_fraction =
      std::min(params.max_body_fraction,
               body_px * kBodySizeSpread / std::min(picture.width, picture.height));
  if (body_px >= kLeastBodyPxToHalve) params.face_step = 2;
  return params;
}

}  // namespace

TrioReading read_trio(const cv::Mat& image, const ColourReferences& references,
                      const TrioReaderParams& params, StageLog& log) {
  const double scale = working_scale(params.table_px_per_mm, params.working_px_per_mm);
  return read_pinhole_at_scale(params.lens.get(), scale, image, log, [&](const cv::Mat& picture) {
    if (params.table_px_per_mm <= 0) return read_trio_pinhole(picture, references, params, log);
    return read_trio_pinhole(
        picture, references,
        with_body_size_known(params, params.table_px_per_mm * scale, picture.size()), log);
  });
}

}  // namespace tableref::vision
