// tableref countdown: the Bugs & Co end-of-game countdown ("10" ... "1", then "STOP"), one call a
// second, printed as it is called and spoken where a speech engine is available.

#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <thread>

#include "commands.hpp"
#include "referee/bugs/countdown.hpp"

#ifdef TABLEREF_WITH_SPEECH
#include <QCoreApplication>

#include "speech/announcer.hpp"
#endif

namespace tableref::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct CountdownOptions {
  int from = 10;
  double seconds_per_count = 1.0;
  std::string speech_engine;  // empty: the default engine; "none": silent
  bool json = false;
};

// Says the calls out loud when it can; otherwise only tells why it cannot, once.
class Speaker {
 public:
  explicit Speaker(const std::string& engine) {
#ifdef TABLEREF_WITH_SPEECH
    if (QCoreApplication::instance() == nullptr) {
      application_ = std::make_unique<QCoreApplication>(argc_, argv_);
    }
    announcer_ = std::make_unique<speech::Announcer>(QString::fromStdString(engine));
    status_ = announcer_->status().toStdString();
#else
    status_ = engine == "none" ? "speech off"
                               : "speech unavailable: built without Qt TextToSpeech (calls are "
                                 "printed only)";
#endif
  }

  const std::string& status() const {
    return status_;
  }

  void say([[maybe_unused]] const std::string& text) {
#ifdef TABLEREF_WITH_SPEECH
    announcer_->announce(QString::fromStdString(text));
#endif
  }

  // Waits until `until`, letting the speech engine work meanwhile.
  void wait_until(Clock::time_point until) {
    constexpr auto kSlice = std::chrono::milliseconds(10);
    while (Clock::now() < until) {
#ifdef TABLEREF_WITH_SPEECH
      QCoreApplication::processEvents();
#endif
      std::this_thread::sleep_until(std::min(until, Clock::now() + kSlice));
    }
  }

  // Lets the last call be heard before the process ends (at most `limit`).
  void finish([[maybe_unused]] std::chrono::milliseconds limit) {
#ifdef TABLEREF_WITH_SPEECH
    const Clock::time_point give_up = Clock::now() + limit;
    while (announcer_->speaking() && Clock::now() < give_up) {
      wait_until(Clock::now() + std::chrono::milliseconds(20));
    }
#endif
  }

 private:
  std::string status_;
#ifdef TABLEREF_WITH_SPEECH
  int argc_ = 1;
  char program_name_[9] = "tableref";
  char* argv_[2] = {program_name_, nullptr};
  std::unique_ptr<QCoreApplication> application_;
  std::unique_ptr<speech::Announcer> announcer_;
#endif
};

int run_countdown(const CountdownOptions& options) {
  Speaker speaker(options.speech_engine);
  std::cerr << "tableref: " << speaker.status() << '\n';
  const referee::bugs::Countdown start(options.from, options.seconds_per_count);
  const Clock::time_point started = Clock::now();
  for (int call = 0; call <= options.from; ++call) {
    const double at_s = call * options.seconds_per_count;
    speaker.wait_until(
        started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(at_s)));
    // Read halfway through the call's own second, clear of rounding at its edges.
    const std::string word = start.advanced(at_s + options.seconds_per_count / 2).word();
    if (options.json) {
      std::cout << nlohmann::json{{"time_s", std::round(at_s * 1000) / 1000},
                                  {"type", "countdown"},
                                  {"call", word}}
                       .dump()
                << std::endl;
    } else {
      std::cout << word << std::endl;
    }
    speaker.say(word);
  }
  speaker.finish(std::chrono::seconds(3));
  return kExitOk;
}

}  // namespace

void add_countdown_command(CLI::App& app, int& exit_status) {
  auto options = std::make_shared<CountdownOptions>();
  CLI::App* command = app.add_subcommand(
      "countdown",
      "Bugs & Co: count down once the last trophy is taken (10 ... 1, STOP), printed and spoken");
  command->add_option("--from", options->from, "The first number called")
      ->capture_default_str()
      ->check(CLI::Range(1, 60));
  command
      ->add_option("--seconds-per-count", options->seconds_per_count, "Seconds between two calls")
      ->capture_default_str()
      ->check(CLI::Range(0.05, 10.0));
  command->add_option("--speech", options->speech_engine,
                      "Qt TextToSpeech engine to speak with (default: the system's), or none");
  command->add_flag("--json", options->json,
                    R"(One JSON line per call: {"time_s", "type": "countdown", "call"})");
  command->callback([options, &exit_status] { exit_status = run_countdown(*options); });
}

}  // namespace tableref::cli
