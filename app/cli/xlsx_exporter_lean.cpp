// The lean fabricplan-cli's "xlsx" entry in the exporter registry. The workbook needs libxlsxwriter,
// which pulls in zlib, minizip and libcrypto: loading and relocating those was a third of a small plan's
// start-up. So, like the drawn outputs, the workbook is written by fabricplan-cli-report (report_helper.h
// sends it every command that asks for one), and this definition keeps the core's real xlsx exporter,
// and with it libxlsxwriter, out of the lean executable: the linker takes the first definition of
// io::makeXlsxExporter it sees, and this one is in the executable itself.
#include "common/error.h"
#include "io/export_support.h"
#include "io/formats.h"

namespace fp::io {
namespace {

class XlsxByReportHelper final : public NamedExporter {
public:
    XlsxByReportHelper() : NamedExporter("xlsx", "BOM workbook (*.xlsx)", ".xlsx") {}

    void write(const ExportContext&, const std::string& path) const override
    {
        // Not reached: needsReportHelper hands every --xlsx / --export xlsx=FILE to the helper first.
        throw UserError("the BOM workbook is written by fabricplan-cli-report", path,
                        "run the command again through fabricplan-cli, which starts the helper");
    }
};

} // namespace

std::unique_ptr<Exporter> makeXlsxExporter() { return std::make_unique<XlsxByReportHelper>(); }

} // namespace fp::io
