#pragma once
// Trio Monsters: whether cards may be laid where a player put them (rules.md, "A turn" and
// "Colour rule"). Reasons are sentences a player reads:
//   "TM12 (red) touches no card along a side"
//   "TM22 (red) must touch a red monster: the red monster TM21 still has an open side"

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "referee/result.hpp"
#include "referee/trio/layout.hpp"

namespace tableref::referee::trio {

inline constexpr std::size_t kMaxCardsPerTurn = 3;

// Why `card` may not be laid next on `layout`, or nullopt when it may. It must go on an empty place
// and touch a card along a whole side; on an empty table (before the middle card is laid, or after
// a capture took every card) any place will do. Colour rule: when monsters of its colour lie on the
// table, it must share a side with one of them, unless every one of them already has all three
// sides covered. Black is a colour like the others here.
std::optional<std::string> why_illegal(const Layout& layout, const LaidCard& card);

// The 1 to 3 cards of one turn, checked in the order given, each against the layout with the
// earlier ones of the turn laid (captures are only taken once the turn is laid: see captures.hpp).
std::optional<std::string> why_illegal_play(const Layout& layout, std::span<const LaidCard> cards);

// For cards that appeared together, so their order is unknown: the given order if it is legal,
// else the first other order that is; when none is, the reason the given order fails.
Result<std::vector<LaidCard>> legal_order(const Layout& layout, std::span<const LaidCard> cards);

}  // namespace tableref::referee::trio
