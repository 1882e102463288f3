#include "file_fields.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace tableref::calibration {

namespace {

std::string number_text(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  std::ostringstream text;
  text << value;
  return text.str();
}

std::string size_text(int rows, int cols) {
  const auto side = [](int n) { return n < 0 ? std::string("N") : std::to_string(n); };
  return side(rows) + "x" + side(cols);
}

}  // namespace

void Field::fail(const std::string& what) const {
  throw FormatError(key_.empty() ? what : key_ + ": " + what);
}

Field Field::member(std::string_view name) const {
  return Field(node_[std::string(name)],
               key_.empty() ? std::string(name) : key_ + "." + std::string(name));
}

Field Field::required(std::string_view name) const {
  Field field = member(name);
  if (!field.present()) field.fail("missing");
  return field;
}

void Field::require_map() const {
  if (!node_.isMap()) fail("expected a map of keys");
}

std::vector<std::string> Field::member_names() const {
  return node_.keys();
}

void Field::allow_only(std::initializer_list<std::string_view> names) const {
  for (const std::string& name : node_.keys()) {
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      member(name).fail("unknown key (misspelt, or from a newer version of tableref?)");
    }
  }
}

double Field::number() const {
  if (!node_.isInt() && !node_.isReal()) fail("expected a number");
  const double value = node_.isInt() ? static_cast<double>(static_cast<int>(node_)) : node_.real();
  if (!std::isfinite(value)) fail("not a finite number (" + number_text(value) + ")");
  return value;
}

double Field::number(double min, double max) const {
  const double value = number();
  if (value < min || value > max) {
    fail(number_text(value) + " is out of range [" + number_text(min) + ", " + number_text(max) +
         "]");
  }
  return value;
}

int Field::integer(int min, int max) const {
  if (!node_.isInt()) fail("expected a whole number");
  const int value = static_cast<int>(node_);
  if (value < min || value > max) {
    fail(std::to_string(value) + " is out of range [" + std::to_string(min) + ", " +
         std::to_string(max) + "]");
  }
  return value;
}

std::string Field::text() const {
  if (!node_.isString()) fail("expected text");
  return node_.string();
}

std::vector<std::string> Field::texts() const {
  if (!node_.isSeq()) fail("expected a list of text");
  std::vector<std::string> values;
  for (int i = 0; i < static_cast<int>(node_.size()); ++i) {
    values.push_back(Field(node_[i], key_ + "[" + std::to_string(i) + "]").text());
  }
  return values;
}

cv::Vec3f Field::vec3(double min, double max) const {
  if (!node_.isSeq() || node_.size() != 3) fail("expected a list of 3 numbers");
  cv::Vec3f value;
  for (int i = 0; i < 3; ++i) {
    value[i] =
        static_cast<float>(Field(node_[i], key_ + "[" + std::to_string(i) + "]").number(min, max));
  }
  return value;
}

cv::Mat Field::matrix(int rows, int cols) const {
  if (!node_.isMap() || node_["rows"].empty() || node_["cols"].empty() || node_["dt"].empty() ||
      node_["data"].empty()) {
    fail("expected an !!opencv-matrix with rows, cols, dt and data");
  }
  // OpenCV allocates rows x cols before it reads the data: a corrupt size would ask for
  // gigabytes (found by fuzz_profile). Only a size the data fills is read.
  const cv::FileNode declared_rows = node_["rows"], declared_cols = node_["cols"];
  if (!declared_rows.isInt() || !declared_cols.isInt() || !node_["data"].isSeq() ||
      static_cast<int>(declared_rows) < 0 || static_cast<int>(declared_cols) < 0 ||
      static_cast<long long>(static_cast<int>(declared_rows)) * static_cast<int>(declared_cols) !=
          static_cast<long long>(node_["data"].size())) {
    fail("not a valid matrix (data does not match rows x cols, or an unknown dt)");
  }
  cv::Mat value;
  try {
    node_ >> value;
  } catch (const cv::Exception&) {
    fail("not a valid matrix (data does not match rows x cols, or an unknown dt)");
  }
  if (value.empty() || value.channels() != 1 || (rows >= 0 && value.rows != rows) ||
      (cols >= 0 && value.cols != cols)) {
    fail("expected a " + size_text(rows, cols) + " matrix, got " +
         size_text(value.rows, value.cols) +
         (value.channels() == 1 ? "" : " of " + std::to_string(value.channels()) + " channels"));
  }
  value.convertTo(value, CV_64F);
  for (int r = 0; r < value.rows; ++r) {
    for (int c = 0; c < value.cols; ++c) {
      if (!std::isfinite(value.at<double>(r, c))) {
        fail("element (" + std::to_string(r) + ", " + std::to_string(c) +
             ") is not a finite number");
      }
    }
  }
  return value;
}

}  // namespace tableref::calibration
