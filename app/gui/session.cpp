#include "gui/session.hpp"

#include <QStandardPaths>
#include <QtConcurrent/QtConcurrent>

#include "gui/camera_source.hpp"
#include "gui/event_text.hpp"
#include "gui/evidence_bundle.hpp"
#include "gui/sample_clip.hpp"
#include "vision/colour_references.hpp"

namespace tableref::gui {

namespace {

// Bump when the sample game's script changes, so a cached clip of the old script is not played.
constexpr const char* kSampleClipName = "sample-freeze-game-1.avi";

QString speech_engine(const SessionOptions& options) {
  if (!options.speech_engine.isEmpty()) return options.speech_engine;
  return qEnvironmentVariable("TABLEREF_SPEECH_ENGINE");
}

std::vector<std::array<cv::Point2d, 4>> stack_corners(const nlohmann::json& layout) {
  std::vector<std::array<cv::Point2d, 4>> corners;
  const auto stacks = layout.is_object() ? layout.find("stacks") : layout.end();
  if (!layout.is_object() || stacks == layout.end() || !stacks->is_array()) return corners;
  for (const auto& stack : *stacks) {
    const auto points = stack.find("corners");
    if (points == stack.end() || !points->is_array() || points->size() != 4) continue;
    std::array<cv::Point2d, 4> quad;
    bool whole = true;
    for (std::size_t i = 0; i < 4; ++i) {
      const auto& p = (*points)[i];
      whole = whole && p.is_array() && p.size() == 2 && p[0].is_number() && p[1].is_number();
      if (whole) quad[i] = {p[0].get<double>(), p[1].get<double>()};
    }
    if (whole) corners.push_back(quad);
  }
  return corners;
}

}  // namespace

Session::Session(SessionOptions options, QObject* parent)
    : QObject(parent),
      options_(std::move(options)),
      mailbox_(std::make_shared<LatestFrameMailbox>()),
      worker_(mailbox_),
      verdicts_(log_),
      announcer_(std::make_unique<speech::Announcer>(speech_engine(options_))) {
  clock_.start();
  connect(&worker_, &RecognitionWorker::processed, this, &Session::on_result);
  connect(&worker_, &RecognitionWorker::failed, this, &Session::statusMessage);
  connect(announcer_.get(), &speech::Announcer::statusChanged, this, &Session::statusMessage);
  connect(&solo_timer_, &SoloTimerModel::announce, announcer_.get(), &speech::Announcer::announce);
  connect(&countdown_, &CountdownModel::announce, announcer_.get(), &speech::Announcer::announce);
  connect(&sample_render_, &QFutureWatcher<std::optional<std::string>>::finished, this, [this] {
    const std::optional<std::string> error = sample_render_.result();
    if (error) {
      emit statusMessage(
          tr("The sample game could not be drawn: %1").arg(QString::fromStdString(*error)));
      return;
    }
    const QString cache = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    open_path(std::filesystem::path(cache.toStdString()) / kSampleClipName);
  });
  worker_.start();
  restart_game();
}

Session::~Session() {
  stop_input();
  worker_.stop();
}

void Session::open_path(const std::filesystem::path& path) {
  open_path(path, options_.playback);
}

void Session::open_path(const std::filesystem::path& path, const PlaybackOptions& playback) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) {
    emit statusMessage(tr("No such file or folder: %1").arg(QString::fromStdString(path.string())));
    return;
  }
  start_source(std::make_unique<VideoFileSource>(path, playback, mailbox_));
}

void Session::open_camera(const QCameraDevice& device, std::optional<QCameraFormat> format) {
  if (device.isNull()) {
    emit statusMessage(tr("No camera found: connect a webcam, or open a video or the sample game"));
    return;
  }
  start_source(std::make_unique<CameraSource>(device, std::move(format), mailbox_));
}

void Session::play_sample() {
  if (const auto clip = bundled_sample_clip(setup_.game)) {
    // The clip was filmed with its own number of players: the set-up's names are kept when
    // they are as many, the clip's taken otherwise.
    if (clip->players.size() != setup_.players.size()) {
      GameSetup setup = setup_;
      setup.players = clip->players;
      setup.first_player = 0;
      set_setup(setup);
    }
    open_path(clip->video);
    return;
  }
  // The drawn sample game is a Monster Freeze game between Alice and Bob.
  if (setup_.game != referee::Game::freeze) set_setup(sample_game().setup);
  const QString cache = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
  const std::filesystem::path path = std::filesystem::path(cache.toStdString()) / kSampleClipName;
  std::error_code error;
  if (std::filesystem::exists(path, error)) {
    open_path(path);
    return;
  }
  if (sample_render_.isRunning()) return;
  emit statusMessage(tr("Drawing the sample game (a few seconds, once)…"));
  sample_render_.setFuture(QtConcurrent::run([path] { return write_sample_clip(path); }));
}

void Session::stop_input() {
  if (!source_) return;
  source_->stop();
  source_.reset();
  mailbox_->clear();
  emit inputChanged(input_description());
}

QString Session::input_description() const {
  return source_ ? source_->description() : tr("no input");
}

void Session::start_source(std::unique_ptr<FrameSource> source) {
  stop_input();
  restart_game();
  source_ = std::move(source);
  FrameSource* current = source_.get();
  connect(current, &FrameSource::frameReady, this, &Session::on_frame);
  connect(current, &FrameSource::failed, this, &Session::statusMessage);
  connect(current, &FrameSource::finished, this, [this, current] {
    if (source_.get() != current) return;  // an input replaced since
    emit statusMessage(tr("End of %1").arg(current->description()));
    emit inputFinished();
  });
  source_->start();
  emit inputChanged(input_description());
}

void Session::set_setup(const GameSetup& setup) {
  setup_ = setup;
  restart_game();
}

void Session::restart_game() {
  log_.clear();
  scoreboard_.set_game(setup_.game);
  last_scoreboard_ = empty_scoreboard(setup_);
  scoreboard_.set_scoreboard(last_scoreboard_);
  last_layout_ = nlohmann::json();
  unstable_ = false;
  banner_.clear();
  solo_timer_.set_duration_s(setup_.solo_seconds);
  mailbox_->clear();
  start_engine();
  emit overlayChanged();
}

void Session::start_engine() {
  std::unique_ptr<RefereeEngine> engine =
      make_engine(setup_, seat_function(), colour_references(), lens());
  engine_description_ = QString::fromStdString(engine->description());
  engine_generation_ = worker_.set_engine(std::move(engine));
  emit statusMessage(engine_description_);
}

SeatOf Session::seat_function() const {
  if (profile_ && profile_->seats &&
      profile_->seats->count == static_cast<int>(setup_.players.size())) {
    return profile_->seats->seat_function();
  }
  return {};  // the live referee's zones: the first player at the bottom of the picture
}

void Session::on_frame(const Frame& frame) {
  if (!frame.bgr.empty()) check_profile_size(frame.bgr.size());
  last_frame_ = frame;
  ++stats_.frames_shown;
  emit frameShown();
}

void Session::on_result(const RecognitionResult& result) {
  if (result.engine_generation != engine_generation_) return;  // of a game since replaced
  ++stats_.frames_read;
  stats_.frames_dropped = result.dropped;
  stats_.last_ms = result.milliseconds;
  if (result.report.layout.is_object() && !result.report.layout.empty()) {
    last_layout_ = result.report.layout;
  }
  unstable_ = result.report.unstable;
  for (const referee::Event& event : result.report.events) add_event(event, result);
  if (result.scoreboard != last_scoreboard_) {
    last_scoreboard_ = result.scoreboard;
    scoreboard_.set_scoreboard(last_scoreboard_);
  }
  prune_banner();
  emit overlayChanged();
}

void Session::add_event(const referee::Event& event, const RecognitionResult& result) {
  nlohmann::json line = referee::to_json(event);
  const std::string type(referee::event_type(event.body));
  const bool verdict = is_verdict_type(type);
  if (verdict) banner_.emplace_back(clock_.elapsed(), line);
  const std::string spoken = spoken_event(line);
  log_.append(std::move(line), verdict ? result.frame_png : QByteArray(),
              verdict ? result.report.layout : nlohmann::json());
  if (!spoken.empty()) announcer_->announce(QString::fromStdString(spoken));
}

void Session::prune_banner() {
  const qint64 oldest = clock_.elapsed() - static_cast<qint64>(options_.verdict_banner_s * 1000);
  while (!banner_.empty() && (banner_.front().first < oldest ||
                              banner_.size() > static_cast<std::size_t>(kBannerLines))) {
    banner_.pop_front();
  }
}

OverlayState Session::overlay_state() const {
  OverlayState state;
  state.game = setup_.game;
  state.layout = last_layout_;
  state.unstable = unstable_;
  const qint64 oldest = clock_.elapsed() - static_cast<qint64>(options_.verdict_banner_s * 1000);
  for (const auto& [shown_at, verdict] : banner_) {
    if (shown_at >= oldest) state.recent_verdicts.push_back(verdict);
  }
  state.probe_point = probe_point_;
  state.probe_text = probe_text_;
  return state;
}

std::optional<ProbeReading> Session::probe(cv::Point2d image_point) {
  if (!last_frame_) return std::nullopt;
  const auto corners = stack_corners(last_layout_);
  const std::optional<ProbeReading> reading =
      probe_colour(last_frame_->bgr, image_point, corners, colour_references());
  if (!reading) return std::nullopt;
  probe_point_ = image_point;
  probe_text_ = probe_sentence(*reading);
  announcer_->announce(QString::fromStdString(probe_text_));
  emit overlayChanged();
  return reading;
}

void Session::clear_probe() {
  probe_point_.reset();
  probe_text_.clear();
  emit overlayChanged();
}

referee::Result<int> Session::override_verdict(int row, const std::string& decision,
                                               const std::string& reason) {
  referee::Result<int> override_row = log_.override_verdict(row, decision, reason);
  if (!override_row) return override_row;
  if (decision == "cancelled") scoreboard_.cancel_verdict(log_.entry(row).event);
  announcer_->announce(tr("verdict %1: %2")
                           .arg(QString::fromStdString(decision),
                                QString::fromStdString(describe_event(log_.entry(row).event))));
  return override_row;
}

referee::Result<std::filesystem::path> Session::export_evidence(const std::filesystem::path& parent,
                                                                const OverlayOptions& overlay) {
  return gui::export_evidence(log_, state_json(), parent, overlay);
}

nlohmann::json Session::state_json() const {
  return {{"setup", setup_.to_json()},
          {"scoreboard", scoreboard_.to_json()},
          {"referee_scoreboard", last_scoreboard_},
          {"layout", last_layout_},
          {"unstable", unstable_},
          {"input", input_description().toStdString()},
          {"profile", profile_path_.toStdString()}};
}

void Session::set_profile(std::optional<calibration::Profile> profile, QString path) {
  profile_ = std::move(profile);
  profile_path_ = profile_ ? std::move(path) : QString();
  restart_game();
}

void Session::check_profile_size(cv::Size frame_size) {
  if (!profile_) return;
  const auto error =
      calibration::check_image_size(*profile_, frame_size, profile_path_.toStdString());
  if (!error) return;
  // Its table and seats would put players' cards in the wrong zones: the game goes on without
  // the profile, and says why.
  set_profile(std::nullopt);
  emit statusMessage(tr("Profile not used: %1").arg(QString::fromStdString(error->message)));
}

std::shared_ptr<const vision::LensCorrection> Session::lens() const {
  if (profile_ && profile_->camera) return calibration::lens_correction(*profile_->camera);
  return nullptr;
}

vision::ColourReferences Session::colour_references() const {
  if (profile_ && profile_->colours) return profile_->colours->references();
  return vision::palette_references();
}

}  // namespace tableref::gui
