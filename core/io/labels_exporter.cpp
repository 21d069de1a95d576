// Placeholder so the tree links; the real writer follows.
#include "common/error.h"
#include "io/export_support.h"
#include "io/formats.h"

namespace fp::io {
namespace {
class LabelsExporter final : public NamedExporter {
public:
    LabelsExporter() : NamedExporter("labels", "Cable labels (*.csv)", ".csv") {}
    void write(const ExportContext&, const std::string& path) const override
    {
        throw UserError("this export format is not implemented yet", path);
    }
};
} // namespace
std::unique_ptr<Exporter> makeLabelsExporter() { return std::make_unique<LabelsExporter>(); }
} // namespace fp::io
