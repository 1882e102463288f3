#pragma once
// What the app remembers between runs (QSettings): the accessibility choices, the last game
// set-up, and whether the sample game was already shown on a first start.

#include "gui/game_setup.hpp"

namespace tableref::gui {

struct AppSettings {
  bool colour_blind = false;
  bool large_text = false;
  bool speech = true;
  bool zoom_to_cards = true;
  bool sample_played = false;  // the sample game plays by itself on the first start only
  GameSetup setup;

  static AppSettings load();
  void save() const;
};

}  // namespace tableref::gui
