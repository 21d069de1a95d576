// Placeholder so the tree links; the real writer follows.
#include "common/error.h"
#include "io/export_support.h"
#include "io/formats.h"

namespace fp::io {
namespace {
class NetboxCablesExporter final : public NamedExporter {
public:
    NetboxCablesExporter() : NamedExporter("netbox-cables", "NetBox cables import (*.csv)", ".csv") {}
    void write(const ExportContext&, const std::string& path) const override
    {
        throw UserError("this export format is not implemented yet", path);
    }
};
} // namespace
std::unique_ptr<Exporter> makeNetboxCablesExporter() { return std::make_unique<NetboxCablesExporter>(); }
} // namespace fp::io
