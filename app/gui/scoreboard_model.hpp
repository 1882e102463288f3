#pragma once
// The scoreboard: a row per player with what the game counts (Monster Freeze: tricks per colour,
// cards won, points, rounds; Trio Monsters: cards won by chain and by black captures and cards in
// hand; Punto: colours and rounds won; Bugs & Co: monster tiles, sets of three, the trophy taken
// and the points the collection makes now), as the referee reports it, less what a person cancelled
// by overriding a verdict.

#include <QAbstractTableModel>
#include <array>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "referee/game.hpp"

namespace tableref::gui {

struct ScoreRow {
  std::string name;
  int seat = 0;
  std::array<int, 5> tricks{};  // by referee::Colour, yellow to purple
  int cards_won = 0;
  int points = 0;
  int rounds = 0;
  int chain = 0;        // Trio: cards won by chain captures
  int black = 0;        // Trio: cards won by black captures
  int in_hand = 0;      // Trio: cards in hand
  std::string colours;  // Punto: the player's colours, in words
  int tiles = 0;        // Bugs & Co: monster tiles in the collection
  int sets = 0;         // Bugs & Co: complete sets of three
  int trophy = 0;       // Bugs & Co: the trophy's value, 0 while the player has none
};

class ScoreboardModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  // What a column shows. Monster Freeze shows them in this order from kPlayer to kRounds (so
  // these are its column numbers); other games show their own subset (columns()).
  enum Column {
    kPlayer,
    kFirstTrick,
    kCardsWon = kFirstTrick + 5,
    kPoints,
    kRounds,
    kChain,
    kBlack,
    kInHand,
    kColours,
    kTiles,
    kSets,
    kTrophy,
    kColumnCount
  };

  explicit ScoreboardModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

  // Shows the columns of `game` (a new game: the rows are cleared).
  void set_game(referee::Game game);
  const std::vector<Column>& columns() const { return columns_; }

  // The referee's scoreboard (RefereeEngine::scoreboard's shape); unknown fields are ignored.
  void set_scoreboard(const nlohmann::json& board);
  // A verdict a person cancelled no longer counts: a trick, its colour, point and cards; a
  // capture, its cards (and, in Trio, the points they made).
  void cancel_verdict(const nlohmann::json& verdict);
  // Forgets the referee's rows and the cancellations (a new game).
  void reset();

  const std::vector<ScoreRow>& rows() const { return shown_; }
  int round() const { return round_; }
  // The board as shown, overrides applied, in the engine's JSON shape.
  nlohmann::json to_json() const;

 private:
  void refresh();

  std::vector<Column> columns_;
  std::vector<ScoreRow> reported_;
  std::vector<ScoreRow> shown_;
  std::map<std::string, ScoreRow> cancelled_;  // by player: what overrides took away
  int round_ = 1;
};

}  // namespace tableref::gui
