// What fitting one body's ellipse costs (Google Benchmark): the direct fit solved in closed form
// (vision/src/ellipse_fit.hpp) against cv::fitEllipseDirect, which OpenCV 4.6 hands to its
// general conic fit for most outlines of a body's size, on the holes of rendered Trio tables'
// face masks that are of a body's size (60 to 400 outline points).

#include <benchmark/benchmark.h>

#include <opencv2/imgproc.hpp>
#include <vector>

#include "ellipse_fit.hpp"
#include "samples/render.hpp"
#include "trio_face.hpp"

namespace {

using namespace tableref;

std::vector<std::vector<cv::Point>> body_sized_outlines() {
  std::vector<std::vector<cv::Point>> outlines;
  for (int scene = 0; scene < 4; ++scene) {
    const cv::Mat bgr = samples::render_random(referee::Game::trio, samples::Level::webcam,
                                               samples::image_seed(77, scene))
                            .image_bgr;
    const vision::trio::FaceMaps maps = vision::trio::face_maps(bgr, vision::TrioReaderParams{});
    std::vector<std::vector<cv::Point>> contours;
    std::vector<cv::Vec4i> hierarchy;
    cv::findContours(maps.face, contours, hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_NONE);
    for (std::size_t i = 0; i < contours.size(); ++i) {
      const bool hole = hierarchy[i][3] >= 0;
      if (hole && contours[i].size() >= 60 && contours[i].size() <= 400)
        outlines.push_back(contours[i]);
    }
  }
  return outlines;
}

template <class Fit>
void fit_each(benchmark::State& state, Fit fit) {
  static const std::vector<std::vector<cv::Point>> outlines = body_sized_outlines();
  std::size_t index = 0;
  for (auto _ : state) benchmark::DoNotOptimize(fit(outlines[index++ % outlines.size()]));
  state.counters["outlines"] = static_cast<double>(outlines.size());
}

void BM_FitEllipseDirectClosedForm(benchmark::State& state) {
  fit_each(state, [](const std::vector<cv::Point>& outline) {
    return vision::fit_ellipse_direct(outline);
  });
}
BENCHMARK(BM_FitEllipseDirectClosedForm)->Unit(benchmark::kMicrosecond);

void BM_FitEllipseDirectOpenCV(benchmark::State& state) {
  fit_each(state,
           [](const std::vector<cv::Point>& outline) { return cv::fitEllipseDirect(outline); });
}
BENCHMARK(BM_FitEllipseDirectOpenCV)->Unit(benchmark::kMicrosecond);

}  // namespace
