#include "record_readers.hpp"

namespace tableref::referee::records {

std::vector<Event> replay_trio(const json_input::Node& root, const RecordHeader&) {
  root.at("plays").fail("records of this game cannot be replayed yet");
}

}  // namespace tableref::referee::records
