#pragma once
// The Qt-painted outputs of fp::report (PDF report, topology PNG, floor PNG/SVG) behind the core's
// io::Exporter interface, so the GUI's Export menu (worker thread, progress, cancel) and the CLI's
// --export treat them like every other format. They live here, not in the core's registry, because the
// core knows nothing of Qt. Writing needs a QGuiApplication (offscreen is fine).
#include <memory>
#include <vector>

#include "io/exporter.h"

namespace fp::report {

// In menu order: "pdf", "topology-png", "floor-png", "floor-svg" (also the CLI's --export ids).
const std::vector<std::unique_ptr<io::Exporter>>& reportExporters();
const io::Exporter* findReportExporter(const std::string& id);

} // namespace fp::report
