#pragma once
// Trio Monsters: the cards lying on the table, one per lattice place, and the groups they form.

#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "referee/colour.hpp"
#include "referee/events.hpp"
#include "referee/result.hpp"
#include "referee/trio/lattice.hpp"

namespace tableref::referee::trio {

// A card as it lies: which card, the colour of its monster, and its place.
struct LaidCard {
  CardId card;
  Colour colour = Colour::yellow;
  Place place;
  friend bool operator==(const LaidCard&, const LaidCard&) = default;
};

using PlaceSet = std::set<Place>;

class Layout {
 public:
  Layout() = default;
  // A layout from cards; an error when two share a place or a card lies twice.
  static Result<Layout> from_cards(std::span<const LaidCard> cards);

  // `card` must go on an empty place and not lie elsewhere already (the caller checks).
  void add(const LaidCard& card);
  // `place` must hold a card.
  void remove(Place place);

  const LaidCard* at(Place place) const;  // nullptr when the place is empty
  bool occupied(Place place) const { return at(place) != nullptr; }
  std::optional<Place> find(const CardId& card) const;
  std::size_t size() const { return cards_.size(); }
  bool empty() const { return cards_.empty(); }
  std::vector<LaidCard> cards() const;  // ordered by place

  // The places around `place` that share a side with it and hold a card.
  std::vector<Place> edge_neighbours_present(Place place) const;
  // Whether all three sides of the card on `place` are covered by cards.
  bool all_sides_covered(Place place) const;

  // The cards of the colour of the card on `place` that are edge-connected to it through cards of
  // that colour (the card itself included).
  PlaceSet colour_group(Place place) const;
  // The groups of cards connected by sides or corners, largest first (ties in place order).
  std::vector<PlaceSet> components() const;
  // The components of the largest size: one, or several when they tie; none on an empty table.
  std::vector<PlaceSet> largest_components() const;

  // The ids of the cards on `places`, in reading order (row by row, left to right).
  std::vector<CardId> card_ids(const PlaceSet& places) const;

 private:
  std::map<Place, LaidCard> cards_;  // the key repeats the card's place
};

// The cards of `seen` whose place is empty in `known`: what appeared since the last stable layout.
std::vector<LaidCard> cards_new_in(const Layout& known, std::span<const LaidCard> seen);

// "TM12 (red)", how messages name a card.
std::string describe(const LaidCard& card);
// "[2,1]", how messages name a place (records write places the same way).
std::string describe(Place place);

}  // namespace tableref::referee::trio
