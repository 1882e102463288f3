// How much a colour profile helps the Monster Freeze reader under the renderer's extreme lamps
// (2700 K and 6500 K): cell accuracy with the palette's references, with a profile from a photo
// of the colour sheet, and with a profile learnt from a photo of cards, each under that lamp.
//
// Usage: colour_profile_gain [SESSIONS_PER_CASE (default 8)]

#include <charconv>
#include <cstdio>
#include <iostream>
#include <optional>
#include <random>
#include <string_view>

#include "calibration/colour_profile.hpp"
#include "colour_sheet_scene.hpp"
#include "evaluation/freeze_score.hpp"
#include "referee/deck.hpp"
#include "samples/freeze_scene.hpp"
#include "samples/render.hpp"
#include "vision/observation_json.hpp"

namespace {

using namespace tableref;

// One calibration session: a camera over a table under one lamp. Its calibration photos and its
// test photos share the camera, the lamp and the sensor; layouts, hands and glare vary.
struct Session {
  samples::CaptureConditions conditions;
  std::uint64_t seed;
};

Session draw_session(samples::Level level, double kelvin, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  samples::CaptureConditions conditions = samples::draw_conditions(level, rng);
  conditions.colour_temperature_k = kelvin;
  return {conditions, rng()};
}

samples::RenderedImage render_in(const samples::CaptureConditions& conditions, std::uint64_t seed,
                                 const samples::FreezeSceneOptions& scene_options = {}) {
  std::mt19937_64 rng(seed);
  for (;;) {
    const samples::FreezeScene scene = samples::random_freeze_scene(rng, scene_options);
    try {
      return samples::render_freeze(scene, conditions, rng());
    } catch (const std::invalid_argument&) {
      // Too large to frame: draw another layout.
    }
  }
}

// The user lays the sheet down and keeps hands and glare off it.
samples::CaptureConditions calibration_conditions(samples::CaptureConditions conditions) {
  conditions.hand_count = 0;
  conditions.sleeve_count = 0;
  conditions.glare_count = 0;
  return conditions;
}

calibration::ColourProfile sheet_profile(const Session& session) {
  const auto photo = calibration::testing::photograph_colour_sheet(
      calibration_conditions(session.conditions), 17.0, session.seed);
  const auto sheet = calibration::find_colour_sheet(photo.photo.image_bgr);
  if (!sheet) throw std::runtime_error("colour sheet: " + sheet.error().message);
  auto profile = calibration::profile_from_sheet(sheet.value());
  if (!profile) throw std::runtime_error("colour sheet: " + profile.error().message);
  return profile.value();
}

// The user lays out five or six stacks that show every colour, hands off.
std::optional<calibration::ColourProfile> cards_profile(const Session& session) {
  samples::FreezeSceneOptions many_stacks;
  many_stacks.min_stacks = 5;
  many_stacks.max_stacks = 6;
  const std::vector<cv::Mat> photos = {
      render_in(calibration_conditions(session.conditions), session.seed + 1, many_stacks)
          .image_bgr};
  auto profile = calibration::profile_from_cards(photos, referee::builtin_freeze_deck());
  if (!profile) {
    std::cerr << "  (cards profile: " << profile.error().message << ")\n";
    return std::nullopt;
  }
  return profile.value();
}

evaluation::FreezeScore score(const Session& session, int images,
                              const vision::ColourReferences& references) {
  evaluation::FreezeScore total;
  for (int i = 0; i < images; ++i) {
    const auto rendered = render_in(session.conditions, samples::image_seed(session.seed, i));
    vision::StageLog log;
    const auto reading = vision::read_freeze(rendered.image_bgr, referee::builtin_freeze_deck(),
                                             references, vision::FreezeReaderParams{}, log);
    total.add(evaluation::score_freeze(rendered.truth, vision::freeze_fields(reading)));
  }
  return total;
}

void print_row(std::string_view name, const evaluation::FreezeScore& s) {
  std::printf("    %-14s cells %5d  right %6.2f %%  wrong %5.2f %%  unknown %5.2f %%\n",
              std::string(name).c_str(), s.cells, 100 * s.cell_accuracy(), 100 * s.wrong_rate(),
              100 * s.unknown_rate());
}

}  // namespace

int main(int argc, char** argv) {
  int sessions = 8;
  constexpr int kImagesPerSession = 4;
  if (argc > 1) {
    const std::string_view text = argv[1];
    if (std::from_chars(text.data(), text.data() + text.size(), sessions).ec != std::errc() ||
        sessions < 1) {
      std::cerr << "usage: colour_profile_gain [SESSIONS]\n";
      return 2;
    }
  }
  std::printf(
      "Monster Freeze cell accuracy by colour references: %d sessions per case, each one\n"
      "calibration photo (sheet, or cards) and %d test photos under the same camera and lamp\n",
      sessions, kImagesPerSession);
  for (const samples::Level level : {samples::Level::webcam, samples::Level::hard}) {
    for (const double kelvin : {2700.0, 6500.0}) {
      std::printf("  %s, lamp %.0f K\n", std::string(samples::level_name(level)).c_str(), kelvin);
      evaluation::FreezeScore palette, sheet, cards, cards_palette;
      for (int s = 0; s < sessions; ++s) {
        const Session session =
            draw_session(level, kelvin, samples::image_seed(static_cast<std::uint64_t>(kelvin), s));
        const evaluation::FreezeScore with_palette =
            score(session, kImagesPerSession, vision::palette_references());
        palette.add(with_palette);
        sheet.add(score(session, kImagesPerSession, sheet_profile(session).references()));
        if (const auto learnt = cards_profile(session)) {
          cards.add(score(session, kImagesPerSession, learnt->references()));
          cards_palette.add(with_palette);
        }
      }
      print_row("palette", palette);
      print_row("sheet profile", sheet);
      print_row("cards profile", cards);
      print_row("(its palette)", cards_palette);
    }
  }
  return 0;
}
