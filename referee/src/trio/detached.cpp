#include "referee/trio/detached.hpp"

#include <cassert>

namespace tableref::referee::trio {

namespace {

PlaceSet everything_but(const Layout& layout, const PlaceSet& kept) {
  PlaceSet outside;
  for (const LaidCard& card : layout.cards()) {
    if (!kept.contains(card.place)) outside.insert(card.place);
  }
  return outside;
}

}  // namespace

Detachment detached_cards(const Layout& layout) {
  std::vector<PlaceSet> largest = layout.largest_components();
  if (largest.empty()) return PlaceSet{};
  if (largest.size() > 1) return LargestGroupTie{std::move(largest)};
  return everything_but(layout, largest.front());
}

PlaceSet detached_keeping(const Layout& layout, Place kept) {
  for (const PlaceSet& component : layout.components()) {
    if (component.contains(kept)) return everything_but(layout, component);
  }
  assert(false && "the kept card is not on the table");
  return {};
}

}  // namespace tableref::referee::trio
