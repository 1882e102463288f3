#pragma once
// The scoreboard: a row per player with tricks per colour, cards won, points and rounds won, as
// the referee reports them, less what a person cancelled by overriding a verdict.

#include <QAbstractTableModel>
#include <array>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tableref::gui {

struct ScoreRow {
  std::string name;
  int seat = 0;
  std::array<int, 5> tricks{};  // by referee::Colour, yellow to purple
  int cards_won = 0;
  int points = 0;
  int rounds = 0;
};

class ScoreboardModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  // Player, five trick colours, cards won, points, rounds.
  enum Column { kPlayer, kFirstTrick, kCardsWon = kFirstTrick + 5, kPoints, kRounds, kColumnCount };

  explicit ScoreboardModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

  // The referee's scoreboard (RefereeEngine::scoreboard's shape); unknown fields are ignored.
  void set_scoreboard(const nlohmann::json& board);
  // A verdict a person cancelled no longer counts: a trick, its colour, point and cards; a
  // capture, its cards.
  void cancel_verdict(const nlohmann::json& verdict);
  // Forgets the referee's rows and the cancellations (a new game).
  void reset();

  const std::vector<ScoreRow>& rows() const { return shown_; }
  int round() const { return round_; }
  // The board as shown, overrides applied, in the engine's JSON shape.
  nlohmann::json to_json() const;

 private:
  void refresh();

  std::vector<ScoreRow> reported_;
  std::vector<ScoreRow> shown_;
  std::map<std::string, ScoreRow> cancelled_;  // by player: what overrides took away
  int round_ = 1;
};

}  // namespace tableref::gui
