#include "ellipse_fit.hpp"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <numbers>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <utility>
#include <vector>

namespace tableref::vision {

namespace {

// The real roots of x³ + b x² + c x + d, each polished by a Newton step.
std::vector<double> real_cubic_roots(double b, double c, double d) {
  const double shift = b / 3;
  const double p = c - b * shift;                              // depressed: t³ + p t + q
  const double q = 2 * shift * shift * shift - c * shift + d;  // x = t - shift
  std::vector<double> roots;
  const double discriminant = q * q / 4 + p * p * p / 27;
  if (discriminant > 0) {
    const double root = std::sqrt(discriminant);
    roots.push_back(std::cbrt(-q / 2 + root) + std::cbrt(-q / 2 - root) - shift);
  } else if (p < 0) {
    const double radius = 2 * std::sqrt(-p / 3);
    const double angle = std::acos(std::clamp(3 * q / (p * radius), -1.0, 1.0)) / 3;
    for (int k = 0; k < 3; ++k)
      roots.push_back(radius * std::cos(angle - 2 * std::numbers::pi * k / 3) - shift);
  } else {
    roots.push_back(-shift);  // p = q = 0: one triple root
  }
  for (double& x : roots) {
    const double value = ((x + b) * x + c) * x + d;
    const double slope = (3 * x + 2 * b) * x + c;
    if (slope != 0) x -= value / slope;
  }
  return roots;
}

// A unit eigenvector of `m` for its eigenvalue `lambda`: the longest cross product of two rows of
// m - lambda I (each orthogonal to the eigenvector).
cv::Vec3d unit_eigenvector(const cv::Matx33d& m, double lambda) {
  const cv::Matx33d shifted = m - lambda * cv::Matx33d::eye();
  const cv::Vec3d rows[3] = {{shifted(0, 0), shifted(0, 1), shifted(0, 2)},
                             {shifted(1, 0), shifted(1, 1), shifted(1, 2)},
                             {shifted(2, 0), shifted(2, 1), shifted(2, 2)}};
  cv::Vec3d best;
  double best_norm = 0;
  for (const auto& [i, j] : {std::pair(0, 1), std::pair(0, 2), std::pair(1, 2)}) {
    const cv::Vec3d candidate = rows[i].cross(rows[j]);
    const double norm = cv::norm(candidate);
    if (norm > best_norm) {
      best = candidate;
      best_norm = norm;
    }
  }
  return best_norm > 0 ? best / best_norm : cv::Vec3d();
}

// The points centred and scaled as OpenCV scales them, and the moments of the design matrix's
// columns (x², xy, y², x, y, 1) over them.
struct ScaledMoments {
  cv::Point2d centre;
  double scale = 1;
  cv::Matx<double, 6, 6> moments;
};

ScaledMoments scaled_moments(const std::vector<cv::Point>& points) {
  const double n = static_cast<double>(points.size());
  ScaledMoments scaled;
  for (const cv::Point& point : points) scaled.centre += cv::Point2d(point);
  scaled.centre /= n;
  double spread = 0;
  for (const cv::Point& point : points)
    spread += std::abs(point.x - scaled.centre.x) + std::abs(point.y - scaled.centre.y);
  scaled.scale = 100. / std::max(spread, double(FLT_EPSILON));
  cv::Matx<double, 6, 6>& moments = scaled.moments;
  for (const cv::Point& point : points) {
    const double x = (point.x - scaled.centre.x) * scaled.scale;
    const double y = (point.y - scaled.centre.y) * scaled.scale;
    const std::array<double, 6> row{x * x, x * y, y * y, x, y, 1.0};
    for (int i = 0; i < 6; ++i)
      for (int j = i; j < 6; ++j) moments(i, j) += row[i] * row[j];
  }
  for (int i = 0; i < 6; ++i)
    for (int j = i; j < 6; ++j) moments(j, i) = moments(i, j) /= n;
  return scaled;
}

// The conic's coefficients a x² + b xy + c y² + d x + e y + f.
using Conic = cv::Vec<double, 6>;

// The conic of least algebraic distance with 4ac - b² positive; none where the system is
// singular or no eigenvector is an ellipse.
std::optional<Conic> direct_conic(const cv::Matx<double, 6, 6>& moments) {
  const cv::Matx33d quadratic = moments.get_minor<3, 3>(0, 0);
  const cv::Matx33d mixed = moments.get_minor<3, 3>(0, 3);
  const cv::Matx33d linear = moments.get_minor<3, 3>(3, 3);
  if (std::abs(cv::determinant(linear)) < 1e-300) return std::nullopt;
  // The linear part in terms of the quadratic part, then the reduced scatter matrix premultiplied
  // by the inverse of the constraint 4ac - b² (Halir and Flusser).
  const cv::Matx33d to_linear = -(linear.inv() * mixed.t());
  const cv::Matx33d reduced = quadratic + mixed * to_linear;
  const cv::Matx33d system(reduced(2, 0) / 2, reduced(2, 1) / 2, reduced(2, 2) / 2,  //
                           -reduced(1, 0), -reduced(1, 1), -reduced(1, 2),           //
                           reduced(0, 0) / 2, reduced(0, 1) / 2, reduced(0, 2) / 2);
  // Its eigenvector {a, b, c} for which 4ac - b² is largest: the ellipse's.
  const double minors = system(0, 0) * system(1, 1) - system(0, 1) * system(1, 0) +
                        system(0, 0) * system(2, 2) - system(0, 2) * system(2, 0) +
                        system(1, 1) * system(2, 2) - system(1, 2) * system(2, 1);
  cv::Vec3d quadratic_part;
  double best_condition = -HUGE_VAL;
  for (const double lambda :
       real_cubic_roots(-cv::trace(system), minors, -cv::determinant(system))) {
    const cv::Vec3d vector = unit_eigenvector(system, lambda);
    const double condition = 4 * vector[0] * vector[2] - vector[1] * vector[1];
    if (condition > best_condition) {
      best_condition = condition;
      quadratic_part = vector;
    }
  }
  if (!(best_condition > 0)) return std::nullopt;
  // Signed as OpenCV signs it: the product of the signs of a, b and c positive.
  const int signs = (quadratic_part[0] < 0 ? -1 : 1) * (quadratic_part[1] < 0 ? -1 : 1) *
                    (quadratic_part[2] < 0 ? -1 : 1);
  if (signs < 0) quadratic_part = -quadratic_part;
  const cv::Vec3d linear_part = to_linear * quadratic_part;
  return Conic(quadratic_part[0], quadratic_part[1], quadratic_part[2], linear_part[0],
               linear_part[1], linear_part[2]);
}

// The ellipse of `conic`, found on points moved by -centre and scaled by `scale`: its centre,
// axes and angle, as cv::fitEllipseDirect gives them.
cv::RotatedRect ellipse_of(const Conic& conic, cv::Point2d centre, double scale) {
  const double a = conic[0], b = conic[1], c = conic[2], d = conic[3], e = conic[4], f = conic[5];
  const double u1 = c * d * d - b * d * e + a * e * e + b * b * f;
  const double u2 = a * c * f;
  const double l1 = std::sqrt(b * b + (a - c) * (a - c));
  const double l2 = a + c;
  const double l3 = b * b - 4 * a * c;
  const double x0 = (2 * c * d - b * e) / l3 / scale + centre.x;
  const double y0 = (2 * a * e - b * d) / l3 / scale + centre.y;
  const double axis_1 = std::sqrt(2.) * std::sqrt((u1 - 4.0 * u2) / ((l1 - l2) * l3)) / scale;
  const double axis_2 = std::sqrt(2.) * std::sqrt(-(u1 - 4.0 * u2) / ((l1 + l2) * l3)) / scale;
  double theta = 0;
  if (b == 0)
    theta = a < c ? 0 : std::numbers::pi / 2;
  else
    theta = std::numbers::pi / 2 + 0.5 * std::atan2(b, a - c);
  cv::RotatedRect box;
  box.center = cv::Point2f(static_cast<float>(x0), static_cast<float>(y0));
  box.size = cv::Size2f(static_cast<float>(2.0 * axis_1), static_cast<float>(2.0 * axis_2));
  if (box.size.width > box.size.height) {
    std::swap(box.size.width, box.size.height);
    box.angle = static_cast<float>(std::fmod(90 + theta * 180 / std::numbers::pi, 180.0));
  } else {
    box.angle = static_cast<float>(std::fmod(theta * 180 / std::numbers::pi, 180.0));
  }
  return box;
}

}  // namespace

cv::RotatedRect fit_ellipse_direct(const std::vector<cv::Point>& points) {
  CV_Assert(points.size() >= 5);
  const ScaledMoments scaled = scaled_moments(points);
  const std::optional<Conic> conic = direct_conic(scaled.moments);
  if (!conic) return cv::fitEllipseDirect(points);
  const cv::RotatedRect ellipse = ellipse_of(*conic, scaled.centre, scaled.scale);
  // An ellipse far larger than its points (a sliver, a straight edge) is ill-conditioned: rounding
  // moves it by a lot, so OpenCV's own answer is kept.
  const cv::Rect extent = cv::boundingRect(points);
  if (!(ellipse.size.height < 4.0 * std::hypot(extent.width, extent.height)))
    return cv::fitEllipseDirect(points);
  return ellipse;
}

}  // namespace tableref::vision
