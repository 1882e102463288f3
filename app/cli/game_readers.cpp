#include "game_readers.hpp"

#include <iostream>
#include <memory>
#include <optional>

#include "referee/deck.hpp"
#include "referee/trio/layout.hpp"
#include "vision/annotate.hpp"
#include "vision/bugs_reader.hpp"
#include "vision/freeze_reader.hpp"
#include "vision/observation_json.hpp"
#include "vision/punto_reader.hpp"
#include "vision/trio_reader.hpp"

namespace tableref::cli {

namespace {

// A reader's default parameters, with the lens to undo and the table's scale.
template <class Params>
Params reader_params(const ReaderSetup& setup) {
  Params params;
  params.lens = setup.lens;
  params.table_px_per_mm = setup.table_px_per_mm;
  return params;
}

// The analysis of one picture from its reading: the fields, the summary and the annotation.
template <class Reading, class Fields, class Print, class Annotate>
Analysis analysis_of(Reading read, const std::string& image_path, const cv::Mat& image,
                     Fields fields, Print print, Annotate annotate) {
  auto reading = std::make_shared<const Reading>(std::move(read));
  return Analysis{fields(*reading), [image_path, reading, print] { print(image_path, *reading); },
                  [image, reading, annotate] { return annotate(image, *reading); },
                  vision::table_px_per_mm(*reading)};
}

// A deck file given for a game read by colour (and value) alone is still checked.
template <class Load>
std::optional<referee::Error> check_deck_file(const ReaderSetup& setup, Load load) {
  if (setup.deck_path.empty()) return std::nullopt;
  const auto deck = load(setup.deck_path);
  if (!deck) return deck.error();
  return std::nullopt;
}

void print_summary(const std::string& image, const vision::FreezeReading& reading) {
  std::cout << image << ": " << reading.stacks.size() << " card stack(s)"
            << (reading.unstable ? ", view unstable" : "") << '\n';
  int number = 1;
  for (const vision::FreezeStackReading& stack : reading.stacks) {
    std::cout << "  stack " << number++ << ": " << (stack.aligned ? "aligned" : "NOT aligned");
    if (!stack.consistent) std::cout << ", no stack of the deck shows this: a position is misread";
    std::cout << '\n';
    for (std::size_t row = 0; row < 3; ++row) {
      std::cout << "    ";
      for (std::size_t col = 0; col < 3; ++col) {
        std::string word = vision::cell_word(stack.cells[row * 3 + col]);
        word.resize(9, ' ');
        std::cout << word;
      }
      std::cout << '\n';
    }
    std::cout << "    tricks:";
    if (stack.tricks.empty()) std::cout << " none";
    for (const referee::Colour colour : stack.tricks)
      std::cout << ' ' << referee::colour_name(colour);
    std::cout << '\n';
  }
}

referee::Result<Analyzer> freeze_analyzer(const ReaderSetup& setup) {
  auto deck = std::make_shared<referee::FreezeDeck>(referee::builtin_freeze_deck());
  if (!setup.deck_path.empty()) {
    referee::Result<referee::FreezeDeck> custom_deck = referee::load_freeze_deck(setup.deck_path);
    if (!custom_deck) return custom_deck.error();
    *deck = std::move(custom_deck).value();
  }
  return Analyzer([deck, references = setup.references,
                   params = reader_params<vision::FreezeReaderParams>(setup)](
                      const std::string& image_path, const cv::Mat& image, vision::StageLog& log) {
    return analysis_of(vision::read_freeze(image, *deck, references, params, log), image_path,
                       image, vision::freeze_fields, print_summary, vision::annotate_freeze);
  });
}

void print_trio_summary(const std::string& image, const vision::TrioReading& reading) {
  std::cout << image << ": " << reading.cards.size() << " card(s)";
  if (reading.unstable) std::cout << ", view unstable (" << reading.unstable_reason << ')';
  std::cout << '\n';
  for (std::size_t id = 0; id < reading.cards.size(); ++id) {
    const vision::TrioCardReading& card = reading.cards[id];
    std::cout << "  card " << id << ": " << vision::colour_word(card.colour);
    if (card.place) std::cout << " at " << referee::trio::describe(*card.place);
    std::cout << ", sides touch";
    for (const int other : card.edge_neighbours) std::cout << ' ' << other;
    if (card.edge_neighbours.empty()) std::cout << " none";
    std::cout << ", corners touch";
    for (const int other : card.corner_neighbours) std::cout << ' ' << other;
    if (card.corner_neighbours.empty()) std::cout << " none";
    std::cout << '\n';
  }
  std::cout << "  detached:";
  for (const int id : reading.detached) std::cout << ' ' << id;
  if (reading.detached.empty())
    std::cout << (reading.largest_group_tie ? " (groups tie for largest)" : " none");
  std::cout << '\n';
}

referee::Result<Analyzer> trio_analyzer(const ReaderSetup& setup) {
  if (auto error = check_deck_file(setup, referee::load_trio_deck)) return *error;
  return Analyzer(
      [references = setup.references, params = reader_params<vision::TrioReaderParams>(setup)](
          const std::string& image_path, const cv::Mat& image, vision::StageLog& log) {
        return analysis_of(vision::read_trio(image, references, params, log), image_path, image,
                           vision::trio_fields, print_trio_summary, vision::annotate_trio);
      });
}

void print_punto_summary(const std::string& image, const vision::PuntoReading& reading) {
  std::cout << image << ": " << reading.cards.size() << " card(s)"
            << (reading.unstable ? ", view unstable" : "") << '\n';
  for (const vision::PuntoCardReading& card : reading.cards) {
    std::cout << "  [" << card.cell.col << ',' << card.cell.row << "] "
              << vision::colour_word(card.colour) << ' ' << vision::value_word(card.value) << '\n';
  }
  std::cout << "  lines:";
  if (reading.lines.empty()) std::cout << " none";
  for (const referee::punto::Line& line : reading.lines) {
    std::cout << ' ' << referee::colour_name(line.colour) << " of " << line.length() << " from ["
              << line.cells.front().col << ',' << line.cells.front().row << ']';
  }
  std::cout << "\n  fits 6 x 6: " << (reading.fits_6x6 ? "yes" : "NO") << '\n';
  for (const std::string& doubt : reading.doubts) std::cout << "  unstable: " << doubt << '\n';
}

referee::Result<Analyzer> punto_analyzer(const ReaderSetup& setup) {
  if (auto error = check_deck_file(setup, referee::load_punto_deck)) return *error;
  return Analyzer(
      [references = setup.references, params = reader_params<vision::PuntoReaderParams>(setup)](
          const std::string& image_path, const cv::Mat& image, vision::StageLog& log) {
        return analysis_of(vision::read_punto(image, references, params, log), image_path, image,
                           vision::punto_fields, print_punto_summary, vision::annotate_punto);
      });
}

void print_bugs_summary(const std::string& image, const vision::BugsReading& reading) {
  std::cout << image << ": " << reading.tiles.size() << " tile(s)"
            << (reading.unstable ? ", view unstable" : "") << '\n';
  for (std::size_t index = 0; index < reading.collections.size(); ++index) {
    const vision::BugsCollectionReading& collection = reading.collections[index];
    const referee::bugs::Score& score = collection.score;
    std::cout << "  "
              << (collection.seat >= 0 ? "seat " + std::to_string(collection.seat)
                                       : "collection " + std::to_string(index + 1))
              << ": " << score.sets << " set(s) of 3, " << score.others
              << " other tile(s), trophies " << score.trophies << ": " << score.total()
              << " points";
    if (collection.unknown_tiles > 0) {
      std::cout << " (" << collection.unknown_tiles << " unread"
                << (collection.score_decided ? ", the same whatever they are" : "") << ")";
    }
    if (collection.unstable) std::cout << ", unstable";
    std::cout << '\n';
    for (const std::size_t tile : collection.tiles)
      std::cout << "    " << vision::describe_tile(reading.tiles[tile]) << '\n';
  }
  for (const std::string& doubt : reading.doubts) std::cout << "  unstable: " << doubt << '\n';
}

referee::Result<Analyzer> bugs_analyzer(const ReaderSetup& setup) {
  auto deck = std::make_shared<referee::BugsDeck>(referee::builtin_bugs_deck());
  if (!setup.deck_path.empty()) {
    referee::Result<referee::BugsDeck> custom_deck = referee::load_bugs_deck(setup.deck_path);
    if (!custom_deck) return custom_deck.error();
    *deck = std::move(custom_deck).value();
  }
  return Analyzer(
      [deck, seat_of = setup.seat_of, params = reader_params<vision::BugsReaderParams>(setup)](
          const std::string& image_path, const cv::Mat& image, vision::StageLog& log) {
        return analysis_of(vision::read_bugs(image, *deck, params, log, seat_of), image_path, image,
                           vision::bugs_fields, print_bugs_summary, vision::annotate_bugs);
      });
}

}  // namespace

referee::Result<Analyzer> make_analyzer(const ReaderSetup& setup) {
  if (setup.game == "freeze") return freeze_analyzer(setup);
  if (setup.game == "trio") return trio_analyzer(setup);
  if (setup.game == "punto") return punto_analyzer(setup);
  if (setup.game == "bugs") return bugs_analyzer(setup);
  return referee::Error{"--game " + setup.game + ": expected freeze, trio, punto or bugs"};
}

}  // namespace tableref::cli
