// The game set-up and the dialogs: set-up rules and its dialog, the camera dialog with or without
// a camera, calibration from the app, and speech that degrades to text.
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <algorithm>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "calibration/colour_sheet.hpp"
#include "gui/calibration_dialog.hpp"
#include "gui/camera_dialog.hpp"
#include "gui/camera_source.hpp"
#include "gui/session.hpp"
#include "gui/setup_dialog.hpp"
#include "gui_test_support.hpp"
#include "speech/announcer.hpp"

namespace tableref::gui {
namespace {

TEST(GameSetup, ChecksPlayersNamesAndRanges) {
  GameSetup setup;
  EXPECT_FALSE(setup.problem().has_value());
  setup.players = {"Alice"};
  EXPECT_FALSE(setup.problem().has_value()) << "Monster Freeze solo";
  setup.game = referee::Game::trio;
  EXPECT_EQ(setup.problem(), "trio is played by 2 to 5 players, not 1");
  setup.players = {"Alice", "Alice"};
  EXPECT_EQ(setup.problem(), "two players are called Alice");
  setup.players = {"Alice", ""};
  EXPECT_EQ(setup.problem(), "every player needs a name");
  setup.players = {"Alice", "Bob"};
  setup.first_player = 2;
  EXPECT_TRUE(setup.problem().has_value());
  setup.first_player = 1;
  setup.rounds_to_win = 0;
  EXPECT_TRUE(setup.problem().has_value());
  setup.rounds_to_win = 2;
  setup.team_game = true;
  EXPECT_EQ(setup.problem(), "the team game is Punto's, with 4 players");
  setup.game = referee::Game::punto;
  EXPECT_EQ(setup.problem(), "the team game is Punto's, with 4 players") << "2 players";
  setup.players = {"Alice", "Bob", "Cy", "Dee"};
  EXPECT_FALSE(setup.problem().has_value());
}

TEST(GameSetup, RoundTripsThroughJsonAndRefusesBadJson) {
  GameSetup setup;
  setup.game = referee::Game::bugs;
  setup.players = {"A", "B", "C"};
  setup.first_player = 2;
  setup.rounds_to_win = 3;
  const auto read = GameSetup::from_json(setup.to_json());
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read->to_json(), setup.to_json());
  GameSetup teams;
  teams.game = referee::Game::punto;
  teams.players = {"A", "B", "C", "D"};
  teams.team_game = true;
  const auto read_teams = GameSetup::from_json(teams.to_json());
  ASSERT_TRUE(read_teams.ok());
  EXPECT_TRUE(read_teams->team_game);
  EXPECT_FALSE(
      GameSetup::from_json({{"game", "trio"}, {"players", {"A", "B"}}, {"team_game", true}}).ok());
  EXPECT_FALSE(GameSetup::from_json({{"game", "chess"}}).ok());
  EXPECT_FALSE(GameSetup::from_json({{"players", "Alice"}}).ok());
  EXPECT_FALSE(GameSetup::from_json({{"game", "punto"}, {"players", {"Solo"}}}).ok());
}

TEST(SetupDialog, NamesSeatsAndRefusesASetUpWithAProblem) {
  GameSetup setup;
  setup.players = {"Alice", "Bob", "Cy"};
  SetupDialog dialog(setup);
  auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
  EXPECT_TRUE(ok->isEnabled());
  EXPECT_EQ(dialog.setup().players, setup.players);
  auto* count = dialog.findChild<QSpinBox*>("player_count");
  count->setValue(4);
  EXPECT_EQ(dialog.setup().players.size(), 4u);
  auto* fourth = dialog.findChild<QLineEdit*>("player_name_3");
  fourth->setText("Alice");
  EXPECT_FALSE(ok->isEnabled()) << "two players called Alice";
  fourth->setText("Dee");
  EXPECT_TRUE(ok->isEnabled());
  count->setValue(5);
  EXPECT_FALSE(ok->isEnabled()) << "Monster Freeze has at most four players";
  dialog.findChild<QComboBox*>("game")->setCurrentIndex(static_cast<int>(referee::Game::trio));
  EXPECT_TRUE(ok->isEnabled());
  EXPECT_EQ(dialog.setup().game, referee::Game::trio);
}

// The team game is offered for Punto with 4 players only, and is kept in the set-up.
TEST(SetupDialog, OffersPuntosTeamGameWithFourPlayers) {
  GameSetup setup;
  setup.players = {"Alice", "Bob", "Cy", "Dee"};
  SetupDialog dialog(setup);
  auto* teams = dialog.findChild<QCheckBox*>("team_game");
  ASSERT_NE(teams, nullptr);
  EXPECT_FALSE(teams->isEnabled()) << "Monster Freeze";
  dialog.findChild<QComboBox*>("game")->setCurrentIndex(static_cast<int>(referee::Game::punto));
  ASSERT_TRUE(teams->isEnabled());
  teams->setChecked(true);
  EXPECT_TRUE(dialog.setup().team_game);
  dialog.grab().save(
      QString::fromStdString((testing::screenshot_dir() / "setup-punto-teams.png").string()));
  dialog.findChild<QSpinBox*>("player_count")->setValue(3);
  EXPECT_FALSE(teams->isEnabled());
  EXPECT_FALSE(dialog.setup().team_game);
  auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
  EXPECT_TRUE(ok->isEnabled());
}

TEST(CameraDialog, SaysPlainlyWhenThereIsNoCamera) {
  CameraDialog dialog;
  auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
  if (available_cameras().isEmpty()) {
    EXPECT_FALSE(dialog.has_cameras());
    EXPECT_TRUE(dialog.message().startsWith("No camera was found"));
    EXPECT_FALSE(ok->isEnabled());
    EXPECT_FALSE(dialog.device().has_value());
  } else {
    EXPECT_TRUE(dialog.has_cameras());
    EXPECT_TRUE(ok->isEnabled());
    EXPECT_TRUE(dialog.device().has_value());
  }
}

TEST(Announcer, WithoutASpeechEngineShowsTheAnnouncementsAndSaysWhy) {
  speech::Announcer announcer("no-such-engine");
  EXPECT_FALSE(announcer.speech_available());
  EXPECT_TRUE(announcer.status().startsWith("speech unavailable"));
  QStringList shown;
  QObject::connect(&announcer, &speech::Announcer::announced,
                   [&](const QString& text) { shown << text; });
  announcer.announce("Alice: red trick");
  EXPECT_EQ(shown, QStringList{"Alice: red trick"});
  EXPECT_EQ(announcer.history().back(), "Alice: red trick");
  speech::Announcer silent("none");
  EXPECT_EQ(silent.status(), "speech off");
}

// The colour sheet as a camera over the table sees it: smaller, turned a little, on a table.
cv::Mat photo_of_colour_sheet() {
  const cv::Mat sheet = calibration::draw_colour_sheet(100);
  cv::Mat photo(900, 1280, CV_8UC3, cv::Scalar(60, 80, 110));
  const cv::Point2f centre(640, 450);
  const cv::Size2f size(static_cast<float>(sheet.cols) * 0.75f,
                        static_cast<float>(sheet.rows) * 0.75f);
  const std::array<cv::Point2f, 3> from = {cv::Point2f(0, 0),
                                           cv::Point2f(static_cast<float>(sheet.cols), 0),
                                           cv::Point2f(0, static_cast<float>(sheet.rows))};
  const cv::Matx23d turn = cv::getRotationMatrix2D(centre, 4, 1);
  std::array<cv::Point2f, 3> to;
  for (std::size_t i = 0; i < 3; ++i) {
    const cv::Point2f p = centre + cv::Point2f(from[i].x * 0.75f - size.width / 2,
                                               from[i].y * 0.75f - size.height / 2);
    const cv::Vec3d q = cv::Matx33d(turn(0, 0), turn(0, 1), turn(0, 2), turn(1, 0), turn(1, 1),
                                    turn(1, 2), 0, 0, 1) *
                        cv::Vec3d(p.x, p.y, 1);
    to[i] = cv::Point2f(static_cast<float>(q[0]), static_cast<float>(q[1]));
  }
  cv::warpAffine(sheet, photo, cv::getAffineTransform(from.data(), to.data()), photo.size(),
                 cv::INTER_AREA, cv::BORDER_TRANSPARENT);
  return photo;
}

// A profile whose table was measured on pictures of another size would put cards in the wrong
// seats: the app drops it on the first frame of such an input and says why.
TEST(SessionProfile, AProfileOfAnotherPictureSizeIsDroppedWithAMessage) {
  SessionOptions options;
  options.speech_engine = "none";
  Session session(options);
  QStringList messages;
  QObject::connect(&session, &Session::statusMessage,
                   [&messages](const QString& message) { messages << message; });
  calibration::Profile profile;
  calibration::TablePlane plane;
  plane.image_size = {4000, 3000};
  plane.table_from_image = cv::Matx33d::eye();
  plane.area_mm = {800, 600};
  profile.set_table(plane);
  session.set_profile(profile, "big-camera.yml");
  ASSERT_TRUE(session.profile().has_value());

  session.open_path(testing::sample_clip());
  EXPECT_TRUE(testing::wait_until([&] { return !session.profile().has_value(); }, 20000));
  EXPECT_TRUE(std::any_of(messages.begin(), messages.end(), [](const QString& message) {
    return message.startsWith("Profile not used: big-camera.yml") && message.contains("4000x3000");
  })) << messages.join(" | ").toStdString();
}

TEST(CalibrationDialog, LearnsColoursAndTheTableFromTheSheetAndCorners) {
  SessionOptions options;
  options.speech_engine = "none";
  Session session(options);
  CalibrationDialog dialog(session);
  EXPECT_TRUE(dialog.summary().startsWith("The profile is empty"));

  const std::filesystem::path folder = testing::screenshot_dir().parent_path() / "calibration";
  std::filesystem::create_directories(folder);
  const QString sheet_path = QString::fromStdString((folder / "sheet.png").string());
  EXPECT_TRUE(dialog.save_colour_sheet(sheet_path).startsWith("Saved"));
  EXPECT_FALSE(cv::imread(sheet_path.toStdString()).empty());

  const QString read = dialog.read_sheet(photo_of_colour_sheet());
  ASSERT_TRUE(dialog.profile().colours.has_value()) << read.toStdString();
  EXPECT_TRUE(dialog.profile().table.has_value());
  ASSERT_TRUE(dialog.profile().seats.has_value());
  EXPECT_EQ(dialog.profile().seats->count, 2);
  EXPECT_EQ(dialog.read_sheet(cv::Mat(480, 640, CV_8UC3, cv::Scalar::all(128))).isEmpty(), false);

  // The table from four clicked corners, clockwise from the top left.
  EXPECT_EQ(dialog.set_table({800, 600}), "Take a frame first.");
  dialog.set_frame(photo_of_colour_sheet());
  for (const cv::Point2d corner :
       {cv::Point2d(200, 150), cv::Point2d(1080, 160), cv::Point2d(1100, 820)}) {
    dialog.add_corner(corner);
  }
  EXPECT_EQ(dialog.set_table({800, 600}), "Click all four corners first (3 of 4).");
  dialog.add_corner({180, 800});
  EXPECT_TRUE(dialog.set_table({800, 600}).startsWith("The table is set: 800 × 600 mm, 2 seats"));
  ASSERT_TRUE(dialog.profile().table.has_value());
  EXPECT_EQ(dialog.profile().table->area_mm, cv::Size2d(800, 600));
  ASSERT_TRUE(dialog.profile().seats.has_value());
  // A seat per player around the area: Alice's at the bottom of the picture.
  EXPECT_EQ(dialog.profile().seats->seat_of({640, 780}), 0);
  EXPECT_EQ(dialog.profile().seats->seat_of({640, 180}), 1);
  dialog.undo_corner();
  dialog.add_corner({1000, 100});  // the fourth corner on the wrong side: not an area
  EXPECT_FALSE(dialog.set_table({800, 600}).startsWith("The table is set"));
  const QString profile_path = QString::fromStdString((folder / "profile.yaml").string());
  EXPECT_TRUE(dialog.save(profile_path).contains("profile.yaml"));
  CalibrationDialog reloaded(session);
  EXPECT_TRUE(reloaded.load(profile_path).contains("colours"));
  EXPECT_TRUE(reloaded.profile().colours.has_value());
  EXPECT_FALSE(reloaded.load(QString::fromStdString((folder / "missing.yaml").string())).isEmpty());

  reloaded.apply();
  ASSERT_TRUE(session.profile().has_value());
  EXPECT_EQ(session.profile_path(), profile_path);
}

}  // namespace
}  // namespace tableref::gui
