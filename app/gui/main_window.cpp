#include "gui/main_window.hpp"

#include <QAction>
#include <QApplication>
#include <QButtonGroup>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "gui/calibration_dialog.hpp"
#include "gui/camera_dialog.hpp"
#include "gui/dispute_panel.hpp"
#include "gui/setup_dialog.hpp"
#include "gui/timer_panel.hpp"
#include "gui/video_view.hpp"

namespace tableref::gui {

namespace {

constexpr double kLargeTextScale = 1.5;
constexpr int kStatusMessageMs = 6000;

QTableView* table_view(QAbstractItemModel& model, const QString& name, QWidget* parent) {
  auto* view = new QTableView(parent);
  view->setModel(&model);
  view->setAccessibleName(name);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->setEditTriggers(QAbstractItemView::NoEditTriggers);
  view->setTabKeyNavigation(false);  // Tab leaves the table: arrows move inside it
  view->verticalHeader()->setVisible(false);
  view->setWordWrap(false);
  return view;
}

}  // namespace

MainWindow::MainWindow(MainWindowOptions options, QWidget* parent)
    : QMainWindow(parent),
      options_(std::move(options)),
      settings_(options_.use_settings ? AppSettings::load() : AppSettings{}),
      session_(std::make_unique<Session>(options_.session)),
      base_font_(font()) {
  setObjectName("main_window");
  setWindowIcon(QIcon(":/tableref/tableref-gui.png"));
  session_->set_setup(settings_.setup);
  live_view_ = new VideoView(this);
  live_view_->set_placeholder(
      tr("No picture yet.\n\nOpen a video (Ctrl+O), a folder of frames (Ctrl+Shift+O), a camera "
         "(Ctrl+K), or play the sample game (Ctrl+Shift+S)."));
  setCentralWidget(live_view_);
  build_actions();
  build_docks();
  build_menus();

  input_label_ = new QLabel(this);
  stats_label_ = new QLabel(this);
  speech_label_ = new QLabel(this);
  statusBar()->addPermanentWidget(input_label_);
  statusBar()->addPermanentWidget(stats_label_);
  statusBar()->addPermanentWidget(speech_label_);
  connect_session();

  set_colour_blind(settings_.colour_blind);
  set_large_text(settings_.large_text);
  toggle_speech(settings_.speech);
  set_zoom_to_cards(settings_.zoom_to_cards);
  refresh_title();
  resize(1400, 860);
  live_view_->setFocus();

  if (options_.play_sample_on_first_start && !settings_.sample_played) {
    settings_.sample_played = true;
    QTimer::singleShot(0, this, &MainWindow::play_sample);
  }
}

MainWindow::~MainWindow() = default;

QAction* MainWindow::action(const QString& name) const {
  return findChild<QAction*>(name);
}

QAction* MainWindow::make_action(const QString& name, const QString& text,
                                 const QKeySequence& shortcut, void (MainWindow::*slot)()) {
  auto* created = new QAction(text, this);
  created->setObjectName(name);
  if (!shortcut.isEmpty()) created->setShortcut(shortcut);
  created->setShortcutContext(Qt::ApplicationShortcut);
  connect(created, &QAction::triggered, this, slot);
  return created;
}

QAction* MainWindow::make_toggle(const QString& name, const QString& text,
                                 const QKeySequence& shortcut, bool checked,
                                 void (MainWindow::*slot)(bool)) {
  auto* created = new QAction(text, this);
  created->setObjectName(name);
  created->setCheckable(true);
  created->setChecked(checked);
  if (!shortcut.isEmpty()) created->setShortcut(shortcut);
  created->setShortcutContext(Qt::ApplicationShortcut);
  connect(created, &QAction::toggled, this, slot);
  return created;
}

void MainWindow::build_actions() {
  make_action("action_open_video", tr("&Open a video…"), QKeySequence::Open,
              &MainWindow::open_video);
  make_action("action_open_folder", tr("Open a &folder of frames…"), QKeySequence("Ctrl+Shift+O"),
              &MainWindow::open_folder);
  make_action("action_open_camera", tr("&Camera…"), QKeySequence("Ctrl+K"),
              &MainWindow::open_camera);
  make_action("action_play_sample", tr("Play the &sample game"), QKeySequence("Ctrl+Shift+S"),
              &MainWindow::play_sample);
  make_action("action_stop_input", tr("S&top the input"), QKeySequence("Ctrl+W"),
              &MainWindow::stop_input);
  make_action("action_export_evidence", tr("&Export evidence…"), QKeySequence("Ctrl+E"),
              &MainWindow::export_evidence);
  auto* quit = new QAction(tr("&Quit"), this);
  quit->setObjectName("action_quit");
  quit->setShortcut(QKeySequence::Quit);
  connect(quit, &QAction::triggered, this, &QWidget::close);

  make_action("action_setup", tr("&Set up the game…"), QKeySequence("Ctrl+G"),
              &MainWindow::set_up_game);
  make_action("action_restart", tr("&Restart the game"), QKeySequence("Ctrl+R"),
              &MainWindow::restart_game);

  make_toggle("action_colour_blind", tr("&Colour-blind mode (patterns and safe palette)"),
              QKeySequence("Ctrl+B"), false, &MainWindow::toggle_colour_blind);
  make_toggle("action_large_text", tr("&Large text"), QKeySequence("Ctrl+L"), false,
              &MainWindow::toggle_large_text);
  make_toggle("action_speech", tr("&Speak announcements"), QKeySequence("Ctrl+Shift+A"), true,
              &MainWindow::toggle_speech);
  make_toggle("action_zoom", tr("&Zoom to the cards"), QKeySequence("Ctrl+Shift+Z"), true,
              &MainWindow::toggle_zoom);
  make_toggle("action_probe", tr("Colour &probe (click or arrows + Enter)"), QKeySequence("Ctrl+P"),
              false, &MainWindow::toggle_probe);
  make_action("action_next_pane", tr("&Next pane"), QKeySequence(Qt::Key_F6),
              &MainWindow::next_pane);
  make_action("action_previous_pane", tr("P&revious pane"), QKeySequence(Qt::SHIFT | Qt::Key_F6),
              &MainWindow::previous_pane);

  make_action("action_solo_timer", tr("Start the &solo timer"), QKeySequence("Ctrl+T"),
              &MainWindow::toggle_solo_timer);
  make_action("action_countdown", tr("Start the &countdown (10 … 1, STOP)"),
              QKeySequence("Ctrl+Shift+T"), &MainWindow::start_countdown);

  QAction* previous = make_action("action_previous_verdict", tr("&Previous verdict"),
                                  QKeySequence("Alt+Left"), &MainWindow::previous_verdict);
  previous->setShortcuts({QKeySequence("Alt+Left"), QKeySequence("Ctrl+[")});
  QAction* next = make_action("action_next_verdict", tr("&Next verdict"), QKeySequence("Alt+Right"),
                              &MainWindow::next_verdict);
  next->setShortcuts({QKeySequence("Alt+Right"), QKeySequence("Ctrl+]")});
  make_action("action_latest_verdict", tr("&Latest verdict"), QKeySequence("Alt+End"),
              &MainWindow::latest_verdict);
  make_action("action_override", tr("&Override the verdict…"), QKeySequence("Ctrl+Shift+V"),
              &MainWindow::override_verdict);

  make_action("action_calibrate", tr("&Calibrate the camera and table…"),
              QKeySequence("Ctrl+Shift+C"), &MainWindow::calibrate);
  make_action("action_load_profile", tr("&Load a profile…"), QKeySequence("Ctrl+Shift+L"),
              &MainWindow::load_profile);
  make_action("action_clear_profile", tr("&Forget the profile"), QKeySequence(),
              &MainWindow::clear_profile);

  make_action("action_shortcuts", tr("&Keyboard shortcuts"), QKeySequence::HelpContents,
              &MainWindow::show_shortcuts);
  make_action("action_about", tr("&About tableref"), QKeySequence(), &MainWindow::show_about);
}

void MainWindow::build_docks() {
  const auto add_dock = [this](const QString& name, const QString& title, QWidget* content,
                               Qt::DockWidgetArea area, const QKeySequence& shortcut) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(name);
    dock->setWidget(content);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    dock->toggleViewAction()->setShortcut(shortcut);
    dock->toggleViewAction()->setObjectName("action_show_" + name);
    addDockWidget(area, dock);
    docks_.push_back(dock);
    return dock;
  };
  scoreboard_view_ = table_view(session_->scoreboard(), tr("Scoreboard"), this);
  scoreboard_view_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  event_log_view_ = table_view(session_->log(), tr("Event log"), this);
  event_log_view_->horizontalHeader()->setStretchLastSection(true);
  event_log_view_->setColumnWidth(EventLogModel::kFrame, 60);
  event_log_view_->setColumnWidth(EventLogModel::kTime, 70);
  event_log_view_->setColumnWidth(EventLogModel::kType, 90);
  event_log_view_->setColumnWidth(EventLogModel::kPlayer, 80);
  dispute_panel_ = new DisputePanel(*session_,
                                    {action("action_previous_verdict"),
                                     action("action_next_verdict"), action("action_latest_verdict"),
                                     action("action_override"), action("action_export_evidence")},
                                    this);
  timer_panel_ =
      new TimerPanel(*session_, action("action_solo_timer"), action("action_countdown"), this);

  QDockWidget* scoreboard = add_dock("scoreboard", tr("Scoreboard"), scoreboard_view_,
                                     Qt::RightDockWidgetArea, QKeySequence("Alt+1"));
  QDockWidget* log = add_dock("event_log", tr("Event log"), event_log_view_,
                              Qt::RightDockWidgetArea, QKeySequence("Alt+2"));
  QDockWidget* disputes = add_dock("disputes", tr("Disputes"), dispute_panel_,
                                   Qt::RightDockWidgetArea, QKeySequence("Alt+3"));
  QDockWidget* timers = add_dock("timers", tr("Timers"), timer_panel_, Qt::RightDockWidgetArea,
                                 QKeySequence("Alt+4"));
  splitDockWidget(scoreboard, log, Qt::Vertical);
  tabifyDockWidget(log, disputes);
  tabifyDockWidget(disputes, timers);
  log->raise();
  resizeDocks({scoreboard}, {560}, Qt::Horizontal);
  resizeDocks({scoreboard, log}, {200, 560}, Qt::Vertical);

  // Tab order: the live view, then each pane.
  setTabOrder(live_view_, scoreboard_view_);
  setTabOrder(scoreboard_view_, event_log_view_);
  setTabOrder(event_log_view_, dispute_panel_);
}

void MainWindow::build_menus() {
  const auto add = [this](QMenu* menu, std::initializer_list<const char*> names) {
    for (const char* name : names) {
      if (name == nullptr) {
        menu->addSeparator();
      } else {
        menu->addAction(action(name));
      }
    }
  };
  add(menuBar()->addMenu(tr("&File")),
      {"action_open_video", "action_open_folder", "action_open_camera", "action_play_sample",
       "action_stop_input", nullptr, "action_export_evidence", nullptr, "action_quit"});
  add(menuBar()->addMenu(tr("&Game")), {"action_setup", "action_restart"});
  QMenu* view = menuBar()->addMenu(tr("&View"));
  add(view, {"action_colour_blind", "action_large_text", "action_speech", "action_zoom",
             "action_probe", nullptr, "action_next_pane", "action_previous_pane", nullptr});
  for (QDockWidget* dock : docks_) view->addAction(dock->toggleViewAction());
  add(menuBar()->addMenu(tr("&Timers")), {"action_solo_timer", "action_countdown"});
  add(menuBar()->addMenu(tr("&Disputes")),
      {"action_previous_verdict", "action_next_verdict", "action_latest_verdict", nullptr,
       "action_override", "action_export_evidence"});
  add(menuBar()->addMenu(tr("&Calibration")),
      {"action_calibrate", "action_load_profile", "action_clear_profile"});
  add(menuBar()->addMenu(tr("&Help")), {"action_shortcuts", "action_about"});
}

void MainWindow::connect_session() {
  Session& session = *session_;
  connect(&session, &Session::frameShown, this, [this] {
    if (session_->last_frame()) live_view_->set_frame(session_->last_frame()->bgr);
  });
  connect(&session, &Session::overlayChanged, this, &MainWindow::refresh_live_view);
  connect(&session, &Session::overlayChanged, this, &MainWindow::refresh_stats);
  connect(&session, &Session::statusMessage, this,
          [this](const QString& message) { statusBar()->showMessage(message, kStatusMessageMs); });
  connect(&session, &Session::inputChanged, this, [this] { refresh_title(); });
  connect(&session.announcer(), &speech::Announcer::announced, this, [this](const QString& text) {
    statusBar()->showMessage(tr("Announced: %1").arg(text), kStatusMessageMs);
  });
  connect(&session.announcer(), &speech::Announcer::statusChanged, speech_label_, &QLabel::setText);
  connect(live_view_, &VideoView::probeRequested, this, [this](cv::Point2d point) {
    if (!session_->probe(point))
      statusBar()->showMessage(tr("There is no picture to probe yet"), kStatusMessageMs);
  });
  connect(&session.solo_timer(), &SoloTimerModel::changed, this, [this] {
    action("action_solo_timer")
        ->setText(session_->solo_timer().running() ? tr("Stop the &solo timer")
                                                   : tr("Start the &solo timer"));
  });
  connect(&session.log(), &QAbstractItemModel::rowsInserted, event_log_view_,
          [this] { event_log_view_->scrollToBottom(); });
  // Enter or a double click on a verdict in the log shows it in Disputes.
  connect(event_log_view_, &QTableView::activated, this, [this](const QModelIndex& index) {
    if (session_->verdicts().show_row(index.row())) {
      for (QDockWidget* dock : docks_) {
        if (dock->widget() == dispute_panel_) dock->raise();
      }
    }
  });
  speech_label_->setText(session.announcer().status());
}

void MainWindow::refresh_live_view() {
  live_view_->set_overlay(session_->overlay_state());
}

void MainWindow::refresh_title() {
  input_label_->setText(session_->input_description());
  setWindowTitle(tr("tableref — %1 — %2")
                     .arg(game_title(session_->setup().game), session_->input_description()));
}

void MainWindow::refresh_stats() {
  const RecognitionStats& stats = session_->stats();
  stats_label_->setText(tr("read %1 frames, dropped %2, %3 ms a frame")
                            .arg(stats.frames_read)
                            .arg(stats.frames_dropped)
                            .arg(stats.last_ms, 0, 'f', 0));
}

OverlayOptions MainWindow::overlay_options() const {
  OverlayOptions options;
  options.colour_blind = settings_.colour_blind;
  options.text_scale = settings_.large_text ? kLargeTextScale : 1.0;
  return options;
}

void MainWindow::set_colour_blind(bool on) {
  settings_.colour_blind = on;
  if (QAction* toggle = action("action_colour_blind"); toggle->isChecked() != on)
    toggle->setChecked(on);
  live_view_->set_options(overlay_options());
  dispute_panel_->set_options(overlay_options());
}

void MainWindow::set_large_text(bool on) {
  settings_.large_text = on;
  if (QAction* toggle = action("action_large_text"); toggle->isChecked() != on)
    toggle->setChecked(on);
  QFont font = base_font_;
  if (on) font.setPointSizeF(base_font_.pointSizeF() * kLargeTextScale);
  setFont(font);
  live_view_->set_options(overlay_options());
  dispute_panel_->set_options(overlay_options());
}

void MainWindow::set_zoom_to_cards(bool on) {
  settings_.zoom_to_cards = on;
  if (QAction* toggle = action("action_zoom"); toggle->isChecked() != on) toggle->setChecked(on);
  live_view_->set_zoom_to_layout(on);
  dispute_panel_->frame_view().set_zoom_to_layout(on);
}

void MainWindow::toggle_speech(bool on) {
  settings_.speech = on;
  if (QAction* toggle = action("action_speech"); toggle->isChecked() != on) toggle->setChecked(on);
  session_->announcer().set_enabled(on);
}

void MainWindow::toggle_probe(bool on) {
  live_view_->set_probe_mode(on);
  if (on) {
    live_view_->setFocus();
    statusBar()->showMessage(tr("Colour probe: click the picture, or move the cross with the arrow "
                                "keys and press Enter"),
                             kStatusMessageMs);
  } else {
    session_->clear_probe();
  }
}

void MainWindow::closeEvent(QCloseEvent* event) {
  session_->stop_input();
  if (options_.use_settings) {
    settings_.setup = session_->setup();
    settings_.save();
  }
  event->accept();
}

void MainWindow::focus_pane(int step) {
  std::vector<QWidget*> panes = {live_view_, scoreboard_view_, event_log_view_, dispute_panel_,
                                 timer_panel_};
  int current = 0;
  for (std::size_t i = 0; i < panes.size(); ++i) {
    if (panes[i]->isAncestorOf(QApplication::focusWidget()) ||
        panes[i] == QApplication::focusWidget()) {
      current = static_cast<int>(i);
    }
  }
  const int count = static_cast<int>(panes.size());
  QWidget* next = panes[static_cast<std::size_t>(((current + step) % count + count) % count)];
  for (QDockWidget* dock : docks_) {
    if (dock->widget() == next || dock->widget()->isAncestorOf(next)) {
      dock->show();
      dock->raise();
    }
  }
  // A panel takes focus on its first control that Tab reaches.
  QWidget* target = next;
  if (!(next->focusPolicy() & Qt::TabFocus)) {
    for (QWidget* child : next->findChildren<QWidget*>()) {
      if ((child->focusPolicy() & Qt::TabFocus) && child->isEnabled()) {
        target = child;
        break;
      }
    }
  }
  target->setFocus(Qt::TabFocusReason);
}

void MainWindow::open_video() {
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open a video"), QString(),
                                   tr("Videos (*.mp4 *.avi *.mkv *.webm *.mov);;All files (*)"));
  if (!path.isEmpty()) session_->open_path(path.toStdString());
}

void MainWindow::open_folder() {
  const QString path = QFileDialog::getExistingDirectory(this, tr("Open a folder of frames"));
  if (!path.isEmpty()) session_->open_path(path.toStdString());
}

void MainWindow::open_camera() {
  CameraDialog dialog(this);
  if (!dialog.has_cameras()) {
    statusBar()->showMessage(tr("No camera found"), kStatusMessageMs);
  }
  if (dialog.exec() != QDialog::Accepted) return;
  if (const auto device = dialog.device()) session_->open_camera(*device, dialog.format());
}

void MainWindow::play_sample() {
  session_->play_sample();
}
void MainWindow::stop_input() {
  session_->stop_input();
}

void MainWindow::set_up_game() {
  SetupDialog dialog(session_->setup(), this);
  if (dialog.exec() != QDialog::Accepted) return;
  session_->set_setup(dialog.setup());
  settings_.setup = session_->setup();
  refresh_title();
}

void MainWindow::restart_game() {
  session_->restart_game();
}

void MainWindow::toggle_solo_timer() {
  SoloTimerModel& timer = session_->solo_timer();
  if (timer.running()) {
    timer.stop();
  } else {
    timer.start();
  }
}

void MainWindow::start_countdown() {
  session_->countdown().start();
}

void MainWindow::previous_verdict() {
  session_->verdicts().previous();
}
void MainWindow::next_verdict() {
  session_->verdicts().next();
}
void MainWindow::latest_verdict() {
  session_->verdicts().latest();
}

void MainWindow::override_verdict() {
  const std::optional<int> row = session_->verdicts().row();
  if (!row) {
    statusBar()->showMessage(tr("There is no verdict to override"), kStatusMessageMs);
    return;
  }
  QDialog dialog(this);
  dialog.setWindowTitle(tr("Override the verdict"));
  auto* cancel = new QRadioButton(tr("&Cancel it: it does not count"), &dialog);
  auto* uphold = new QRadioButton(tr("&Uphold it after the dispute"), &dialog);
  cancel->setChecked(true);
  auto* reason = new QLineEdit(&dialog);
  reason->setPlaceholderText(tr("Why (kept in the log)"));
  auto* reason_label = new QLabel(tr("&Reason:"), &dialog);
  reason_label->setBuddy(reason);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
  buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
  connect(reason, &QLineEdit::textChanged, &dialog, [buttons](const QString& text) {
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!text.trimmed().isEmpty());
  });
  connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  auto* layout = new QVBoxLayout(&dialog);
  layout->addWidget(new QLabel(dispute_panel_->details(), &dialog));
  layout->addWidget(cancel);
  layout->addWidget(uphold);
  layout->addWidget(reason_label);
  layout->addWidget(reason);
  layout->addWidget(buttons);
  if (dialog.exec() != QDialog::Accepted) return;
  const auto result = session_->override_verdict(*row, cancel->isChecked() ? "cancelled" : "upheld",
                                                 reason->text().trimmed().toStdString());
  if (!result)
    statusBar()->showMessage(QString::fromStdString(result.error().message), kStatusMessageMs);
}

void MainWindow::export_evidence() {
  const QString folder =
      QFileDialog::getExistingDirectory(this, tr("Export the evidence into a folder"));
  if (folder.isEmpty()) return;
  const auto bundle = session_->export_evidence(folder.toStdString(), overlay_options());
  statusBar()->showMessage(
      bundle ? tr("Evidence saved in %1").arg(QString::fromStdString(bundle->string()))
             : QString::fromStdString(bundle.error().message),
      kStatusMessageMs * 2);
}

void MainWindow::calibrate() {
  CalibrationDialog dialog(*session_, this);
  dialog.exec();
}

void MainWindow::load_profile() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Load a profile"), QString(),
                                                    tr("Profiles (*.yaml *.yml *.xml *.json)"));
  if (path.isEmpty()) return;
  referee::Result<calibration::Profile> profile = calibration::load_profile(path.toStdString());
  if (!profile) {
    statusBar()->showMessage(QString::fromStdString(profile.error().message), kStatusMessageMs * 2);
    return;
  }
  session_->set_profile(std::move(profile).value(), path);
  statusBar()->showMessage(tr("Profile loaded: %1 (a new game starts)").arg(path),
                           kStatusMessageMs);
}

void MainWindow::clear_profile() {
  session_->set_profile(std::nullopt);
}

void MainWindow::show_shortcuts() {
  QString text = "<table>";
  for (QAction* item : findChildren<QAction*>()) {
    if (item->shortcut().isEmpty() || item->text().isEmpty()) continue;
    text += "<tr><td><b>" + item->shortcut().toString(QKeySequence::NativeText) + "</b></td><td>" +
            QString(item->text()).remove('&').toHtmlEscaped() + "</td></tr>";
  }
  text +=
      "</table><p>" + tr("Tab and Shift+Tab move within a pane; F6 moves between panes.") + "</p>";
  QMessageBox::information(this, tr("Keyboard shortcuts"), text);
}

void MainWindow::show_about() {
  QMessageBox::about(this, tr("About tableref"),
                     tr("<b>tableref</b> referees card games on camera: it names every monster's "
                        "colour in words and symbols, judges the plays, and keeps the evidence of "
                        "every verdict."));
}

}  // namespace tableref::gui
