#pragma once
// The printable outputs that need Qt's painters: the PDF design report and the PNG/SVG diagrams.
// They live in the app layer (fabricplan_report) so the core stays free of Qt; the GUI and the CLI
// both call these plain functions. Every write is atomic (temporary file beside the target, then a
// rename) and failures are fp::UserError with where and fix. Need a QGuiApplication (offscreen is fine).
#include <functional>
#include <string>

#include "catalog/catalog.h"
#include "io/report_table.h"
#include "plan/cluster_plan.h"
#include "plan/plan.h"

namespace fp::report {

// A4 PDF: design summary, topology picture, BOM totals and top lines, fabric comparison charts
// (when `comparison` is given), design-rule checks; page numbers and the FabricPlan version in the
// footer. `progress` gets [0,1]; returning false cancels (throws fp::io::ExportCancelled, no file left).
// `cluster` with other networks besides the compute fabric: a Networks page after the summary, with the
// totals table (each network and their sum) and a section per network (pdf_networks_page.cpp).
// `explorerFront`: the Explorer's Pareto front as a table, a page after the fabric comparison.
void writePdfReport(const Plan&, const Catalog&, const Comparison* comparison, const std::string& path,
                    const std::function<bool(double)>& progress = {}, const ClusterPlan* cluster = nullptr,
                    const io::ReportTable* explorerFront = nullptr);

// The topology picture (the core's "topology-svg" drawing, rasterised) as a PNG `widthPx` wide.
void writeTopologyPng(const Plan&, const std::string& path, int widthPx = 1600);

// The floor: rows of compute and network racks and the spine room, shaded by rack power, with a legend.
void writeFloorPng(const Plan&, const std::string& path, int widthPx = 1600);
void writeFloorSvg(const Plan&, const std::string& path);

} // namespace fp::report
