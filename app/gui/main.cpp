// tableref-gui: the desktop app. `tableref-gui [VIDEO | FOLDER]` opens that input at once;
// with no argument the sample game plays on the first start.
#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

#include "gui/main_window.hpp"
#include "vision/picture_memory.hpp"

int main(int argc, char** argv) {
  tableref::vision::keep_freed_picture_buffers();
  QApplication app(argc, argv);
  QApplication::setApplicationName("tableref-gui");
  QApplication::setOrganizationName("tableref");
  QApplication::setApplicationDisplayName("tableref");
  QApplication::setWindowIcon(QIcon(":/tableref/tableref-gui.png"));
  QApplication::setDesktopFileName("tableref-gui");

  QCommandLineParser parser;
  parser.setApplicationDescription("A camera referee for card games, that everyone can read.");
  parser.addHelpOption();
  parser.addPositionalArgument("input", "A video file or a folder of frames to referee.");
  parser.process(app);

  tableref::gui::MainWindowOptions options;
  const QStringList inputs = parser.positionalArguments();
  options.play_sample_on_first_start = inputs.isEmpty();
  tableref::gui::MainWindow window(options);
  if (!inputs.isEmpty()) window.session().open_path(inputs.front().toStdString());
  window.show();
  return QApplication::exec();
}
