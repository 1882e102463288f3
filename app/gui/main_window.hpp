#pragma once
// The window: the live view in the middle; the scoreboard, the event log, disputes and timers in
// docks; every action in a menu with a shortcut. It shows a Session and calls it; the game's logic
// lives there and in the models.

#include <QFont>
#include <QMainWindow>
#include <memory>

#include "gui/app_settings.hpp"
#include "gui/overlay_painter.hpp"
#include "gui/session.hpp"

class QAction;
class QDockWidget;
class QLabel;
class QTableView;

namespace tableref::gui {

class DisputePanel;
class TimerPanel;
class VideoView;

struct MainWindowOptions {
  SessionOptions session;
  bool use_settings = true;  // load and save AppSettings
  bool play_sample_on_first_start = true;
};

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(MainWindowOptions options = {}, QWidget* parent = nullptr);
  ~MainWindow() override;

  Session& session() { return *session_; }
  VideoView& live_view() { return *live_view_; }
  QTableView& scoreboard_view() { return *scoreboard_view_; }
  QTableView& event_log_view() { return *event_log_view_; }
  DisputePanel& dispute_panel() { return *dispute_panel_; }
  TimerPanel& timer_panel() { return *timer_panel_; }
  // An action by its object name ("action_colour_blind", ...), for scripts and tests.
  QAction* action(const QString& name) const;

  void set_colour_blind(bool on);
  void set_large_text(bool on);
  void set_zoom_to_cards(bool on);
  OverlayOptions overlay_options() const;

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  QAction* make_action(const QString& name, const QString& text, const QKeySequence& shortcut,
                       void (MainWindow::*slot)());
  QAction* make_toggle(const QString& name, const QString& text, const QKeySequence& shortcut,
                       bool checked, void (MainWindow::*slot)(bool));
  void build_actions();
  void build_docks();
  void build_menus();
  void connect_session();
  void refresh_live_view();
  void refresh_title();
  void refresh_stats();
  void focus_pane(int step);

  // Menu actions.
  void open_video();
  void open_folder();
  void open_camera();
  void play_sample();
  void stop_input();
  void set_up_game();
  void restart_game();
  void toggle_colour_blind(bool on) { set_colour_blind(on); }
  void toggle_large_text(bool on) { set_large_text(on); }
  void toggle_speech(bool on);
  void toggle_zoom(bool on) { set_zoom_to_cards(on); }
  void toggle_probe(bool on);
  void toggle_solo_timer();
  void start_countdown();
  void previous_verdict();
  void next_verdict();
  void latest_verdict();
  void override_verdict();
  void export_evidence();
  void calibrate();
  void load_profile();
  void clear_profile();
  void next_pane() { focus_pane(1); }
  void previous_pane() { focus_pane(-1); }
  void show_shortcuts();
  void show_about();

  MainWindowOptions options_;
  AppSettings settings_;
  std::unique_ptr<Session> session_;
  QFont base_font_;

  VideoView* live_view_ = nullptr;
  QTableView* scoreboard_view_ = nullptr;
  QTableView* event_log_view_ = nullptr;
  DisputePanel* dispute_panel_ = nullptr;
  TimerPanel* timer_panel_ = nullptr;
  std::vector<QDockWidget*> docks_;
  QLabel* input_label_ = nullptr;
  QLabel* stats_label_ = nullptr;
  QLabel* speech_label_ = nullptr;
};

}  // namespace tableref::gui
