#pragma once
// Reading user-supplied JSON with errors that name the place: "deck.json: cards[3].cells[2]:
// expected a colour name or \"hole\", got \"pink\"". Parsers throw InputError internally and turn
// it into an Error at their boundary (see parse_with_context).

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

#include "referee/colour.hpp"
#include "referee/result.hpp"

namespace tableref::referee::json_input {

using Json = nlohmann::json;

// A JSON value with the path that led to it, for messages.
class Node {
 public:
  Node(const Json& value, std::string path) : value_(&value), path_(std::move(path)) {}

  const Json& json() const { return *value_; }
  const std::string& path() const { return path_; }

  bool has(std::string_view key) const;
  Node at(std::string_view key) const;  // a required member of an object
  Node at(std::size_t index) const;     // an element of an array
  std::size_t size() const;             // of an array (checked)

  std::string as_string() const;
  int as_int(int min, int max) const;
  double as_number() const;
  bool as_bool() const;
  Colour as_colour() const;
  void require_array() const;
  void require_object() const;

  [[noreturn]] void fail(const std::string& what) const;

 private:
  const Json* value_;
  std::string path_;
};

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses `text` and runs `read(root)`; any syntax or content error becomes an Error whose message
// starts with `origin`.
template <typename T, typename Reader>
Result<T> parse_with_context(std::string_view text, std::string_view origin, Reader&& read) {
  Json document;
  try {
    document = Json::parse(text.begin(), text.end());
  } catch (const Json::parse_error& error) {
    return Error{std::string(origin) + ": not valid JSON at byte " + std::to_string(error.byte)};
  } catch (const Json::out_of_range&) {
    // A number beyond any integer or double (found by fuzz_record): its digits would make the
    // message as long as the file.
    return Error{std::string(origin) + ": not valid JSON: a number is too large"};
  }
  try {
    return read(Node(document, ""));
  } catch (const InputError& error) {
    return Error{std::string(origin) + ": " + error.what()};
  } catch (const Json::exception& error) {
    return Error{std::string(origin) + ": " + error.what()};
  }
}

}  // namespace tableref::referee::json_input
