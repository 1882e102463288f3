#pragma once
// sRGB <-> linear light. Light adds and multiplies in linear values; textures and pixels are sRGB.

#include <opencv2/core.hpp>

namespace tableref::samples {

// sRGB 0..255 to linear 0..1, and back.
double linear_from_srgb(double srgb_255);
double srgb_from_linear(double linear);
cv::Vec3f linear_bgr_from_rgb(const cv::Vec3d& srgb_rgb);

// CV_8UC3 sRGB to CV_32FC3 linear, through a table.
cv::Mat linear_from_srgb8(const cv::Mat& srgb8);
// CV_32FC3 linear (clamped to 0..1) to CV_32FC3 sRGB 0..255, through a fine table.
cv::Mat srgb_from_linear_image(const cv::Mat& linear);

}  // namespace tableref::samples
