#include "samples/capture.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>

#include "bounds.hpp"
#include "colour_space.hpp"
#include "hands.hpp"
#include "photometric.hpp"
#include "plane.hpp"
#include "table_surface.hpp"

namespace tableref::samples {

namespace {

// Pieces are seen through 2 x 2 samples per pixel, averaged: their edges are anti-aliased.
constexpr int kSupersampling = 2;
// The table point of every sample is interpolated from exact points this many samples apart.
constexpr int kMapStep = 8;
constexpr double kMaxLayerPixels = 12e6;

// Exact table points every kMapStep samples of a region seen `supersampling` times in each
// direction, one extra all round so that the bilinear upsampling of table_points interpolates
// everywhere and never clamps.
struct TablePointGrid {
  cv::Mat exact;  // CV_32FC3: the table point (x, y in mm) and the size of an image pixel there
  cv::Size samples;
};

TablePointGrid table_point_grid(const TableCamera& camera, const cv::Rect& region,
                                int supersampling) {
  const cv::Size samples(region.width * supersampling, region.height * supersampling);
  const cv::Size coarse(samples.width / kMapStep + 3, samples.height / kMapStep + 3);
  cv::Mat grid(coarse, CV_32FC3);
  const auto output_pixel = [&](int dense_index, int region_origin) {
    const double dense_position = kMapStep * (dense_index - 1) + (kMapStep - 1) / 2.0;
    return region_origin + (dense_position + 0.5) / supersampling - 0.5;
  };
  cv::parallel_for_(cv::Range(0, coarse.height), [&](const cv::Range& rows) {
    for (int row = rows.start; row < rows.end; ++row) {
      auto* out = grid.ptr<cv::Vec3f>(row);
      const double y = output_pixel(row, region.y);
      for (int col = 0; col < coarse.width; ++col) {
        const double x = output_pixel(col, region.x);
        const cv::Point2d at = camera.table_from_image({x, y});
        const cv::Point2d along_x =
            camera.table_from_image({x + 0.5, y}) - camera.table_from_image({x - 0.5, y});
        const cv::Point2d along_y =
            camera.table_from_image({x, y + 0.5}) - camera.table_from_image({x, y - 0.5});
        const double footprint = std::max(cv::norm(along_x), cv::norm(along_y));
        // Outside the lens model (never inside a fitted frame): a far, featureless point.
        out[col] = finite(at) && std::isfinite(footprint)
                       ? cv::Vec3f(static_cast<float>(at.x), static_cast<float>(at.y),
                                   static_cast<float>(footprint))
                       : cv::Vec3f(1e5f, 1e5f, 1e3f);
      }
    }
  });
  return {grid, samples};
}

// For each sample of rows [first, first + count) of the grid: the table point (x, y in mm) and
// the size of an image pixel there (mm), as CV_32FC3. Only the exact rows those samples lie
// between are upsampled, to the same values as upsampling the whole grid: sample row r is row
// r + kMapStep of the upsampled grid, between exact rows (r + kMapStep / 2) / kMapStep and the
// next.
cv::Mat table_points(const TablePointGrid& grid, int first, int count) {
  const int top = (first + kMapStep / 2) / kMapStep;
  const int bottom = (first + count - 1 + kMapStep / 2) / kMapStep + 2;
  cv::Mat upsampled;
  cv::resize(grid.exact.rowRange(top, bottom), upsampled,
             cv::Size(grid.exact.cols * kMapStep, (bottom - top) * kMapStep), 0, 0,
             cv::INTER_LINEAR);
  // Rows read by ptr: the view needs no copy.
  return upsampled(
      cv::Rect(kMapStep, first + kMapStep - top * kMapStep, grid.samples.width, count));
}

cv::Mat shade_table(const TableShader& shader, const cv::Mat& points) {
  cv::Mat linear(points.size(), CV_32FC3);
  cv::parallel_for_(cv::Range(0, points.rows), [&](const cv::Range& rows) {
    for (int row = rows.start; row < rows.end; ++row) {
      const auto* in = points.ptr<cv::Vec3f>(row);
      auto* out = linear.ptr<cv::Vec3f>(row);
      for (int col = 0; col < points.cols; ++col)
        out[col] = shader.shade({in[col][0], in[col][1]}, in[col][2]);
    }
  });
  return linear;
}

// The pieces drawn in table space: premultiplied linear BGRA, 16 bits per channel.
struct PieceLayer {
  cv::Mat premultiplied;  // CV_16UC4
  cv::Point2d origin_mm;  // table point at the top-left corner of the first pixel
  double px_per_mm = 8;

  cv::Point2d pixel_from_table(cv::Point2d table_mm) const {
    return (table_mm - origin_mm) * px_per_mm - cv::Point2d(0.5, 0.5);
  }
};

struct DropShadow {
  cv::Point2d offset_mm;
  double blur_mm = 1;
  double strength = 0.4;
};

// A lamp casts the piece's shadow away from it; the light of the room darkens all around the
// piece a little (ambient occlusion). Higher pieces cast longer, softer shadows.
DropShadow drop_shadow(const FlatPiece& piece, const CaptureConditions& conditions) {
  const double lift = piece.height_mm + piece.thickness_mm;
  const double azimuth = conditions.light_azimuth_deg * std::numbers::pi / 180;
  const double run = lift / std::tan(conditions.light_elevation_deg * std::numbers::pi / 180);
  return {cv::Point2d(-std::cos(azimuth), -std::sin(azimuth)) * run, 0.35 + 1.0 * lift,
          conditions.drop_shadow_strength};
}

// A piece's shadow mask: its alpha shifted and blurred. Shadows are soft, so a quarter of the
// resolution draws them.
cv::Mat shifted_blur(const cv::Mat& mask, cv::Point2d shift_px, double sigma_px) {
  constexpr int kDownscale = 4;
  cv::Mat small;
  cv::resize(mask, small, cv::Size(), 1.0 / kDownscale, 1.0 / kDownscale, cv::INTER_AREA);
  const cv::Point2d small_shift = shift_px / kDownscale;
  cv::warpAffine(small, small, cv::Matx23d(1, 0, small_shift.x, 0, 1, small_shift.y), small.size(),
                 cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(0));
  cv::GaussianBlur(small, small, cv::Size(), std::max(sigma_px / kDownscale, 0.3));
  cv::Mat full;
  cv::resize(small, full, mask.size(), 0, 0, cv::INTER_LINEAR);
  return full;
}

// Paper is never perfectly flat in colour: fine grain and a faint mottle.
cv::Mat paper_texture(cv::Size size, double px_per_mm, double grain, cv::RNG& rng) {
  cv::Mat fine(size, CV_32F);
  rng.fill(fine, cv::RNG::NORMAL, 0, 1);
  cv::GaussianBlur(fine, fine, cv::Size(), 0.7);
  const cv::Size coarse_size(std::max(2, static_cast<int>(size.width / (4 * px_per_mm))),
                             std::max(2, static_cast<int>(size.height / (4 * px_per_mm))));
  cv::Mat coarse(coarse_size, CV_32F);
  rng.fill(coarse, cv::RNG::NORMAL, 0, 1);
  cv::Mat mottle;
  cv::resize(coarse, mottle, size, 0, 0, cv::INTER_CUBIC);
  return 1 + grain * (2.5 * fine + 0.5 * mottle);
}

void paint_piece(const FlatPiece& piece, const CaptureConditions& conditions, cv::RNG& rng,
                 PieceLayer& layer) {
  const DropShadow shadow = drop_shadow(piece, conditions);
  const double pad_mm = cv::norm(shadow.offset_mm) + 3 * shadow.blur_mm + 2;
  Bounds extent_px;
  for (const cv::Point2d& corner : outline_on_table(piece))
    extent_px.add(layer.pixel_from_table(corner));
  const cv::Rect roi = extent_px.pixels(pad_mm * layer.px_per_mm) &
                       cv::Rect(0, 0, layer.premultiplied.cols, layer.premultiplied.rows);
  if (roi.empty()) return;

  const double angle = piece.angle_deg * std::numbers::pi / 180;
  const double ppm = layer.px_per_mm;
  const cv::Point2d half_size(piece.size_mm.width / 2, piece.size_mm.height / 2);
  const cv::Point2d rotated_half(half_size.x * std::cos(angle) - half_size.y * std::sin(angle),
                                 half_size.x * std::sin(angle) + half_size.y * std::cos(angle));
  const cv::Point2d origin =
      layer.pixel_from_table(piece.centre_mm - rotated_half) - cv::Point2d(roi.tl());
  const cv::Matx23d pixel_from_local(ppm * std::cos(angle), -ppm * std::sin(angle), origin.x,
                                     ppm * std::sin(angle), ppm * std::cos(angle), origin.y);
  PieceCanvas canvas(roi.size(), pixel_from_local, ppm);
  piece.paint(canvas);

  cv::Mat alpha;
  canvas.alpha().convertTo(alpha, CV_32F, 1.0 / 255);
  cv::Mat colour = linear_from_srgb8(canvas.colour_bgr());
  const cv::Mat texture = paper_texture(roi.size(), ppm, conditions.paper_grain, rng);
  cv::Mat directional = shifted_blur(alpha, shadow.offset_mm * ppm, shadow.blur_mm * ppm);
  cv::Mat ambient = shifted_blur(alpha, {0, 0}, 1.2 * ppm);
  const cv::Mat shade =
      1 - (1 - shadow.strength * directional).mul(1 - 0.5 * shadow.strength * ambient);

  cv::Mat below;
  layer.premultiplied(roi).convertTo(below, CV_32F, 1.0 / 65535);
  for (int row = 0; row < roi.height; ++row) {
    auto* target = below.ptr<cv::Vec4f>(row);
    const auto* paint = colour.ptr<cv::Vec3f>(row);
    const float* coverage = alpha.ptr<float>(row);
    const float* darkening = shade.ptr<float>(row);
    const float* paper = texture.ptr<float>(row);
    for (int col = 0; col < roi.width; ++col) {
      cv::Vec4f pixel = target[col];
      // The shadow first (black, partly transparent), then the piece over it.
      const float keep_shadow = 1 - darkening[col];
      pixel = cv::Vec4f(pixel[0] * keep_shadow, pixel[1] * keep_shadow, pixel[2] * keep_shadow,
                        darkening[col] + pixel[3] * keep_shadow);
      const float a = coverage[col];
      const float tone = a * paper[col];
      pixel = cv::Vec4f(paint[col][0] * tone + pixel[0] * (1 - a),
                        paint[col][1] * tone + pixel[1] * (1 - a),
                        paint[col][2] * tone + pixel[2] * (1 - a), a + pixel[3] * (1 - a));
      target[col] = pixel;
    }
  }
  below.convertTo(layer.premultiplied(roi), CV_16U, 65535);
}

PieceLayer draw_piece_layer(const TableLayout& layout, const CaptureConditions& conditions,
                            const TableCamera& camera, cv::RNG& rng) {
  Bounds bounds;
  double finest_px_per_mm = 0;
  for (const FlatPiece& piece : layout.pieces) {
    for (const cv::Point2d& corner : outline_on_table(piece)) {
      bounds.add(corner);
      finest_px_per_mm = std::max(finest_px_per_mm, camera.scale_px_per_mm(corner));
    }
  }
  constexpr double kMarginMm = 12;
  const cv::Rect2d extent(bounds.min_x - kMarginMm, bounds.min_y - kMarginMm,
                          bounds.max_x - bounds.min_x + 2 * kMarginMm,
                          bounds.max_y - bounds.min_y + 2 * kMarginMm);
  PieceLayer layer;
  layer.origin_mm = extent.tl();
  // A little finer than the finest sample that will look at it.
  layer.px_per_mm = std::clamp(1.25 * kSupersampling * finest_px_per_mm, 4.0, 16.0);
  layer.px_per_mm = std::min(layer.px_per_mm, std::sqrt(kMaxLayerPixels / extent.area()));
  layer.premultiplied = cv::Mat(static_cast<int>(std::ceil(extent.height * layer.px_per_mm)),
                                static_cast<int>(std::ceil(extent.width * layer.px_per_mm)),
                                CV_16UC4, cv::Scalar::all(0));
  for (const FlatPiece& piece : layout.pieces) paint_piece(piece, conditions, rng, layer);
  return layer;
}

// The image pixels that can see the piece layer.
cv::Rect image_region(const PieceLayer& layer, const TableCamera& camera) {
  const cv::Size2d size_mm(layer.premultiplied.cols / layer.px_per_mm,
                           layer.premultiplied.rows / layer.px_per_mm);
  const std::array<cv::Point2d, 4> corners = {
      layer.origin_mm, layer.origin_mm + cv::Point2d(size_mm.width, 0),
      layer.origin_mm + cv::Point2d(size_mm.width, size_mm.height),
      layer.origin_mm + cv::Point2d(0, size_mm.height)};
  Bounds bounds;
  constexpr int kStepsPerSide = 32;  // the sides bend under lens distortion
  for (std::size_t side = 0; side < corners.size(); ++side) {
    for (int step = 0; step < kStepsPerSide; ++step) {
      const cv::Point2d point = corners[side] + (corners[(side + 1) % 4] - corners[side]) *
                                                    (static_cast<double>(step) / kStepsPerSide);
      const cv::Point2d pixel = camera.image_from_table(point);
      if (finite(pixel)) bounds.add(pixel);
    }
  }
  if (bounds.empty()) return {};
  return bounds.pixels(2) & cv::Rect(cv::Point(0, 0), camera.image_size);
}

// The piece layer as the image's `region` sees it: premultiplied linear BGRA, CV_32FC4. Band by
// band of image rows: each pixel's samples are its own, and a band's buffers stay in cache where
// the whole region's (hundreds of MB at 1080p) would not.
cv::Mat see_pieces(const PieceLayer& layer, const TableCamera& camera, const cv::Rect& region) {
  constexpr int kBandRows = 16;
  const TablePointGrid grid = table_point_grid(camera, region, kSupersampling);
  cv::Mat seen(region.size(), CV_32FC4);
  cv::Mat map, sampled, as_float;
  for (int top = 0; top < region.height; top += kBandRows) {
    const int rows = std::min(kBandRows, region.height - top);
    const cv::Mat band = table_points(grid, top * kSupersampling, rows * kSupersampling);
    map.create(band.size(), CV_32FC2);
    for (int row = 0; row < band.rows; ++row) {
      const auto* in = band.ptr<cv::Vec3f>(row);
      auto* out = map.ptr<cv::Vec2f>(row);
      for (int col = 0; col < band.cols; ++col) {
        const cv::Point2d pixel = layer.pixel_from_table({in[col][0], in[col][1]});
        out[col] = cv::Vec2f(static_cast<float>(pixel.x), static_cast<float>(pixel.y));
      }
    }
    cv::remap(layer.premultiplied, sampled, map, cv::noArray(), cv::INTER_LINEAR,
              cv::BORDER_CONSTANT, cv::Scalar::all(0));
    sampled.convertTo(as_float, CV_32F, 1.0 / 65535);
    cv::Mat seen_band = seen.rowRange(top, top + rows);
    cv::resize(as_float, seen_band, seen_band.size(), 0, 0, cv::INTER_AREA);
  }
  return seen;
}

// Lays the pieces over `scene` (the table, linear BGR); returns where they lie (CV_32F
// coverage): their glossy print is where glare shines brightest.
cv::Mat lay_pieces(const TableLayout& layout, const CaptureConditions& conditions,
                   const TableCamera& camera, std::uint64_t paper_seed, cv::Mat& scene) {
  cv::Mat coverage(scene.size(), CV_32F, cv::Scalar(0));
  if (layout.pieces.empty()) return coverage;
  cv::RNG paper_rng(paper_seed);
  const PieceLayer layer = draw_piece_layer(layout, conditions, camera, paper_rng);
  const cv::Rect region = image_region(layer, camera);
  if (region.empty()) return coverage;
  const cv::Mat seen = see_pieces(layer, camera, region);
  cv::Mat table = scene(region);
  cv::Mat covered = coverage(region);
  for (int row = 0; row < region.height; ++row) {
    auto* below = table.ptr<cv::Vec3f>(row);
    const auto* piece = seen.ptr<cv::Vec4f>(row);
    float* alpha = covered.ptr<float>(row);
    for (int col = 0; col < region.width; ++col) {
      const float a = piece[col][3];
      for (int c = 0; c < 3; ++c) below[col][c] = below[col][c] * (1 - a) + piece[col][c];
      alpha[col] = a;
    }
  }
  return coverage;
}

// The scene under the lamp (brightness `light`, colour `lamp`, `glare` added) with the hands
// above it and their shadows on it, in linear BGR; `occlusion` receives what hands and
// washed-out glare hide.
cv::Mat light_scene(const cv::Mat& scene, const HandsLayer& hands, const cv::Mat& light,
                    const cv::Mat& glare, const cv::Vec3f& lamp, cv::Mat& occlusion) {
  cv::Mat lit(scene.size(), CV_32FC3);
  occlusion.create(scene.size(), CV_32F);
  for (int row = 0; row < scene.rows; ++row) {
    const auto* surface = scene.ptr<cv::Vec3f>(row);
    const auto* hand = hands.colour.ptr<cv::Vec3f>(row);
    const float* hand_coverage = hands.coverage.ptr<float>(row);
    const float* hand_shadow = hands.shadow.ptr<float>(row);
    const float* highlight = glare.ptr<float>(row);
    const float* brightness = light.ptr<float>(row);
    auto* out = lit.ptr<cv::Vec3f>(row);
    float* hidden = occlusion.ptr<float>(row);
    for (int col = 0; col < scene.cols; ++col) {
      const float cover = hand_coverage[col];
      for (int c = 0; c < 3; ++c) {
        const float below =
            surface[col][c] * (1 - hand_shadow[col]) * brightness[col] + highlight[col];
        out[col][c] = (hand[col][c] * brightness[col] + below * (1 - cover)) * lamp[c];
      }
      hidden[col] = std::max(cover, highlight[col] >= kWashedOutGlare ? 1.0f : 0.0f);
    }
  }
  return lit;
}

}  // namespace

Photo capture_photo(const TableLayout& layout, const CaptureConditions& conditions,
                    const TableCamera& camera, std::uint64_t seed) {
  CV_Assert(camera.image_size == conditions.image_size);
  std::mt19937_64 rng(seed);
  const std::vector<std::vector<cv::Point2d>> outlines = layout.outlines_on_table();

  const cv::Mat points =
      table_points(table_point_grid(camera, cv::Rect(cv::Point(0, 0), conditions.image_size), 1), 0,
                   conditions.image_size.height);
  cv::Mat scene = shade_table(TableShader(conditions.table), points);
  const cv::Mat gloss = lay_pieces(layout, conditions, camera, rng(), scene);
  const HandsLayer hands = draw_hands(camera, conditions, outlines, rng);
  const std::vector<GlareSpot> spots = place_glare(conditions, outlines, rng);
  // The table's finish shines too, but less than printed card.
  const cv::Mat glare = glare_intensity(spots, points).mul(0.25 + 0.75 * gloss);
  const cv::Mat light = illumination(conditions, rng);

  Photo photo;
  photo.camera = camera;
  const cv::Mat lit =
      light_scene(scene, hands, light, glare, lamp_colour_gains(conditions.colour_temperature_k),
                  photo.occlusion);
  photo.image_bgr = sensor_output(lit, conditions, rng);
  nlohmann::json glare_details = nlohmann::json::array();
  for (const GlareSpot& spot : spots) glare_details.push_back(to_json(spot));
  photo.details = {{"hands", hands.details}, {"glare", glare_details}};
  return photo;
}

}  // namespace tableref::samples
