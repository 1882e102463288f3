#pragma once
// Reading a picture of the table from a file, refusing what cannot be read with confidence.
//
// OpenCV's imread decodes a truncated JPEG or PNG without failing (the missing part comes out
// grey, with a warning on standard error) and turns a grey picture into three equal channels:
// either would make a reader name colours it never saw. Here both are errors, with one line
// that says why.

#include <filesystem>
#include <opencv2/core.hpp>

#include "referee/result.hpp"

namespace tableref::vision {

// The picture as 8-bit BGR. 16-bit pictures are scaled to 8 bits and an alpha channel is dropped.
// An Error ("PATH: ...") for a missing, empty, truncated or undecodable file, a picture smaller
// than 64 or larger than 8192 pixels a side, and a picture without colour (one channel, or
// three equal ones).
referee::Result<cv::Mat> read_picture(const std::filesystem::path& path);

// Whether a BGR picture has no colour at all: its channels agree everywhere (sampled).
bool is_grey(const cv::Mat& bgr);

}  // namespace tableref::vision
