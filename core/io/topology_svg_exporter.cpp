// Placeholder so the tree links; the real writer follows.
#include "common/error.h"
#include "io/export_support.h"
#include "io/formats.h"

namespace fp::io {
namespace {
class TopologySvgExporter final : public NamedExporter {
public:
    TopologySvgExporter() : NamedExporter("topology-svg", "Topology diagram (*.svg)", ".svg") {}
    void write(const ExportContext&, const std::string& path) const override
    {
        throw UserError("this export format is not implemented yet", path);
    }
};
} // namespace
std::unique_ptr<Exporter> makeTopologySvgExporter() { return std::make_unique<TopologySvgExporter>(); }
} // namespace fp::io
