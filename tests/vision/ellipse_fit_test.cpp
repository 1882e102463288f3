// The direct ellipse fit against the same fit solved with OpenCV's general matrix tools, on the
// outlines it is given in a reading: the holes of rendered Trio tables' face masks (bodies, eyes,
// cloth patterns, glare bites), and drawn ellipses of every size and angle, which it finds.

#include "ellipse_fit.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <opencv2/imgproc.hpp>

#include "samples/render.hpp"
#include "trio_face.hpp"

namespace tableref::vision {
namespace {

// An ellipse as its centre, its half axes (the shorter first) and the direction of its shorter
// axis in degrees.
struct Ellipse {
  cv::Point2d centre;
  double minor = 0, major = 0, minor_angle = 0;
};

Ellipse of_box(const cv::RotatedRect& box) {
  return {box.center, box.size.width / 2.0, box.size.height / 2.0, box.angle};
}

// Fitzgibbon, Pilu and Fisher's fit in Halir and Flusser's reduced form, solved with OpenCV's
// general matrix tools: the linear part of the conic in terms of its quadratic part, then the
// eigenvector of the reduced system for which 4ac - b² is positive. std::nullopt where none is.
std::optional<Ellipse> reference_fit(const std::vector<cv::Point>& points) {
  cv::Point2d mean(0, 0);
  for (const cv::Point& point : points) mean += cv::Point2d(point);
  mean /= static_cast<double>(points.size());
  double spread = 0;
  for (const cv::Point& point : points) spread += cv::norm(cv::Point2d(point) - mean);
  const double scale = static_cast<double>(points.size()) / spread;  // a unit mean distance
  cv::Mat quadratic_terms(static_cast<int>(points.size()), 3, CV_64F);
  cv::Mat linear_terms(static_cast<int>(points.size()), 3, CV_64F);
  for (int i = 0; i < quadratic_terms.rows; ++i) {
    const double x = (points[i].x - mean.x) * scale, y = (points[i].y - mean.y) * scale;
    quadratic_terms.at<double>(i, 0) = x * x;
    quadratic_terms.at<double>(i, 1) = x * y;
    quadratic_terms.at<double>(i, 2) = y * y;
    linear_terms.at<double>(i, 0) = x;
    linear_terms.at<double>(i, 1) = y;
    linear_terms.at<double>(i, 2) = 1;
  }
  const cv::Mat s1 = quadratic_terms.t() * quadratic_terms;
  const cv::Mat s2 = quadratic_terms.t() * linear_terms;
  const cv::Mat s3 = linear_terms.t() * linear_terms;
  const cv::Mat to_linear = -s3.inv(cv::DECOMP_SVD) * s2.t();
  const cv::Mat constraint_inverse = (cv::Mat_<double>(3, 3) << 0, 0, 0.5, 0, -1, 0, 0.5, 0, 0);
  cv::Mat values, vectors;
  cv::eigenNonSymmetric(constraint_inverse * (s1 + s2 * to_linear), values, vectors);
  int best = -1;
  for (int i = 0; i < 3; ++i) {
    const double* v = vectors.ptr<double>(i);
    if (4 * v[0] * v[2] - v[1] * v[1] > 0) best = i;
  }
  if (best < 0) return std::nullopt;
  const cv::Mat conic = vectors.row(best).t();
  const cv::Mat linear = to_linear * conic;
  const double a = conic.at<double>(0), b = conic.at<double>(1), c = conic.at<double>(2);
  const double d = linear.at<double>(0), e = linear.at<double>(1), f = linear.at<double>(2);
  const cv::Matx22d quadratic(a, b / 2, b / 2, c);
  const cv::Vec2d centre = quadratic.inv() * cv::Vec2d(-d / 2, -e / 2);
  const double at_centre = a * centre[0] * centre[0] + b * centre[0] * centre[1] +
                           c * centre[1] * centre[1] + d * centre[0] + e * centre[1] + f;
  cv::Matx21d eigenvalues;
  cv::Matx22d eigenvectors;
  cv::eigen(at_centre < 0 ? quadratic : -quadratic, eigenvalues, eigenvectors);
  // The larger eigenvalue first: the shorter axis's.
  Ellipse ellipse;
  ellipse.centre = cv::Point2d(centre[0], centre[1]) / scale + mean;
  ellipse.minor = std::sqrt(std::abs(at_centre) / eigenvalues(0)) / scale;
  ellipse.major = std::sqrt(std::abs(at_centre) / eigenvalues(1)) / scale;
  ellipse.minor_angle = std::atan2(eigenvectors(0, 1), eigenvectors(0, 0)) * 180 / std::numbers::pi;
  return ellipse;
}

void expect_same_ellipse(const Ellipse& fitted, const Ellipse& expected, double tolerance,
                         const std::string& name) {
  ASSERT_NEAR(fitted.centre.x, expected.centre.x, tolerance) << name;
  ASSERT_NEAR(fitted.centre.y, expected.centre.y, tolerance) << name;
  ASSERT_NEAR(fitted.minor, expected.minor, tolerance) << name;
  ASSERT_NEAR(fitted.major, expected.major, tolerance) << name;
  // The direction of a circle's axes is no property of it.
  if (expected.major - expected.minor > 0.02 * expected.major) {
    ASSERT_NEAR(std::remainder(fitted.minor_angle - expected.minor_angle, 180.0), 0.0,
                std::max(0.05, 20 * tolerance))
        << name;
  }
}

std::vector<std::vector<cv::Point>> outlines_of(const cv::Mat& mask, std::size_t min_points) {
  std::vector<std::vector<cv::Point>> contours, kept;
  cv::findContours(mask, contours, cv::RETR_LIST, cv::CHAIN_APPROX_NONE);
  for (auto& contour : contours) {
    if (contour.size() >= min_points) kept.push_back(std::move(contour));
  }
  return kept;
}

TEST(EllipseFit, IsTheDirectLeastSquaresFitOfTheHolesOfRenderedTables) {
  int compared = 0;
  for (int scene = 0; scene < 4; ++scene) {
    const cv::Mat bgr =
        samples::render_random(referee::Game::trio,
                               scene % 2 ? samples::Level::hard : samples::Level::webcam,
                               samples::image_seed(4100, scene))
            .image_bgr;
    const trio::FaceMaps maps = trio::face_maps(bgr, TrioReaderParams{});
    for (const auto& outline : outlines_of(maps.face, 12)) {
      const std::optional<Ellipse> expected = reference_fit(outline);
      const cv::Rect extent = cv::boundingRect(outline);
      // A fit far larger than its points (a straight edge), or of a sliver a pixel or two thick,
      // is ill-conditioned either way.
      if (!expected || expected->major > std::hypot(extent.width, extent.height) ||
          std::min(extent.width, extent.height) < 3) {
        continue;
      }
      expect_same_ellipse(of_box(fit_ellipse_direct(outline)), *expected, 1e-3,
                          "scene " + std::to_string(scene));
      ++compared;
    }
  }
  EXPECT_GT(compared, 1000);
}

TEST(EllipseFit, FindsDrawnEllipses) {
  int drawn_ellipses = 0;
  for (const double major : {20.0, 75.0, 300.0}) {
    for (const double ratio : {1.0, 0.7, 0.4}) {
      for (int angle = 0; angle < 180; angle += 15) {
        cv::Mat mask(700, 700, CV_8U, cv::Scalar(0));
        const cv::RotatedRect drawn({350.3f, 349.6f},
                                    cv::Size2f(float(major * ratio), float(major)), float(angle));
        cv::ellipse(mask, drawn, cv::Scalar(255), cv::FILLED);
        const auto outlines = outlines_of(mask, 5);
        ASSERT_EQ(outlines.size(), 1u);
        const std::string name = "major " + std::to_string(major) + " ratio " +
                                 std::to_string(ratio) + " angle " + std::to_string(angle);
        const Ellipse fitted = of_box(fit_ellipse_direct(outlines.front()));
        expect_same_ellipse(fitted, *reference_fit(outlines.front()), 1e-3, name);
        // The outline runs through the ellipse's edge pixels, half a pixel inside it.
        expect_same_ellipse(fitted, of_box(drawn), 1.0, name);
        ++drawn_ellipses;
      }
    }
  }
  EXPECT_EQ(drawn_ellipses, 108);
}

}  // namespace
}  // namespace tableref::vision
