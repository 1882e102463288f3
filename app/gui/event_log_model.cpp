#include "gui/event_log_model.hpp"

#include <QFont>
#include <QString>

#include "gui/event_text.hpp"
#include "gui/overlay_style.hpp"

namespace tableref::gui {

namespace {

std::string type_of(const nlohmann::json& event) {
  const auto type = event.find("type");
  return type != event.end() && type->is_string() ? type->get<std::string>() : std::string();
}

bool has_number(const nlohmann::json& event, const char* key) {
  const auto found = event.find(key);
  return found != event.end() && found->is_number();
}

}  // namespace

EventLogModel::EventLogModel(QObject* parent) : QAbstractTableModel(parent) {}

int EventLogModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : size();
}

int EventLogModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : kColumnCount;
}

QVariant EventLogModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= size()) return {};
  const LogEntry& row = entry(index.row());
  const nlohmann::json& event = row.event;
  const std::string type = type_of(event);
  switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
      switch (index.column()) {
        case kFrame:
          return has_number(event, "frame") ? QVariant(event["frame"].get<int>()) : QVariant();
        case kTime:
          return has_number(event, "time_s")
                     ? QVariant(QString::number(event["time_s"].get<double>(), 'f', 1) + " s")
                     : QVariant();
        case kType:
          return QString::fromStdString(row.overridden_by ? type + " (overridden)" : type);
        case kPlayer:
          return QString::fromStdString(event_player(event));
        case kWhat:
          return QString::fromStdString(describe_event(event));
        default:
          return {};
      }
    case Qt::ToolTipRole:
      return QString::fromStdString(event.dump(1));
    case Qt::DecorationRole:
      if (index.column() == kType && type == "trick") {
        const auto colour_name = event.find("color");
        if (colour_name == event.end() || !colour_name->is_string()) return {};
        if (const auto colour = referee::parse_colour(colour_name->get<std::string>())) {
          return colour_icon(*colour);
        }
      }
      return {};
    case Qt::FontRole:
      if (row.overridden_by) {
        QFont font;
        font.setStrikeOut(true);
        return font;
      }
      if (is_verdict_type(type) || type == "override") {
        QFont font;
        font.setBold(true);
        return font;
      }
      return {};
    default:
      return {};
  }
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case kFrame:
      return tr("Frame");
    case kTime:
      return tr("Time");
    case kType:
      return tr("Type");
    case kPlayer:
      return tr("Player");
    case kWhat:
      return tr("What happened");
    default:
      return {};
  }
}

int EventLogModel::append(nlohmann::json event, QByteArray frame_png, nlohmann::json layout) {
  const int row = size();
  beginInsertRows({}, row, row);
  entries_.push_back({std::move(event), std::move(frame_png), std::move(layout), std::nullopt});
  endInsertRows();
  if (is_verdict(row)) emit verdictAdded(row);
  return row;
}

referee::Result<int> EventLogModel::override_verdict(int row, const std::string& decision,
                                                     const std::string& reason) {
  if (row < 0 || row >= size() || !is_verdict(row)) return referee::Error{"not a verdict"};
  if (entry(row).overridden_by) return referee::Error{"this verdict is already overridden"};
  if (decision != "cancelled" && decision != "upheld") {
    return referee::Error{"a decision is cancelled or upheld, not " + decision};
  }
  if (reason.find_first_not_of(" \t\n") == std::string::npos) {
    return referee::Error{"an override needs a reason"};
  }
  const nlohmann::json& verdict = entry(row).event;
  nlohmann::json entry_json = {{"type", "override"}};
  if (verdict.contains("frame")) entry_json["frame"] = verdict["frame"];
  if (verdict.contains("time_s")) entry_json["time_s"] = verdict["time_s"];
  entry_json["overrides"] = verdict;
  entry_json["entry"] = row;
  entry_json["decision"] = decision;
  entry_json["reason"] = reason;
  const int override_row = append(std::move(entry_json));
  entries_[static_cast<std::size_t>(row)].overridden_by = override_row;
  emit dataChanged(index(row, 0), index(row, kColumnCount - 1));
  emit overridden(row, override_row);
  return override_row;
}

void EventLogModel::clear() {
  beginResetModel();
  entries_.clear();
  endResetModel();
}

bool EventLogModel::is_verdict(int row) const {
  return row >= 0 && row < size() && is_verdict_type(type_of(entry(row).event));
}

std::vector<int> EventLogModel::verdict_rows() const {
  std::vector<int> rows;
  for (int row = 0; row < size(); ++row) {
    if (is_verdict(row)) rows.push_back(row);
  }
  return rows;
}

std::string EventLogModel::jsonl() const {
  std::string lines;
  for (const LogEntry& row : entries_) lines += row.event.dump() + '\n';
  return lines;
}

}  // namespace tableref::gui
