#include "referee/json_input.hpp"

#include <cmath>
#include <limits>

namespace tableref::referee::json_input {

namespace {
std::string describe(const Json& value) {
  std::string text = value.dump();
  constexpr std::size_t kMaxShown = 40;
  if (text.size() > kMaxShown) text = text.substr(0, kMaxShown) + "...";
  return text;
}
std::string place(const std::string& path) {
  return path.empty() ? "top level" : path;
}
}  // namespace

void Node::fail(const std::string& what) const {
  throw InputError(place(path_) + ": " + what);
}

bool Node::has(std::string_view key) const {
  return value_->is_object() && value_->contains(key);
}

void Node::require_object() const {
  if (!value_->is_object()) fail("expected an object, got " + describe(*value_));
}

void Node::require_array() const {
  if (!value_->is_array()) fail("expected an array, got " + describe(*value_));
}

Node Node::at(std::string_view key) const {
  require_object();
  const auto found = value_->find(key);
  const std::string child = path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  if (found == value_->end()) throw InputError(child + ": missing");
  return Node(*found, child);
}

Node Node::at(std::size_t index) const {
  require_array();
  if (index >= value_->size()) fail("has no element " + std::to_string(index));
  return Node((*value_)[index], path_ + "[" + std::to_string(index) + "]");
}

std::size_t Node::size() const {
  require_array();
  return value_->size();
}

std::string Node::as_string() const {
  if (!value_->is_string()) fail("expected a string, got " + describe(*value_));
  return value_->get<std::string>();
}

int Node::as_int(int min, int max) const {
  if (!value_->is_number_integer()) fail("expected a whole number, got " + describe(*value_));
  const auto number = value_->get<long long>();
  if (number < min || number > max) {
    fail("expected a number from " + std::to_string(min) + " to " + std::to_string(max) + ", got " +
         std::to_string(number));
  }
  return static_cast<int>(number);
}

double Node::as_number() const {
  if (!value_->is_number()) fail("expected a number, got " + describe(*value_));
  const double number = value_->get<double>();
  if (!std::isfinite(number)) fail("expected a finite number");
  return number;
}

bool Node::as_bool() const {
  if (!value_->is_boolean()) fail("expected true or false, got " + describe(*value_));
  return value_->get<bool>();
}

Colour Node::as_colour() const {
  const std::string name = as_string();
  const auto colour = parse_colour(name);
  if (!colour) fail("unknown colour \"" + name + "\"");
  return *colour;
}

}  // namespace tableref::referee::json_input
