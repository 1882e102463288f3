#pragma once
// Trio Monsters: cards left detached once a capture removed cards (rules.md). Every card that no
// longer touches the rest, not even by a corner, goes to the bottom of the draw pile.
// Ruling of rules.md: "the rest" is the largest group of cards connected by sides or corners; when
// groups tie for largest, the players say which stays (the referee asks and logs the answer).

#include <variant>
#include <vector>

#include "referee/trio/layout.hpp"

namespace tableref::referee::trio {

// Two or more groups of the largest size: the players choose which stays.
struct LargestGroupTie {
  std::vector<PlaceSet> groups;
};

// The detached cards (possibly none), or the tie the players must settle first.
using Detachment = std::variant<PlaceSet, LargestGroupTie>;
Detachment detached_cards(const Layout& layout);

// Once the players chose to keep the group holding the card on `kept`: every card outside it.
PlaceSet detached_keeping(const Layout& layout, Place kept);

}  // namespace tableref::referee::trio
