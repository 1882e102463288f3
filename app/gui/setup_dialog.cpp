#include "gui/setup_dialog.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <array>

namespace tableref::gui {

namespace {
constexpr int kMostPlayers = 8;  // Bugs & Co
constexpr std::array<referee::Game, 4> kGames = {referee::Game::freeze, referee::Game::trio,
                                                 referee::Game::punto, referee::Game::bugs};

}  // namespace

QString game_title(referee::Game game) {
  switch (game) {
    case referee::Game::freeze:
      return QObject::tr("Monster Freeze");
    case referee::Game::trio:
      return QObject::tr("Trio Monsters");
    case referee::Game::punto:
      return QObject::tr("Punto");
    case referee::Game::bugs:
      return QObject::tr("Bugs & Co");
  }
  return {};
}

SetupDialog::SetupDialog(const GameSetup& setup, QWidget* parent)
    : QDialog(parent),
      game_(new QComboBox(this)),
      player_count_(new QSpinBox(this)),
      first_player_(new QComboBox(this)),
      rounds_(new QSpinBox(this)),
      team_game_(new QCheckBox(tr("Partners opposite, lines of 5"), this)),
      solo_seconds_(new QSpinBox(this)),
      settle_seconds_(new QDoubleSpinBox(this)),
      problem_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
  setWindowTitle(tr("Set up the game"));
  auto* form = new QFormLayout;
  game_->setObjectName("game");
  for (const referee::Game game : kGames) {
    game_->addItem(game_title(game), QString::fromUtf8(referee::game_name(game).data()));
  }
  game_->setCurrentIndex(static_cast<int>(setup.game));
  form->addRow(tr("&Game:"), game_);

  player_count_->setObjectName("player_count");
  player_count_->setRange(1, kMostPlayers);
  player_count_->setValue(static_cast<int>(setup.players.size()));
  form->addRow(tr("&Players:"), player_count_);
  for (int seat = 0; seat < kMostPlayers; ++seat) {
    auto* name = new QLineEdit(this);
    name->setObjectName(QString("player_name_%1").arg(seat));
    name->setText(seat < static_cast<int>(setup.players.size())
                      ? QString::fromStdString(setup.players[static_cast<std::size_t>(seat)])
                      : tr("Player %1").arg(seat + 1));
    auto* label = new QLabel(this);
    label->setBuddy(name);
    names_.push_back(name);
    seat_labels_.push_back(label);
    form->addRow(label, name);
  }
  form->addRow(tr("&First player:"), first_player_);
  rounds_->setRange(1, 9);
  rounds_->setValue(setup.rounds_to_win);
  form->addRow(tr("&Rounds to win the match:"), rounds_);
  team_game_->setObjectName("team_game");
  team_game_->setChecked(setup.team_game);
  form->addRow(tr("&Team game:"), team_game_);
  solo_seconds_->setRange(10, 3600);
  solo_seconds_->setSingleStep(15);
  solo_seconds_->setSuffix(tr(" s"));
  solo_seconds_->setValue(static_cast<int>(setup.solo_seconds));
  form->addRow(tr("&Solo timer:"), solo_seconds_);
  settle_seconds_->setRange(0, 10);
  settle_seconds_->setSingleStep(0.1);
  settle_seconds_->setSuffix(tr(" s"));
  settle_seconds_->setValue(setup.settle_seconds);
  form->addRow(tr("&Table holds still for:"), settle_seconds_);

  problem_->setWordWrap(true);
  problem_->setStyleSheet("font-weight: bold");
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(problem_);
  layout->addWidget(buttons_);

  refresh();
  first_player_->setCurrentIndex(setup.first_player);
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(game_, &QComboBox::currentIndexChanged, this, &SetupDialog::refresh);
  connect(player_count_, &QSpinBox::valueChanged, this, &SetupDialog::refresh);
  for (QLineEdit* name : names_)
    connect(name, &QLineEdit::textChanged, this, &SetupDialog::refresh);
}

referee::Game SetupDialog::chosen_game() const {
  return kGames[static_cast<std::size_t>(std::max(0, game_->currentIndex()))];
}

GameSetup SetupDialog::setup() const {
  GameSetup setup;
  setup.game = chosen_game();
  setup.players.clear();
  for (int seat = 0; seat < player_count_->value(); ++seat) {
    setup.players.push_back(names_[static_cast<std::size_t>(seat)]->text().trimmed().toStdString());
  }
  setup.first_player = std::max(0, first_player_->currentIndex());
  setup.rounds_to_win = rounds_->value();
  setup.team_game = team_game_->isEnabled() && team_game_->isChecked();
  setup.solo_seconds = solo_seconds_->value();
  setup.settle_seconds = settle_seconds_->value();
  return setup;
}

void SetupDialog::refresh() {
  const int count = player_count_->value();
  for (int seat = 0; seat < kMostPlayers; ++seat) {
    const bool seated = seat < count;
    QLabel* label = seat_labels_[static_cast<std::size_t>(seat)];
    if (seated) {
      label->setText(
          tr("Seat &%1 (%2):").arg(seat + 1).arg(QString::fromStdString(seat_name(seat, count))));
    }
    label->setVisible(seated);
    names_[static_cast<std::size_t>(seat)]->setVisible(seated);
  }
  const int first = first_player_->currentIndex();
  first_player_->blockSignals(true);
  first_player_->clear();
  for (int seat = 0; seat < count; ++seat) {
    first_player_->addItem(names_[static_cast<std::size_t>(seat)]->text());
  }
  first_player_->setCurrentIndex(std::clamp(first, 0, count - 1));
  first_player_->blockSignals(false);
  // Only Punto with 4 players has a team game.
  const bool teams_possible = chosen_game() == referee::Game::punto && count == 4;
  team_game_->setEnabled(teams_possible);

  const GameSetup candidate = setup();
  const std::optional<std::string> problem = candidate.problem();
  problem_->setText(problem ? QString::fromStdString(*problem) : QString());
  buttons_->button(QDialogButtonBox::Ok)->setEnabled(!problem);
}

}  // namespace tableref::gui
