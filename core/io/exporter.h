#pragma once
// One small interface for every file format a Plan can be written to (as Tiled's MapFormat).
// Formats register in io/registry.cpp; the GUI's Export menu and the CLI list the registry.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "plan/plan.h"

namespace fp::io {

struct ExportContext {
    const Plan& plan;
    const Catalog& catalog;
    const Comparison* comparison = nullptr;  // per-fabric summary, when the caller computed it
    // Progress in [0,1]; return false to cancel (the exporter then throws ExportCancelled and
    // leaves no file behind).
    std::function<bool(double)> progress;
};

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
