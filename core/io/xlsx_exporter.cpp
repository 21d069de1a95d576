// Placeholder so the tree links; the real writer follows.
#include "common/error.h"
#include "io/export_support.h"
#include "io/formats.h"

namespace fp::io {
namespace {
class XlsxExporter final : public NamedExporter {
public:
    XlsxExporter() : NamedExporter("xlsx", "BOM workbook (*.xlsx)", ".xlsx") {}
    void write(const ExportContext&, const std::string& path) const override
    {
        throw UserError("this export format is not implemented yet", path);
    }
};
} // namespace
std::unique_ptr<Exporter> makeXlsxExporter() { return std::make_unique<XlsxExporter>(); }
} // namespace fp::io
