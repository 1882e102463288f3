#pragma once
// One refereed game at the table, without widgets: the input, the recognition worker, the event
// log and scoreboard, announcements, timers, the colour probe, disputes and calibration. The
// window shows it and calls it; tests drive it the same way.

#include <QCameraDevice>
#include <QCameraFormat>
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>

#include "calibration/profile.hpp"
#include "gui/colour_probe.hpp"
#include "gui/event_log_model.hpp"
#include "gui/frame.hpp"
#include "gui/frame_source.hpp"
#include "gui/game_setup.hpp"
#include "gui/game_timers.hpp"
#include "gui/latest_frame_mailbox.hpp"
#include "gui/overlay_painter.hpp"
#include "gui/recognition_worker.hpp"
#include "gui/scoreboard_model.hpp"
#include "gui/verdict_cursor.hpp"
#include "gui/video_file_source.hpp"
#include "speech/announcer.hpp"

namespace tableref::gui {

struct SessionOptions {
  QString speech_engine;  // see Announcer; "none" for silence
  PlaybackOptions playback;
  double verdict_banner_s = 6;  // how long a verdict stays on the live view's banner
};

// Counts for the status bar.
struct RecognitionStats {
  std::int64_t frames_shown = 0;
  std::int64_t frames_read = 0;
  std::int64_t frames_dropped = 0;
  double last_ms = 0;
};

class Session : public QObject {
  Q_OBJECT

 public:
  explicit Session(SessionOptions options = {}, QObject* parent = nullptr);
  ~Session() override;

  // ---- input: each starts a new game with the current set-up ----
  // A video file or a folder of pictures.
  void open_path(const std::filesystem::path& path);
  void open_path(const std::filesystem::path& path, const PlaybackOptions& playback);
  void open_camera(const QCameraDevice& device, std::optional<QCameraFormat> format);
  // The bundled sample clip, or (none bundled) the sample game rendered once into the cache.
  void play_sample();
  void stop_input();
  QString input_description() const;
  bool playing() const { return source_ != nullptr; }

  // ---- the game ----
  const GameSetup& setup() const { return setup_; }
  // A new game with this set-up (it must have no problem); the input keeps playing.
  void set_setup(const GameSetup& setup);
  void restart_game();

  // ---- what is shown ----
  const std::optional<Frame>& last_frame() const { return last_frame_; }
  OverlayState overlay_state() const;
  const RecognitionStats& stats() const { return stats_; }
  QString engine_description() const { return engine_description_; }

  // ---- models ----
  EventLogModel& log() { return log_; }
  ScoreboardModel& scoreboard() { return scoreboard_; }
  VerdictCursor& verdicts() { return verdicts_; }
  speech::Announcer& announcer() { return *announcer_; }
  SoloTimerModel& solo_timer() { return solo_timer_; }
  CountdownModel& countdown() { return countdown_; }

  // ---- the colour probe: names the colour at a point of the last frame, shows and says it ----
  std::optional<ProbeReading> probe(cv::Point2d image_point);
  void clear_probe();

  // ---- disputes ----
  referee::Result<int> override_verdict(int row, const std::string& decision,
                                        const std::string& reason);
  referee::Result<std::filesystem::path> export_evidence(const std::filesystem::path& parent,
                                                         const OverlayOptions& overlay = {});
  // The set-up, scoreboard (overrides applied), last layout and input, as state.json holds them.
  nlohmann::json state_json() const;

  // ---- calibration ----
  void set_profile(std::optional<calibration::Profile> profile, QString path = {});
  const std::optional<calibration::Profile>& profile() const { return profile_; }
  QString profile_path() const { return profile_path_; }
  vision::ColourReferences colour_references() const;
  // The profile camera's lens distortion, undone before reading; none without a camera part.
  std::shared_ptr<const vision::LensCorrection> lens() const;

 signals:
  void frameShown();      // a new frame to display
  void overlayChanged();  // what the referee read, the probe or the banner changed
  void inputChanged(const QString& description);
  void inputFinished();
  void statusMessage(const QString& message);

 private:
  void start_source(std::unique_ptr<FrameSource> source);
  void start_engine();
  void on_frame(const Frame& frame);
  void on_result(const RecognitionResult& result);
  void add_event(const referee::Event& event, const RecognitionResult& result);
  SeatOf seat_function() const;
  // Drops a profile made for pictures of another size than the input's.
  void check_profile_size(cv::Size frame_size);
  void prune_banner();

  SessionOptions options_;
  GameSetup setup_;
  std::shared_ptr<LatestFrameMailbox> mailbox_;
  RecognitionWorker worker_;
  std::unique_ptr<FrameSource> source_;
  int engine_generation_ = 0;
  QString engine_description_;

  EventLogModel log_;
  ScoreboardModel scoreboard_;
  VerdictCursor verdicts_;
  std::unique_ptr<speech::Announcer> announcer_;
  SoloTimerModel solo_timer_;
  CountdownModel countdown_;

  std::optional<Frame> last_frame_;
  nlohmann::json last_layout_;
  nlohmann::json last_scoreboard_;
  bool unstable_ = false;
  RecognitionStats stats_;
  QElapsedTimer clock_;
  std::deque<std::pair<qint64, nlohmann::json>> banner_;  // (shown at ms, verdict)
  std::optional<cv::Point2d> probe_point_;
  std::string probe_text_;

  std::optional<calibration::Profile> profile_;
  QString profile_path_;
  QFutureWatcher<std::optional<std::string>> sample_render_;
};

}  // namespace tableref::gui
