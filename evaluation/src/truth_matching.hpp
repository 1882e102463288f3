#pragma once
// How every game's scorer matches a reading's pieces to the true ones.

namespace tableref::evaluation {

// A piece partly under a hand need not be found; when it is, it is scored like the others.
inline constexpr double kMostlyVisible = 0.95;
// A read piece lies on a true piece when their centres are this share of a side apart at most.
inline constexpr double kMatchShare = 0.25;

}  // namespace tableref::evaluation
