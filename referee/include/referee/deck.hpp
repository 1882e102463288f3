#pragma once
// Deck files (decks/*.json): parsed and checked, or a one-line error naming the place.
// The canonical decks are compiled into the program, so it runs without its data folder.

#include <filesystem>
#include <string_view>

#include "referee/components.hpp"
#include "referee/result.hpp"

namespace tableref::referee {

// `origin` names the text in error messages (a file path, or "built-in").
Result<FreezeDeck> parse_freeze_deck(std::string_view json_text, std::string_view origin);
Result<TrioDeck> parse_trio_deck(std::string_view json_text, std::string_view origin);
Result<PuntoDeck> parse_punto_deck(std::string_view json_text, std::string_view origin);
Result<BugsDeck> parse_bugs_deck(std::string_view json_text, std::string_view origin);

Result<FreezeDeck> load_freeze_deck(const std::filesystem::path& path);
Result<TrioDeck> load_trio_deck(const std::filesystem::path& path);
Result<PuntoDeck> load_punto_deck(const std::filesystem::path& path);
Result<BugsDeck> load_bugs_deck(const std::filesystem::path& path);

// The canonical decks of the box.
const FreezeDeck& builtin_freeze_deck();
const TrioDeck& builtin_trio_deck();
const PuntoDeck& builtin_punto_deck();
const BugsDeck& builtin_bugs_deck();

// Reads a whole text file, or an error naming it.
Result<std::string> read_text_file(const std::filesystem::path& path);

}  // namespace tableref::referee
