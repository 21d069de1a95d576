#pragma once
// PDF and PNG/SVG outputs for the CLI. They need Qt's painters (app/report), so only
// fabricplan-cli-report (report_output_qt.cpp) has them: a QGuiApplication on the offscreen platform is
// created on first use, so it still runs on machines without a display. The lean fabricplan-cli
// (report_output_lean.cpp) has none and hands such commands over before starting (report_helper.h).
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "io/exporter.h"
#include "plan/plan.h"

namespace fp::cli {

// kind: one of report::reportExporters()' ids: "pdf", "topology-png", "floor-png", "floor-svg".
// `cluster`: the design's networks when it has others besides the compute fabric (the PDF adds a section per
// network and their total); null for the compute fabric alone.
void writeReportOutput(const std::string& kind, const Plan&, const Catalog&, const Comparison*, const std::string& path,
                       const ClusterPlan* cluster = nullptr);
bool isReportOutput(const std::string& kind);
// The drawn formats, for `export --list`.
std::vector<const io::Exporter*> reportExporters();

// Tears down the QGuiApplication, if one was made, while main() is still running: Qt must not be
// destroyed during static destruction at exit (it crashes there).
void shutdownReportOutput();

} // namespace fp::cli
