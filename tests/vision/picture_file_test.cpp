// Reading pictures from files: a rendered table reads back as it was written, in 8 or 16 bits;
// what cannot be read whole or has no colour is refused with a one-line reason.

#include "vision/picture_file.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "common/temporary_folder.hpp"
#include "samples/render.hpp"

namespace tableref::vision {
namespace {

namespace fs = std::filesystem;
using tableref::testing::TemporaryFolder;

const cv::Mat& table_picture() {
  static const cv::Mat picture =
      samples::render_random(referee::Game::freeze, samples::Level::webcam, 11).image_bgr;
  return picture;
}

void write_bytes(const fs::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string file_bytes(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// The error's text, or "" when the picture was read.
std::string refusal(const fs::path& path) {
  const auto picture = read_picture(path);
  return picture ? "" : picture.error().message;
}

TEST(PictureFile, ARenderedTableReadsBackInEightAndSixteenBits) {
  const TemporaryFolder folder("picture-file");
  const cv::Mat& table = table_picture();
  ASSERT_TRUE(cv::imwrite((folder.path / "table.png").string(), table));
  cv::Mat deep;
  table.convertTo(deep, CV_16U, 257.0);
  ASSERT_TRUE(cv::imwrite((folder.path / "deep.png").string(), deep));
  cv::Mat with_alpha;
  cv::cvtColor(table, with_alpha, cv::COLOR_BGR2BGRA);
  ASSERT_TRUE(cv::imwrite((folder.path / "alpha.png").string(), with_alpha));

  for (const char* name : {"table.png", "deep.png", "alpha.png"}) {
    const auto picture = read_picture(folder.path / name);
    ASSERT_TRUE(picture.ok()) << name << ": " << picture.error().message;
    ASSERT_EQ(picture.value().type(), CV_8UC3) << name;
    EXPECT_LE(cv::norm(picture.value(), table, cv::NORM_INF), 1.0) << name;
  }
}

TEST(PictureFile, RefusesWhatCannotBeReadWhole) {
  const TemporaryFolder folder("picture-file-bad");
  const cv::Mat& table = table_picture();
  ASSERT_TRUE(cv::imwrite((folder.path / "table.jpg").string(), table));
  ASSERT_TRUE(cv::imwrite((folder.path / "table.png").string(), table));
  const std::string jpeg = file_bytes(folder.path / "table.jpg");
  const std::string png = file_bytes(folder.path / "table.png");
  write_bytes(folder.path / "half.jpg", jpeg.substr(0, jpeg.size() / 2));
  write_bytes(folder.path / "half.png", png.substr(0, png.size() / 2));
  write_bytes(folder.path / "empty.jpg", "");
  write_bytes(folder.path / "text.jpg", "not a picture at all\n");

  EXPECT_EQ(refusal(folder.path / "table.jpg"), "");
  EXPECT_NE(refusal(folder.path / "half.jpg").find("truncated"), std::string::npos);
  EXPECT_NE(refusal(folder.path / "half.png").find("truncated"), std::string::npos);
  EXPECT_NE(refusal(folder.path / "empty.jpg").find("empty"), std::string::npos);
  EXPECT_NE(refusal(folder.path / "text.jpg").find("cannot decode"), std::string::npos);
  EXPECT_NE(refusal(folder.path / "missing.jpg").find("no such picture"), std::string::npos);
  EXPECT_NE(refusal(folder.path).find("no such picture"), std::string::npos);  // a folder
}

TEST(PictureFile, RefusesPicturesWithoutColourOrOfAnUnreadableSize) {
  const TemporaryFolder folder("picture-file-kinds");
  const cv::Mat& table = table_picture();
  cv::Mat grey;
  cv::cvtColor(table, grey, cv::COLOR_BGR2GRAY);
  ASSERT_TRUE(cv::imwrite((folder.path / "grey.png").string(), grey));
  cv::Mat grey_in_colour;
  cv::cvtColor(grey, grey_in_colour, cv::COLOR_GRAY2BGR);
  ASSERT_TRUE(cv::imwrite((folder.path / "grey-in-colour.png").string(), grey_in_colour));
  ASSERT_TRUE(cv::imwrite((folder.path / "dot.png").string(), table(cv::Rect(0, 0, 1, 1))));
  cv::Mat wide;
  cv::resize(table, wide, {8200, 100}, 0, 0, cv::INTER_NEAREST);
  ASSERT_TRUE(cv::imwrite((folder.path / "wide.png").string(), wide));

  EXPECT_NE(refusal(folder.path / "grey.png").find("no colour"), std::string::npos);
  EXPECT_NE(refusal(folder.path / "grey-in-colour.png").find("no colour"), std::string::npos);
  EXPECT_NE(refusal(folder.path / "dot.png").find("1x1 pixels"), std::string::npos);
  EXPECT_NE(refusal(folder.path / "wide.png").find("8200x100"), std::string::npos);
}

}  // namespace
}  // namespace tableref::vision
