#pragma once
// One picture of the table as a source delivered it, owned outright: sources copy what the
// camera or decoder hands them and release the original at once.

#include <QMetaType>
#include <opencv2/core.hpp>

namespace tableref::gui {

struct Frame {
  cv::Mat bgr;        // CV_8UC3, its own copy
  double time_s = 0;  // since the input started: video time for files, wall time for cameras
  int index = 0;      // from 0, in the order the source delivered frames
};

}  // namespace tableref::gui

Q_DECLARE_METATYPE(tableref::gui::Frame)
