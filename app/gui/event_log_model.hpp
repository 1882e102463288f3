#pragma once
// The event log: every event the referee announced, in order, as a table model. Verdicts keep the
// frame they were made on and what the referee read there, so a dispute can look at the evidence;
// a person can override a verdict, which appends an `override` entry giving the reason.

#include <QAbstractTableModel>
#include <QByteArray>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "referee/result.hpp"

namespace tableref::gui {

struct LogEntry {
  nlohmann::json event;              // the interface.md line, or an override entry
  QByteArray frame_png;              // the frame a verdict was made on; empty for other events
  nlohmann::json layout;             // what the referee read on that frame
  std::optional<int> overridden_by;  // the row of the override entry, once overridden
};

class EventLogModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { kFrame, kTime, kType, kPlayer, kWhat, kColumnCount };

  explicit EventLogModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

  // Appends an event; returns its row.
  int append(nlohmann::json event, QByteArray frame_png = {}, nlohmann::json layout = {});
  // A person's decision over the verdict at `row` ("cancelled" or "upheld"), with the reason:
  // appends {"type": "override", "frame", "time_s", "overrides": <the verdict>, "entry": row,
  // "decision", "reason"} and returns its row. An Error for a row that is no verdict, a verdict
  // already overridden, an unknown decision or an empty reason.
  referee::Result<int> override_verdict(int row, const std::string& decision,
                                        const std::string& reason);
  void clear();

  int size() const { return static_cast<int>(entries_.size()); }
  const LogEntry& entry(int row) const { return entries_.at(static_cast<std::size_t>(row)); }
  bool is_verdict(int row) const;
  std::vector<int> verdict_rows() const;
  // Every entry, one JSON object a line (JSON Lines), overrides included.
  std::string jsonl() const;

 signals:
  void verdictAdded(int row);
  void overridden(int verdict_row, int override_row);

 private:
  std::vector<LogEntry> entries_;
};

}  // namespace tableref::gui
