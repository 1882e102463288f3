// tableref: the command-line referee. Subcommands live in *_command.cpp beside this file.

#include <iostream>
#include <opencv2/core/utils/logger.hpp>

#include "commands.hpp"
#include "vision/picture_memory.hpp"

namespace tableref::cli {

void print_error(std::string_view message) {
  std::cerr << "tableref: " << message << '\n';
}

}  // namespace tableref::cli

int main(int argc, char** argv) {
  using namespace tableref::cli;
  CLI::App app{
      "tableref: a camera referee for Monster Freeze, Trio Monsters, Punto and Bugs & Co.\n"
      "Every --json output is JSON Lines on standard output; diagnostics go to standard error.",
      "tableref"};
  app.set_version_flag("--version", "tableref 0.1.0");
  app.require_subcommand(1);
  // tableref reports every failure itself, in one line; OpenCV's warnings would only repeat it.
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_ERROR);
  tableref::vision::keep_freed_picture_buffers();
  int exit_status = kExitOk;
  add_replay_command(app, exit_status);
  add_render_command(app, exit_status);
  add_analyze_command(app, exit_status);
  add_bench_command(app, exit_status);
  add_calibrate_command(app, exit_status);
  add_referee_command(app, exit_status);
  add_countdown_command(app, exit_status);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForVersion& version) {
    return app.exit(version);
  } catch (const CLI::ParseError& error) {
    print_error(std::string(error.what()) + " (see tableref --help)");
    return kExitBadInput;
  } catch (const std::exception& error) {
    print_error(error.what());
    return kExitFailure;
  }
  return exit_status;
}
