#pragma once
// A folder of its own for one test, removed with everything in it when the test ends. The
// process id keeps tests that ctest runs side by side apart.

#include <unistd.h>

#include <filesystem>
#include <string>

namespace tableref::testing {

struct TemporaryFolder {
  std::filesystem::path path;
  explicit TemporaryFolder(const std::string& name)
      : path(std::filesystem::temp_directory_path() /
             ("tableref-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TemporaryFolder() { std::filesystem::remove_all(path); }
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;
};

}  // namespace tableref::testing
