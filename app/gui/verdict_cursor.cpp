#include "gui/verdict_cursor.hpp"

#include <algorithm>

namespace tableref::gui {

VerdictCursor::VerdictCursor(const EventLogModel& log, QObject* parent)
    : QObject(parent), log_(log) {
  connect(&log_, &EventLogModel::verdictAdded, this, &VerdictCursor::on_verdict_added);
  connect(&log_, &EventLogModel::modelReset, this, [this] {
    position_ = -1;
    emit changed();
  });
  connect(&log_, &EventLogModel::overridden, this, [this] { emit changed(); });
}

std::optional<int> VerdictCursor::row() const {
  const std::vector<int> rows = log_.verdict_rows();
  if (position_ < 0 || position_ >= static_cast<int>(rows.size())) return std::nullopt;
  return rows[static_cast<std::size_t>(position_)];
}

int VerdictCursor::count() const {
  return static_cast<int>(log_.verdict_rows().size());
}

bool VerdictCursor::previous() {
  if (position_ <= 0) return false;
  --position_;
  emit changed();
  return true;
}

bool VerdictCursor::next() {
  if (position_ + 1 >= count()) return false;
  ++position_;
  emit changed();
  return true;
}

void VerdictCursor::latest() {
  position_ = count() - 1;
  emit changed();
}

bool VerdictCursor::show_row(int row) {
  const std::vector<int> rows = log_.verdict_rows();
  const auto found = std::find(rows.begin(), rows.end(), row);
  if (found == rows.end()) return false;
  position_ = static_cast<int>(found - rows.begin());
  emit changed();
  return true;
}

void VerdictCursor::on_verdict_added() {
  // Following the game: the previous latest verdict was shown (or none yet).
  if (position_ == count() - 2) {
    ++position_;
  }
  emit changed();
}

}  // namespace tableref::gui
