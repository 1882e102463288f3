#include "gui/sample_clip.hpp"

#include <QCoreApplication>
#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <opencv2/videoio.hpp>
#include <random>
#include <set>

#include "referee/deck.hpp"
#include "referee/freeze/explain.hpp"
#include "referee/freeze/solver.hpp"
#include "samples/render.hpp"

namespace tableref::gui {

namespace {

using referee::Colour;
using referee::freeze::Placement;
using referee::freeze::Shown;

constexpr double kSeatDistanceMm = 125;  // from the middle of the table to each player's stacks

referee::freeze::View view_of(const Shown& shown) {
  referee::freeze::View view;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    view[i] = shown[i] ? referee::freeze::ViewCell::monster(*shown[i])
                       : referee::freeze::ViewCell::empty();
  }
  return view;
}

// Picks cards of the built-in deck for the script, each card once.
class CardPicker {
 public:
  // A card lying face up, unturned, that shows no line.
  samples::FreezeStackLayout single(cv::Point2d centre_mm, double angle_deg) {
    for (const referee::FreezeCard* card : free_cards()) {
      if (!referee::freeze::line_colours(referee::freeze::placed_positions(*card, {})).empty()) {
        continue;
      }
      used_.insert(card->id);
      return {{{card->id, Placement{}, {0, 0}, 0}}, centre_mm, angle_deg};
    }
    return {};
  }

  // Three cards stacked to show a line of `colour` and no other. `misaligned`: the top two cards
  // alone cover every position and the bottom one sticks out 8 mm, so the view is whole but the
  // stack is visibly not aligned. Otherwise the view needs all three cards.
  samples::FreezeStackLayout trick(Colour colour, cv::Point2d centre_mm, double angle_deg,
                                   bool misaligned) {
    const std::vector<const referee::FreezeCard*> free = free_cards();
    const auto wanted = referee::freeze::ColourSet::of({colour});
    for (std::size_t i = 0; i < free.size(); ++i) {
      for (std::size_t j = i + 1; j < free.size(); ++j) {
        for (std::size_t k = j + 1; k < free.size(); ++k) {
          const referee::freeze::Hand hand = {free[i], free[j], free[k]};
          for (const auto& trick : referee::freeze::HandSolver(hand).tricks()) {
            if (trick.colours != wanted) continue;
            const auto placed = referee::freeze::placed_cards(hand, trick.stacking);
            if (!fits(placed, trick.shown, misaligned)) continue;
            samples::FreezeStackLayout stack{{}, centre_mm, angle_deg};
            for (const auto& card : placed) {
              stack.cards.push_back({card.card->id, card.placement, {0, 0}, 0});
              used_.insert(card.card->id);
            }
            if (misaligned) stack.cards.back().offset_mm = {8, 0};
            return stack;
          }
        }
      }
    }
    return {};
  }

 private:
  std::vector<const referee::FreezeCard*> free_cards() const {
    std::vector<const referee::FreezeCard*> cards;
    for (const referee::FreezeCard& card : referee::builtin_freeze_deck().cards) {
      if (!used_.contains(card.id)) cards.push_back(&card);
    }
    return cards;
  }

  static bool fits(const std::array<referee::freeze::PlacedCard, 3>& placed, const Shown& shown,
                   bool misaligned) {
    if (misaligned) {
      const Shown top_two = referee::freeze::show_stack(std::span(placed.data(), 2));
      return std::all_of(top_two.begin(), top_two.end(),
                         [](const auto& cell) { return cell.has_value(); });
    }
    const auto explanations = referee::freeze::fewest_card_explanations(
        referee::builtin_freeze_deck(), view_of(shown), 3, 1);
    return !explanations.empty() && explanations.front().top_first.size() == 3;
  }

  std::set<std::string> used_;
};

nlohmann::json verdict(const char* type, const char* player, const char* key, const char* value) {
  return {{"type", type}, {"player", player}, {key, value}};
}

}  // namespace

SampleGame sample_game() {
  SampleGame game;
  game.setup.game = referee::Game::freeze;
  game.setup.players = {"Alice", "Bob"};
  CardPicker cards;
  const cv::Point2d middle(0, 0), alice(0, kSeatDistanceMm), bob(0, -kSeatDistanceMm);
  const auto single = cards.single(middle, 4);
  const auto alice_start = cards.single(alice, -3);
  const auto bob_start = cards.single(bob, 2);
  const auto alice_red = cards.trick(Colour::red, alice, -3, false);
  const auto alice_again = cards.single(alice, 5);
  const auto bob_blue = cards.trick(Colour::blue, bob, 2, false);
  const auto alice_misaligned = cards.trick(Colour::yellow, alice, -2, true);
  const auto alice_green = cards.trick(Colour::green, alice, 3, false);

  const auto scene = [](std::vector<samples::FreezeStackLayout> stacks) {
    return samples::FreezeScene{std::move(stacks)};
  };
  game.scenes = {
      {"The single card lies in the middle; Alice and Bob start their stacks",
       scene({single, alice_start, bob_start}), false},
      {"Hands reach over the cards: nothing can be judged", scene({single, alice_start, bob_start}),
       true},
      {"Alice shows a red trick", scene({single, alice_red, bob_start}), false},
      {"Alice keeps her trick and starts again; Bob shows a blue trick",
       scene({single, alice_again, bob_blue}), false},
      {"Alice shows a stack whose bottom card sticks out",
       scene({single, alice_misaligned, bob_start}), false},
      {"Alice shows a green trick", scene({single, alice_green, bob_start}), false},
  };
  game.expected_verdicts = {verdict("trick", "Alice", "color", "red"),
                            verdict("trick", "Bob", "color", "blue"),
                            verdict("illegal", "Alice", "reason", "stack not aligned"),
                            verdict("trick", "Alice", "color", "green")};
  return game;
}

std::optional<std::string> write_sample_clip(const std::filesystem::path& path,
                                             const SampleClipOptions& options) {
  const SampleGame game = sample_game();
  std::mt19937_64 rng(options.seed);
  samples::CaptureConditions conditions = samples::draw_conditions(samples::Level::clean, rng);
  conditions.image_size = {1280, 720};
  // Seats are told by the side of the picture: keep the picture upright.
  conditions.yaw_deg = 0;
  conditions.tilt_deg = std::min(conditions.tilt_deg, 8.0);
  conditions.hand_count = 0;
  conditions.sleeve_count = 0;

  std::error_code error;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), error);
  cv::VideoWriter writer(path.string(), cv::CAP_OPENCV_MJPEG,
                         cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), options.fps,
                         conditions.image_size);
  if (!writer.isOpened()) return "cannot write the video " + path.string();
  const int frames_per_scene =
      std::max(1, static_cast<int>(std::lround(options.scene_seconds * options.fps)));
  for (const SampleScene& sample : game.scenes) {
    samples::CaptureConditions scene_conditions = conditions;
    if (sample.hands_over) {
      scene_conditions.hand_count = 2;
      scene_conditions.sleeve_count = 1;
      scene_conditions.hands_over_pieces = true;
    }
    cv::Mat image;
    try {
      image = samples::render_freeze(sample.scene, scene_conditions, options.seed).image_bgr;
    } catch (const std::exception& failure) {
      return "cannot draw the sample game: " + std::string(failure.what());
    }
    if (image.size() != conditions.image_size) return "the sample game was drawn at another size";
    for (int i = 0; i < frames_per_scene; ++i) writer.write(image);
  }
  return std::nullopt;
}

std::optional<BundledClip> bundled_sample_clip(referee::Game game) {
  std::vector<std::filesystem::path> folders;
  if (const char* media = std::getenv("TABLEREF_MEDIA_DIR")) folders.emplace_back(media);
  if (QCoreApplication::instance() != nullptr) {
    folders.push_back(std::filesystem::path(QCoreApplication::applicationDirPath().toStdString()) /
                      ".." / TABLEREF_MEDIA_INSTALL_DIR);
  }
  folders.push_back(std::filesystem::path(TABLEREF_SOURCE_DIR) / "samples" / "media");
  for (const std::filesystem::path& folder : folders) {
    const std::filesystem::path game_folder = folder / std::string(referee::game_name(game));
    std::error_code error;
    if (!std::filesystem::is_regular_file(game_folder / "game.mp4", error)) continue;
    // The truth says who played: the referee must expect as many players as the clip shows.
    std::ifstream truth_file(game_folder / "game.truth.json");
    const nlohmann::json truth = nlohmann::json::parse(truth_file, nullptr, false);
    if (truth.is_discarded() || !truth.contains("players") || !truth["players"].is_array()) {
      continue;
    }
    BundledClip clip{game_folder / "game.mp4", {}};
    for (const nlohmann::json& player : truth["players"]) {
      if (!player.is_string()) break;
      clip.players.push_back(player.get<std::string>());
    }
    if (clip.players.size() != truth["players"].size()) continue;
    return clip;
  }
  return std::nullopt;
}

}  // namespace tableref::gui
