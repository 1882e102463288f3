#include "referee/bugs/setup.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <limits>
#include <random>
#include <string_view>

namespace tableref::referee::bugs {

namespace {

// "2" -> {2}; "1 or 3" -> {1, 3}; empty when the text is not understood.
std::vector<int> eye_options(std::string_view text) {
  constexpr std::string_view kOr = " or ";
  std::vector<int> options;
  while (true) {
    const std::size_t split = text.find(kOr);
    const std::string_view word = text.substr(0, split);
    int eyes = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), eyes);
    if (error != std::errc() || end != word.data() + word.size()) return {};
    options.push_back(eyes);
    if (split == std::string_view::npos) return options;
    text.remove_prefix(split + kOr.size());
  }
}

std::string list_text(const std::vector<int>& values) {
  std::string text;
  for (const int value : values) text += (text.empty() ? "" : ", ") + std::to_string(value);
  return text;
}

// Uniform in [0, bound), the same on every platform (std::uniform_int_distribution is not).
std::uint64_t uniform_below(std::mt19937_64& random, std::uint64_t bound) {
  const std::uint64_t limit =
      std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % bound;
  std::uint64_t draw = random();
  while (draw >= limit) draw = random();
  return draw % bound;
}

void shuffle(std::vector<std::string>& items, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  for (std::size_t i = items.size(); i > 1; --i) {
    std::swap(items[i - 1], items[uniform_below(random, i)]);
  }
}

}  // namespace

Result<std::vector<int>> eyes_in_play(const BugsSetup& rules, std::optional<int> chosen_eyes) {
  std::vector<int> eyes;
  bool choice_offered = false;
  for (const std::string& entry : rules.eyes) {
    const std::vector<int> options = eye_options(entry);
    if (options.empty()) return Error{"the deck's eye count \"" + entry + "\" is not understood"};
    if (options.size() == 1) {
      eyes.push_back(options.front());
      continue;
    }
    choice_offered = true;
    if (!chosen_eyes) return Error{"choose the eye count to add: " + entry};
    if (std::find(options.begin(), options.end(), *chosen_eyes) == options.end()) {
      return Error{"the eye count to add is " + entry + ", not " + std::to_string(*chosen_eyes)};
    }
    eyes.push_back(*chosen_eyes);
  }
  if (chosen_eyes && !choice_offered) {
    return Error{"the eye counts are fixed (" + list_text(eyes) + "): there is none to choose"};
  }
  std::sort(eyes.begin(), eyes.end());
  eyes.erase(std::unique(eyes.begin(), eyes.end()), eyes.end());
  return eyes;
}

std::vector<std::string> tiles_with_eyes(const BugsDeck& deck, const std::vector<int>& eyes) {
  std::vector<std::string> tiles;
  for (const BugSpecies& species : deck.species) {
    if (std::find(eyes.begin(), eyes.end(), species.eyes) == eyes.end()) continue;
    tiles.insert(tiles.end(), static_cast<std::size_t>(species.copies), species.id);
  }
  return tiles;
}

Result<GameSetup> make_setup(const BugsDeck& deck, const SetupOptions& options) {
  const auto rules = deck.setup_by_players.find(options.players);
  if (rules == deck.setup_by_players.end()) {
    return Error{"Bugs & Co is played by " + std::to_string(kMinPlayers) + " to " +
                 std::to_string(kMaxPlayers) + " players, not " + std::to_string(options.players)};
  }
  auto eyes = eyes_in_play(rules->second, options.chosen_eyes);
  if (!eyes) return eyes.error();

  GameSetup setup;
  setup.players = options.players;
  setup.eyes = std::move(eyes).value();
  setup.trophies = rules->second.trophies;
  std::sort(setup.trophies.begin(), setup.trophies.end(), std::greater<>());
  setup.tiles = tiles_with_eyes(deck, setup.eyes);
  const auto removed = static_cast<std::size_t>(deck.removed_at_setup);
  if (setup.tiles.size() < removed) {
    return Error{"only " + std::to_string(setup.tiles.size()) +
                 " tiles are in play, fewer than the " + std::to_string(removed) + " to remove"};
  }
  shuffle(setup.tiles, options.seed);
  const auto split = setup.tiles.begin() + static_cast<std::ptrdiff_t>(removed);
  setup.removed.assign(setup.tiles.begin(), split);
  setup.tiles.erase(setup.tiles.begin(), split);
  return setup;
}

}  // namespace tableref::referee::bugs
