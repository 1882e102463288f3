#pragma once
// Values that take long to lay out and depend on a few numbers only (a scale, a size): each is
// made the first time it is asked for, then shared by every later read, on any thread.

#include <map>
#include <memory>
#include <mutex>

namespace tableref::vision {

// The value `make()` lays out for `key`, made once per key and call site (`Make` is the call
// site's own lambda); the reference stays valid for the whole run.
template <class Value, class Key, class Make>
const Value& laid_out_once(const Key& key, Make&& make) {
  static std::mutex mutex;
  static std::map<Key, std::unique_ptr<const Value>> made;
  const std::scoped_lock lock(mutex);
  std::unique_ptr<const Value>& value = made[key];
  if (!value) value = std::make_unique<const Value>(make());
  return *value;
}

}  // namespace tableref::vision
