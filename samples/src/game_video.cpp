// Filming a game script (game_script.hpp): still stretches from one photograph per layout with
// fresh sensor noise per frame, hands photographed once per visit and slid in and out.

#include "samples/game_video.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <map>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>
#include <sstream>
#include <stdexcept>

#include "game_script.hpp"

namespace tableref::samples {

namespace {

namespace fs = std::filesystem;

// A hand photograph is taken again (up to this many times) until the arm comes from the
// player's side of the table.
constexpr int kHandAttempts = 4;
// Hands are photographed at a reduced size (the same view through a smaller sensor) and enlarged:
// a moving hand is soft anyway, and the photographs cost a quarter as much.
constexpr int kMaxHandPhotoWidth = 640;
constexpr double kFromPlayerSideCosine = 0.5;
// The shutter is open for half a frame: a moving hand blurs over half its motion per frame.
constexpr double kShutterShare = 0.5;
constexpr double kHandShadowStrength = 0.35;

double smoothstep(double t) {
  t = std::clamp(t, 0.0, 1.0);
  return t * t * (3 - 2 * t);
}

int frames_for(double seconds, double fps, int at_least) {
  return std::max(at_least, static_cast<int>(std::lround(seconds * fps)));
}

cv::Point2d unit_direction(cv::Point2d v) {
  return v / std::max(1e-9, cv::norm(v));
}

// Distance from `point` along `direction` to the border of an image of `size`.
double distance_to_border(cv::Point2d point, cv::Point2d direction, cv::Size size) {
  double distance = std::numeric_limits<double>::infinity();
  const auto limit = [&](double position, double step, double low, double high) {
    if (step > 1e-9) distance = std::min(distance, (high - position) / step);
    if (step < -1e-9) distance = std::min(distance, (low - position) / step);
  };
  limit(point.x, direction.x, 0, size.width - 1);
  limit(point.y, direction.y, 0, size.height - 1);
  return std::max(0.0, distance);
}

// A hand and its arm cut out of a photograph, to be slid along the arm.
struct HandSprite {
  cv::Rect box;                        // where it lies in the photograph
  cv::Mat colour;                      // CV_32FC3, linear 8-bit units, premultiplied by coverage
  cv::Mat coverage;                    // CV_32F in [0, 1]
  cv::Point2d towards_fingers{0, -1};  // unit image vector along the arm
  double out_distance_px = 0;          // slid back this far, the hand has left the picture
};

// The same view through a sensor `reduction` times smaller.
TableCamera reduced(const TableCamera& camera, int reduction) {
  TableCamera small = camera;
  small.image_size = camera.image_size / reduction;
  small.focal_px = camera.focal_px / reduction;
  small.principal_point =
      (camera.principal_point + cv::Point2d(0.5, 0.5)) / reduction - cv::Point2d(0.5, 0.5);
  return small;
}

// A line of `length_px` along `direction`, normalised: motion blur.
cv::Mat motion_kernel(cv::Point2d direction, double length_px) {
  const int half = static_cast<int>(std::ceil(length_px / 2));
  cv::Mat kernel(2 * half + 1, 2 * half + 1, CV_32F, cv::Scalar(0));
  const cv::Point2d centre(half, half);
  cv::line(kernel, centre - direction * (length_px / 2), centre + direction * (length_px / 2),
           cv::Scalar(1), 1, cv::LINE_AA);
  return kernel / std::max(1e-6, cv::sum(kernel)[0]);
}

class Film {
 public:
  Film(const GameScript& script, const CaptureConditions& conditions, double fps,
       std::uint64_t seed, const FrameSink& sink)
      : script_(script), conditions_(conditions), fps_(fps), rng_(seed), sink_(sink) {
    picture_seed_ = rng_();
    noise_rng_ = cv::RNG(rng_());
    noise_sigma_ = std::max(0.8, 0.6 * conditions.noise_sigma);
  }

  GameVideoTruth run() {
    truth_.players = script_.players;
    truth_.fps = fps_;
    truth_.image_size = conditions_.image_size;
    announce(0, true, {});
    still(0, script_.still_first_s);
    std::vector<double> settled_s;  // when the table settled from each visit
    for (std::size_t index = 0; index < script_.visits.size(); ++index) {
      const ScriptVisit& visit = script_.visits[index];
      hand_visit(visit);
      settled_s.push_back(time_of(frame_));
      announce(visit.after, visit.after != visit.before, visit.events);
      double still_s = visit.still_after_s;
      if (index + 1 == script_.visits.size() && script_.end_counted_from) {
        const double end_s = settled_s.at(*script_.end_counted_from) + script_.end_after_s;
        still_s = std::max(still_s, end_s - time_of(frame_));
      }
      still(visit.after, still_s);
      forget_pictures_before(visit.after);
    }
    if (!script_.events_at_end.empty()) {
      const std::size_t last = script_.visits.empty() ? 0 : script_.visits.back().after;
      announce(last, script_.state_at_end, script_.events_at_end);
      still(last, script_.still_at_end_s);
    }
    return std::move(truth_);
  }

 private:
  const Photo& picture(std::size_t layout) {
    auto found = pictures_.find(layout);
    if (found == pictures_.end()) {
      // One seed for every layout: the light, the table and the sensor's fixed pattern stay put.
      found = pictures_
                  .emplace(layout, capture_photo(script_.layouts[layout].table, conditions_,
                                                 script_.camera, picture_seed_))
                  .first;
    }
    return found->second;
  }

  void forget_pictures_before(std::size_t layout) {
    std::erase_if(pictures_, [&](const auto& entry) { return entry.first < layout; });
  }

  double time_of(int frame) const { return frame / fps_; }

  // The true events of a play, stamped with the next frame (the first one still again).
  void announce(std::size_t layout, bool new_layout, const std::vector<referee::Event>& events) {
    const int frame = frame_;
    const auto stamp = [&](nlohmann::json line) {
      nlohmann::json stamped = {{"frame", frame}, {"time_s", time_of(frame)}};
      stamped.update(line);
      truth_.events.push_back(std::move(stamped));
    };
    if (new_layout) {
      nlohmann::json state = {{"type", "state"}};
      state.update(script_.layouts[layout].state_fields(picture(layout)));
      stamp(std::move(state));
    }
    for (const referee::Event& event : events) {
      nlohmann::json line = referee::to_json(event);
      line.erase("frame");
      line.erase("time_s");
      stamp(std::move(line));
    }
  }

  void still(std::size_t layout, double seconds) {
    const int count = frames_for(seconds, fps_, 1);
    for (int i = 0; i < count; ++i) emit(layout, nullptr, 0, 0);
  }

  void hand_visit(const ScriptVisit& visit) {
    const HandSprite hand = photograph_hand(visit);
    const int approach = frames_for(uniform(rng_, 0.4, 0.7), fps_, 2);
    const int dwell = frames_for(uniform(rng_, 0.3, 0.7), fps_, 1);
    const int retreat = frames_for(uniform(rng_, 0.4, 0.7), fps_, 2);
    double previous = hand.out_distance_px;
    const auto frame_at = [&](std::size_t layout, double back_px) {
      emit(layout, &hand, back_px, std::abs(back_px - previous) * kShutterShare);
      previous = back_px;
    };
    for (int i = 1; i <= approach; ++i) {
      frame_at(visit.before, hand.out_distance_px * (1 - smoothstep(double(i) / approach)));
    }
    // The cards change under the hand halfway through its stay; it never stays quite still.
    for (int i = 0; i < dwell; ++i) {
      frame_at(2 * i < dwell ? visit.before : visit.after, uniform(rng_, 0, 3));
    }
    for (int i = 1; i <= retreat; ++i) {
      frame_at(visit.after, hand.out_distance_px * smoothstep(double(i) / retreat));
    }
  }

  HandSprite photograph_hand(const ScriptVisit& visit) {
    const int reduction = std::max(1, conditions_.image_size.width / kMaxHandPhotoWidth);
    CaptureConditions conditions = conditions_;
    conditions.image_size = conditions_.image_size / reduction;
    conditions.blur_sigma_px /= reduction;
    const TableCamera camera = reduced(script_.camera, reduction);
    conditions.hand_count = 1;
    conditions.sleeve_count = chance(rng_, 0.6) ? 1 : 0;
    conditions.hands_over_pieces = true;
    const cv::Point2d player_side(std::cos(visit.seat_direction_rad),
                                  std::sin(visit.seat_direction_rad));
    std::optional<Photo> best;
    double best_cosine = -2;
    for (int attempt = 0; attempt < kHandAttempts && best_cosine < kFromPlayerSideCosine;
         ++attempt) {
      Photo photo = capture_photo(visit.hand_target, conditions, camera, rng_());
      const nlohmann::json& hands = photo.details.at("hands");
      if (hands.empty()) continue;
      const cv::Point2d tip(hands[0]["tip_px"][0], hands[0]["tip_px"][1]);
      const cv::Point2d wrist(hands[0]["wrist_px"][0], hands[0]["wrist_px"][1]);
      const double cosine = unit_direction(wrist - tip).dot(player_side);
      if (cosine > best_cosine) {
        best_cosine = cosine;
        best = std::move(photo);
      }
    }
    HandSprite sprite;
    if (!best) return sprite;  // no pose fitted: the visit is filmed without a hand
    const nlohmann::json& hand = best->details.at("hands")[0];
    const cv::Point2d tip(hand["tip_px"][0], hand["tip_px"][1]);
    const cv::Point2d wrist(hand["wrist_px"][0], hand["wrist_px"][1]);
    sprite.towards_fingers = unit_direction(tip - wrist);
    cv::Mat covered;
    cv::threshold(best->occlusion, covered, 0.002, 255, cv::THRESH_BINARY);
    covered.convertTo(covered, CV_8U);
    const cv::Rect small_box = cv::boundingRect(covered);
    if (small_box.empty()) return sprite;
    sprite.box = cv::Rect(small_box.tl() * reduction, small_box.size() * reduction) &
                 cv::Rect(cv::Point(0, 0), conditions_.image_size);
    cv::resize(best->occlusion(small_box), sprite.coverage, small_box.size() * reduction, 0, 0,
               cv::INTER_LINEAR);
    cv::Mat colour;
    cv::resize(best->image_bgr(small_box), colour, small_box.size() * reduction, 0, 0,
               cv::INTER_LINEAR);
    colour.convertTo(colour, CV_32FC3);
    const cv::Rect kept(cv::Point(0, 0), sprite.box.size());
    sprite.coverage = sprite.coverage(kept).clone();
    colour = colour(kept);
    cv::Mat coverage3;
    cv::merge(std::vector<cv::Mat>(3, sprite.coverage), coverage3);
    sprite.colour = colour.mul(coverage3);
    const std::array<cv::Point2d, 4> corners = {
        cv::Point2d(sprite.box.tl()), cv::Point2d(sprite.box.x + sprite.box.width, sprite.box.y),
        cv::Point2d(sprite.box.br()), cv::Point2d(sprite.box.x, sprite.box.y + sprite.box.height)};
    for (const cv::Point2d& corner : corners) {
      sprite.out_distance_px =
          std::max(sprite.out_distance_px,
                   distance_to_border(corner, -sprite.towards_fingers, conditions_.image_size) + 2);
    }
    return sprite;
  }

  // Lays the hand, slid back `back_px` along its arm and blurred over `blur_px`, over `frame`
  // (CV_32FC3), with its shadow; returns the share of the image it covers.
  double lay_hand(const HandSprite& hand, double back_px, double blur_px, cv::Mat& frame) {
    if (hand.coverage.empty()) return 0;
    const cv::Point2d shift = -hand.towards_fingers * back_px;
    const cv::Point offset(static_cast<int>(std::lround(shift.x)),
                           static_cast<int>(std::lround(shift.y)));
    const int pad = static_cast<int>(std::ceil(blur_px / 2)) + 1;
    const cv::Rect image(cv::Point(0, 0), frame.size());
    const cv::Rect placed = cv::Rect(hand.box.tl() + offset, hand.box.size());
    const cv::Rect padded(placed.x - pad, placed.y - pad, placed.width + 2 * pad,
                          placed.height + 2 * pad);
    const cv::Rect visible = padded & image;
    if (visible.empty()) return 0;

    cv::Mat colour(padded.size(), CV_32FC3, cv::Scalar::all(0));
    cv::Mat coverage(padded.size(), CV_32F, cv::Scalar(0));
    hand.colour.copyTo(colour(cv::Rect(pad, pad, placed.width, placed.height)));
    hand.coverage.copyTo(coverage(cv::Rect(pad, pad, placed.width, placed.height)));
    if (blur_px > 1) {
      const cv::Mat kernel = motion_kernel(hand.towards_fingers, blur_px);
      cv::filter2D(colour, colour, -1, kernel, cv::Point(-1, -1), 0, cv::BORDER_CONSTANT);
      cv::filter2D(coverage, coverage, -1, kernel, cv::Point(-1, -1), 0, cv::BORDER_CONSTANT);
    }
    const cv::Rect inside(visible.tl() - padded.tl(), visible.size());

    // The hand hovers: its shadow falls a little away from it, soft.
    const double scale = std::min(frame.cols, frame.rows);
    cv::Mat shadow(frame.size(), CV_32F, cv::Scalar(0));
    const cv::Point shadow_offset(static_cast<int>(0.02 * scale), static_cast<int>(0.03 * scale));
    const cv::Rect shadow_box = cv::Rect(visible.tl() + shadow_offset, visible.size()) & image;
    if (!shadow_box.empty()) {
      coverage(cv::Rect(inside.tl(), shadow_box.size())).copyTo(shadow(shadow_box));
      cv::GaussianBlur(shadow, shadow, cv::Size(), 0.012 * scale);
      cv::Mat light = 1 - kHandShadowStrength * shadow;
      cv::Mat light3;
      cv::merge(std::vector<cv::Mat>(3, light), light3);
      frame = frame.mul(light3);
    }

    cv::Mat target = frame(visible);
    const cv::Mat hand_colour = colour(inside);
    const cv::Mat hand_coverage = coverage(inside);
    cv::Mat keep3;
    cv::merge(std::vector<cv::Mat>(3, 1 - hand_coverage), keep3);
    target = target.mul(keep3) + hand_colour;
    target.copyTo(frame(visible));
    return cv::sum(hand_coverage)[0] / static_cast<double>(frame.total());
  }

  void emit(std::size_t layout, const HandSprite* hand, double back_px, double blur_px) {
    cv::Mat frame;
    picture(layout).image_bgr.convertTo(frame, CV_32FC3);
    cv::Mat noise(frame.size(), CV_32FC3);
    noise_rng_.fill(noise, cv::RNG::NORMAL, 0, noise_sigma_);
    frame += noise;
    const double hand_share = hand != nullptr ? lay_hand(*hand, back_px, blur_px, frame) : 0.0;
    cv::Mat bgr;
    frame.convertTo(bgr, CV_8UC3);
    sink_(bgr, frame_, time_of(frame_));
    truth_.frames.push_back({frame_, time_of(frame_), hand_share, static_cast<int>(layout)});
    ++frame_;
  }

  const GameScript& script_;
  const CaptureConditions& conditions_;
  double fps_;
  std::mt19937_64 rng_;
  const FrameSink& sink_;
  std::uint64_t picture_seed_ = 0;
  cv::RNG noise_rng_;
  double noise_sigma_ = 1;
  std::map<std::size_t, Photo> pictures_;
  int frame_ = 0;
  GameVideoTruth truth_;
};

void check(const GameVideoOptions& options) {
  if (options.game != referee::Game::trio && (options.players < 2 || options.players > 4)) {
    throw std::invalid_argument("a filmed game of " +
                                std::string(referee::game_name(options.game)) +
                                " has 2 to 4 players");
  }
  if (options.punto.max_plays < 0) {
    throw std::invalid_argument("the number of plays cannot be negative");
  }
  if (options.punto.team_game && (options.game != referee::Game::punto || options.players != 4)) {
    throw std::invalid_argument("the team game is Punto's, with 4 players");
  }
  if (options.game == referee::Game::trio && (options.players < 2 || options.players > 5)) {
    throw std::invalid_argument("a filmed Trio Monsters game has 2 to 5 players");
  }
  if (options.max_turns < 0) throw std::invalid_argument("the number of turns cannot be negative");
  if (!(options.illegal_share >= 0 && options.illegal_share <= 1)) {
    throw std::invalid_argument("the share of illegal plays must be 0 to 1");
  }
  if (!(options.fps >= 1 && options.fps <= 60)) {
    throw std::invalid_argument("the frame rate must be 1 to 60 frames per second");
  }
  if (options.rounds_to_win < 1) throw std::invalid_argument("a match needs 1 or more rounds");
  if (options.max_tricks < 0)
    throw std::invalid_argument("the number of tricks cannot be negative");
  if (!(options.min_still_s > 0 && options.max_still_s >= options.min_still_s)) {
    throw std::invalid_argument("still stretches need 0 < min_still_s <= max_still_s");
  }
  if (options.image_size && (options.image_size->width < 64 || options.image_size->height < 64)) {
    throw std::invalid_argument("the picture is too small");
  }
}

}  // namespace

GameVideoTruth render_game_video(const GameVideoOptions& options, std::uint64_t seed,
                                 const FrameSink& sink) {
  check(options);
  std::mt19937_64 rng(seed);
  CaptureConditions conditions = draw_conditions(options.level, rng);
  if (options.image_size) conditions.image_size = *options.image_size;
  // Hands come with the visits; glare would jump from card to card as the layout changes.
  conditions.hand_count = 0;
  conditions.sleeve_count = 0;
  conditions.glare_count = 0;
  const GameScript script =
      options.game == referee::Game::trio    ? trio_game_script(options, conditions, rng)
      : options.game == referee::Game::punto ? punto_game_script(options, conditions, rng)
      : options.game == referee::Game::bugs  ? bugs_game_script(options, conditions, rng)
                                             : freeze_game_script(options, conditions, rng);
  GameVideoTruth truth = Film(script, conditions, options.fps, rng(), sink).run();
  truth.details = {{"seed", seed},
                   {"level", level_name(options.level)},
                   {"game", script.details},
                   {"conditions", to_json(conditions)},
                   {"camera", script.camera.to_json()}};
  return truth;
}

namespace {

bool is_video_file(const fs::path& out) {
  return out.extension() == ".avi" || out.extension() == ".mp4";
}

// Motion JPEG in .avi keeps every frame whole (for tests that need the pixels); H.264 in .mp4 is
// an order of magnitude smaller (for the bundled clips), MPEG-4 part 2 where H.264 is missing.
bool open_video_writer(cv::VideoWriter& writer, const fs::path& out, double fps, cv::Size size) {
  if (out.extension() == ".avi") {
    if (!writer.open(out.string(), cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), fps, size))
      return false;
    writer.set(cv::VIDEOWRITER_PROP_QUALITY, 95);
    return true;
  }
  return writer.open(out.string(), cv::VideoWriter::fourcc('a', 'v', 'c', '1'), fps, size) ||
         writer.open(out.string(), cv::VideoWriter::fourcc('m', 'p', '4', 'v'), fps, size);
}

}  // namespace

GameVideoFiles game_video_files(const fs::path& out) {
  if (is_video_file(out)) {
    fs::path events = out, truth = out;
    events.replace_extension(".events.jsonl");
    truth.replace_extension(".truth.json");
    return {out, events, truth};
  }
  return {out, out / "events.jsonl", out / "truth.json"};
}

nlohmann::json to_json(const GameVideoTruth& truth) {
  nlohmann::json frames = nlohmann::json::array();
  for (const VideoFrameTruth& frame : truth.frames) {
    frames.push_back({{"frame", frame.index},
                      {"time_s", frame.time_s},
                      {"hand_share", std::round(frame.hand_share * 1e5) / 1e5},
                      {"layout", frame.layout}});
  }
  return {{"players", truth.players},
          {"fps", truth.fps},
          {"image_size", {truth.image_size.width, truth.image_size.height}},
          {"details", truth.details},
          {"frames", std::move(frames)}};
}

referee::Result<GameVideoTruth> write_game_video(const GameVideoOptions& options,
                                                 std::uint64_t seed, const fs::path& out) {
  const GameVideoFiles files = game_video_files(out);
  const bool video = is_video_file(out);
  std::error_code error;
  const fs::path folder = video ? out.parent_path() : out;
  if (!folder.empty()) fs::create_directories(folder, error);
  if (error) return referee::Error{folder.string() + ": cannot create the folder"};

  cv::VideoWriter writer;
  bool written = true;
  const FrameSink sink = [&](const cv::Mat& bgr, int index, double) {
    if (!written) return;
    if (video) {
      if (!writer.isOpened()) written = open_video_writer(writer, out, options.fps, bgr.size());
      if (written) writer.write(bgr);
    } else {
      std::ostringstream name;
      name << "frame-" << std::setw(5) << std::setfill('0') << index << ".jpg";
      written = cv::imwrite((out / name.str()).string(), bgr, {cv::IMWRITE_JPEG_QUALITY, 95});
    }
  };
  GameVideoTruth truth;
  try {
    truth = render_game_video(options, seed, sink);
  } catch (const std::invalid_argument& invalid) {
    return referee::Error{invalid.what()};
  }
  writer.release();
  if (!written) return referee::Error{out.string() + ": cannot write the frames"};
  std::ofstream events(files.events);
  for (const nlohmann::json& event : truth.events) events << event.dump() << '\n';
  std::ofstream truth_file(files.truth);
  truth_file << to_json(truth).dump(1) << '\n';
  if (!events || !truth_file) return referee::Error{out.string() + ": cannot write the truth"};
  return truth;
}

}  // namespace tableref::samples
