// Placeholder so the tree links; the real writer follows.
#include "common/error.h"
#include "io/export_support.h"
#include "io/formats.h"

namespace fp::io {
namespace {
class UfmTopologyExporter final : public NamedExporter {
public:
    UfmTopologyExporter() : NamedExporter("ufm-topology", "UFM topology (*.csv)", ".csv") {}
    void write(const ExportContext&, const std::string& path) const override
    {
        throw UserError("this export format is not implemented yet", path);
    }
};
} // namespace
std::unique_ptr<Exporter> makeUfmTopologyExporter() { return std::make_unique<UfmTopologyExporter>(); }
} // namespace fp::io
