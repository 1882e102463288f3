#include "referee/deck.hpp"

#include <fstream>
#include <set>
#include <sstream>

#include "referee/json_input.hpp"

namespace tableref::embedded {
std::string_view monster_freeze_deck();
std::string_view trio_monsters_deck();
std::string_view punto_deck();
std::string_view bugs_and_co_deck();
}  // namespace tableref::embedded

namespace tableref::referee {

using json_input::Node;

namespace {

template <typename Card>
const Card* find_by_id(const std::vector<Card>& cards, std::string_view id) {
  for (const Card& card : cards) {
    if (card.id == id) return &card;
  }
  return nullptr;
}

void check_game(const Node& root, std::string_view expected) {
  const std::string game = root.at("game").as_string();
  if (game != expected) root.at("game").fail("expected \"" + std::string(expected) + "\"");
  root.at("version").as_int(1, 1);
}

// Cards with a unique "id", read one by one by `read_card`.
template <typename Card, typename ReadCard>
std::vector<Card> read_cards(const Node& list, ReadCard read_card) {
  std::vector<Card> cards;
  std::set<std::string> ids;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Node item = list.at(i);
    Card card = read_card(item);
    card.id = item.at("id").as_string();
    if (!ids.insert(card.id).second) item.at("id").fail("duplicate card id \"" + card.id + "\"");
    cards.push_back(std::move(card));
  }
  if (cards.empty()) list.fail("no cards");
  return cards;
}

FreezeCard read_freeze_card(const Node& item) {
  const Node cells = item.at("cells");
  if (cells.size() != 9) cells.fail("expected 9 positions");
  FreezeCard card;
  for (std::size_t i = 0; i < 9; ++i) {
    const Node cell = cells.at(i);
    if (cell.as_string() == "hole") continue;
    const Colour colour = cell.as_colour();
    if (colour == Colour::black) cell.fail("Monster Freeze has no black monsters");
    card.front[i] = colour;
  }
  return card;
}

template <typename T>
T from_name(const Node& node, std::initializer_list<std::pair<std::string_view, T>> names) {
  const std::string text = node.as_string();
  for (const auto& [name, value] : names) {
    if (name == text) return value;
  }
  node.fail("unknown value \"" + text + "\"");
}

BugSpecies read_species(const Node& item) {
  BugSpecies species;
  species.id = item.at("id").as_string();
  species.eyes = item.at("eyes").as_int(1, 3);
  species.shape = from_name<BugShape>(item.at("shape"), {{"round", BugShape::round},
                                                         {"square", BugShape::square},
                                                         {"triangle", BugShape::triangle},
                                                         {"star", BugShape::star},
                                                         {"drop", BugShape::drop}});
  species.pattern = from_name<BugPattern>(item.at("pattern"), {{"plain", BugPattern::plain},
                                                               {"spots", BugPattern::spots},
                                                               {"stripes", BugPattern::stripes}});
  species.copies = item.at("copies").as_int(1, 99);
  return species;
}

template <typename Deck>
const Deck& builtin(Result<Deck> (*parse)(std::string_view, std::string_view),
                    std::string_view text) {
  // The built-in decks are checked by the tests; a failure here is a bug in the build.
  static const Deck deck = [&] {
    auto parsed = parse(text, "built-in deck");
    if (!parsed) throw std::logic_error(parsed.error().message);
    return std::move(parsed).value();
  }();
  return deck;
}

template <typename Deck>
Result<Deck> load(const std::filesystem::path& path,
                  Result<Deck> (*parse)(std::string_view, std::string_view)) {
  auto text = read_text_file(path);
  if (!text) return text.error();
  return parse(*text, path.string());
}

}  // namespace

const FreezeCard* FreezeDeck::find(std::string_view id) const {
  return find_by_id(cards, id);
}
const TrioCard* TrioDeck::find(std::string_view id) const {
  return find_by_id(cards, id);
}
const PuntoCard* PuntoDeck::find(std::string_view id) const {
  return find_by_id(cards, id);
}
const BugSpecies* BugsDeck::find(std::string_view id) const {
  return find_by_id(species, id);
}

std::vector<std::string> BugsDeck::species_with(std::optional<int> eyes,
                                                std::optional<BugShape> shape,
                                                std::optional<BugPattern> pattern) const {
  std::vector<std::string> ids;
  for (const BugSpecies& candidate : species) {
    if ((!eyes || candidate.eyes == *eyes) && (!shape || candidate.shape == *shape) &&
        (!pattern || candidate.pattern == *pattern))
      ids.push_back(candidate.id);
  }
  return ids;
}

std::string_view shape_name(BugShape shape) {
  constexpr std::array<std::string_view, 5> names = {"round", "square", "triangle", "star", "drop"};
  return names[static_cast<std::size_t>(shape)];
}

std::string_view pattern_name(BugPattern pattern) {
  constexpr std::array<std::string_view, 3> names = {"plain", "spots", "stripes"};
  return names[static_cast<std::size_t>(pattern)];
}

Result<FreezeDeck> parse_freeze_deck(std::string_view text, std::string_view origin) {
  return json_input::parse_with_context<FreezeDeck>(text, origin, [](const Node& root) {
    check_game(root, "monster-freeze");
    return FreezeDeck{read_cards<FreezeCard>(root.at("cards"), read_freeze_card)};
  });
}

Result<TrioDeck> parse_trio_deck(std::string_view text, std::string_view origin) {
  return json_input::parse_with_context<TrioDeck>(text, origin, [](const Node& root) {
    check_game(root, "trio-monsters");
    return TrioDeck{read_cards<TrioCard>(root.at("cards"), [](const Node& item) {
      return TrioCard{"", item.at("color").as_colour()};
    })};
  });
}

Result<PuntoDeck> parse_punto_deck(std::string_view text, std::string_view origin) {
  return json_input::parse_with_context<PuntoDeck>(text, origin, [](const Node& root) {
    check_game(root, "punto");
    return PuntoDeck{read_cards<PuntoCard>(root.at("cards"), [](const Node& item) {
      const Colour colour = item.at("color").as_colour();
      if (colour == Colour::purple || colour == Colour::black) {
        item.at("color").fail("Punto cards are red, green, blue or yellow");
      }
      return PuntoCard{"", colour, item.at("value").as_int(1, 9)};
    })};
  });
}

Result<BugsDeck> parse_bugs_deck(std::string_view text, std::string_view origin) {
  return json_input::parse_with_context<BugsDeck>(text, origin, [](const Node& root) {
    check_game(root, "bugs-and-co");
    BugsDeck deck;
    const Node species = root.at("species");
    for (std::size_t i = 0; i < species.size(); ++i)
      deck.species.push_back(read_species(species.at(i)));
    const Node trophies = root.at("trophies");
    for (std::size_t i = 0; i < trophies.size(); ++i)
      deck.trophies.push_back(trophies.at(i).as_int(1, 3));
    const Node setup = root.at("setup_by_players");
    for (int players = 2; players <= 8; ++players) {
      const Node entry = setup.at(std::to_string(players));
      BugsSetup rules;
      const Node eyes = entry.at("eyes");
      for (std::size_t i = 0; i < eyes.size(); ++i) {
        const json_input::Json& value = eyes.at(i).json();
        rules.eyes.push_back(value.is_string() ? value.get<std::string>() : value.dump());
      }
      const Node values = entry.at("trophies");
      for (std::size_t i = 0; i < values.size(); ++i)
        rules.trophies.push_back(values.at(i).as_int(1, 3));
      deck.setup_by_players[players] = std::move(rules);
    }
    deck.removed_at_setup = root.at("removed_at_setup").as_int(0, 75);
    return deck;
  });
}

Result<FreezeDeck> load_freeze_deck(const std::filesystem::path& path) {
  return load(path, &parse_freeze_deck);
}
Result<TrioDeck> load_trio_deck(const std::filesystem::path& path) {
  return load(path, &parse_trio_deck);
}
Result<PuntoDeck> load_punto_deck(const std::filesystem::path& path) {
  return load(path, &parse_punto_deck);
}
Result<BugsDeck> load_bugs_deck(const std::filesystem::path& path) {
  return load(path, &parse_bugs_deck);
}

const FreezeDeck& builtin_freeze_deck() {
  return builtin(&parse_freeze_deck, embedded::monster_freeze_deck());
}
const TrioDeck& builtin_trio_deck() {
  return builtin(&parse_trio_deck, embedded::trio_monsters_deck());
}
const PuntoDeck& builtin_punto_deck() {
  return builtin(&parse_punto_deck, embedded::punto_deck());
}
const BugsDeck& builtin_bugs_deck() {
  return builtin(&parse_bugs_deck, embedded::bugs_and_co_deck());
}

Result<std::string> read_text_file(const std::filesystem::path& path) {
  std::ifstream stream(path, std::ios::binary);
  if (!stream) return Error{path.string() + ": cannot open file"};
  std::ostringstream contents;
  contents << stream.rdbuf();
  if (stream.bad()) return Error{path.string() + ": read error"};
  return contents.str();
}

}  // namespace tableref::referee
