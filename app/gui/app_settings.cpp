#include "gui/app_settings.hpp"

#include <QSettings>

namespace tableref::gui {

AppSettings AppSettings::load() {
  const QSettings settings("tableref", "tableref-gui");
  AppSettings loaded;
  loaded.colour_blind = settings.value("view/colour_blind", false).toBool();
  loaded.large_text = settings.value("view/large_text", false).toBool();
  loaded.speech = settings.value("view/speech", true).toBool();
  loaded.zoom_to_cards = settings.value("view/zoom_to_cards", true).toBool();
  loaded.sample_played = settings.value("start/sample_played", false).toBool();
  const std::string setup_text = settings.value("game/setup").toString().toStdString();
  // A set-up that no longer reads (edited by hand, an older version) is replaced by the default.
  const nlohmann::json setup_json = nlohmann::json::parse(setup_text, nullptr, false);
  if (!setup_json.is_discarded()) {
    if (referee::Result<GameSetup> setup = GameSetup::from_json(setup_json)) loaded.setup = *setup;
  }
  return loaded;
}

void AppSettings::save() const {
  QSettings settings("tableref", "tableref-gui");
  settings.setValue("view/colour_blind", colour_blind);
  settings.setValue("view/large_text", large_text);
  settings.setValue("view/speech", speech);
  settings.setValue("view/zoom_to_cards", zoom_to_cards);
  settings.setValue("start/sample_played", sample_played);
  settings.setValue("game/setup", QString::fromStdString(setup.to_json().dump()));
}

}  // namespace tableref::gui
