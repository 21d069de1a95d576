#pragma once
// One small interface for every file format a Plan can be written to (as Tiled's MapFormat).
// Formats register in io/registry.cpp; the GUI's Export menu and the CLI list the registry.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "io/report_table.h"
#include "plan/plan.h"

namespace fp {
struct ClusterPlan;  // plan/cluster_plan.h
}

namespace fp::io {

// Choices a user makes per export; the defaults suit most users, so the CLI needs no flags for them.
struct ExportOptions {
    // Spreadsheet CSVs (bom-csv, cables-csv, labels) begin with a UTF-8 byte order mark, so
    // Excel and LibreOffice read them as UTF-8 instead of the locale's code page.
    bool csvUtf8Bom = false;
    // Prepended to every device name in the NetBox files so two designs never share a name.
    // Empty: derived from the design's name (io/netbox_model.h, netboxDevicePrefix).
    std::string netboxPrefix;
};

struct ExportContext {
    const Plan& plan;
    const Catalog& catalog;
    const Comparison* comparison = nullptr;  // per-fabric summary, when the caller computed it
    // Progress in [0,1]; return false to cancel (the exporter then throws ExportCancelled and
    // leaves no file behind).
    std::function<bool(double)> progress;
    ExportOptions options = {};
    // The whole cluster when the design has other networks besides the compute fabric (issue 38): `plan`
    // is then cluster->compute(), and the workbook, the NetBox files, the cable and label CSVs and the PDF
    // add every other network (core/io/README.md). Null, or a cluster of one network: the compute fabric
    // alone, written exactly as before.
    const ClusterPlan* cluster = nullptr;
    // The window's Explorer front when a sweep has run (issue 41): the PDF report prints it as a page of
    // its own. Every other exporter ignores it. Null: no such page.
    const ReportTable* explorerFront = nullptr;
};

// The cluster of `ctx` when it has networks besides the compute fabric, else null.
const ClusterPlan* severalNetworks(const ExportContext&);

struct ExportCancelled {};

class Exporter {
public:
    virtual ~Exporter() = default;
    virtual std::string id() const = 0;           // "xlsx", "bom-csv", "cables-csv", "json", ...
    virtual std::string name() const = 0;         // "BOM workbook (*.xlsx)"
    virtual std::string extension() const = 0;    // ".xlsx"
    // Writes atomically: to a temporary file beside `path`, then renames. Throws UserError.
    virtual void write(const ExportContext&, const std::string& path) const = 0;
};

const std::vector<std::unique_ptr<Exporter>>& exporters();
const Exporter* findExporter(const std::string& id);

} // namespace fp::io
