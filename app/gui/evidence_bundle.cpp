#include "gui/evidence_bundle.hpp"

#include <QDateTime>
#include <QFile>
#include <QImage>
#include <cstdio>
#include <fstream>
#include <opencv2/imgcodecs.hpp>

namespace tableref::gui {

namespace {

bool write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

bool write_bytes(const std::filesystem::path& path, const QByteArray& bytes) {
  QFile file(QString::fromStdString(path.string()));
  return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// A folder name that does not exist yet: the time, then -2, -3, ... if needed.
std::filesystem::path fresh_folder(const std::filesystem::path& parent) {
  const std::string stem =
      "tableref-evidence-" + QDateTime::currentDateTime().toString("yyyyMMdd-HHmmss").toStdString();
  std::filesystem::path folder = parent / stem;
  for (int n = 2; std::filesystem::exists(folder); ++n) {
    folder = parent / (stem + "-" + std::to_string(n));
  }
  return folder;
}

std::string frame_stem(int row, const nlohmann::json& event) {
  const int frame = event.contains("frame") && event["frame"].is_number_integer()
                        ? event["frame"].get<int>()
                        : -1;
  char stem[64];
  std::snprintf(stem, sizeof stem, "entry-%04d-frame-%06d", row, frame);
  return stem;
}

}  // namespace

referee::Result<std::filesystem::path> export_evidence(const EventLogModel& log,
                                                       const nlohmann::json& state,
                                                       const std::filesystem::path& parent,
                                                       const OverlayOptions& overlay) {
  std::error_code error;
  const std::filesystem::path folder = fresh_folder(parent);
  std::filesystem::create_directories(folder / "frames", error);
  if (error) return referee::Error{"cannot create " + folder.string() + ": " + error.message()};

  nlohmann::json verdicts = nlohmann::json::array();
  for (const int row : log.verdict_rows()) {
    const LogEntry& entry = log.entry(row);
    nlohmann::json verdict = {{"entry", row}, {"event", entry.event}, {"layout", entry.layout}};
    if (entry.overridden_by) verdict["overridden_by"] = *entry.overridden_by;
    if (!entry.frame_png.isEmpty()) {
      const std::string stem = frame_stem(row, entry.event);
      const std::filesystem::path frame_file = std::filesystem::path("frames") / (stem + ".png");
      if (!write_bytes(folder / frame_file, entry.frame_png)) {
        return referee::Error{"cannot write " + (folder / frame_file).string()};
      }
      verdict["frame_file"] = frame_file.generic_string();
      const std::vector<uchar> bytes(entry.frame_png.begin(), entry.frame_png.end());
      const cv::Mat bgr = cv::imdecode(bytes, cv::IMREAD_COLOR);
      OverlayState shown;
      shown.layout = entry.layout;
      shown.recent_verdicts = {entry.event};
      const QImage annotated = render_overlay(bgr, shown, overlay);
      const std::filesystem::path overlay_file =
          std::filesystem::path("frames") / (stem + "-overlay.png");
      if (!annotated.isNull() &&
          annotated.save(QString::fromStdString((folder / overlay_file).string()), "PNG")) {
        verdict["overlay_file"] = overlay_file.generic_string();
      }
    }
    verdicts.push_back(std::move(verdict));
  }

  if (!write_text(folder / "events.jsonl", log.jsonl()) ||
      !write_text(folder / "state.json", state.dump(2) + "\n") ||
      !write_text(folder / "verdicts.json", verdicts.dump(2) + "\n")) {
    return referee::Error{"cannot write the evidence files in " + folder.string()};
  }
  return folder;
}

}  // namespace tableref::gui
