#pragma once

#include <optional>
#include <string_view>

namespace tableref::referee {

enum class Game { freeze, trio, punto, bugs };

// The short names of the command line and interface.md: freeze, trio, punto, bugs.
std::string_view game_name(Game game);
std::optional<Game> parse_game(std::string_view name);

}  // namespace tableref::referee
