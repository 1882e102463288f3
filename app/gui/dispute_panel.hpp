#pragma once
// Disputes: the verdict chosen with the session's verdict cursor, on the frame it was made on,
// with what the referee read there; buttons step through verdicts, override one, export evidence.

#include <QWidget>
#include <vector>

#include "gui/overlay_painter.hpp"

class QAction;
class QLabel;

namespace tableref::gui {

class Session;
class VideoView;

class DisputePanel : public QWidget {
  Q_OBJECT

 public:
  // `actions`: previous, next, latest, override, export; shown as buttons in that order.
  DisputePanel(Session& session, const std::vector<QAction*>& actions, QWidget* parent = nullptr);

  void set_options(const OverlayOptions& options);
  QString heading() const;
  QString details() const;
  VideoView& frame_view() { return *frame_view_; }

 private:
  void refresh();

  Session& session_;
  QLabel* heading_;
  QLabel* details_;
  VideoView* frame_view_;
  int shown_row_ = -1;
};

}  // namespace tableref::gui
