// "xlsx": the BOM workbook. Sheets, in order: Summary, BOM, Cable plan (more than one past Excel's
// row limit), Prices, Checks, Resilience, Tuning checklist. With other networks (ctx.cluster), a
// Networks sheet first and each other network's BOM and cable plan last. What each contains: core/io/README.md.
#include "bom/bom.h"
#include "common/atomic_file.h"
#include "io/export_support.h"
#include "io/formats.h"
#include "io/xlsx_book.h"
#include "io/xlsx_sheets.h"

namespace fp::io {
namespace {

class XlsxExporter final : public NamedExporter {
public:
    XlsxExporter() : NamedExporter("xlsx", "BOM workbook (*.xlsx)", ".xlsx") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        const std::size_t cables = bom::cableCount(ctx.plan.fabric, ctx.plan.media);
        replaceFileAtomically(path, [&](const std::string& tmpPath) {
            XlsxBook book(tmpPath);
            xlsx::writeNetworksSheet(book, ctx);  // several networks only: first, the cluster's total
            xlsx::writeSummarySheet(book, ctx, cables);
            xlsx::writeBomSheet(book, ctx);
            reportProgress(ctx, 0.05);
            const bool others = severalNetworks(ctx) != nullptr;
            xlsx::writeCableSheets(book, ctx, 0.05, others ? 0.5 : 0.8);
            xlsx::writeOpticsPriceSheet(book, ctx);
            xlsx::writeChecksSheet(book, ctx);
            xlsx::writeResilienceSheet(book, ctx);
            xlsx::writeTuningSheet(book, ctx);
            if (others) xlsx::writeOtherNetworkSheets(book, ctx, 0.5, 0.8);
            reportProgress(ctx, 0.8);  // last chance to cancel: closing zips the sheets
            book.close();
        });
        reportProgress(ctx, 1.0);
    }
};

} // namespace

std::unique_ptr<Exporter> makeXlsxExporter() { return std::make_unique<XlsxExporter>(); }

} // namespace fp::io
