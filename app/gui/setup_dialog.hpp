#pragma once
// Setting up a game: which game, the players' names by seat, who starts, rounds to win, Punto's
// team game (offered only for Punto with 4 players), the solo timer and how long the table must
// hold still. OK stays disabled while the set-up has a problem, and the problem is written under
// the form.

#include <QDialog>
#include <QString>
#include <vector>

#include "gui/game_setup.hpp"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace tableref::gui {

// The game's name for people: "Monster Freeze", "Trio Monsters", "Punto", "Bugs & Co".
QString game_title(referee::Game game);

class SetupDialog : public QDialog {
  Q_OBJECT

 public:
  explicit SetupDialog(const GameSetup& setup, QWidget* parent = nullptr);

  GameSetup setup() const;

 private:
  void refresh();
  referee::Game chosen_game() const;

  QComboBox* game_;
  QSpinBox* player_count_;
  std::vector<QLabel*> seat_labels_;
  std::vector<QLineEdit*> names_;
  QComboBox* first_player_;
  QSpinBox* rounds_;
  QCheckBox* team_game_;
  QSpinBox* solo_seconds_;
  QDoubleSpinBox* settle_seconds_;
  QLabel* problem_;
  QDialogButtonBox* buttons_;
};

}  // namespace tableref::gui
