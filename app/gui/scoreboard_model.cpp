#include "gui/scoreboard_model.hpp"

#include <QFont>
#include <QString>

#include "gui/game_setup.hpp"
#include "gui/overlay_style.hpp"
#include "referee/colour.hpp"

namespace tableref::gui {

namespace {

int int_field(const nlohmann::json& object, const char* key) {
  const auto found = object.find(key);
  return found != object.end() && found->is_number() ? found->get<int>() : 0;
}

bool is_trick(ScoreboardModel::Column column) {
  return column >= ScoreboardModel::kFirstTrick && column < ScoreboardModel::kCardsWon;
}

referee::Colour trick_colour(ScoreboardModel::Column column) {
  return referee::kMonsterColours[static_cast<std::size_t>(column - ScoreboardModel::kFirstTrick)];
}

std::vector<ScoreboardModel::Column> game_columns(referee::Game game) {
  using M = ScoreboardModel;
  switch (game) {
    case referee::Game::trio:
      return {M::kPlayer, M::kChain, M::kBlack, M::kCardsWon, M::kInHand};
    case referee::Game::punto:
      return {M::kPlayer, M::kColours, M::kRounds};
    case referee::Game::bugs:
      return {M::kPlayer, M::kTiles, M::kSets, M::kTrophy, M::kPoints};
    case referee::Game::freeze:
      break;
  }
  std::vector<M::Column> freeze;
  for (int column = M::kPlayer; column <= M::kRounds; ++column) {
    freeze.push_back(static_cast<M::Column>(column));
  }
  return freeze;
}

QVariant row_value(const ScoreRow& row, ScoreboardModel::Column column) {
  switch (column) {
    case ScoreboardModel::kCardsWon:
      return row.cards_won;
    case ScoreboardModel::kPoints:
      return row.points;
    case ScoreboardModel::kRounds:
      return row.rounds;
    case ScoreboardModel::kChain:
      return row.chain;
    case ScoreboardModel::kBlack:
      return row.black;
    case ScoreboardModel::kInHand:
      return row.in_hand;
    case ScoreboardModel::kColours:
      return QString::fromStdString(row.colours);
    case ScoreboardModel::kTiles:
      return row.tiles;
    case ScoreboardModel::kSets:
      return row.sets;
    case ScoreboardModel::kTrophy:
      return row.trophy > 0 ? QVariant(row.trophy) : QVariant(ScoreboardModel::tr("none"));
    default:
      return row.tricks[static_cast<std::size_t>(column - ScoreboardModel::kFirstTrick)];
  }
}

}  // namespace

ScoreboardModel::ScoreboardModel(QObject* parent)
    : QAbstractTableModel(parent), columns_(game_columns(referee::Game::freeze)) {}

void ScoreboardModel::set_game(referee::Game game) {
  beginResetModel();
  columns_ = game_columns(game);
  reported_.clear();
  shown_.clear();
  cancelled_.clear();
  round_ = 1;
  endResetModel();
}

int ScoreboardModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(shown_.size());
}

int ScoreboardModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(columns_.size());
}

QVariant ScoreboardModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
  const ScoreRow& row = shown_[static_cast<std::size_t>(index.row())];
  const Column column = columns_[static_cast<std::size_t>(index.column())];
  if (role == Qt::DisplayRole || role == Qt::AccessibleTextRole) {
    if (column == kPlayer) {
      return QString::fromStdString(row.name + " (" + seat_name(row.seat, rowCount()) + ")");
    }
    if (is_trick(column) && role == Qt::AccessibleTextRole) {
      return QString("%1 %2 tricks")
          .arg(row_value(row, column).toInt())
          .arg(QString::fromUtf8(referee::colour_name(trick_colour(column)).data()));
    }
    return row_value(row, column);
  }
  if (role == Qt::TextAlignmentRole && column != kPlayer) return int(Qt::AlignCenter);
  if (role == Qt::FontRole && column == kPoints) {
    QFont font;
    font.setBold(true);
    return font;
  }
  return {};
}

QVariant ScoreboardModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) return {};
  const Column column = columns_[static_cast<std::size_t>(section)];
  const bool trick = is_trick(column);
  if (role == Qt::DecorationRole && trick) return colour_icon(trick_colour(column));
  if (role == Qt::ToolTipRole && trick) {
    const referee::Colour colour = trick_colour(column);
    return tr("Tricks of %1 (symbol: %2)")
        .arg(QString::fromUtf8(referee::colour_name(colour).data()))
        .arg(QString::fromUtf8(symbol_name(symbol_of(colour)).data()));
  }
  if (role != Qt::DisplayRole) return {};
  if (trick) return QString::fromUtf8(referee::colour_name(trick_colour(column)).data());
  switch (column) {
    case kPlayer:
      return tr("Player (seat)");
    case kCardsWon:
      return tr("Cards won");
    case kPoints:
      return tr("Points");
    case kRounds:
      return tr("Rounds");
    case kChain:
      return tr("Won by chain");
    case kBlack:
      return tr("Won by black");
    case kInHand:
      return tr("In hand");
    case kColours:
      return tr("Colours");
    case kTiles:
      return tr("Tiles");
    case kSets:
      return tr("Sets of 3");
    case kTrophy:
      return tr("Trophy");
    default:
      return {};
  }
}

void ScoreboardModel::set_scoreboard(const nlohmann::json& board) {
  if (!board.is_object()) return;
  std::vector<ScoreRow> rows;
  const auto players = board.find("players");
  if (players != board.end() && players->is_array()) {
    for (const auto& player : *players) {
      if (!player.is_object()) continue;
      ScoreRow row;
      const auto name = player.find("name");
      row.name = name != player.end() && name->is_string() ? name->get<std::string>() : "?";
      row.seat = int_field(player, "seat");
      const auto tricks = player.find("tricks");
      if (tricks != player.end() && tricks->is_object()) {
        for (std::size_t i = 0; i < referee::kMonsterColours.size(); ++i) {
          row.tricks[i] = int_field(
              *tricks, std::string(referee::colour_name(referee::kMonsterColours[i])).c_str());
        }
      }
      row.cards_won = int_field(player, "cards_won");
      row.points = int_field(player, "points");
      row.rounds = int_field(player, "rounds");
      row.chain = int_field(player, "chain");
      row.black = int_field(player, "black");
      row.in_hand = int_field(player, "in_hand");
      row.tiles = int_field(player, "tiles");
      row.sets = int_field(player, "sets");
      row.trophy = int_field(player, "trophy");
      const auto colours = player.find("colors");
      if (colours != player.end() && colours->is_array()) {
        for (const nlohmann::json& colour : *colours) {
          if (!colour.is_string()) continue;
          row.colours += (row.colours.empty() ? "" : ", ") + colour.get<std::string>();
        }
      }
      // Punto's team game: partners share a team number, counted from 1 for people.
      if (const auto team = player.find("team"); team != player.end() && team->is_number()) {
        row.colours += " (team " + std::to_string(team->get<int>() + 1) + ")";
      }
      rows.push_back(std::move(row));
    }
  }
  round_ = std::max(1, int_field(board, "round"));
  reported_ = std::move(rows);
  refresh();
}

void ScoreboardModel::cancel_verdict(const nlohmann::json& verdict) {
  const auto type = verdict.find("type");
  const auto player = verdict.find("player");
  if (type == verdict.end() || player == verdict.end() || !player->is_string()) return;
  ScoreRow& taken = cancelled_[player->get<std::string>()];
  if (*type == "trick") {
    const auto colour_name = verdict.find("color");
    if (colour_name == verdict.end() || !colour_name->is_string()) return;
    const auto colour = referee::parse_colour(colour_name->get<std::string>());
    if (!colour || *colour == referee::Colour::black) return;
    taken.tricks[static_cast<std::size_t>(*colour)] += 1;
    taken.points += 1;
    taken.cards_won += 3;
  } else if (*type == "capture") {
    // Trio counts every card won as a point.
    const int count = int_field(verdict, "count");
    taken.cards_won += count;
    taken.points += count;
    (verdict.value("kind", std::string()) == "black" ? taken.black : taken.chain) += count;
  }
  refresh();
}

void ScoreboardModel::reset() {
  beginResetModel();
  reported_.clear();
  shown_.clear();
  cancelled_.clear();
  round_ = 1;
  endResetModel();
}

void ScoreboardModel::refresh() {
  std::vector<ScoreRow> shown = reported_;
  for (ScoreRow& row : shown) {
    const auto taken = cancelled_.find(row.name);
    if (taken == cancelled_.end()) continue;
    for (std::size_t i = 0; i < row.tricks.size(); ++i) {
      row.tricks[i] = std::max(0, row.tricks[i] - taken->second.tricks[i]);
    }
    row.points -= taken->second.points;
    row.cards_won = std::max(0, row.cards_won - taken->second.cards_won);
    row.chain = std::max(0, row.chain - taken->second.chain);
    row.black = std::max(0, row.black - taken->second.black);
  }
  if (shown.size() != shown_.size()) {
    beginResetModel();
    shown_ = std::move(shown);
    endResetModel();
    return;
  }
  shown_ = std::move(shown);
  if (!shown_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

nlohmann::json ScoreboardModel::to_json() const {
  nlohmann::json board = {{"round", round_}, {"players", nlohmann::json::array()}};
  for (const ScoreRow& row : shown_) {
    nlohmann::json tricks = nlohmann::json::object();
    for (std::size_t i = 0; i < row.tricks.size(); ++i) {
      tricks[std::string(referee::colour_name(referee::kMonsterColours[i]))] = row.tricks[i];
    }
    board["players"].push_back({{"name", row.name},
                                {"seat", row.seat},
                                {"tricks", tricks},
                                {"cards_won", row.cards_won},
                                {"points", row.points},
                                {"rounds", row.rounds},
                                {"chain", row.chain},
                                {"black", row.black},
                                {"in_hand", row.in_hand},
                                {"colours", row.colours},
                                {"tiles", row.tiles},
                                {"sets", row.sets},
                                {"trophy", row.trophy}});
  }
  return board;
}

}  // namespace tableref::gui
