#pragma once
// Each subcommand of `tableref` registers itself on the command line; its callback leaves the
// process exit status in `exit_status` (0 done, 2 bad arguments or unreadable input).

#include <CLI/CLI.hpp>

namespace tableref::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;   // the command ran but could not finish its work
inline constexpr int kExitBadInput = 2;  // bad arguments or unreadable input (interface.md)

void add_replay_command(CLI::App& app, int& exit_status);
void add_render_command(CLI::App& app, int& exit_status);
void add_analyze_command(CLI::App& app, int& exit_status);
void add_bench_command(CLI::App& app, int& exit_status);
void add_calibrate_command(CLI::App& app, int& exit_status);
void add_referee_command(CLI::App& app, int& exit_status);
void add_countdown_command(CLI::App& app, int& exit_status);

// Prints "tableref: <message>" on standard error: every failure is one line.
void print_error(std::string_view message);

}  // namespace tableref::cli
