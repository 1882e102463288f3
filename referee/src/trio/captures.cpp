#include "referee/trio/captures.hpp"

#include <algorithm>
#include <set>

namespace tableref::referee::trio {

namespace {

void add_once(std::vector<Capture>& captures, Capture capture) {
  if (std::find(captures.begin(), captures.end(), capture) == captures.end()) {
    captures.push_back(std::move(capture));
  }
}

// The places whose black card a card on `laid` may take part in capturing: its own, and those of
// its edge neighbours.
std::vector<Place> black_candidates(const Layout& layout, Place laid) {
  std::vector<Place> candidates{laid};
  for (const Place n : layout.edge_neighbours_present(laid)) candidates.push_back(n);
  return candidates;
}

}  // namespace

std::optional<PlaceSet> chain_capture(const Layout& layout, Place laid) {
  PlaceSet group = layout.colour_group(laid);
  if (group.size() < kChainLength) return std::nullopt;
  return group;
}

std::optional<PlaceSet> black_capture(const Layout& layout, Place black) {
  const LaidCard* card = layout.at(black);
  if (card == nullptr || card->colour != Colour::black) return std::nullopt;
  const std::vector<Place> around = layout.edge_neighbours_present(black);
  if (around.size() != 3) return std::nullopt;
  std::set<Colour> colours;
  for (const Place place : around) colours.insert(layout.at(place)->colour);
  if (colours.size() != 3 || colours.contains(Colour::black)) return std::nullopt;
  PlaceSet taken(around.begin(), around.end());
  taken.insert(black);
  return taken;
}

std::vector<Capture> captures_involving(const Layout& layout, std::span<const Place> laid) {
  std::vector<Capture> captures;
  for (const Place place : laid) {
    if (auto chain = chain_capture(layout, place)) {
      add_once(captures, Capture{CaptureKind::chain, std::move(*chain)});
    }
    for (const Place candidate : black_candidates(layout, place)) {
      if (auto surround = black_capture(layout, candidate)) {
        add_once(captures, Capture{CaptureKind::black, std::move(*surround)});
      }
    }
  }
  return captures;
}

PlaceSet captured_places(std::span<const Capture> captures) {
  PlaceSet all;
  for (const Capture& capture : captures) all.insert(capture.places.begin(), capture.places.end());
  return all;
}

}  // namespace tableref::referee::trio
