#pragma once
// Trio Monsters: the two ways of winning cards from the table (rules.md).
//   chain: a laid card's edge-connected group of its own colour reaches 4 cards or more; the
//          player wins the whole group. Black monsters form chains like the other colours.
//   black: a black monster has its three sides covered by monsters of three different non-black
//          colours; the player who completed the surround wins the black card and the three.
// Ruling of rules.md for several cards laid in one turn: the cards are checked for legality in the
// order given, and the captures are taken on the layout once the whole turn is laid: every capture
// that layout holds and that involves a newly laid card. A card in two captures is won once.

#include <optional>
#include <span>
#include <vector>

#include "referee/events.hpp"
#include "referee/trio/layout.hpp"

namespace tableref::referee::trio {

inline constexpr std::size_t kChainLength = 4;

struct Capture {
  CaptureKind kind = CaptureKind::chain;
  PlaceSet places;  // every card the capture takes
  friend bool operator==(const Capture&, const Capture&) = default;
};

// The colour group of the card on `laid` when it has 4 cards or more.
std::optional<PlaceSet> chain_capture(const Layout& layout, Place laid);
// The black card on `black` and its three neighbours when they surround it in three different
// non-black colours; nullopt otherwise (also when `black` holds no black card).
std::optional<PlaceSet> black_capture(const Layout& layout, Place black);

// Every capture `layout` holds that involves a card on one of `laid`, each once: for each laid
// card in turn, its chain, then the black surrounds it completes (itself black and surrounded, or
// a neighbour of a black card it surrounds).
std::vector<Capture> captures_involving(const Layout& layout, std::span<const Place> laid);

// The cards taken by all of `captures`, each once.
PlaceSet captured_places(std::span<const Capture> captures);

}  // namespace tableref::referee::trio
