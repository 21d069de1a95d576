// "bom-csv" and "cables-csv": the BOM lines and the cable plan as RFC 4180 CSV (comma, CRLF,
// double-quoted fields where needed), one header record, no totals row so that a spreadsheet or a
// script can sum the columns itself. Both are meant for spreadsheets, so a cell that would start a
// formula (a price source "=HYPERLINK(...)") is neutralised (io/name_safety.h).
#include <ostream>

#include "bom/bom.h"
#include "common/atomic_file.h"
#include "io/cluster_csv.h"
#include "io/export_support.h"
#include "io/formats.h"
#include "io/name_safety.h"

namespace fp::io {
namespace {

class BomCsvExporter final : public NamedExporter {
public:
    BomCsvExporter() : NamedExporter("bom-csv", "Bill of materials (*.csv)", ".csv") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        // Several networks: every network's lines after a first `network` column (io/cluster_csv.h).
        if (const ClusterPlan* c = severalNetworks(ctx)) {
            writeClusterBomCsv(*c, path, ctx.options.csvUtf8Bom);
            return reportProgress(ctx, 1.0);
        }
        writeFileAtomically(path, [&](std::ostream& out) {
            if (ctx.options.csvUtf8Bom) out << kUtf8Bom;
            writeSpreadsheetCsvRecord(out, {"category", "part", "vendor", "description", "qty", "unit_price_usd",
                                 "extended_price_usd", "unit_power_w", "extended_power_w", "price_source",
                                 "price_estimated", "datasheet_source", "used_for", "lead_time_days",
                                 "unit_power_max_w", "extended_power_max_w"});
            ProgressTicker tick(ctx, 0.0, 1.0, ctx.plan.bom.lines.size());
            for (const BomLine& l : ctx.plan.bom.lines) {
                writeSpreadsheetCsvRecord(out, {toString(l.category), l.part, l.vendor, l.description,
                                     std::to_string(l.qty), formatNumber(l.unitPriceUsd),
                                     formatNumber(l.extendedUsd), formatNumber(l.unitPowerW),
                                     formatNumber(l.extendedPowerW), l.priceSource,
                                     l.priceEstimated ? "yes" : "no", l.source, l.usedFor,
                                     l.leadTimeDays > 0 ? std::to_string(l.leadTimeDays) : std::string(),
                                     formatNumber(l.unitPowerMaxW), formatNumber(l.extendedPowerMaxW)});
                tick.step();
            }
        });
        reportProgress(ctx, 1.0);
    }
};

class CablesCsvExporter final : public NamedExporter {
public:
    CablesCsvExporter() : NamedExporter("cables-csv", "Cable plan (*.csv)", ".csv") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        if (const ClusterPlan* c = severalNetworks(ctx)) {
            writeClusterCablesCsv(*c, path, ctx.options.csvUtf8Bom);
            return reportProgress(ctx, 1.0);
        }
        writeFileAtomically(path, [&](std::ostream& out) {
            if (ctx.options.csvUtf8Bom) out << kUtf8Bom;
            writeSpreadsheetCsvRecord(out, {"cable_id", "label", "link_class", "a_device", "a_port", "a_rack",
                                 "z_device", "z_port", "z_rack", "media", "cable_part", "a_module",
                                 "z_module", "length_m", "a_hall", "z_hall"});
            streamCables(ctx, 0.0, 1.0, [&](const CableRow& c) {
                writeSpreadsheetCsvRecord(out, {cableId(c.index), c.label, toString(c.cls), c.aDevice, c.aPort,
                                     c.aRack, c.zDevice, c.zPort, c.zRack, c.media, c.cablePart,
                                     c.aModule, c.zModule, formatNumber(c.lengthM, 1), c.aHall, c.zHall});
            });
        });
        reportProgress(ctx, 1.0);
    }
};

} // namespace

std::unique_ptr<Exporter> makeBomCsvExporter() { return std::make_unique<BomCsvExporter>(); }
std::unique_ptr<Exporter> makeCablesCsvExporter() { return std::make_unique<CablesCsvExporter>(); }

} // namespace fp::io
