#pragma once
// The Qt-painted outputs of fp::report (PDF report, topology PNG, floor PNG/SVG) behind the core's
// io::Exporter interface, so the Export menu and MainWindow::exportTo treat them like every other
// format: same worker thread, progress dialog, cancel and error handling. They live here, not in the
// core's registry, because the core knows nothing of Qt.
#include <memory>
#include <vector>

#include "io/exporter.h"

namespace fp::gui {

// In menu order: "pdf", "topology-png", "floor-png", "floor-svg" (the CLI's names for them).
const std::vector<std::unique_ptr<io::Exporter>>& reportExporters();
const io::Exporter* findReportExporter(const std::string& id);

} // namespace fp::gui
