#include "referee/trio/layout.hpp"

#include <algorithm>
#include <cassert>

namespace tableref::referee::trio {

namespace {

// Every card reachable from `start` through steps `next(place)` lists, as long as `joins` accepts.
template <typename Next, typename Joins>
PlaceSet flood(Place start, Next next, Joins joins) {
  PlaceSet reached{start};
  std::vector<Place> frontier{start};
  while (!frontier.empty()) {
    const Place place = frontier.back();
    frontier.pop_back();
    for (const Place neighbour : next(place)) {
      if (joins(neighbour) && reached.insert(neighbour).second) frontier.push_back(neighbour);
    }
  }
  return reached;
}

std::vector<Place> touching_places(Place place) {
  std::vector<Place> around;
  for (const Place n : edge_neighbours(place)) around.push_back(n);
  for (const Place n : corner_neighbours(place)) around.push_back(n);
  return around;
}

}  // namespace

Result<Layout> Layout::from_cards(std::span<const LaidCard> cards) {
  Layout layout;
  for (const LaidCard& card : cards) {
    if (const LaidCard* there = layout.at(card.place)) {
      return Error{card.card + " and " + there->card + " both lie on " + describe(card.place)};
    }
    if (layout.find(card.card)) return Error{card.card + " lies on two places"};
    layout.add(card);
  }
  return layout;
}

void Layout::add(const LaidCard& card) {
  assert(!occupied(card.place) && !find(card.card));
  cards_.emplace(card.place, card);
}

void Layout::remove(Place place) {
  const auto erased = cards_.erase(place);
  assert(erased == 1);
  (void)erased;
}

const LaidCard* Layout::at(Place place) const {
  const auto found = cards_.find(place);
  return found == cards_.end() ? nullptr : &found->second;
}

std::optional<Place> Layout::find(const CardId& card) const {
  for (const auto& [place, laid] : cards_) {
    if (laid.card == card) return place;
  }
  return std::nullopt;
}

std::vector<LaidCard> Layout::cards() const {
  std::vector<LaidCard> all;
  all.reserve(cards_.size());
  for (const auto& entry : cards_) all.push_back(entry.second);
  return all;
}

std::vector<Place> Layout::edge_neighbours_present(Place place) const {
  std::vector<Place> present;
  for (const Place n : edge_neighbours(place)) {
    if (occupied(n)) present.push_back(n);
  }
  return present;
}

bool Layout::all_sides_covered(Place place) const {
  return edge_neighbours_present(place).size() == 3;
}

PlaceSet Layout::colour_group(Place place) const {
  const LaidCard* card = at(place);
  assert(card != nullptr);
  const Colour colour = card->colour;
  return flood(
      place, [](Place p) { return edge_neighbours(p); },
      [&](Place p) {
        const LaidCard* other = at(p);
        return other != nullptr && other->colour == colour;
      });
}

std::vector<PlaceSet> Layout::components() const {
  std::vector<PlaceSet> found;
  PlaceSet seen;
  for (const auto& entry : cards_) {
    if (seen.contains(entry.first)) continue;
    PlaceSet component = flood(entry.first, touching_places, [&](Place p) { return occupied(p); });
    seen.insert(component.begin(), component.end());
    found.push_back(std::move(component));
  }
  // Components were found in place order; a stable sort keeps it among equal sizes.
  std::stable_sort(found.begin(), found.end(),
                   [](const PlaceSet& a, const PlaceSet& b) { return a.size() > b.size(); });
  return found;
}

std::vector<PlaceSet> Layout::largest_components() const {
  std::vector<PlaceSet> all = components();
  if (all.empty()) return all;
  const std::size_t largest = all.front().size();
  std::erase_if(all, [&](const PlaceSet& c) { return c.size() != largest; });
  return all;
}

std::vector<CardId> Layout::card_ids(const PlaceSet& places) const {
  std::vector<Place> ordered(places.begin(), places.end());
  std::sort(ordered.begin(), ordered.end(),
            [](Place a, Place b) { return a.row != b.row ? a.row < b.row : a.col < b.col; });
  std::vector<CardId> ids;
  ids.reserve(ordered.size());
  for (const Place place : ordered) {
    const LaidCard* card = at(place);
    assert(card != nullptr);
    ids.push_back(card->card);
  }
  return ids;
}

std::vector<LaidCard> cards_new_in(const Layout& known, std::span<const LaidCard> seen) {
  std::vector<LaidCard> appeared;
  for (const LaidCard& card : seen) {
    if (!known.occupied(card.place)) appeared.push_back(card);
  }
  return appeared;
}

std::string describe(const LaidCard& card) {
  return card.card + " (" + std::string(colour_name(card.colour)) + ")";
}

std::string describe(Place place) {
  return "[" + std::to_string(place.col) + "," + std::to_string(place.row) + "]";
}

}  // namespace tableref::referee::trio
