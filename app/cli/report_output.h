#pragma once
// PDF and PNG/SVG outputs for the CLI. They need Qt's painters (app/report); a QGuiApplication on the
// offscreen platform is created on first use, so the CLI still runs on machines without a display.
#include <string>

#include "catalog/catalog.h"
#include "plan/plan.h"

namespace fp::cli {

// kind: one of report::reportExporters()' ids: "pdf", "topology-png", "floor-png", "floor-svg".
void writeReportOutput(const std::string& kind, const Plan&, const Catalog&, const Comparison*, const std::string& path);
bool isReportOutput(const std::string& kind);

// Tears down the QGuiApplication, if one was made, while main() is still running: Qt must not be
// destroyed during static destruction at exit (it crashes there).
void shutdownReportOutput();

} // namespace fp::cli
