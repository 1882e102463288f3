#pragma once
// The evidence of a dispute, in a folder anyone can open: every verdict's frame as PNG (as the
// camera saw it, and with what the referee read drawn over it), the event log as JSON Lines
// (overrides included), and the state of the game as JSON.
//
//   tableref-evidence-YYYYMMDD-HHMMSS/
//     events.jsonl     every log entry, one JSON object a line
//     state.json       the set-up, the scoreboard, the last layout, the input
//     verdicts.json    [{"entry", "event", "frame_file", "overlay_file", "overridden_by"}]
//     frames/entry-0007-frame-000123.png, frames/entry-0007-frame-000123-overlay.png, ...

#include <filesystem>
#include <nlohmann/json.hpp>

#include "gui/event_log_model.hpp"
#include "gui/overlay_painter.hpp"
#include "referee/result.hpp"

namespace tableref::gui {

// Writes a new bundle folder inside `parent` (created if missing) and returns its path. An Error
// when a file cannot be written.
referee::Result<std::filesystem::path> export_evidence(const EventLogModel& log,
                                                       const nlohmann::json& state,
                                                       const std::filesystem::path& parent,
                                                       const OverlayOptions& overlay = {});

}  // namespace tableref::gui
