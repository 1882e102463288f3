#pragma once
// Checked reading of cv::FileStorage nodes: every accessor verifies the kind, the size and that
// numbers are finite, and throws FormatError "key: what is wrong" naming the key by its path
// (e.g. "colours.lab.red"). Loaders catch it once and add the file's name.

#include <initializer_list>
#include <opencv2/core.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tableref::calibration {

struct FormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Field {
 public:
  Field(cv::FileNode node, std::string key) : node_(std::move(node)), key_(std::move(key)) {}

  const std::string& key() const { return key_; }
  bool present() const { return !node_.empty() && !node_.isNone(); }
  [[noreturn]] void fail(const std::string& what) const;

  // A member of this map; absent members are returned too (present() is false), so that
  // required() can name them.
  Field member(std::string_view name) const;
  Field required(std::string_view name) const;  // fails "name: missing"
  void require_map() const;
  // Fails on the first member whose name is not listed.
  void allow_only(std::initializer_list<std::string_view> names) const;
  std::vector<std::string> member_names() const;

  double number() const;  // finite
  double number(double min, double max) const;
  int integer(int min, int max) const;
  std::string text() const;
  std::vector<std::string> texts() const;        // a sequence of strings
  cv::Vec3f vec3(double min, double max) const;  // a sequence of three numbers
  cv::Vec3f vec3() const { return vec3(-1e30, 1e30); }
  // An !!opencv-matrix of `rows` × `cols` (-1: any), as CV_64F, every element finite.
  cv::Mat matrix(int rows, int cols) const;

 private:
  cv::FileNode node_;
  std::string key_;
};

}  // namespace tableref::calibration
