// The real window on the offscreen platform: it plays the sample game, and the scoreboard, the
// event log, the overlay and the dispute tools show what happened. Screenshots of the key screens
// are saved in the build tree (tests/gui/screenshots) and checked for their content.
#include "gui/main_window.hpp"

#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QImage>
#include <QTableView>
#include <QTest>
#include <fstream>
#include <opencv2/imgcodecs.hpp>

#include "gui/dispute_panel.hpp"
#include "gui/overlay_style.hpp"
#include "gui/timer_panel.hpp"
#include "gui/video_view.hpp"
#include "gui_test_support.hpp"

namespace tableref::gui {
namespace {

using testing::near_colour;

std::string screenshot(QWidget& widget, const std::string& name) {
  const std::filesystem::path path = testing::screenshot_dir() / name;
  widget.grab().save(QString::fromStdString(path.string()));
  return path.string();
}

// The window after the whole sample game, shared by the tests below (playing it takes seconds).
class PlayedSampleGame : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    window_ = new MainWindow(testing::refereeing_window_options());
    window_->resize(1500, 900);
    window_->show();
    Session& session = window_->session();
    bool finished = false;
    QObject::connect(&session, &Session::inputFinished, [&finished] { finished = true; });
    // The second scene, hands over the cards: its frames.
    const SampleClipOptions clip = testing::test_clip_options();
    const int scene_frames = static_cast<int>(std::lround(clip.scene_seconds * clip.fps));
    QObject::connect(&session, &Session::overlayChanged, [&session, scene_frames] {
      const int frame = session.last_frame() ? session.last_frame()->index : -1;
      const bool hands_scene = frame >= scene_frames && frame < 2 * scene_frames;
      if (hands_scene && session.overlay_state().unstable && !unstable_screenshot_taken_) {
        unstable_screenshot_taken_ = true;
        screenshot(window_->live_view(), "live-view-unstable.png");
        unstable_overlay_ = window_->live_view().grab().toImage();
      }
    });
    QElapsedTimer since_last_change;
    since_last_change.start();
    const QMetaObject::Connection changes = QObject::connect(
        &session, &Session::overlayChanged, [&since_last_change] { since_last_change.restart(); });
    session.open_path(testing::sample_clip());
    played_ = testing::wait_until([&finished] { return finished; }, 90000);
    // The last results cross over after the input ended, later on a busy machine: wait until
    // nothing has changed for a second.
    testing::wait_until([&since_last_change] { return since_last_change.elapsed() > 1000; }, 20000);
    QObject::disconnect(changes);
  }
  static void TearDownTestSuite() {
    delete window_;
    window_ = nullptr;
  }

  static MainWindow* window_;
  static bool played_;
  static bool unstable_screenshot_taken_;
  static QImage unstable_overlay_;
};

MainWindow* PlayedSampleGame::window_ = nullptr;
bool PlayedSampleGame::played_ = false;
bool PlayedSampleGame::unstable_screenshot_taken_ = false;
QImage PlayedSampleGame::unstable_overlay_;

TEST_F(PlayedSampleGame, TheScoreboardCountsEachPlayersTricks) {
  ASSERT_TRUE(played_);
  const auto& rows = window_->session().scoreboard().rows();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].name, "Alice");
  EXPECT_EQ(rows[0].tricks[static_cast<std::size_t>(referee::Colour::red)], 1);
  EXPECT_EQ(rows[0].tricks[static_cast<std::size_t>(referee::Colour::green)], 1);
  EXPECT_EQ(rows[0].tricks[static_cast<std::size_t>(referee::Colour::yellow)], 0);
  EXPECT_EQ(rows[0].points, 2);
  EXPECT_EQ(rows[0].cards_won, 6);
  EXPECT_EQ(rows[1].name, "Bob");
  EXPECT_EQ(rows[1].tricks[static_cast<std::size_t>(referee::Colour::blue)], 1);
  EXPECT_EQ(rows[1].points, 1);
  // What the table view shows: Alice's red column reads 1.
  const QAbstractItemModel& shown = *window_->scoreboard_view().model();
  EXPECT_EQ(shown.data(shown.index(0, ScoreboardModel::kFirstTrick + 2)).toInt(), 1);
  EXPECT_EQ(shown.headerData(ScoreboardModel::kFirstTrick + 2, Qt::Horizontal).toString(), "red");
  screenshot(window_->scoreboard_view(), "scoreboard.png");
}

TEST_F(PlayedSampleGame, TheEventLogHoldsTheVerdictsInOrderWithTheirFrames) {
  ASSERT_TRUE(played_);
  const EventLogModel& log = window_->session().log();
  const std::vector<int> verdicts = log.verdict_rows();
  const std::vector<nlohmann::json> expected = sample_game().expected_verdicts;
  std::vector<nlohmann::json> judged;  // the tricks and illegal plays (the log has more types)
  for (const int row : verdicts) {
    const std::string type = log.entry(row).event["type"];
    if (type == "trick" || type == "illegal") judged.push_back(log.entry(row).event);
    EXPECT_FALSE(log.entry(row).frame_png.isEmpty())
        << "verdict at row " << row << " keeps its frame";
  }
  ASSERT_EQ(judged.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    for (const auto& [key, value] : expected[i].items()) EXPECT_EQ(judged[i][key], value) << i;
  }
  // The table shows the rows, in words.
  const QAbstractItemModel& shown = *window_->event_log_view().model();
  EXPECT_EQ(shown.rowCount(), log.size());
  bool red_trick_shown = false;
  for (int row = 0; row < shown.rowCount(); ++row) {
    red_trick_shown |=
        shown.data(shown.index(row, EventLogModel::kWhat)).toString() == "Alice: red trick";
  }
  EXPECT_TRUE(red_trick_shown);
  screenshot(window_->event_log_view(), "event-log.png");
}

TEST_F(PlayedSampleGame, TheOverlayOutlinesEveryStackInItsRolesColour) {
  ASSERT_TRUE(played_);
  const OverlayState state = window_->session().overlay_state();
  ASSERT_TRUE(state.layout.contains("stacks"));
  ASSERT_EQ(state.layout["stacks"].size(), 3u) << "the single card and each player's stack";
  const auto check_corners = [&](bool colour_blind) {
    window_->set_colour_blind(colour_blind);
    QApplication::processEvents();
    VideoView& view = window_->live_view();
    const QImage grabbed = view.grab().toImage();
    const QTransform widget_from_image = view.widget_from_image();
    int tricks = 0;
    for (const auto& stack : state.layout["stacks"]) {
      const bool trick = !stack["tricks"].empty();
      tricks += trick ? 1 : 0;
      const QColor expected =
          role_style(trick ? OverlayRole::trick : OverlayRole::card, colour_blind).colour;
      // The first corner carries a dot in the outline's colour.
      const QPointF corner = widget_from_image.map(
          QPointF(stack["corners"][0][0].get<double>(), stack["corners"][0][1].get<double>()));
      const QRgb pixel = grabbed.pixel(corner.toPoint());
      EXPECT_TRUE(near_colour(pixel, expected, 40))
          << "corner " << corner.x() << "," << corner.y() << " is " << std::hex << pixel;
    }
    EXPECT_EQ(tricks, 1) << "Alice's green trick is on the table at the end";
  };
  check_corners(false);
  screenshot(*window_, "main-window.png");
  screenshot(window_->live_view(), "live-view.png");
  check_corners(true);
  screenshot(window_->live_view(), "live-view-colour-blind.png");
  window_->set_large_text(true);
  QApplication::processEvents();
  screenshot(*window_, "main-window-large-text-colour-blind.png");
  window_->set_large_text(false);
  window_->set_colour_blind(false);
}

TEST_F(PlayedSampleGame, TheHandsOverTheCardsWereShownAsUnstable) {
  ASSERT_TRUE(played_);
  ASSERT_TRUE(unstable_screenshot_taken_) << "the hands scene was reported unstable";
  // The banner is edged in the illegal role's colour.
  const QColor edge = role_style(OverlayRole::illegal, false).colour;
  int edge_pixels = 0;
  for (int y = 0; y < unstable_overlay_.height(); ++y) {
    for (int x = 0; x < unstable_overlay_.width(); ++x) {
      edge_pixels += near_colour(unstable_overlay_.pixel(x, y), edge, 30) ? 1 : 0;
    }
  }
  EXPECT_GT(edge_pixels, 100);
}

TEST_F(PlayedSampleGame, DisputesStepThroughVerdictsAndOverridesAreLogged) {
  ASSERT_TRUE(played_);
  Session& session = window_->session();
  DisputePanel& disputes = window_->dispute_panel();
  const int count = session.verdicts().count();
  ASSERT_GE(count, 4);
  EXPECT_EQ(disputes.heading(), QString("Verdict %1 of %1").arg(count)) << "it follows the game";
  // Back to Bob's blue trick, with the keyboard's action.
  const std::vector<int> rows = session.log().verdict_rows();
  int blue_row = -1;
  for (const int row : rows) {
    if (session.log().entry(row).event.value("color", "") == "blue") blue_row = row;
  }
  ASSERT_GE(blue_row, 0);
  while (session.verdicts().row() != blue_row) {
    window_->action("action_previous_verdict")->trigger();
    ASSERT_GT(session.verdicts().position(), 0);
  }
  EXPECT_TRUE(disputes.details().contains("Bob: blue trick"));
  EXPECT_FALSE(disputes.frame_view().image().isNull()) << "the verdict's own frame is shown";
  window_->findChild<QDockWidget*>("disputes")->raise();
  QApplication::processEvents();
  screenshot(*window_, "disputes.png");

  // Bob's trick is cancelled: the scoreboard drops it and the log says why.
  const auto override_row =
      session.override_verdict(blue_row, "cancelled", "Bob held a fourth card");
  ASSERT_TRUE(override_row.ok());
  EXPECT_EQ(session.scoreboard().rows()[1].points, 0);
  EXPECT_EQ(session.scoreboard().rows()[1].tricks[static_cast<std::size_t>(referee::Colour::blue)],
            0);
  const nlohmann::json& logged = session.log().entry(*override_row).event;
  EXPECT_EQ(logged["type"], "override");
  EXPECT_EQ(logged["reason"], "Bob held a fourth card");
  EXPECT_EQ(logged["overrides"]["color"], "blue");
  EXPECT_TRUE(disputes.details().contains("Overridden (cancelled): Bob held a fourth card"));
  EXPECT_FALSE(session.override_verdict(blue_row, "cancelled", "again").ok());

  // The evidence: every verdict's frame as PNG, the log with the override, the state.
  const std::filesystem::path parent = testing::screenshot_dir() / "evidence";
  std::filesystem::remove_all(parent);
  const auto bundle = session.export_evidence(parent);
  ASSERT_TRUE(bundle.ok()) << bundle.error().message;
  std::ifstream events(*bundle / "events.jsonl");
  int lines = 0;
  bool override_logged = false;
  for (std::string line; std::getline(events, line); ++lines) {
    override_logged |= nlohmann::json::parse(line)["type"] == "override";
  }
  EXPECT_EQ(lines, session.log().size());
  EXPECT_TRUE(override_logged);
  const nlohmann::json verdicts = nlohmann::json::parse(std::ifstream(*bundle / "verdicts.json"));
  ASSERT_EQ(static_cast<int>(verdicts.size()), count);
  for (const auto& verdict : verdicts) {
    const cv::Mat frame = cv::imread((*bundle / verdict["frame_file"].get<std::string>()).string());
    EXPECT_FALSE(frame.empty());
    EXPECT_TRUE(std::filesystem::exists(*bundle / verdict["overlay_file"].get<std::string>()));
  }
  const nlohmann::json state = nlohmann::json::parse(std::ifstream(*bundle / "state.json"));
  EXPECT_EQ(state["scoreboard"]["players"][1]["points"], 0);
  EXPECT_EQ(state["setup"]["players"][0], "Alice");
}

TEST_F(PlayedSampleGame, TheColourProbeNamesAMonsterAndSaysIt) {
  ASSERT_TRUE(played_);
  Session& session = window_->session();
  const nlohmann::json stack = session.overlay_state().layout["stacks"][0];
  // The centre of cell (0, 0): 13.5 mm along both edges of a 65 mm card.
  const cv::Point2d c0(stack["corners"][0][0], stack["corners"][0][1]);
  const cv::Point2d c1(stack["corners"][1][0], stack["corners"][1][1]);
  const cv::Point2d c3(stack["corners"][3][0], stack["corners"][3][1]);
  const cv::Point2d cell = c0 + (c1 - c0) * (13.5 / 65) + (c3 - c0) * (13.5 / 65);
  const std::string word = stack["cells"][0][0];
  ASSERT_NE(word, "empty") << "the sample game's first stack starts with a monster";
  window_->action("action_probe")->setChecked(true);
  // A click on the monster, as a person would.
  VideoView& view = window_->live_view();
  const QPoint click = view.widget_from_image().map(QPointF(cell.x, cell.y)).toPoint();
  QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, click);
  QApplication::processEvents();
  const OverlayState state = session.overlay_state();
  ASSERT_TRUE(state.probe_point.has_value());
  EXPECT_LT(cv::norm(*state.probe_point - cell), 2.0);
  EXPECT_EQ(state.probe_text, word);
  EXPECT_EQ(session.announcer().history().back().toStdString(), word) << "and it is said aloud";
  screenshot(view, "colour-probe.png");
  window_->action("action_probe")->setChecked(false);
}

TEST_F(PlayedSampleGame, EveryMenuActionHasAShortcutOrAMnemonic) {
  for (QAction* action : window_->findChildren<QAction*>()) {
    if (action->objectName().isEmpty() || action->isSeparator()) continue;
    EXPECT_TRUE(!action->shortcut().isEmpty() || action->text().contains('&'))
        << action->objectName().toStdString();
  }
}

TEST(MainWindowStart, ShowsWhatToDoWhenThereIsNoInput) {
  MainWindow window(testing::refereeing_window_options());
  window.resize(1200, 760);
  window.show();
  QApplication::processEvents();
  EXPECT_TRUE(window.live_view().image().isNull());
  EXPECT_EQ(window.session().input_description(), "no input");
  screenshot(window, "start-no-input.png");
}

}  // namespace
}  // namespace tableref::gui

namespace tableref::gui {
namespace {

TEST(MainWindowKeyboard, StartsTheTimersAndMovesBetweenPanesFromTheKeyboard) {
  MainWindow window(testing::refereeing_window_options());
  window.resize(1400, 860);
  window.show();
  QApplication::setActiveWindow(&window);
  QApplication::processEvents();

  QTest::keyClick(&window, Qt::Key_T, Qt::ControlModifier);  // the solo timer
  EXPECT_TRUE(window.session().solo_timer().running());
  EXPECT_EQ(window.timer_panel().solo_text(), "2:00");
  EXPECT_EQ(window.action("action_solo_timer")->text(), "Stop the &solo timer");
  QTest::keyClick(&window, Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);  // the countdown
  EXPECT_TRUE(window.session().countdown().running());
  EXPECT_EQ(window.timer_panel().countdown_text(), "10");
  EXPECT_EQ(window.session().announcer().history().back(), "10");
  window.findChild<QDockWidget*>("timers")->raise();
  QApplication::processEvents();
  screenshot(window, "timers.png");
  QTest::keyClick(&window, Qt::Key_T, Qt::ControlModifier);
  EXPECT_FALSE(window.session().solo_timer().running());

  // F6 walks the panes: the live view, the scoreboard, the event log, ...
  window.live_view().setFocus();
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
  EXPECT_EQ(QApplication::focusWidget(), &window.scoreboard_view());
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
  EXPECT_EQ(QApplication::focusWidget(), &window.event_log_view());
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6, Qt::ShiftModifier);
  EXPECT_EQ(QApplication::focusWidget(), &window.scoreboard_view());

  // Colour-blind mode and large text from their shortcuts.
  QTest::keyClick(&window, Qt::Key_B, Qt::ControlModifier);
  EXPECT_TRUE(window.overlay_options().colour_blind);
  QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
  EXPECT_DOUBLE_EQ(window.overlay_options().text_scale, 1.5);
  EXPECT_GT(window.font().pointSizeF(), QApplication::font().pointSizeF());
}

}  // namespace
}  // namespace tableref::gui
